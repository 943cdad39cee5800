// Checks finalizer decisions and the guarded JSON-patch operations that add and remove ours
// without touching other controllers' finalizers.
import { describe, expect, it } from 'vitest';
import {
  addFinalizerPatch, allowDeletion, blockDeletion, isDeletionBlocked, planFinalizer, removeFinalizerPatch,
  requiresFinalizer, shouldReleaseFinalizer,
} from './finalizers.js';
import { applyJsonPatch } from './jsonPatch.js';
import { Patch } from './patch.js';

const OURS = 'opkit.dev/finalizer';

describe('addFinalizerPatch / removeFinalizerPatch', () => {
  it('adds the whole list when there is none, guarded by the resourceVersion', () => {
    expect(addFinalizerPatch({ metadata: { resourceVersion: '5' } }, OURS)).toEqual([
      { op: 'test', path: '/metadata/resourceVersion', value: '5' },
      { op: 'add', path: '/metadata/finalizers', value: [OURS] },
    ]);
  });

  it('appends after other controllers\' finalizers and removes ours by index, keeping theirs', () => {
    const body = { metadata: { resourceVersion: '6', finalizers: ['a.io/x', 'b.io/y'] } };
    const added = addFinalizerPatch(body, OURS);
    expect(added).toEqual([
      { op: 'test', path: '/metadata/resourceVersion', value: '6' },
      { op: 'add', path: '/metadata/finalizers/2', value: OURS },
    ]);
    const withOurs = applyJsonPatch<typeof body>(body, added);
    expect(withOurs.metadata.finalizers).toEqual(['a.io/x', 'b.io/y', OURS]);
    const middle = { metadata: { resourceVersion: '7', finalizers: ['a.io/x', OURS, 'b.io/y'] } };
    const removed = removeFinalizerPatch(middle, OURS);
    expect(removed).toEqual([
      { op: 'test', path: '/metadata/resourceVersion', value: '7' },
      { op: 'remove', path: '/metadata/finalizers/1' },
    ]);
    expect(applyJsonPatch<typeof middle>(middle, removed).metadata.finalizers).toEqual(['a.io/x', 'b.io/y']);
  });

  it('is empty when there is nothing to do, and fails on a changed object instead of clobbering it', () => {
    expect(addFinalizerPatch({ metadata: { resourceVersion: '1', finalizers: [OURS] } }, OURS)).toEqual([]);
    expect(removeFinalizerPatch({ metadata: { resourceVersion: '1' } }, OURS)).toEqual([]);
    const ops = removeFinalizerPatch({ metadata: { resourceVersion: '1', finalizers: [OURS] } }, OURS);
    expect(() => applyJsonPatch({ metadata: { resourceVersion: '2', finalizers: ['c.io/z', OURS] } }, ops)).toThrow(/test failed/);
  });

  it('works as patch fns against the freshest body', () => {
    const patch = new Patch();
    patch.fns.push(blockDeletion(OURS));
    expect(patch.fnsAsJsonPatch({ metadata: { finalizers: ['x'] } })).toEqual([{ op: 'add', path: '/metadata/finalizers/1', value: OURS }]);
    const release = new Patch();
    release.fns.push(allowDeletion(OURS));
    expect(release.fnsAsJsonPatch({ metadata: { name: 'n', finalizers: [OURS] } })).toEqual([{ op: 'remove', path: '/metadata/finalizers' }]);
  });
});

describe('requiresFinalizer', () => {
  it('is required by mandatory delete handlers, daemons and timers only', () => {
    expect(requiresFinalizer({ handlers: [] })).toBe(false);
    expect(requiresFinalizer({ handlers: [{ kind: 'delete', optional: true }, { kind: 'create' }] })).toBe(false);
    expect(requiresFinalizer({ handlers: [{ kind: 'delete' }] })).toBe(true);
    expect(requiresFinalizer({ handlers: [{ kind: 'daemon' }] })).toBe(true);
    expect(requiresFinalizer({ handlers: [{ kind: 'timer' }] })).toBe(true);
  });

  it('asks `matches` only about handlers that need the finalizer, and stops at the first match', () => {
    const asked: string[] = [];
    const handlers = [{ kind: 'create', id: 'a' }, { kind: 'delete', id: 'b' }, { kind: 'delete', id: 'c' }, { kind: 'delete', id: 'd' }];
    expect(requiresFinalizer({ handlers, matches: (handler) => { asked.push(handler.id); return handler.id === 'c'; } })).toBe(true);
    expect(asked).toEqual(['b', 'c']);
    expect(requiresFinalizer({ handlers, matches: () => false })).toBe(false);
  });
});

describe('planFinalizer and shouldReleaseFinalizer', () => {
  const live = (finalizers: string[] = []) => ({ metadata: { resourceVersion: '1', finalizers } });
  const deleting = (finalizers: string[] = []) => ({ metadata: { resourceVersion: '1', finalizers, deletionTimestamp: 'now' } });

  it('adds when required and absent, in its own cycle, but never while deleting', () => {
    expect(planFinalizer({ body: live(), finalizer: OURS, required: true })).toEqual({ action: 'add', skipChangeHandlers: true });
    expect(planFinalizer({ body: deleting(), finalizer: OURS, required: true })).toEqual({ action: null, skipChangeHandlers: false });
    expect(planFinalizer({ body: live([OURS]), finalizer: OURS, required: true })).toEqual({ action: null, skipChangeHandlers: false });
  });

  it('removes when present and no longer required', () => {
    expect(planFinalizer({ body: live([OURS]), finalizer: OURS, required: false })).toEqual({ action: 'remove', skipChangeHandlers: true });
    expect(planFinalizer({ body: live(['other']), finalizer: OURS, required: false })).toEqual({ action: null, skipChangeHandlers: false });
  });

  it('releases a deleted object only when nothing is delayed', () => {
    expect(shouldReleaseFinalizer({ body: deleting([OURS]), finalizer: OURS, delays: [] })).toBe(true);
    expect(shouldReleaseFinalizer({ body: deleting([OURS]), finalizer: OURS, delays: [0] })).toBe(false);
    expect(shouldReleaseFinalizer({ body: live([OURS]), finalizer: OURS, delays: [] })).toBe(false);
    expect(shouldReleaseFinalizer({ body: deleting(['other']), finalizer: OURS, delays: [] })).toBe(false);
    expect(isDeletionBlocked(deleting(['other', OURS]), OURS)).toBe(true);
  });
});
