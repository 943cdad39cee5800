// planCycle: the one step a cycle takes, in Kopf's precedence, with its log line and patch fn; the
// release after the handlers; the consistency gate's wait; and resourceVersion ordering.
import { describe, expect, it } from 'vitest';
import type { ChangingCause } from './causes.js';
import { consistencyWait, planCycle, planRelease, reachedVersion } from './cyclePlan.js';
import type { CyclePlanInput } from './cyclePlan.js';
import { Patch } from './patch.js';

const OURS = 'opkit.dev/finalizer';
const live = (finalizers: string[] = []): Record<string, unknown> => ({ metadata: { name: 'x', resourceVersion: '1', finalizers } });
const deleting = (finalizers: string[] = [OURS]): Record<string, unknown> =>
  ({ metadata: { name: 'x', resourceVersion: '1', finalizers, deletionTimestamp: '2020-01-01T00:00:00Z' } });
const cause = (reason: ChangingCause['reason']): ChangingCause => ({ reason, initial: false, old: null, new: {}, diff: [], deleted: false });
const plan = (input: Partial<CyclePlanInput>) =>
  planCycle({ event: 'MODIFIED', body: live([OURS]), finalizer: OURS, required: true, consistencyWait: null, ...input });

/** The finalizers a plan's fn leaves on a body. */
function finalizersAfter(fn: ((body: Record<string, unknown>) => void) | undefined, body: Record<string, unknown>): unknown {
  const patch = new Patch();
  patch.fns.push(fn!);
  return (patch.applyTo(body).metadata as Record<string, unknown> | undefined)?.finalizers;
}

describe('planCycle', () => {
  it('ends with gone and free before anything else, and does nothing for objects that are not ours', () => {
    expect(plan({ event: 'DELETED', cause: cause('gone') })).toMatchObject({ step: 'gone', log: { message: 'Deleted, really deleted, and we are notified.' } });
    expect(plan({ body: deleting([]), cause: cause('free') })).toMatchObject({ step: 'free', wakeIn: null });
    expect(plan({ cause: undefined })).toEqual({ step: 'none', cause: undefined, wakeIn: null });
  });

  it('adds our finalizer in a cycle of its own, and removes it when nothing requires it', () => {
    const add = plan({ body: live(['other']), cause: cause('create') });
    expect(add).toMatchObject({ step: 'add-finalizer', log: { level: 'debug', message: 'Adding the finalizer, thus preventing the actual deletion.' } });
    expect(finalizersAfter(add.fn, live(['other']))).toEqual(['other', OURS]);
    const remove = plan({ cause: cause('update'), required: false });
    expect(remove.step).toBe('remove-finalizer');
    expect(finalizersAfter(remove.fn, live([OURS]))).toBeUndefined();
    // For daemons alone (no change cause) too.
    expect(plan({ body: live([]), stopping: [] }).step).toBe('add-finalizer');
  });

  it('runs the handlers of a cause, unless it is a noop or our own patch has not come back yet', () => {
    expect(plan({ cause: cause('update') })).toMatchObject({ step: 'handle', wakeIn: null });
    expect(plan({ cause: cause('update') }).fn).toBeUndefined();
    expect(plan({ cause: cause('noop') }).step).toBe('noop');
    expect(plan({ cause: cause('update'), consistencyWait: 3 })).toMatchObject({ step: 'wait-consistency', wakeIn: 3 });
  });

  it('while deleting, waits for stopping daemons first, then handles, and releases when there is no cause', () => {
    expect(plan({ body: deleting(), cause: cause('delete'), stopping: [4, 2] })).toMatchObject({ step: 'wait-daemons', wakeIn: 2 });
    expect(plan({ body: deleting(), cause: cause('delete'), stopping: [] }).step).toBe('handle');
    const release = plan({ body: deleting(), stopping: [], required: true });
    expect(release).toMatchObject({ step: 'release', log: { message: 'Removing the finalizer, thus allowing the actual deletion.' } });
    expect(finalizersAfter(release.fn, deleting([OURS, 'other']))).toEqual(['other']);
  });
});

describe('planRelease', () => {
  it('releases a deleted object once nothing is delayed', () => {
    expect(planRelease({ body: deleting(), finalizer: OURS, delays: [] })?.log.message).toBe('Removing the finalizer, thus allowing the actual deletion.');
    expect(planRelease({ body: deleting(), finalizer: OURS, delays: [5] })).toBeNull();
    expect(planRelease({ body: live([OURS]), finalizer: OURS, delays: [] })).toBeNull();
  });
});

describe('consistencyWait and reachedVersion', () => {
  it('waits for our own patch until the timeout, not without one or with the gate disabled', () => {
    expect(consistencyWait({ expectedVersion: '9', patchedAt: 1_000, now: 3_000, timeout: 5 })).toBe(3);
    expect(consistencyWait({ expectedVersion: '9', patchedAt: 1_000, now: 6_000, timeout: 5 })).toBeNull();
    expect(consistencyWait({ expectedVersion: undefined, patchedAt: 1_000, now: 1_000, timeout: 5 })).toBeNull();
    expect(consistencyWait({ expectedVersion: '9', patchedAt: 1_000, now: 1_000, timeout: 0 })).toBeNull();
  });

  it('compares integer versions numerically and others only for equality', () => {
    expect(reachedVersion('10', '9')).toBe(true);
    expect(reachedVersion('8', '9')).toBe(false);
    expect(reachedVersion('99999999999999999999', '99999999999999999998')).toBe(true);
    expect(reachedVersion('abc', 'abc')).toBe(true);
    expect(reachedVersion('abd', 'abc')).toBe(false);
  });
});
