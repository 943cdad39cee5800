// The generated CRDs against a real protocol: the embedded API server accepts them as structural,
// serves the resource, applies the defaults, prunes what the schema does not declare (keeping what
// k.status and k.preserveUnknown preserve), and rejects the same invalid bodies the validator rejects.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { defineResource, k, lintStructural } from '../src/index.js';
import { deadline } from '@opkit/test-tools';

const Greeting = defineResource({
  group: 'example.com', version: 'v1alpha1', kind: 'Greeting', shortNames: ['gr'], categories: ['opkit'],
  spec: k.object({
    name: k.string({ default: 'world', description: 'Whom to greet.' }),
    replicas: k.optional(k.integer({ minimum: 0, maximum: 10 })),
    mode: k.optional(k.enum(['fast', 'safe'])),
    tags: k.optional(k.list(k.string(), { type: 'set' })),
    ports: k.optional(k.list(k.object({ name: k.string(), port: k.integer() }), { type: 'map', keys: ['name'] })),
    labels: k.optional(k.map(k.string())),
    target: k.optional(k.intOrString()),
    memory: k.optional(k.quantity()),
    note: k.optional(k.nullable(k.string())),
    extra: k.optional(k.preserveUnknown()),
    template: k.optional(k.embedded()),
    code: k.optional(k.string({ pattern: '^[a-z]+$', maxLength: 5 })),
  }),
  status: k.status({ message: k.optional(k.string()) }),
  printerColumns: [{ name: 'Message', type: 'string', jsonPath: '.status.message' }],
});

const Cluster = defineResource({ group: 'example.com', version: 'v1', kind: 'ClusterPolicy', scope: 'Cluster', spec: k.object({ level: k.integer() }) });

let server: ApiServer;

async function request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' } }),
  });
  return { status: response.status, body: await response.json() };
}

async function establish(crd: unknown, name: string): Promise<void> {
  const created = await request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await vi.waitFor(async () => {
    const got = await request('GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`);
    if (!(got.body.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Established' && c.status === 'True')) {
      throw new Error(`${name} was not established within 10 s`);
    }
  }, { timeout: deadline(30_000), interval: 20 });
}

const base = '/apis/example.com/v1alpha1/namespaces/default/greetings';
const body = (name: string, spec: Record<string, unknown>): Record<string, unknown> => ({ apiVersion: 'example.com/v1alpha1', kind: 'Greeting', metadata: { name }, spec });

beforeAll(async () => {
  server = await startApiServer({ port: 0 });
  await request('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  await establish(Greeting.toCRD(), 'greetings.example.com');
  await establish(Cluster.toCRD(), 'clusterpolicies.example.com');
});

afterAll(async () => {
  await server?.close();
});

describe('the CRDs of defineResource() on the embedded API server', () => {
  it('are accepted and served with the names, scope and status subresource of the definition', async () => {
    const list = await request('GET', '/apis/example.com/v1alpha1');
    const resources = list.body.resources.map((r: { name: string }) => r.name).sort();
    expect(resources).toEqual(['greetings', 'greetings/status']);
    const greetings = list.body.resources.find((r: { name: string }) => r.name === 'greetings');
    expect(greetings).toMatchObject({ kind: 'Greeting', namespaced: true, singularName: 'greeting', shortNames: ['gr'], categories: ['opkit'] });
    const cluster = (await request('GET', '/apis/example.com/v1')).body.resources.find((r: { name: string }) => r.name === 'clusterpolicies');
    expect(cluster).toMatchObject({ kind: 'ClusterPolicy', namespaced: false });
  });

  it('default the spec, prune undeclared fields, and keep status results and preserved fields', async () => {
    const created = await request('POST', base, { ...body('pruned', { unknown: 1, extra: { anything: { deep: true } } }), status: { message: 'x' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.spec).toEqual({ name: 'world', extra: { anything: { deep: true } } });
    const status = await request('PATCH', `${base}/pruned/status`, { status: { message: 'hello', create_fn: { done: true }, other: [1, 2] } });
    expect(status.status).toBe(200);
    expect(status.body.status).toEqual({ message: 'hello', create_fn: { done: true }, other: [1, 2] });
  });

  it('default a missing spec to a complete one', async () => {
    const created = await request('POST', base, { apiVersion: 'example.com/v1alpha1', kind: 'Greeting', metadata: { name: 'nospec' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.spec).toEqual({ name: 'world' });
    expect(Greeting.validate({ apiVersion: 'example.com/v1alpha1', kind: 'Greeting', metadata: { name: 'nospec' } })).toEqual({ ok: true });
  });

  it('reject a spec missing a required field that has no default, as the validator does', async () => {
    const missing = { apiVersion: 'example.com/v1', kind: 'ClusterPolicy', metadata: { name: 'p' }, spec: {} };
    const created = await request('POST', '/apis/example.com/v1/clusterpolicies', missing);
    expect(created.status).toBe(422);
    const result = Cluster.validate(missing);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.path)).toEqual(['spec.level']);
    expect(JSON.stringify(created.body)).toContain('spec.level');
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    ['a valid spec', { name: 'a', replicas: 3, mode: 'fast', tags: ['x', 'y'], ports: [{ name: 'http', port: 80 }], labels: { a: 'b' }, target: 'http', memory: '1Gi', note: null, template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }, code: 'abc' }, []],
    ['an integer out of range', { replicas: 11 }, ['spec.replicas']],
    ['a string where an integer belongs', { replicas: 'three' }, ['spec.replicas']],
    ['a value outside the enum', { mode: 'slow' }, ['spec.mode']],
    ['a duplicate in a set', { tags: ['x', 'x'] }, ['spec.tags[1]']],
    ['a duplicate key in a map list', { ports: [{ name: 'a', port: 1 }, { name: 'a', port: 2 }] }, ['spec.ports[1]']],
    ['a map value of the wrong type', { labels: { a: 1 } }, ['spec.labels.a']],
    ['a boolean where int-or-string belongs', { target: true }, ['spec.target']],
    ['a malformed quantity', { memory: 'lots' }, ['spec.memory']],
    ['a string not matching the pattern', { code: 'ABC' }, ['spec.code']],
    ['a string too long', { code: 'abcdefg' }, ['spec.code']],
    ['a map-list item missing its key', { ports: [{ port: 1 }] }, ['spec.ports[0].name']],
  ];
  for (const [what, spec, paths] of cases) {
    it(`agree with the validator on ${what}`, async () => {
      const name = what.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
      const result = Greeting.validate(body(name, spec));
      const created = await request('POST', base, body(name, spec));
      if (paths.length === 0) {
        expect(result).toEqual({ ok: true });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        return;
      }
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors.map((e) => e.path)).toEqual(paths);
      expect(created.status, JSON.stringify(created.body)).toBe(422);
      const fields = (created.body.details?.causes ?? []).map((c: { field: string }) => c.field);
      for (const path of paths) expect(fields).toContain(path);
    });
  }

  const rejected: [string, Record<string, unknown>][] = [
    ['uniqueItems', { type: 'array', items: { type: 'string' }, uniqueItems: true }],
    ['a node without type', { type: 'object', properties: { a: { description: 'untyped' } } }],
    ['additionalProperties: false', { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }],
    ['a default with a required field left out', { type: 'object', required: ['a'], properties: { a: { type: 'string', default: 'x' } }, default: {} }],
    ['$ref', { $ref: '#/definitions/a' }],
    ['a map list key that is neither required nor defaulted', { type: 'array', items: { type: 'object', properties: { k: { type: 'string' } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'] }],
  ];
  for (const [what, node] of rejected) {
    it(`are refused like the linter refuses them: ${what}`, async () => {
      const schema = { type: 'object', properties: { spec: { type: 'object', properties: { x: node } } } };
      expect(lintStructural(schema).length, what).toBeGreaterThan(0);
      const crd = {
        apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'rawthings.example.com' },
        spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'rawthings', kind: 'RawThing' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }] },
      };
      const created = await request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
      expect(created.status, JSON.stringify(created.body)).toBe(422);
      expect(JSON.stringify(created.body.details?.causes ?? [])).toContain('properties[spec].properties[x]');
    });
  }
});
