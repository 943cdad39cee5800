// What the runtime itself needs besides the handlers' rules, as `op manifests` derives it from
// package.json#opkit.deploy: Leases in a Role of the deploy namespace with leader election (get, list,
// watch, create, update) or sharding (also delete), in either watch mode and never otherwise; and the
// runtime's CRD watch, Events and peering for an operator with admission handlers only.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { generateManifests } from '../src/index.js';
import type { TempProject } from './tempProject.js';
import { tempProject } from './tempProject.js';

type Doc = Record<string, any>;

function configure(project: TempProject, deploy: Record<string, unknown>): void {
  const path = join(project.dir, 'package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8'));
  pkg.opkit.deploy = { ...pkg.opkit.deploy, ...deploy };
  writeFileSync(path, JSON.stringify(pkg));
}

async function rbacDocs(project: TempProject): Promise<Doc[]> {
  const { files, config } = await generateManifests({ dir: project.dir });
  return parseAllDocuments(files.get(`${config.deploy.dir}/rbac.yaml`)!).map((doc) => doc.toJS() as Doc);
}

const leaseRules = (docs: readonly Doc[], kind: string): Doc[] => docs.filter((doc) => doc.kind === kind)
  .flatMap((doc) => doc.rules as Doc[]).filter((rule) => rule.apiGroups.includes('coordination.k8s.io'));

describe('op manifests: what the runtime itself needs', () => {
  let project: TempProject | undefined;
  afterEach(() => project?.remove());

  it('grants no Lease without leader election or sharding', async () => {
    project = tempProject('typed-all');
    const docs = await rbacDocs(project);
    expect(docs.map((doc) => doc.kind)).toEqual(['ServiceAccount', 'ClusterRole', 'ClusterRoleBinding']);
    expect(JSON.stringify(docs)).not.toContain('leases');
  });

  it('with leader election and watch: all, grants the Lease in a Role of the deploy namespace, bound to the ServiceAccount', async () => {
    project = tempProject('typed-all');
    configure(project, { leaderElection: true });
    const docs = await rbacDocs(project);
    expect(docs.map((doc) => doc.kind)).toEqual(['ServiceAccount', 'ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding']);
    const account = docs[0]!.metadata;
    expect(docs[3]!.metadata).toEqual({ name: account.name, namespace: account.namespace });
    expect(docs[4]).toMatchObject({ metadata: { namespace: account.namespace }, roleRef: { kind: 'Role', name: account.name }, subjects: [{ kind: 'ServiceAccount', ...account }] });
    expect(leaseRules(docs, 'Role')).toEqual([{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'list', 'watch', 'create', 'update'] }]);
    expect(leaseRules(docs, 'ClusterRole')).toEqual([]);
  });

  it('with sharding and watch: own-namespace, grants the Leases (with delete) in the Role beside the namespaced rules', async () => {
    project = tempProject('typed-own-namespace');
    configure(project, { sharding: true });
    const { files, config } = await generateManifests({ dir: project.dir });
    const text = files.get(`${config.deploy.dir}/rbac.yaml`)!;
    expect(text).toContain('# the Opkit runtime: sharding (deploy.sharding, op run --sharding)');
    const docs = parseAllDocuments(text).map((doc) => doc.toJS() as Doc);
    expect(leaseRules(docs, 'Role')).toEqual([{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'list', 'watch', 'create', 'update', 'delete'] }]);
    expect(leaseRules(docs, 'ClusterRole')).toEqual([]);
  });

  it('gives an operator with admission handlers only the runtime\'s CRD watch, Events and peering too', async () => {
    project = tempProject('admission');
    writeFileSync(join(project.dir, 'operator.ts'), `import { on } from '@opkit/core';\non.validate('kopfexamples', function validate1() {});\n`);
    const rules = (await rbacDocs(project)).filter((doc) => doc.kind === 'ClusterRole').flatMap((doc) => doc.rules as Doc[]);
    expect(rules).toEqual([
      { apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] },
      { apiGroups: ['admissionregistration.k8s.io'], resources: ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'], verbs: ['create', 'patch'] },
      { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['list', 'watch'] },
      { apiGroups: ['kopf.dev'], resources: ['clusterkopfpeerings'], verbs: ['get', 'list', 'watch', 'patch'] },
    ]);
  });
});
