// Exact numbers over HTTP: integers beyond 2^53 reach callers as bigints with every digit (get, list,
// watch, write answers), bigints in request bodies are written as their digits, and maps with
// integer-like keys go back to the server in its byte order. Checked against the embedded API server,
// which keeps int64 exactly as a real one does; the raw response text is read with fetch as well, so the
// assertions do not depend on this package's own parser.
import { jsonEqual } from '@opkit/json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject, Resource } from '../src/index.js';
import { crdManifest, crds, startHarness, waitFor } from './harness.js';
import type { Harness } from './harness.js';

/** A custom resource whose spec the tests read freely. */
type Numbered = KubeObject & { spec: Record<string, unknown> };

let h: Harness;
let numbers: Resource;

beforeAll(async () => {
  h = await startHarness();
  await h.client.create(crds, crdManifest('numbers', 'exact.dev', 'Number'));
  await waitFor(async () => (await h.client.resolve('numbers.exact.dev')).length === 1, 5000, 'the CRD to be served');
  numbers = await h.client.resolveOne('numbers.exact.dev');
});
afterAll(async () => h.close());

/** The raw text the server answers for one object (no client parsing in between). */
async function rawText(name: string): Promise<string> {
  const response = await fetch(`${h.server.url}/apis/exact.dev/v1/namespaces/default/numbers/${name}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('integers beyond 2^53', () => {
  it('arrive as exact bigints from get, list and the create answer; safe integers stay numbers', async () => {
    const created = await h.client.create<Numbered>(numbers, { metadata: { name: 'get', namespace: 'default' }, spec: { big: 9007199254740993n, small: 7, neg: -9223372036854775808n, ratio: 1.5 } });
    expect(created.spec.big).toBe(9007199254740993n);
    const read = await h.client.get<Numbered>(numbers, 'get', { namespace: 'default' });
    expect(read.spec).toEqual({ big: 9007199254740993n, neg: -9223372036854775808n, ratio: 1.5, small: 7 });
    expect(typeof read.spec.small).toBe('number');
    const listed = await h.client.listAll<Numbered>(numbers, { namespace: 'default' });
    expect(listed.items.find((item) => item.metadata.name === 'get')?.spec.big).toBe(9007199254740993n);
    // The request body carried the digits: the server stored them, not a rounded double.
    expect(await rawText('get')).toContain('"big":9007199254740993,');
  });

  it('arrive as exact bigints in watch events', async () => {
    const { resourceVersion } = await h.client.listAll(numbers, { namespace: 'default' });
    const controller = new AbortController();
    const stream = await h.client.watch<Numbered>(numbers, { namespace: 'default', resourceVersion, signal: controller.signal });
    const seen: unknown[] = [];
    const reading = (async () => {
      for await (const event of stream) {
        if (event.type !== 'ADDED' && event.type !== 'MODIFIED') continue;
        seen.push(event.object.spec.big);
        if (seen.length === 2) controller.abort();
      }
    })().catch((error: unknown) => error);
    await h.client.create(numbers, { metadata: { name: 'watched', namespace: 'default' }, spec: { big: 9007199254740993n } });
    await h.client.patch(numbers, 'watched', { spec: { big: 9223372036854775807n } }, { namespace: 'default' });
    await reading;
    expect(seen).toEqual([9007199254740993n, 9223372036854775807n]);
  });

  it('keep their digits through merge and JSON patches', async () => {
    await h.client.create(numbers, { metadata: { name: 'patched', namespace: 'default' }, spec: { big: 1 } });
    const merged = await h.client.patch<Numbered>(numbers, 'patched', { spec: { big: 9007199254740995n, list: [18014398509481985n] } }, { namespace: 'default' });
    expect(merged.spec.big).toBe(9007199254740995n);
    expect(merged.spec.list).toEqual([18014398509481985n]);
    expect(await rawText('patched')).toContain('"big":9007199254740995,"list":[18014398509481985]');
    const jsonPatched = await h.client.patch<Numbered>(
      numbers,
      'patched',
      [
        { op: 'test', path: '/spec/big', value: 9007199254740995n },
        { op: 'replace', path: '/spec/big', value: -9007199254740997n },
      ],
      { namespace: 'default', type: 'json' },
    );
    expect(jsonPatched.spec.big).toBe(-9007199254740997n);
    expect(await rawText('patched')).toContain('"big":-9007199254740997,');
    // A `test` against the rounded value fails: the server compares the exact digits.
    await expect(
      h.client.patch(numbers, 'patched', [{ op: 'test', path: '/spec/big', value: -9007199254740996n }], { namespace: 'default', type: 'json' }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('write maps with integer-like keys back in the server order, so a read-modify-write keeps them', async () => {
    await h.client.create(numbers, { metadata: { name: 'keys', namespace: 'default' }, spec: { data: { 10: 'a', 2: 'b', x: 'c' } } });
    const read = await h.client.get<Numbered>(numbers, 'keys', { namespace: 'default' });
    // JavaScript lists "2" first; the value is still the same map.
    expect(jsonEqual(read.spec.data, { 10: 'a', 2: 'b', x: 'c' })).toBe(true);
    const replaced = await h.client.replace<Numbered>(numbers, { ...read, spec: { ...read.spec, big: 9007199254740993n } });
    expect(replaced.spec.big).toBe(9007199254740993n);
    expect(await rawText('keys')).toContain('"spec":{"big":9007199254740993,"data":{"10":"a","2":"b","x":"c"}}');
  });
});
