// DualDiffBaseStorage: which of the two stored diff-bases counts after a crash between the status
// and the object request, after Kopf stored a newer one, and in the ordinary case.
import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './diff.js';
import { AnnotationsDiffBaseStorage, StatusDiffBaseStorage } from './diffBaseStorage.js';
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
  // Kopf's names with the copy written (what the opkit profile does under its own names).
  const storage = new DualDiffBaseStorage(new AnnotationsDiffBaseStorage({ profile: 'kopf' }), new StatusDiffBaseStorage({ profile: 'kopf' }));

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

describe('DualDiffBaseStorage.forProfile', () => {
  it('writes the status copy in the opkit profile', () => {
    const opkit = DualDiffBaseStorage.forProfile('opkit');
    expect(opkit.copy).toBe('write');
    const { both } = storeOn(opkit, object('a'), opkit.build({ body: object('a') }));
    expect(both.metadata.annotations['opkit.dev/last-handled-configuration']).toBe('{"spec":{"field":"a"}}\n');
    expect(both.status.opkit['last-handled-configuration']).toBe('{"spec":{"field":"a"}}');
  });

  describe('in the kopf profile', () => {
    const kopf = DualDiffBaseStorage.forProfile('kopf');

    it('writes the annotation only, as Kopf does: no status.kopf.last-handled-configuration', () => {
      expect(kopf.copy).toBe('read');
      const patch = new Patch();
      kopf.store({ body: object('a'), patch, essence: kopf.build({ body: object('a') }) });
      expect(patch.asMergePatch()).toEqual({ metadata: { annotations: { [KEY]: '{"spec":{"field":"a"}}\n' } } });
    });

    it('still reads a copy an older Opkit wrote, and removes it with the next diff-base', () => {
      const writer = new DualDiffBaseStorage(new AnnotationsDiffBaseStorage({ profile: 'kopf' }), new StatusDiffBaseStorage({ profile: 'kopf' }));
      const first = storeOn(writer, object('a'), writer.build({ body: object('a') })).both;
      const changed = { ...first, spec: { field: 'b' } };
      // The older Opkit crashed between its status request and its object request: the copy holds 'b'.
      const { statusOnly } = storeOn(writer, changed, writer.build({ body: changed }));
      expect(kopf.fetch({ body: statusOnly })).toEqual({ spec: { field: 'b' } });
      const patch = new Patch();
      kopf.store({ body: statusOnly, patch, essence: kopf.build({ body: statusOnly }) });
      const merge = patch.asMergePatch() as Record<string, any>;
      expect(merge.status).toEqual({ kopf: { 'last-handled-configuration': null, 'last-handled-configuration-replaces': null } });
      const after = applyMergePatch<Record<string, any>>(statusOnly, merge);
      expect(after.status.kopf).toEqual({});
      expect(kopf.fetch({ body: after })).toEqual({ spec: { field: 'b' } });
    });

    it('lets the annotation win over a stale copy once Kopf stored a newer diff-base, digest or not', () => {
      const body = object('c');
      body.metadata.annotations = { [KEY]: '{"spec":{"field":"c"}}\n' };
      body.status = { kopf: { 'last-handled-configuration': '{"spec":{"field":"a"}}' } };
      expect(kopf.fetch({ body })).toEqual({ spec: { field: 'c' } });
      body.status.kopf['last-handled-configuration-replaces'] = '0123456789abcdef';
      expect(kopf.fetch({ body })).toEqual({ spec: { field: 'c' } });
      delete body.metadata.annotations;
      expect(kopf.fetch({ body })).toEqual({ spec: { field: 'a' } });
    });
  });
});
