// The RBAC `op manifests` generates for an operator with on.convert steps is enough for what the runtime does with
// them: run under startTestEnv({ rbac }) — an embedded API server enforcing RBAC, as the generated ServiceAccount —
// the operator patches the conversion stanza of exactly the CRD it converts (a rule limited by resourceNames), and
// handles objects, with no request denied from start to clean stop.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KubeObject } from '@opkit/kube';
import { generateManifests } from '@opkit/manifests';
import { expectCoveredBy, parseManifests, startTestEnv } from '@opkit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const crd = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const nodeModules = fileURLToPath(new URL('../node_modules/', import.meta.url));

const OPERATOR = `import { on } from '@opkit/core';

on.convert('kopfexamples.kopf.dev', { from: 'v1', to: 'v2' }, (kex) => ({ ...kex, spec: { fields: [kex.spec.field] } }));
on.convert('kopfexamples.kopf.dev', { from: 'v2', to: 'v1' }, (kex) => ({ ...kex, spec: { field: kex.spec.fields[0] } }));
on.create('kopfexamples', function create_fn({ spec }) { return { message: \`created \${spec.field}\` }; });
`;

let root: string;
let dir: string;
let rbac: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'opkit-generated-rbac-conversion-'));
  dir = join(root, 'conversion-operator');
  symlinkSync(nodeModules, join(root, 'node_modules'), 'dir');
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: 'conversion-operator', private: true, type: 'module',
    opkit: { entry: 'operator.ts', crds: 'crd.yaml', deploy: { name: 'conversion-operator', namespace: 'operators', watch: 'all' } },
  }, null, 2));
  copyFileSync(crd, join(dir, 'crd.yaml'));
  writeFileSync(join(dir, 'operator.ts'), OPERATOR);
  rbac = (await generateManifests({ dir })).files.get('deploy/rbac.yaml')!;
});

afterAll(() => { if (root) rmSync(root, { recursive: true, force: true }); });

describe('the generated RBAC of an operator with conversions', () => {
  it('grants get and patch on the converted CRD only', () => {
    const cluster = (parseManifests(rbac) as unknown as { kind: string; rules?: Record<string, unknown>[] }[]).find((o) => o.kind === 'ClusterRole')!;
    expect(cluster.rules).toContainEqual({ apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], resourceNames: ['kopfexamples.kopf.dev'], verbs: ['get', 'patch'] });
  });

  it('lets the runtime patch the CRD\'s conversion stanza and handle an object, with no 403', async () => {
    await using env = await startTestEnv({ crds: [crd], rbac: { manifests: rbac } });
    const run = await env.run(join(dir, 'operator.ts'));
    const stored = await env.get({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'kopfexamples.kopf.dev' });
    const conversion = (stored.spec as { conversion?: { strategy?: string; webhook?: { clientConfig?: { url?: string } } } }).conversion;
    expect(conversion?.strategy).toBe('Webhook');
    expect(conversion?.webhook?.clientConfig?.url).toMatch(/\/convert\/kopfexamples\.kopf\.dev$/);
    const example: KubeObject = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'one', namespace: 'default' }, spec: { field: 'value' } };
    await env.apply(example);
    await env.waitFor({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'one', namespace: 'default' }, (body) => body.status?.create_fn?.message === 'created value');
    await run.stop();
    expect(env.forbidden()).toEqual([]);
    expect(run.requests().some((request) => request.verb === 'patch' && request.resource === 'customresourcedefinitions' && request.name === 'kopfexamples.kopf.dev')).toBe(true);
    expectCoveredBy(run.requests(), rbac);
  });
});
