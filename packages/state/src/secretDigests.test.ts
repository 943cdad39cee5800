// Checks that a handled Secret's diff-base holds digests, never values, in the opkit profile; that a
// changed value still shows as a change of exactly its key; and that the kopf profile keeps values.
import { describe, expect, it } from 'vitest';
import { Patch } from './patch.js';
import { applyMergePatch, diff } from './diff.js';
import { AnnotationsDiffBaseStorage, StatusDiffBaseStorage } from './diffBaseStorage.js';
import { digestSecretValue, SECRET_DIGEST_PREFIX } from './secretDigests.js';

const CLEAR_A = Buffer.from('hunter2-alpha').toString('base64');
const CLEAR_B = Buffer.from('hunter2-bravo').toString('base64');
const CLEAR_B2 = Buffer.from('hunter2-bravo-rotated').toString('base64');

function secret(data: Record<string, string>, annotations: Record<string, string> = {}): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'ns', annotations }, type: 'Opaque', data };
}

function handle(storage: AnnotationsDiffBaseStorage, body: Record<string, unknown>): Record<string, unknown> {
  const patch = new Patch();
  storage.store({ body, patch, essence: storage.build({ body }) });
  return applyMergePatch<Record<string, unknown>>(body, patch.asMergePatch());
}

describe('Secret digests in the diff-base', () => {
  it('stores sha256 digests, not values, in the opkit annotation; keys stay', () => {
    const stored = handle(new AnnotationsDiffBaseStorage(), secret({ a: CLEAR_A, b: CLEAR_B }));
    const annotation = (stored['metadata'] as { annotations: Record<string, string> }).annotations['opkit.dev/last-handled-configuration']!;
    expect(annotation).not.toContain(CLEAR_A);
    expect(annotation).not.toContain(CLEAR_B);
    expect(annotation).not.toContain('hunter2');
    const base = JSON.parse(annotation) as { data: Record<string, string> };
    expect(Object.keys(base.data)).toEqual(['a', 'b']);
    expect(base.data['a']).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(base.data['a']).not.toBe(base.data['b']);
  });

  it('an update of one key yields a diff naming exactly that key, without values', () => {
    const storage = new AnnotationsDiffBaseStorage();
    const stored = handle(storage, secret({ a: CLEAR_A, b: CLEAR_B }));
    const updated = { ...stored, data: { a: CLEAR_A, b: CLEAR_B2 } };
    const changes = diff(storage.fetch({ body: updated }), storage.build({ body: updated }));
    expect(changes.map((change) => change.path)).toEqual([['data', 'b']]);
    expect(JSON.stringify(changes)).not.toContain('hunter2');
    expect(JSON.stringify(changes)).not.toContain(CLEAR_B2);
    const unchanged = diff(storage.fetch({ body: stored }), storage.build({ body: stored }));
    expect(unchanged).toEqual([]);
  });

  it('reads an older clear-text base as digests, so upgrading reports no change', () => {
    const clearBase = `{"type":"Opaque","data":{"a":"${CLEAR_A}"}}\n`;
    const body = secret({ a: CLEAR_A }, { 'opkit.dev/last-handled-configuration': clearBase });
    const storage = new AnnotationsDiffBaseStorage();
    expect(storage.fetch({ body })).toEqual({ type: 'Opaque', data: { a: digestSecretValue(CLEAR_A) } });
    expect(diff(storage.fetch({ body }), storage.build({ body }))).toEqual([]);
  });

  it('leaves other kinds alone, and the status storage digests too', () => {
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'plain' } };
    expect(new AnnotationsDiffBaseStorage().build({ body: configMap })).toEqual({ data: { a: 'plain' } });
    const built = new StatusDiffBaseStorage().build({ body: secret({ a: CLEAR_A }) });
    expect((built['data'] as Record<string, string>)['a']!.startsWith(SECRET_DIGEST_PREFIX)).toBe(true);
  });

  it('keeps Kopf\'s bytes (values in clear) in the kopf profile', () => {
    const stored = handle(new AnnotationsDiffBaseStorage({ profile: 'kopf' }), secret({ a: CLEAR_A }));
    const annotations = (stored['metadata'] as { annotations: Record<string, string> }).annotations;
    expect(annotations['kopf.zalando.org/last-handled-configuration']).toBe(
      `{"type":"Opaque","data":{"a":"${CLEAR_A}"}}\n`);
  });
});
