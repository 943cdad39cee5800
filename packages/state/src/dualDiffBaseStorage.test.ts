// DualDiffBaseStorage: which of the two stored diff-bases counts after a crash between the status
// and the object request, after Kopf stored a newer one, and in the ordinary case.
import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './diff.js';
import { DualDiffBaseStorage } from './dualDiffBaseStorage.js';
import type { Essence } from './essence.js';
import { Patch } from './patch.js';

const KEY = 'kopf.zalando.org/last-handled-configuration';

function object(field: string): Record<string, any> {
  return { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'x', namespace: 'default' }, spec: { field } };
}

/** Store the essence of `next` on `body`; returns the status part and the object part as separate bodies. */
function storeOn(storage: DualDiffBaseStorage, body: Record<string, any>, essence: Essence): { statusOnly: Record<string, any>; both: Record<string, any> } {
  const patch = new Patch();
  storage.store({ body, patch, essence });
  const merge = patch.asMergePatch() as Record<string, any>;
  const statusOnly = applyMergePatch<Record<string, any>>(body, { status: merge.status });
  const both = applyMergePatch<Record<string, any>>(statusOnly, { metadata: merge.metadata });
  return { statusOnly, both };
}

describe('DualDiffBaseStorage', () => {
  const storage = DualDiffBaseStorage.forProfile('kopf');

  it('returns the annotation when there is no status copy', () => {
    const body = object('a');
    body.metadata.annotations = { [KEY]: '{"spec":{"field":"a"}}\n' };
    expect(storage.fetch({ body })).toEqual({ spec: { field: 'a' } });
  });

  it('prefers the status copy after a crash between the status request and the object request', () => {
    const first = storeOn(storage, object('a'), storage.build({ body: object('a') })).both;
    const changed = { ...first, spec: { field: 'b' } };
    const { statusOnly } = storeOn(storage, changed, storage.build({ body: changed }));
    expect(statusOnly.metadata.annotations[KEY]).toContain('"a"'); // the object request never happened
    expect(storage.fetch({ body: statusOnly })).toEqual({ spec: { field: 'b' } });
    // Also for a creation, where there was no annotation yet.
    const created = storeOn(storage, object('c'), storage.build({ body: object('c') })).statusOnly;
    expect(storage.fetch({ body: created })).toEqual({ spec: { field: 'c' } });
  });

  it('prefers the annotation when someone stored a newer diff-base there after the status copy', () => {
    const first = storeOn(storage, object('a'), storage.build({ body: object('a') })).both;
    // Kopf handles an update: it writes the annotation only.
    const byKopf = { ...first, spec: { field: 'b' }, metadata: { ...first.metadata, annotations: { [KEY]: '{"spec":{"field":"b"}}\n' } } };
    expect(storage.fetch({ body: byKopf })).toEqual({ spec: { field: 'b' } });
  });

  it('keeps a status copy without a digest winning, as before digests existed', () => {
    const body = object('a');
    body.metadata.annotations = { [KEY]: '{"spec":{"field":"old"}}\n' };
    body.status = { kopf: { 'last-handled-configuration': '{"spec":{"field":"a"}}\n' } };
    expect(storage.fetch({ body })).toEqual({ spec: { field: 'a' } });
  });

  it('writes the annotation with Kopf\'s bytes and the copy with its digest next to it', () => {
    const { both } = storeOn(storage, object('a'), storage.build({ body: object('a') }));
    expect(both.metadata.annotations[KEY]).toBe('{"spec":{"field":"a"}}\n');
    expect(Object.keys(both.status.kopf).sort()).toEqual(['last-handled-configuration', 'last-handled-configuration-replaces']);
    expect(both.status.kopf['last-handled-configuration-replaces']).toMatch(/^[0-9a-f]{16}$/);
  });
});
