// Checks the diff-base storages: Kopf's exact annotation, reading back, legacy keys, the status
// variant, and the clear error when the diff-base would overflow the 256 KiB annotations limit.
import { describe, expect, it } from 'vitest';
import { Patch } from './patch.js';
import { applyMergePatch } from './diff.js';
import { AnnotationsDiffBaseStorage, StatusDiffBaseStorage, biggestFields } from './diffBaseStorage.js';
import { CorruptedStateError, DiffBaseTooLargeError } from './errors.js';
import { exampleObject } from '../test/fixtures.js';

describe('AnnotationsDiffBaseStorage', () => {
  it('stores Kopf\'s exact annotation for examples/obj.yaml and fetches it back', () => {
    const storage = new AnnotationsDiffBaseStorage({ profile: 'kopf' });
    const body = exampleObject();
    const patch = new Patch();
    storage.store({ body, patch, essence: storage.build({ body }) });
    expect(patch.asMergePatch()).toEqual({ metadata: { annotations: {
      'kopf.zalando.org/last-handled-configuration': '{"spec":{"duration":"1m","field":"value","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}\n',
    } } });
    const stored = applyMergePatch(body, patch.asMergePatch());
    expect(storage.fetch({ body: stored })).toEqual(storage.build({ body: stored }));
  });

  it('writes the marker and uses the opkit.dev prefix by default', () => {
    const storage = new AnnotationsDiffBaseStorage();
    const patch = new Patch();
    storage.store({ body: {}, patch, essence: { spec: { a: 1 } } });
    expect(patch.annotations['opkit.dev/last-handled-configuration']).toBe('{"spec":{"a":1}}\n');
    expect(patch.annotations['opkit.dev/kopf-managed']).toBe('yes');
  });

  it('returns null without a diff-base and reports a corrupted one by its key', () => {
    const storage = new AnnotationsDiffBaseStorage({ profile: 'kopf' });
    expect(storage.fetch({ body: { metadata: {} } })).toBeNull();
    const corrupted = { metadata: { annotations: { 'kopf.zalando.org/last-handled-configuration': '{oops' } } };
    expect(() => storage.fetch({ body: corrupted })).toThrow(CorruptedStateError);
    expect(() => storage.fetch({ body: corrupted })).toThrow(/kopf\.zalando\.org\/last-handled-configuration/);
  });

  it('applies ignoredFields in build()', () => {
    const storage = new AnnotationsDiffBaseStorage({ ignoredFields: ['data.blob'] });
    expect(storage.build({ body: { kind: 'Secret', data: { blob: 'x', small: 'y' } } })).toEqual({ data: { small: 'y' } });
  });

  it('fails with a clear error naming the biggest fields and ignoredFields when over 256 KiB', () => {
    const storage = new AnnotationsDiffBaseStorage({ profile: 'kopf' });
    const body = { kind: 'Secret', metadata: { name: 'big', annotations: { other: 'y'.repeat(10_000) } }, data: { blob: 'x'.repeat(200_000), cert: 'c'.repeat(60_000), tiny: 't' } };
    const patch = new Patch();
    let caught: unknown;
    try {
      storage.store({ body, patch, essence: storage.build({ body }) });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DiffBaseTooLargeError);
    const error = caught as DiffBaseTooLargeError;
    expect(error.code).toBe('diff-base-too-large');
    expect(error.totalBytes).toBeGreaterThan(262_144);
    expect(error.biggestFields.map((field) => field.path)).toEqual(['data.blob', 'data.cert', 'metadata.annotations.other']);
    expect(error.message).toMatch(/data\.blob \(195\.3 KiB\)/);
    expect(error.message).toMatch(/ignoredFields: \['data\.blob'\]/);
    expect(error.message).toMatch(/256\.0 KiB/);
    expect(patch.isEmpty).toBe(true);
  });

  it('counts annotations already in the patch and those the patch deletes', () => {
    const storage = new AnnotationsDiffBaseStorage({ sizeLimit: 200 });
    const body = { metadata: { annotations: { huge: 'h'.repeat(150) } }, spec: { a: 1 } };
    const patch = new Patch();
    expect(() => storage.store({ body, patch, essence: { spec: { a: 1 } } })).toThrow(DiffBaseTooLargeError);
    patch.annotations.huge = null;
    storage.store({ body, patch, essence: { spec: { a: 1 } } });
    expect(patch.annotations['opkit.dev/last-handled-configuration']).toBe('{"spec":{"a":1}}\n');
  });
});

describe('StatusDiffBaseStorage', () => {
  it('stores compact JSON without a newline in status.kopf.last-handled-configuration', () => {
    const storage = new StatusDiffBaseStorage({ profile: 'kopf' });
    const patch = new Patch();
    storage.store({ body: {}, patch, essence: { spec: { a: 'é' } } });
    expect(patch.asMergePatch()).toEqual({ status: { kopf: { 'last-handled-configuration': '{"spec":{"a":"\\u00e9"}}' } } });
    expect(storage.fetch({ body: patch.asMergePatch() })).toEqual({ spec: { a: 'é' } });
  });

  it('leaves its own field out of the essence even with status as an extra field', () => {
    const storage = new StatusDiffBaseStorage({ field: 'status.op.base', ignoredFields: ['spec.skip'] });
    const body = { spec: { skip: 1, keep: 2 }, status: { op: { base: '{}' }, phase: 'x' } };
    expect(storage.build({ body, extraFields: ['status'] })).toEqual({ spec: { keep: 2 }, status: { phase: 'x' } });
  });
});

describe('biggestFields', () => {
  it('opens objects down to three levels', () => {
    expect(biggestFields({ spec: { a: { b: { c: 'x'.repeat(100) } }, d: 1 } }, 2))
      .toEqual([{ path: 'spec.a.b', bytes: 108 }, { path: 'spec.d', bytes: 1 }]);
  });
});
