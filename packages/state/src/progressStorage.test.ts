// Checks the progress storages as pure operations on a body and a Patch, their exact stored bytes
// in the kopf profile, and (property-based) that storing then fetching any record is the identity.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Patch } from './patch.js';
import { applyMergePatch } from './diff.js';
import type { ProgressRecord } from './progressRecord.js';
import { encodeProgressRecord } from './progressRecord.js';
import { AnnotationsProgressStorage, SmartProgressStorage, StatusProgressStorage } from './progressStorage.js';
import type { ProgressStorage } from './progressStorage.js';
import { CorruptedStateError } from './errors.js';
import type { PersistenceProfileName } from './profiles.js';

const body = (annotations: Record<string, string> = {}, status: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ metadata: { name: 'kopf-example-1', namespace: 'default', resourceVersion: '1', annotations }, spec: {}, status });

/** Store into a patch, apply it like the API server, fetch back. */
function roundTrip(storage: ProgressStorage, key: string, record: ProgressRecord, start = body()): ProgressRecord | null {
  const patch = new Patch();
  storage.store({ key, record, body: start, patch });
  return storage.fetch({ key, body: applyMergePatch(start, JSON.parse(JSON.stringify(patch))) });
}

const timestamp = fc.integer({ min: 0, max: 4_102_444_800_000_000 }).map((micros) => {
  const iso = new Date(Math.floor(micros / 1000)).toISOString().slice(0, 19);
  return `${iso}.${String(micros % 1_000_000).padStart(6, '0')}+00:00`;
});

const progressRecord: fc.Arbitrary<ProgressRecord> = fc.record({
  started: timestamp, stopped: timestamp, delayed: timestamp,
  purpose: fc.constantFrom('create', 'update', 'delete', 'resume'),
  retries: fc.nat({ max: 1_000_000 }),
  success: fc.boolean(), failure: fc.boolean(),
  message: fc.string({ unit: 'binary', maxLength: 60 }),
  subrefs: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 4 }).map((ids) => ids.sort()),
}, { requiredKeys: [] });

const handlerId = fc.oneof(
  fc.constantFrom('create_fn', 'create_fn/item1', 'fn/spec.field'),
  fc.stringMatching(/^[a-z_][a-z0-9_/.<>-]{0,90}$/),
);

describe.each<PersistenceProfileName>(['opkit', 'kopf'])('progress storages in the %s profile', (profile) => {
  const storages: [string, ProgressStorage][] = [
    ['AnnotationsProgressStorage', new AnnotationsProgressStorage({ profile })],
    ['StatusProgressStorage', new StatusProgressStorage({ profile })],
    ['SmartProgressStorage', new SmartProgressStorage({ profile })],
  ];
  for (const [name, storage] of storages) {
    it(`${name}: fetching a stored record returns it unchanged (any record, any handler id)`, () => {
      fc.assert(fc.property(handlerId, progressRecord, (key, record) => {
        expect(roundTrip(storage, key, record)).toEqual(record);
      }), { numRuns: 200 });
    });
  }
});

describe('AnnotationsProgressStorage', () => {
  const record: ProgressRecord = {
    started: '2020-02-14T16:58:25.396364+00:00', stopped: null, delayed: '2020-02-14T16:59:25.396364+00:00',
    purpose: 'create', retries: 1, success: false, failure: false, message: 'Expected recoverable error.', subrefs: null,
  };

  it('writes Kopf\'s exact bytes under kopf.zalando.org, nulls left out, false kept', () => {
    const patch = new Patch();
    new AnnotationsProgressStorage({ profile: 'kopf' }).store({ key: 'create_fn/item1', record, body: body(), patch });
    expect(patch.asMergePatch()).toEqual({
      metadata: { annotations: {
        'kopf.zalando.org/create_fn.item1': '{"started":"2020-02-14T16:58:25.396364+00:00","delayed":"2020-02-14T16:59:25.396364+00:00","purpose":"create","retries":1,"success":false,"failure":false,"message":"Expected recoverable error."}',
      } },
    });
  });

  it('writes the kopf-managed marker for prefixes not starting with kopf., once', () => {
    const patch = new Patch();
    const storage = new AnnotationsProgressStorage();
    storage.store({ key: 'a', record: { retries: 0 }, body: body(), patch });
    expect(patch.annotations['opkit.dev/kopf-managed']).toBe('yes');
    const marked = new Patch();
    storage.store({ key: 'a', record: { retries: 0 }, body: body({ 'opkit.dev/kopf-managed': 'yes' }), patch: marked });
    expect(Object.keys(marked.annotations)).toEqual(['opkit.dev/a']);
  });

  it('writes both v2 and v1 keys for long ids in the kopf profile and reads either', () => {
    const id = 'x'.repeat(63);
    const storage = new AnnotationsProgressStorage({ profile: 'kopf' });
    const patch = new Patch();
    storage.store({ key: id, record: { retries: 2 }, body: body(), patch });
    expect(Object.keys(patch.annotations)).toEqual([`kopf.zalando.org/${id}`, `kopf.zalando.org/${'x'.repeat(39)}-GINbRg`]);
    expect(storage.fetch({ key: id, body: body({ [`kopf.zalando.org/${'x'.repeat(39)}-GINbRg`]: '{"retries":5}' }) })).toEqual({ retries: 5 });
  });

  it('reads records Kopf wrote with naive timestamps and spaces', () => {
    const kopfWritten = body({ 'kopf.zalando.org/create_fn_1': '{"started": "2020-02-14T16:58:25.396364", "stopped": "2020-02-14T16:58:25.401844", "retries": 1, "success": true}' });
    expect(new SmartProgressStorage({ profile: 'kopf' }).fetch({ key: 'create_fn_1', body: kopfWritten }))
      .toEqual({ started: '2020-02-14T16:58:25.396364', stopped: '2020-02-14T16:58:25.401844', retries: 1, success: true });
  });

  it('purges by nulling what the body has and dropping what only the patch has', () => {
    const storage = new AnnotationsProgressStorage();
    const patch = new Patch();
    storage.store({ key: 'b', record: { retries: 0 }, body: body(), patch });
    storage.purge({ key: 'a', body: body({ 'opkit.dev/a': '{}' }), patch });
    storage.purge({ key: 'b', body: body(), patch });
    storage.purge({ key: 'c', body: body(), patch });
    expect(patch.asMergePatch()).toEqual({ metadata: { annotations: { 'opkit.dev/kopf-managed': 'yes', 'opkit.dev/a': null } } });
  });

  it('touches only when the value differs, and removes the touch value with null', () => {
    const storage = new AnnotationsProgressStorage({ profile: 'kopf' });
    const patch = new Patch();
    storage.touch({ body: body({ 'kopf.zalando.org/touch-dummy': 'same' }), patch, value: 'same' });
    storage.touch({ body: body(), patch, value: null });
    expect(patch.isEmpty).toBe(true);
    storage.touch({ body: body({ 'kopf.zalando.org/touch-dummy': 'old' }), patch, value: null });
    expect(patch.asMergePatch()).toEqual({ metadata: { annotations: { 'kopf.zalando.org/touch-dummy': null } } });
  });

  it('clears its own annotations from an essence', () => {
    const essence = { spec: { a: 1 }, metadata: { annotations: { 'opkit.dev/x': '1' } } };
    expect(new AnnotationsProgressStorage().clear(essence)).toEqual({ spec: { a: 1 } });
    expect(essence.metadata.annotations['opkit.dev/x']).toBe('1');
  });

  it('purges a record only the patch holds, from a body that has no record at all', () => {
    const storage = new AnnotationsProgressStorage();
    const patch = new Patch();
    const bare = { metadata: { name: 'x', annotations: { 'other.dev/y': '1' } } };
    storage.store({ key: 'create_fn', record: { retries: 1, success: false, failure: false }, body: bare, patch });
    expect(resolvePatchAnnotation(patch, 'opkit.dev/create_fn')).toBe('{"retries":1,"success":false,"failure":false}');
    expect(storage.fetch({ key: 'create_fn', body: bare })).toBeNull();
    storage.purge({ key: 'create_fn', body: bare, patch });
    expect(resolvePatchAnnotation(patch, 'opkit.dev/create_fn')).toBeUndefined();
    storage.purge({ key: 'create_fn', body: { metadata: { annotations: { 'opkit.dev/create_fn': '{}' } } }, patch });
    expect(resolvePatchAnnotation(patch, 'opkit.dev/create_fn')).toBeNull();
  });

  it('purges a status record only the patch holds, from a body without the records\' field', () => {
    const storage = new StatusProgressStorage();
    const patch = new Patch();
    const bare = { metadata: { name: 'x' }, status: { other: 1 } };
    storage.store({ key: 'create_fn', record: { retries: 1, success: false, failure: false }, body: bare, patch });
    expect(patch.asMergePatch()).toEqual({ status: { opkit: { progress: { create_fn: { retries: 1, success: false, failure: false } } } } });
    expect(storage.fetch({ key: 'create_fn', body: bare })).toBeNull();
    storage.purge({ key: 'create_fn', body: bare, patch });
    expect(patch.isEmpty).toBe(true);
  });

  it('clears without copying an essence that has none of its fields (nor empty stanzas)', () => {
    const clean = { spec: { a: 1 }, metadata: { annotations: { 'other.dev/x': '1' } } };
    expect(new AnnotationsProgressStorage().clear(clean)).toBe(clean);
    expect(new StatusProgressStorage().clear(clean)).toBe(clean);
    expect(new SmartProgressStorage().clear(clean)).toBe(clean);
    // An empty stanza still makes a copy without it; a status record too, the original untouched.
    const empty = { spec: { a: 1 }, metadata: { labels: {} } };
    expect(new AnnotationsProgressStorage().clear(empty)).toEqual({ spec: { a: 1 } });
    expect(empty.metadata.labels).toEqual({});
    const recorded = { spec: { a: 1 }, status: { opkit: { progress: { fn: {} } } } };
    expect(new StatusProgressStorage().clear(recorded)).toEqual({ spec: { a: 1 } });
    expect(recorded.status.opkit.progress.fn).toEqual({});
  });

  it('reports a corrupted record with the annotation it came from', () => {
    const storage = new AnnotationsProgressStorage();
    expect(() => storage.fetch({ key: 'a', body: body({ 'opkit.dev/a': 'not json' }) })).toThrow(CorruptedStateError);
    expect(() => storage.fetch({ key: 'a', body: body({ 'opkit.dev/a': '[1]' }) })).toThrow(/opkit\.dev\/a/);
    expect(storage.fetch({ key: 'a', body: body({ 'opkit.dev/a': 'null' }) })).toBeNull();
  });
});

describe('StatusProgressStorage and SmartProgressStorage', () => {
  it('status storage nests records under status.kopf.progress with nulls (which delete)', () => {
    const patch = new Patch();
    new StatusProgressStorage({ profile: 'kopf' }).store({ key: 'fn/spec.x', record: { retries: 1, delayed: null }, body: body(), patch });
    expect(patch.asMergePatch()).toEqual({ status: { kopf: { progress: { 'fn/spec.x': { retries: 1, delayed: null } } } } });
  });

  it('smart storage reads annotations first, then the legacy status, writes annotations only, purges both', () => {
    const storage = new SmartProgressStorage({ profile: 'kopf' });
    const legacy = body({}, { kopf: { progress: { create_fn: { retries: 3 } } } });
    expect(storage.fetch({ key: 'create_fn', body: legacy })).toEqual({ retries: 3 });
    const both = body({ 'kopf.zalando.org/create_fn': '{"retries":4}' }, { kopf: { progress: { create_fn: { retries: 3 } } } });
    expect(storage.fetch({ key: 'create_fn', body: both })).toEqual({ retries: 4 });

    const patch = new Patch();
    storage.store({ key: 'create_fn', record: { retries: 5 }, body: legacy, patch });
    storage.touch({ body: legacy, patch, value: 'now' });
    expect(patch.get('status')).toBeUndefined();
    storage.purge({ key: 'create_fn', body: both, patch });
    expect(patch.get('status.kopf.progress.create_fn')).toBeNull();
    expect(patch.annotations['kopf.zalando.org/create_fn']).toBeNull();
  });

  it('a status container that is not an object reads as no record', () => {
    expect(new StatusProgressStorage().fetch({ key: 'a', body: { status: { opkit: { progress: 'junk' } } } })).toBeNull();
  });

  it('clear() of the smart storage removes own annotations and the status progress field', () => {
    const essence = { spec: {}, metadata: { annotations: { 'kopf.zalando.org/a': '1', keep: 'x' } }, status: { kopf: { progress: {} } } };
    expect(new SmartProgressStorage({ profile: 'kopf' }).clear(essence)).toEqual({ spec: {}, metadata: { annotations: { keep: 'x' } } });
  });

  it('encodes unknown extra fields after the known ones, and all fields with verbose', () => {
    expect(encodeProgressRecord({ extra: 1, retries: 0 } as ProgressRecord)).toBe('{"retries":0,"extra":1}');
    expect(encodeProgressRecord({ retries: 0, message: null }, { verbose: true })).toBe('{"retries":0,"message":null}');
  });
});

function resolvePatchAnnotation(patch: Patch, key: string): unknown {
  return (patch.data.metadata as { annotations?: Record<string, unknown> } | undefined)?.annotations?.[key];
}
