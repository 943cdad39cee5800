// Acceptance: the real kubectl (1.32) deploys what a generated operator project documents, against the
// embedded server: `kubectl apply --dry-run=server` of a CRD, a Namespace, a ServiceAccount, RBAC, a
// Deployment with probes and securityContext and a Service validates and stores nothing (no object, no
// resourceVersion, no watch event); `kubectl apply` creates them; a second apply patches them from the
// last-applied annotation (strategic merge: a removed field goes, a list merges by key); server-side apply
// works, also as a dry run; `kubectl delete --dry-run=server` deletes nothing; `kubectl kustomize` renders
// the deploy directory. kubectl runs as a child process with its own KUBECONFIG and HOME.
// Without kubectl (`KUBECTL`, else PATH) every test here is skipped with the reason; with CI set each fails,
// naming kubectl (.ci/run installs it).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { deadline, requireTool } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, openWatch } from './protocolHelpers.js';
import type { WatchStream } from './protocolHelpers.js';

const fixtures = fileURLToPath(new URL('./fixtures/deploy/', import.meta.url));
/** kubectl, found once: every test of this file is skipped (failed under CI) without it. */
const kubectlTool = requireTool('kubectl');
const KUBECTL = kubectlTool.command;
const NS = 'greeting-operator';

let server: ApiServer;
let home: string;
let deploy: string;
let env: NodeJS.ProcessEnv;

/** Runs kubectl and resolves with stdout; rejects with stderr in the message on a non-zero exit. */
function kubectl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(KUBECTL, args, { env, timeout: deadline(30_000), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`kubectl ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

const lines = (text: string): string[] => text.trim().split('\n').sort();
const rv = (): number => Number(server.stats().resourceVersion);

async function getObject(path: string): Promise<{ status: number; body: any }> {
  const answer = await call(server.url, 'GET', path);
  return { status: answer.status, body: answer.body };
}

beforeAll(async () => {
  server = await startApiServer();
  home = await mkdtemp(join(tmpdir(), 'opkit-kubectl-apply-'));
  deploy = join(home, 'deploy');
  await cp(fixtures, deploy, { recursive: true });
  await server.writeKubeconfig(join(home, 'kubeconfig'));
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
}, deadline(60_000));

afterAll(async () => {
  await server?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('kubectl deploys a generated project against the embedded API server', { timeout: deadline(60_000) }, () => {
  it('dry-runs the CRD and the Namespace on the server, storing and emitting nothing', async () => {
    const start = rv();
    const objects = server.stats().objects;
    const watches: WatchStream[] = [
      await openWatch(server.url, `/api/v1/namespaces?watch=1&resourceVersion=${start}`),
      await openWatch(server.url, `/apis/apiextensions.k8s.io/v1/customresourcedefinitions?watch=1&resourceVersion=${start}`),
    ];
    try {
      const out = await kubectl(['apply', '--dry-run=server', '-f', join(deploy, 'crds'), '-f', join(deploy, 'namespace.yaml')]);
      expect(lines(out)).toEqual([
        'customresourcedefinition.apiextensions.k8s.io/greetings.example.com created (server dry run)',
        'namespace/greeting-operator created (server dry run)',
      ]);
      // The server validated them: a broken CRD fails the dry run with kube's message.
      const broken = (await readFile(join(deploy, 'crds', 'greetings.example.com.yaml'), 'utf8')).replace('scope: Namespaced', 'scope: Sideways');
      await writeFile(join(home, 'broken-crd.yaml'), broken);
      await expect(kubectl(['apply', '--dry-run=server', '-f', join(home, 'broken-crd.yaml')])).rejects.toThrow(/spec.scope: Unsupported value: "Sideways"/);
      expect(rv()).toBe(start);
      expect(server.stats().objects).toBe(objects);
      expect((await getObject(`/api/v1/namespaces/${NS}`)).status).toBe(404);
      expect((await getObject('/apis/apiextensions.k8s.io/v1/customresourcedefinitions/greetings.example.com')).status).toBe(404);
      // The first events the watches see are the real writes that follow, not the dry runs.
      expect(await kubectl(['apply', '-f', join(deploy, 'namespace.yaml')])).toBe(`namespace/${NS} created\n`);
      expect(await kubectl(['apply', '-f', join(deploy, 'crds')])).toBe('customresourcedefinition.apiextensions.k8s.io/greetings.example.com created\n');
      expect(await watches[0]!.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: NS } } });
      expect(await watches[1]!.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'greetings.example.com' } } });
    } finally {
      for (const w of watches) w.close();
    }
  });

  it('dry-runs the RBAC, the Deployment and the Service on the server, storing nothing', async () => {
    const start = rv();
    const out = await kubectl(['apply', '--dry-run=server', '-f', join(deploy, 'rbac.yaml'), '-f', join(deploy, 'operator.yaml')]);
    expect(lines(out)).toEqual([
      'clusterrole.rbac.authorization.k8s.io/greeting-operator created (server dry run)',
      'clusterrolebinding.rbac.authorization.k8s.io/greeting-operator created (server dry run)',
      'deployment.apps/greeting-operator created (server dry run)',
      'role.rbac.authorization.k8s.io/greeting-operator-leader created (server dry run)',
      'rolebinding.rbac.authorization.k8s.io/greeting-operator-leader created (server dry run)',
      'service/greeting-operator created (server dry run)',
      'serviceaccount/greeting-operator created (server dry run)',
    ]);
    // What a dry run answers is the object as it would be stored: defaulted, with no resourceVersion.
    const dry = JSON.parse(await kubectl(['apply', '--dry-run=server', '-f', join(deploy, 'operator.yaml'), '-o', 'json'])) as { items: any[] };
    const deployment = dry.items.find((o) => o.kind === 'Deployment');
    expect(deployment.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(deployment.metadata.resourceVersion).toBeUndefined();
    expect(deployment.metadata.generation).toBe(1);
    expect(deployment.spec.template.spec.containers[0].imagePullPolicy).toBe('IfNotPresent');
    expect(deployment.spec.template.spec.containers[0].livenessProbe).toMatchObject({ periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 });
    expect(rv()).toBe(start);
    for (const path of [`/api/v1/namespaces/${NS}/serviceaccounts/greeting-operator`, '/apis/rbac.authorization.k8s.io/v1/clusterroles/greeting-operator',
      `/apis/rbac.authorization.k8s.io/v1/namespaces/${NS}/rolebindings/greeting-operator-leader`, `/apis/apps/v1/namespaces/${NS}/deployments/greeting-operator`,
      `/api/v1/namespaces/${NS}/services/greeting-operator`]) {
      expect((await getObject(path)).status, path).toBe(404);
    }
  });

  it('applies everything for real, then a second apply patches from the last-applied configuration', async () => {
    const created = await kubectl(['apply', '-f', join(deploy, 'crds'), '-f', join(deploy, 'namespace.yaml'), '-f', join(deploy, 'rbac.yaml'), '-f', join(deploy, 'operator.yaml')]);
    expect(lines(created)).toEqual([
      'clusterrole.rbac.authorization.k8s.io/greeting-operator created',
      'clusterrolebinding.rbac.authorization.k8s.io/greeting-operator created',
      'customresourcedefinition.apiextensions.k8s.io/greetings.example.com unchanged',
      'deployment.apps/greeting-operator created',
      'namespace/greeting-operator unchanged',
      'role.rbac.authorization.k8s.io/greeting-operator-leader created',
      'rolebinding.rbac.authorization.k8s.io/greeting-operator-leader created',
      'service/greeting-operator created',
      'serviceaccount/greeting-operator created',
    ]);
    const stored = (await getObject(`/apis/apps/v1/namespaces/${NS}/deployments/greeting-operator`)).body;
    expect(stored.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).toContain('"readinessProbe"');
    expect(stored.spec.template.spec.securityContext).toEqual({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(stored.spec.template.spec.containers[0].securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsUser: 65532, capabilities: { drop: ['ALL'] } });
    const service = (await getObject(`/api/v1/namespaces/${NS}/services/greeting-operator`)).body;
    expect(service.spec.clusterIP).toMatch(/^10\.9[6-9]\./);

    // Edit the manifests: a changed probe period, a removed readiness probe, one more env entry, one more verb.
    const operatorYaml = (await readFile(join(deploy, 'operator.yaml'), 'utf8'))
      .replace('periodSeconds: 10', 'periodSeconds: 20')
      .replace(/ {10}readinessProbe:\n( {12}.*\n)+/, '')
      .replace('              value: production\n', '              value: production\n            - name: LOG_LEVEL\n              value: debug\n');
    await writeFile(join(deploy, 'operator.yaml'), operatorYaml);
    await writeFile(join(deploy, 'rbac.yaml'), (await readFile(join(deploy, 'rbac.yaml'), 'utf8')).replace('verbs: [get, create, update]', 'verbs: [get, create, update, patch]'));
    const before = server.requests().length;
    const configured = await kubectl(['apply', '-f', join(deploy, 'rbac.yaml'), '-f', join(deploy, 'operator.yaml')]);
    expect(lines(configured)).toEqual([
      'clusterrole.rbac.authorization.k8s.io/greeting-operator unchanged',
      'clusterrolebinding.rbac.authorization.k8s.io/greeting-operator unchanged',
      'deployment.apps/greeting-operator configured',
      'role.rbac.authorization.k8s.io/greeting-operator-leader configured',
      'rolebinding.rbac.authorization.k8s.io/greeting-operator-leader unchanged',
      'service/greeting-operator unchanged',
      'serviceaccount/greeting-operator unchanged',
    ]);
    const patches = server.requests().slice(before).filter((r) => r.verb === 'patch');
    expect(patches.map((r) => `${r.resource} ${r.name} ${r.code}`).sort()).toEqual(['deployments greeting-operator 200', 'roles greeting-operator-leader 200']);
    const patched = (await getObject(`/apis/apps/v1/namespaces/${NS}/deployments/greeting-operator`)).body;
    const container = patched.spec.template.spec.containers[0];
    expect(container.livenessProbe.periodSeconds).toBe(20);
    expect(container.readinessProbe).toBeUndefined();
    expect(container.env).toEqual([{ name: 'NODE_ENV', value: 'production' }, { name: 'LOG_LEVEL', value: 'debug' }]);
    expect(patched.metadata.generation).toBe(2);
    const role = (await getObject(`/apis/rbac.authorization.k8s.io/v1/namespaces/${NS}/roles/greeting-operator-leader`)).body;
    expect(role.rules[0].verbs).toEqual(['get', 'create', 'update', 'patch']);
  });

  it('applies server-side, also as a dry run, and dry-run deletes nothing', async () => {
    const ssa = await kubectl(['apply', '--server-side', '-f', join(deploy, 'rbac.yaml'), '-f', join(deploy, 'operator.yaml')]);
    expect(lines(ssa)).toContain('deployment.apps/greeting-operator serverside-applied');
    const applied = (await getObject(`/apis/apps/v1/namespaces/${NS}/deployments/greeting-operator`)).body;
    expect(applied.metadata.managedFields.some((f: any) => f.manager === 'kubectl' && f.operation === 'Apply')).toBe(true);
    const start = rv();
    const scaled = (await readFile(join(deploy, 'operator.yaml'), 'utf8')).replace('replicas: 1', 'replicas: 2');
    await writeFile(join(home, 'scaled.yaml'), scaled);
    expect(lines(await kubectl(['apply', '--server-side', '--dry-run=server', '-f', join(home, 'scaled.yaml')]))).toContain('deployment.apps/greeting-operator serverside-applied (server dry run)');
    expect(rv()).toBe(start);
    expect(lines(await kubectl(['delete', '--dry-run=server', '-f', join(deploy, 'operator.yaml')]))).toEqual([
      'deployment.apps "greeting-operator" deleted (server dry run)',
      'service "greeting-operator" deleted (server dry run)',
    ]);
    expect(rv()).toBe(start);
    expect((await getObject(`/apis/apps/v1/namespaces/${NS}/deployments/greeting-operator`)).body.spec.replicas).toBe(1);
    await kubectl(['apply', '--server-side', '-f', join(home, 'scaled.yaml')]);
    expect((await getObject(`/apis/apps/v1/namespaces/${NS}/deployments/greeting-operator`)).body.spec.replicas).toBe(2);
  });

  it('renders the deploy directory with kubectl kustomize and dry-runs it with apply -k', async () => {
    const rendered = parseAllDocuments(await kubectl(['kustomize', deploy])).map((d): any => d.toJS());
    expect(rendered.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'ClusterRole/greeting-operator', 'ClusterRoleBinding/greeting-operator', 'CustomResourceDefinition/greetings.example.com', 'Deployment/greeting-operator',
      'Namespace/greeting-operator', 'Role/greeting-operator-leader', 'RoleBinding/greeting-operator-leader', 'Service/greeting-operator', 'ServiceAccount/greeting-operator',
    ]);
    const deployment = rendered.find((o) => o.kind === 'Deployment');
    expect(deployment.spec.template.spec.containers[0].image).toBe('registry.example.com/greeting-operator:0.1.0');
    expect(rendered.find((o) => o.kind === 'ClusterRoleBinding').subjects[0].namespace).toBe(NS);
    const start = rv();
    const out = await kubectl(['apply', '--dry-run=server', '-k', deploy]);
    expect(lines(out)).toContain('deployment.apps/greeting-operator configured (server dry run)');
    expect(rv()).toBe(start);
  });
});
