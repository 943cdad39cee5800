// Taking over from Kopf in the default profile: Kopf's records are read after ours, moved under our
// names as they are written, purged with ours; Kopf's finalizer counts as ours.
import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './diff.js';
import { allowDeletion, blockDeletion, isDeletionBlocked } from './finalizers.js';
import { Patch } from './patch.js';
import { resourceStorages } from './resourceStorages.js';
import { AdoptingDiffBaseStorage, AdoptingProgressStorage, adoptedRecords, swapFinalizer } from './takeover.js';

const KOPF_DIFF_BASE = '{"spec":{"field":"value"}}\n';
const body = (annotations: Record<string, string>, finalizers: string[] = []): Record<string, any> =>
  ({ metadata: { name: 'x', namespace: 'default', resourceVersion: '1', annotations, finalizers }, spec: { field: 'value' } });
const apply = (target: Record<string, any>, patch: Patch): Record<string, any> => applyMergePatch(target, JSON.parse(JSON.stringify(patch)));

describe('taking over from Kopf (opkit profile)', () => {
  const chosen = resourceStorages({ statusSubresource: false });

  it('reads Kopf\'s diff-base while it has none of its own, and its own first', () => {
    expect(chosen.diffBaseStorage).toBeInstanceOf(AdoptingDiffBaseStorage);
    const kopfOnly = body({ 'kopf.zalando.org/last-handled-configuration': KOPF_DIFF_BASE });
    expect(chosen.diffBaseStorage.fetch({ body: kopfOnly })).toEqual({ spec: { field: 'value' } });
    const both = body({ 'kopf.zalando.org/last-handled-configuration': KOPF_DIFF_BASE, 'opkit.dev/last-handled-configuration': '{"spec":{"field":"mine"}}\n' });
    expect(chosen.diffBaseStorage.fetch({ body: both })).toEqual({ spec: { field: 'mine' } });
    expect(resourceStorages({ statusSubresource: false, adoptKopf: false }).diffBaseStorage.fetch({ body: kopfOnly })).toBeNull();
    expect(resourceStorages({ profile: 'kopf', statusSubresource: false, adoptOpkit: false }).diffBaseStorage).not.toBeInstanceOf(AdoptingDiffBaseStorage);
  });

  it('reads Kopf\'s progress records, and moves them under its own names when it writes', () => {
    expect(chosen.progressStorage).toBeInstanceOf(AdoptingProgressStorage);
    const started = body({ 'kopf.zalando.org/create_fn': '{"retries":1,"success":false}' });
    expect(chosen.progressStorage.fetch({ key: 'create_fn', body: started })).toEqual({ retries: 1, success: false });
    const patch = new Patch();
    chosen.progressStorage.store({ key: 'create_fn', record: { retries: 2, success: true }, body: started, patch });
    const stored = apply(started, patch);
    expect(stored.metadata.annotations['kopf.zalando.org/create_fn']).toBeUndefined();
    expect(stored.metadata.annotations['opkit.dev/create_fn']).toBe('{"retries":2,"success":true}');
    const purge = new Patch();
    chosen.progressStorage.purge({ key: 'create_fn', body: started, patch: purge });
    expect(apply(started, purge).metadata.annotations['kopf.zalando.org/create_fn']).toBeUndefined();
  });

  it('counts Kopf\'s finalizer as its own: it blocks deletion, is not doubled, and is released', () => {
    expect(chosen.finalizers).toEqual(['opkit.dev/finalizer', 'kopf.zalando.org/KopfFinalizerMarker']);
    const held = body({}, ['other.example.com/x', 'kopf.zalando.org/KopfFinalizerMarker']);
    expect(isDeletionBlocked(held, chosen.finalizers!)).toBe(true);
    const copy = structuredClone(held);
    blockDeletion(chosen.finalizers!)(copy);
    expect(copy.metadata.finalizers).toEqual(['other.example.com/x', 'kopf.zalando.org/KopfFinalizerMarker']);
    allowDeletion(chosen.finalizers!)(copy);
    expect(copy.metadata.finalizers).toEqual(['other.example.com/x']);
    const fresh = body({});
    blockDeletion(chosen.finalizers!)(fresh);
    expect(fresh.metadata.finalizers).toEqual(['opkit.dev/finalizer']);
  });

  it('names what it found of Kopf\'s records', () => {
    const found = body({ 'kopf.zalando.org/last-handled-configuration': KOPF_DIFF_BASE, 'kopf.zalando.org/create_fn': '{}' }, ['kopf.zalando.org/KopfFinalizerMarker']);
    const input = { progressStorage: chosen.progressStorage, diffBaseStorage: chosen.diffBaseStorage, finalizers: chosen.finalizers!, prefix: 'kopf.zalando.org' };
    expect(adoptedRecords({ ...input, body: found })).toEqual([
      'kopf.zalando.org/last-handled-configuration', 'kopf.zalando.org/create_fn', 'kopf.zalando.org/KopfFinalizerMarker',
    ]);
    expect(adoptedRecords({ ...input, body: body({ someannotation: 'x' }, ['opkit.dev/finalizer']) })).toEqual([]);
  });
});

describe('handing over to Kopf (kopf profile over the default profile\'s records)', () => {
  const chosen = resourceStorages({ profile: 'kopf', statusSubresource: true });
  // What the default profile leaves with a status subresource: the diff-base in the status only.
  const handled = (): Record<string, any> => ({
    ...body({}, ['opkit.dev/finalizer']),
    status: { opkit: { 'last-handled-configuration': '{"spec":{"field":"value"}}', 'last-handled-configuration-replaces': 'x' } },
  });

  it('reads the default profile\'s diff-base and finalizer, and writes Kopf\'s names once (settle)', () => {
    const storage = chosen.diffBaseStorage as AdoptingDiffBaseStorage;
    expect(chosen.settleAdopted).toBe(true);
    expect(chosen.finalizers).toEqual(['kopf.zalando.org/KopfFinalizerMarker', 'opkit.dev/finalizer']);
    expect(isDeletionBlocked(handled(), chosen.finalizers!)).toBe(true);
    expect(storage.fetch({ body: handled() })).toEqual({ spec: { field: 'value' } });
    const patch = new Patch();
    expect(storage.settle({ body: handled(), patch })).toBe(true);
    const settled = apply(handled(), patch);
    // Kopf's bytes, in the annotation Kopf reads.
    expect(settled.metadata.annotations['kopf.zalando.org/last-handled-configuration']).toBe(KOPF_DIFF_BASE);
    expect(storage.settle({ body: settled, patch: new Patch() })).toBe(false);
    // Not over a diff-base the same patch already stores (a change handled in this cycle).
    const storing = new Patch();
    storage.store({ body: handled(), patch: storing, essence: { spec: { field: 'new' } } });
    expect(storage.settle({ body: handled(), patch: storing })).toBe(false);
    expect(apply(handled(), storing).metadata.annotations['kopf.zalando.org/last-handled-configuration']).toBe('{"spec":{"field":"new"}}\n');
    // Nothing to settle on an object the default profile never handled.
    expect(storage.settle({ body: body({}), patch: new Patch() })).toBe(false);
  });

  it('swaps the finalizer in place, only when ours is absent', () => {
    const swap = swapFinalizer('opkit.dev/finalizer', 'kopf.zalando.org/KopfFinalizerMarker');
    const target = { metadata: { finalizers: ['a', 'opkit.dev/finalizer', 'b'] } };
    swap(target);
    expect(target.metadata.finalizers).toEqual(['a', 'kopf.zalando.org/KopfFinalizerMarker', 'b']);
    const both = { metadata: { finalizers: ['opkit.dev/finalizer', 'kopf.zalando.org/KopfFinalizerMarker'] } };
    swap(both);
    expect(both.metadata.finalizers).toEqual(['opkit.dev/finalizer', 'kopf.zalando.org/KopfFinalizerMarker']);
  });
});
