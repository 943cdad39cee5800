// The RBAC `op manifests` generates is enough for what the runtime itself does, not only for the handlers:
// an operator with on.validate and on.mutate handlers, run with leader election (package.json#opkit.deploy.leaderElection,
// as `op run --leader-elect` runs it), under startTestEnv({ rbac }) — an embedded API server that enforces RBAC,
// as the generated ServiceAccount — creates its webhook configurations, acquires its Lease, and a created object
// passes both webhooks and reaches the change handler, with no request denied from start to clean stop. Without
// the Lease rule, the same run is denied on the Lease in Kubernetes's words. With Kopf's peering resources in the
// cluster, peering (on by default) is allowed too.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KubeObject } from '@opkit/kube';
import { generateManifests } from '@opkit/manifests';
import { peeringCrds } from '@opkit/peering';
import { expectCoveredBy, parseManifests, startTestEnv } from '@opkit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const crd = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const nodeModules = fileURLToPath(new URL('../node_modules/', import.meta.url));
const SA = 'system:serviceaccount:operators:admission-operator';

const OPERATOR = `import { AdmissionError, on } from '@opkit/core';

on.validate('kopfexamples', function validate1({ spec }) {
  if (spec.field === 'wrong') throw new AdmissionError('the field must not be wrong', { code: 400 });
});
on.mutate('kopfexamples', function mutate1({ patch }) { patch.labels.mutated = 'yes'; });
on.create('kopfexamples', function create_fn({ spec, labels }) { return { message: \`created \${spec.field} (\${labels.mutated})\` }; });
`;

let root: string;
let dir: string;
let rbac: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'opkit-generated-rbac-'));
  dir = join(root, 'admission-operator');
  // The project's '@opkit/*' imports resolve to op's own dependencies.
  symlinkSync(nodeModules, join(root, 'node_modules'), 'dir');
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: 'admission-operator', private: true, type: 'module',
    opkit: { entry: 'operator.ts', crds: 'crd.yaml', deploy: { name: 'admission-operator', namespace: 'operators', watch: 'all', leaderElection: true } },
  }, null, 2));
  copyFileSync(crd, join(dir, 'crd.yaml'));
  writeFileSync(join(dir, 'operator.ts'), OPERATOR);
  rbac = (await generateManifests({ dir })).files.get('deploy/rbac.yaml')!;
});

afterAll(() => { if (root) rmSync(root, { recursive: true, force: true }); });

const example = (name: string, field: string): KubeObject => ({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { field } });
const ref = (name: string) => ({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name, namespace: 'default' });
const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', name: 'opkit-default', namespace: 'operators' };

describe('the generated RBAC of an operator with admission handlers and leader election', () => {
  it('grants the Lease in a Role of the deploy namespace and the webhook configurations in the ClusterRole', () => {
    const objects = parseManifests(rbac) as unknown as { kind: string; metadata: { namespace?: string }; rules?: { apiGroups: string[]; resources: string[]; verbs: string[] }[] }[];
    const role = objects.find((o) => o.kind === 'Role')!;
    expect(role.metadata.namespace).toBe('operators');
    expect(role.rules).toEqual([{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'list', 'watch', 'create', 'update'] }]);
    const cluster = objects.find((o) => o.kind === 'ClusterRole')!;
    expect(cluster.rules).toContainEqual({ apiGroups: ['admissionregistration.k8s.io'], resources: ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'], verbs: ['create', 'patch'] });
    expect(JSON.stringify(objects)).not.toContain('"*"');
  });

  it('lets the runtime create its webhook configurations, acquire its Lease, admit and handle an object, and stop, with no 403', async () => {
    await using env = await startTestEnv({ crds: [crd], rbac: { manifests: rbac } });
    expect(env.operatorUser).toBe(SA);
    const run = await env.run(join(dir, 'operator.ts'), { settings: { peering: { leaderElection: true } } });
    await run.waitForFeed((event) => event.type === 'leadership' && event.leader);
    const lease = await env.get(LEASE);
    expect((lease.spec as { holderIdentity?: string }).holderIdentity).toBeTruthy();
    const validating = await env.get({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', name: 'auto.opkit.dev' });
    expect((validating.webhooks as { name: string }[]).map((webhook) => webhook.name)).toEqual(['validate1.auto.opkit.dev']);
    const mutating = await env.get({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', name: 'auto.opkit.dev' });
    expect((mutating.webhooks as { name: string }[]).map((webhook) => webhook.name)).toEqual(['mutate1.auto.opkit.dev']);

    await expect(env.apply(example('bad', 'wrong'))).rejects.toThrow('admission webhook "validate1.auto.opkit.dev" denied the request: the field must not be wrong');
    await env.apply(example('good', 'value'));
    const handled = await env.waitFor(ref('good'), (body) => body.status?.create_fn?.message !== undefined);
    expect(handled.metadata.labels).toEqual({ mutated: 'yes' });
    expect(handled.status?.create_fn?.message).toBe('created value (yes)');
    expect(env.forbidden()).toEqual([]);

    await run.stop();
    expect(env.forbidden()).toEqual([]);
    const verbs = new Set(run.requests().map((request) => `${request.verb} ${request.resource}`));
    for (const expected of ['create validatingwebhookconfigurations', 'patch mutatingwebhookconfigurations', 'get leases', 'create leases', 'update leases']) expect(verbs).toContain(expected);
    expectCoveredBy(run.requests(), rbac);
  });

  it('is denied on the Lease, as a cluster words it, without the Lease rule', async () => {
    const withoutLeases = parseManifests(rbac).filter((object) => object.kind !== 'Role' && object.kind !== 'RoleBinding');
    await using env = await startTestEnv({ crds: [crd], rbac: { manifests: withoutLeases } });
    await using run = await env.run(join(dir, 'operator.ts'), { settings: { peering: { leaderElection: true } } });
    const message = `leases.coordination.k8s.io "opkit-default" is forbidden: User "${SA}" cannot get resource "leases" in API group "coordination.k8s.io" in the namespace "operators"`;
    await run.waitForFeed(() => env.forbidden().some((denied) => denied.message === message));
    expect(env.forbidden().every((denied) => denied.record.resource === 'leases')).toBe(true);
  });

  it('lets peering (on by default when the cluster has Kopf\'s peering resources) read and keep its records', async () => {
    await using env = await startTestEnv({ crds: [crd, ...peeringCrds()], rbac: { manifests: rbac } });
    await env.apply({ apiVersion: 'kopf.dev/v1', kind: 'ClusterKopfPeering', metadata: { name: 'default' } });
    const run = await env.run(join(dir, 'operator.ts'), { settings: { peering: { leaderElection: true } } });
    await run.waitForFeed((event) => event.type === 'leadership' && event.leader);
    await env.waitFor({ apiVersion: 'kopf.dev/v1', kind: 'ClusterKopfPeering', name: 'default' }, (body) => Object.keys((body as { status?: object }).status ?? {}).length > 0);
    await env.apply(example('good', 'value'));
    await env.waitFor(ref('good'), (body) => body.status?.create_fn?.message === 'created value (yes)');
    await run.stop();
    expect(env.forbidden()).toEqual([]);
    expect(run.requests().some((request) => request.resource === 'clusterkopfpeerings' && request.verb === 'patch')).toBe(true);
  });
});
