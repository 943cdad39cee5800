// resourceStorages: which storages a resource gets, and how the status-mirrored progress storage
// reads (the more advanced of the two records), writes (both) and touches (the annotations only).
import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './diff.js';
import { AnnotationsDiffBaseStorage } from './diffBaseStorage.js';
import { DualDiffBaseStorage } from './dualDiffBaseStorage.js';
import { Patch } from './patch.js';
import { PERSISTENCE_PROFILES } from './profiles.js';
import { AnnotationsProgressStorage, MultiProgressStorage, SmartProgressStorage, StatusProgressStorage } from './progressStorage.js';
import { planPatchRequests } from './patchRequests.js';
import { resourceStorages } from './resourceStorages.js';

const body = (annotations: Record<string, string> = {}, status: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ metadata: { name: 'x', namespace: 'default', resourceVersion: '1', annotations }, spec: {}, status });

describe('resourceStorages', () => {
  it('keeps records and diff-base in annotations and status when the resource has a status subresource (kopf profile)', () => {
    const chosen = resourceStorages({ profile: 'kopf', statusSubresource: true, adoptOpkit: false });
    expect(chosen.finalizer).toBe('kopf.zalando.org/KopfFinalizerMarker');
    expect(chosen.diffBaseStorage).toBeInstanceOf(DualDiffBaseStorage);
    const patch = new Patch();
    chosen.progressStorage.store({ key: 'create_fn', record: { retries: 1, success: false }, body: body(), patch });
    const stored = applyMergePatch<Record<string, any>>(body(), JSON.parse(JSON.stringify(patch)));
    expect(stored.metadata.annotations['kopf.zalando.org/create_fn']).toBe('{"retries":1,"success":false}');
    expect(stored.status.kopf.progress.create_fn).toEqual({ retries: 1, success: false });
  });

  it('keeps records, touch values and the diff-base in the status only in the opkit profile: one /status request', () => {
    const { progressStorage, diffBaseStorage } = resourceStorages({ statusSubresource: true });
    const patch = new Patch();
    const created = body();
    progressStorage.store({ key: 'create_fn', record: { retries: 1, success: false }, body: created, patch });
    progressStorage.touch({ body: created, patch, value: '2026-01-01T00:00:00.000000+00:00' });
    diffBaseStorage.store({ body: created, patch, essence: { spec: { field: 'a' } } });
    expect(planPatchRequests(patch, { statusSubresource: true })).toEqual({ status: { status: { opkit: {
      progress: { create_fn: { retries: 1, success: false } }, dummy: '2026-01-01T00:00:00.000000+00:00',
      'last-handled-configuration': '{"spec":{"field":"a"}}', 'last-handled-configuration-replaces': expect.any(String),
    } } } });
    const stored = applyMergePatch<Record<string, any>>(created, JSON.parse(JSON.stringify(patch)));
    expect(progressStorage.fetch({ key: 'create_fn', body: stored })).toEqual({ retries: 1, success: false });
    expect(diffBaseStorage.fetch({ body: stored })).toEqual({ spec: { field: 'a' } });
  });

  it('resumes from what an older Opkit wrote (annotations and a status copy), and its newer status copy wins over the old annotation', () => {
    const older = resourceStorages({ profile: { ...PERSISTENCE_PROFILES.opkit, statusOnly: false }, statusSubresource: true });
    const current = resourceStorages({ statusSubresource: true });
    const first = new Patch();
    older.progressStorage.store({ key: 'create_fn', record: { retries: 2, success: false }, body: body(), patch: first });
    older.diffBaseStorage.store({ body: body(), patch: first, essence: { spec: { field: 'a' } } });
    const byOlder = applyMergePatch<Record<string, any>>(body(), JSON.parse(JSON.stringify(first)));
    expect(byOlder.metadata.annotations['opkit.dev/last-handled-configuration']).toBeDefined();
    expect(current.progressStorage.fetch({ key: 'create_fn', body: byOlder })).toEqual({ retries: 2, success: false });
    expect(current.diffBaseStorage.fetch({ body: byOlder })).toEqual({ spec: { field: 'a' } });
    // Only the annotation (no status copy: an object the older Opkit handled without a status part).
    const annotationOnly = { ...byOlder, status: {} };
    expect(current.diffBaseStorage.fetch({ body: annotationOnly })).toEqual({ spec: { field: 'a' } });
    // The next change is stored in the status only; the old annotation stays and loses.
    const next = new Patch();
    current.diffBaseStorage.store({ body: byOlder, patch: next, essence: { spec: { field: 'b' } } });
    current.progressStorage.purge({ key: 'create_fn', body: byOlder, patch: next });
    const byCurrent = applyMergePatch<Record<string, any>>(byOlder, JSON.parse(JSON.stringify(next)));
    expect(byCurrent.metadata.annotations['opkit.dev/last-handled-configuration']).toContain('"a"');
    expect(current.diffBaseStorage.fetch({ body: byCurrent })).toEqual({ spec: { field: 'b' } });
    // The older record is purged where it is (a one-off object request for such an object).
    expect(byCurrent.metadata.annotations['opkit.dev/create_fn']).toBeUndefined();
    expect(current.progressStorage.fetch({ key: 'create_fn', body: byCurrent })).toBeNull();
  });

  it('uses Kopf\'s layout without a status subresource, and the profile\'s finalizer unless given one', () => {
    const chosen = resourceStorages({ statusSubresource: false, adoptKopf: false });
    expect(chosen.progressStorage).toBeInstanceOf(SmartProgressStorage);
    expect(chosen.diffBaseStorage).toBeInstanceOf(AnnotationsDiffBaseStorage);
    expect(chosen.finalizer).toBe('opkit.dev/finalizer');
    expect(chosen.finalizers).toEqual(['opkit.dev/finalizer']);
    expect(resourceStorages({ statusSubresource: false, finalizer: 'example.com/mine' }).finalizer).toBe('example.com/mine');
  });

  it('uses storages it is given as given', () => {
    const progressStorage = new StatusProgressStorage({ field: 'status.mine' });
    const diffBaseStorage = new AnnotationsDiffBaseStorage({ profile: 'kopf' });
    const chosen = resourceStorages({ statusSubresource: true, progressStorage, diffBaseStorage });
    expect(chosen.progressStorage).toBe(progressStorage);
    expect(chosen.diffBaseStorage).toBe(diffBaseStorage);
  });
});

describe('resourceStorages of a second version (versionSuffix)', () => {
  const at = (apiVersion: string, spec: Record<string, unknown>): Record<string, any> => ({ apiVersion, kind: 'Widget', metadata: { name: 'w', namespace: 'ns' }, spec });

  it.each([
    ['opkit, status subresource', 'opkit', true],
    ['opkit, annotations', 'opkit', false],
    ['kopf, status subresource', 'kopf', true],
    ['kopf, annotations', 'kopf', false],
  ] as const)('keeps its own diff-base, finalizer and progress beside the first version\'s (%s)', (_, profile, statusSubresource) => {
    const v1 = resourceStorages({ profile, statusSubresource, adoptKopf: false, adoptOpkit: false });
    const v2 = resourceStorages({ profile, statusSubresource, versionSuffix: 'v2' });
    expect(v2.finalizer).toBe(`${v1.finalizer}.v2`);
    expect(v2.finalizers).toEqual([`${v1.finalizer}.v2`]);
    // Each version stores the essence of its own form of the object; neither reads the other's.
    const patch = new Patch();
    const seenAsV1 = at('example.com/v1', { replicas: 3 });
    v1.diffBaseStorage.store({ body: seenAsV1, patch, essence: v1.diffBaseStorage.build({ body: seenAsV1 }) });
    v1.progressStorage.store({ key: 'create_fn', record: { retries: 0, success: true }, body: seenAsV1, patch });
    const afterV1 = applyMergePatch<Record<string, any>>(seenAsV1, JSON.parse(JSON.stringify(patch)));
    const seenAsV2 = { ...afterV1, apiVersion: 'example.com/v2', spec: { size: 3 } };
    expect(v2.diffBaseStorage.fetch({ body: seenAsV2 })).toBeNull();
    expect(v2.progressStorage.fetch({ key: 'create_fn', body: seenAsV2 })).toBeNull();
    const second = new Patch();
    v2.diffBaseStorage.store({ body: seenAsV2, patch: second, essence: v2.diffBaseStorage.build({ body: seenAsV2 }) });
    v2.progressStorage.store({ key: 'create_fn', record: { retries: 1, success: false }, body: seenAsV2, patch: second });
    const afterV2 = applyMergePatch<Record<string, any>>(seenAsV2, JSON.parse(JSON.stringify(second)));
    expect(v2.diffBaseStorage.fetch({ body: afterV2 })).toEqual({ spec: { size: 3 } });
    expect(v2.progressStorage.fetch({ key: 'create_fn', body: afterV2 })).toEqual({ retries: 1, success: false });
    // The first version's records are untouched, and its essence does not see the second's records as a change.
    const backAsV1 = { ...afterV2, apiVersion: 'example.com/v1', spec: { replicas: 3 } };
    expect(v1.diffBaseStorage.fetch({ body: backAsV1 })).toEqual({ spec: { replicas: 3 } });
    expect(v1.progressStorage.fetch({ key: 'create_fn', body: backAsV1 })).toEqual({ retries: 0, success: true });
    expect(v1.diffBaseStorage.build({ body: backAsV1 })).toEqual(v1.diffBaseStorage.fetch({ body: backAsV1 }));
    expect(v2.diffBaseStorage.build({ body: { ...backAsV1, apiVersion: 'example.com/v2', spec: { size: 3 } } })).toEqual({ spec: { size: 3 } });
  });

  it('names the records with the version: status.opkit.last-handled-configuration.v2 and progress key create_fn.v2', () => {
    const v2 = resourceStorages({ statusSubresource: true, versionSuffix: 'v2' });
    const patch = new Patch();
    v2.diffBaseStorage.store({ body: body(), patch, essence: { spec: { size: 3 } } });
    v2.progressStorage.store({ key: 'create_fn', record: { retries: 0, success: true }, body: body(), patch });
    const stored = applyMergePatch<Record<string, any>>(body(), JSON.parse(JSON.stringify(patch)));
    expect(stored.status.opkit['last-handled-configuration.v2']).toBe('{"spec":{"size":3}}');
    expect(stored.status.opkit.progress['create_fn.v2']).toEqual({ retries: 0, success: true });
    expect(stored.status.opkit['last-handled-configuration']).toBeUndefined();
  });
});

describe('MultiProgressStorage', () => {
  const both = (options: ConstructorParameters<typeof MultiProgressStorage>[1]): MultiProgressStorage =>
    new MultiProgressStorage([new AnnotationsProgressStorage({ profile: 'kopf' }), new StatusProgressStorage({ profile: 'kopf' })], options);
  // The status request landed (success), the object request did not (the annotation still says retried once).
  const halfway = body({ 'kopf.zalando.org/create_fn': '{"retries":1,"success":false}' }, { kopf: { progress: { create_fn: { retries: 2, success: true } } } });

  it('reads the first record by default, the most advanced with read: advanced', () => {
    expect(both({}).fetch({ key: 'create_fn', body: halfway })).toEqual({ retries: 1, success: false });
    expect(both({ read: 'advanced' }).fetch({ key: 'create_fn', body: halfway })).toEqual({ retries: 2, success: true });
    const onlyStatus = body({}, { kopf: { progress: { create_fn: { retries: 3 } } } });
    expect(both({ read: 'advanced' }).fetch({ key: 'create_fn', body: onlyStatus })).toEqual({ retries: 3 });
    expect(both({ read: 'advanced' }).fetch({ key: 'other', body: halfway })).toBeNull();
  });

  it('on a tie, reads the earlier storage', () => {
    const tie = body({ 'kopf.zalando.org/create_fn': '{"retries":1,"message":"annotation"}' }, { kopf: { progress: { create_fn: { retries: 1, message: 'status' } } } });
    expect(both({ read: 'advanced' }).fetch({ key: 'create_fn', body: tie })?.message).toBe('annotation');
  });

  it('touches every storage by default, only the first with touch: first', () => {
    const all = new Patch();
    both({}).touch({ body: body(), patch: all, value: '2020-01-01T00:00:00.000000' });
    expect(Object.keys(all.asMergePatch()).sort()).toEqual(['metadata', 'status']);
    const first = new Patch();
    both({ touch: 'first' }).touch({ body: body(), patch: first, value: '2020-01-01T00:00:00.000000' });
    expect(Object.keys(first.asMergePatch())).toEqual(['metadata']);
  });
});
