// The plan of one processing cycle, as a pure function of what the cycle knows: the changing cause
// (if change handlers could match), whether our finalizer is required, whether daemons are still
// stopping, and whether our own last patch has come back through the watch. It answers, in Kopf's
// order, the one step the cycle takes — finalizer bookkeeping in a cycle of its own, the consistency
// gate, running the change handlers, or releasing the object — with its log line and its patch fn.
// Core carries it out; nothing here talks to the API server or runs a handler.
import type { ChangingCause } from './causes.js';
import type { Finalizers } from './finalizers.js';
import { allowDeletion, blockDeletion, isDeletionBlocked, isDeletionOngoing, planFinalizer, shouldReleaseFinalizer } from './finalizers.js';
import type { PatchFn } from './patch.js';

/** The one step a cycle takes. */
export type CycleStep =
  /** The object is gone (a DELETED event): forget it. */
  | 'gone'
  /** Deleted, and our finalizer is not on it: nothing to do. */
  | 'free'
  /** Add our finalizer (change handlers wait for the next cycle). */
  | 'add-finalizer'
  /** Remove our finalizer: nothing requires it any more. */
  | 'remove-finalizer'
  /** Something changed, but not the essence. */
  | 'noop'
  /** Deleting: wait for the daemons to stop before the deletion handlers run. */
  | 'wait-daemons'
  /** Our own last patch has not come back through the watch yet: wait for it. */
  | 'wait-consistency'
  /** Run the change handlers of the cause. */
  | 'handle'
  /** Deleting, nothing to run: remove our finalizer to let the object go. */
  | 'release'
  /** Nothing to do. */
  | 'none';

/** A log line of the plan, in Kopf's wording. */
export interface CycleLog {
  readonly level: 'debug' | 'info';
  readonly message: string;
}

/** What {@link planCycle} decided. */
export interface CyclePlan {
  readonly step: CycleStep;
  /** The cause to report, if there is one. */
  readonly cause?: ChangingCause | undefined;
  /** Seconds until the object should be looked at again without a new event, or `null`. */
  readonly wakeIn: number | null;
  readonly log?: CycleLog | undefined;
  /** The patch fn of the step (adding or removing our finalizer). */
  readonly fn?: PatchFn | undefined;
}

/** The input of {@link planCycle}. */
export interface CyclePlanInput {
  /** The watch event type (`DELETED` ends everything). */
  readonly event: string | null;
  readonly body: unknown;
  /** Our finalizer. */
  readonly finalizer: Finalizers;
  /** The changing cause, when some change handler could match the object; else the object is not ours to change (stealth). */
  readonly cause?: ChangingCause | undefined;
  /** Whether our finalizer is required (see `requiresFinalizer`). */
  readonly required: boolean;
  /** When the object has daemons or timers: seconds until each one still stopping is done (empty: none). */
  readonly stopping?: readonly number[] | undefined;
  /** Seconds left to wait for our own last patch (see {@link consistencyWait}), or `null`. */
  readonly consistencyWait: number | null;
}

const RELEASE: CycleLog = { level: 'debug', message: 'Removing the finalizer, thus allowing the actual deletion.' };

/**
 * Plan one cycle. Precedence: `gone`, `free`; then — for objects with a cause or with daemons — adding
 * or removing our finalizer, `noop`, waiting for stopping daemons while deleting, the consistency gate,
 * running the handlers, and releasing a deleted object when there is no cause to run.
 *
 * @example
 * ```ts
 * const plan = planCycle({ event: 'MODIFIED', body, finalizer, cause, required: true, consistencyWait: null });
 * if (plan.fn) patch.fns.push(plan.fn); // e.g. step 'add-finalizer'
 * ```
 */
export function planCycle(input: CyclePlanInput): CyclePlan {
  const { cause, body, finalizer } = input;
  const plan = (step: CycleStep, extra: Partial<CyclePlan> = {}): CyclePlan => ({ step, cause, wakeIn: null, ...extra });
  if (cause?.reason === 'gone') return plan('gone', { log: { level: 'debug', message: 'Deleted, really deleted, and we are notified.' } });
  if (cause?.reason === 'free') return plan('free', { log: { level: 'debug', message: 'Deletion, but we are done with it, and we do not care.' } });
  if (input.event === 'DELETED' || (cause === undefined && input.stopping === undefined)) return plan('none');
  const { action } = planFinalizer({ body, finalizer, required: input.required });
  if (action === 'add') {
    return plan('add-finalizer', { fn: blockDeletion(finalizer), log: { level: 'debug', message: 'Adding the finalizer, thus preventing the actual deletion.' } });
  }
  if (action === 'remove') {
    return plan('remove-finalizer', { fn: allowDeletion(finalizer), log: { level: 'debug', message: 'Removing the finalizer, as there are no handlers requiring it.' } });
  }
  if (cause?.reason === 'noop') return plan('noop', { log: { level: 'debug', message: 'Something has changed, but we are not interested (the essence is the same).' } });
  const deleting = isDeletionOngoing(body) && isDeletionBlocked(body, finalizer);
  const stopping = input.stopping ?? [];
  // Deletion handlers run once the daemons have stopped (so they run once, after them); their end wakes the object.
  if (deleting && stopping.length > 0) return plan('wait-daemons', { wakeIn: Math.min(...stopping) });
  if (cause && input.consistencyWait !== null) return plan('wait-consistency', { wakeIn: input.consistencyWait });
  if (cause) return plan('handle');
  return deleting ? plan('release', { fn: allowDeletion(finalizer), log: RELEASE }) : plan('none');
}

/**
 * After the change handlers ran: the release of a deleted object when nothing is delayed any more
 * (see `shouldReleaseFinalizer`), or `null`.
 *
 * @example
 * ```ts
 * const release = planRelease({ body, finalizer, delays: [] }); // { log, fn } when deleting with our finalizer
 * ```
 */
export function planRelease(args: { readonly body: unknown; readonly finalizer: Finalizers; readonly delays: readonly number[] }): { readonly log: CycleLog; readonly fn: PatchFn } | null {
  return shouldReleaseFinalizer(args) ? { log: RELEASE, fn: allowDeletion(args.finalizer) } : null;
}

/**
 * Seconds left to wait before change handlers may run on an event older than our own last patch
 * (`expectedVersion`, sent at `patchedAt` ms): `null` when there is nothing to wait for — no patch
 * pending, the gate disabled (`timeout` 0), or the timeout passed.
 *
 * @example
 * ```ts
 * consistencyWait({ expectedVersion: '42', patchedAt: 1_000, now: 3_000, timeout: 5 }); // 3
 * ```
 */
export function consistencyWait(args: { readonly expectedVersion: string | undefined; readonly patchedAt: number; readonly now: number; readonly timeout: number }): number | null {
  if (args.expectedVersion === undefined || args.timeout <= 0) return null;
  const until = args.patchedAt + args.timeout * 1000;
  return args.now < until ? Math.max(0, (until - args.now) / 1000) : null;
}

/**
 * Whether an event's resourceVersion is the one our patch produced, or a later one. Versions are
 * opaque to clients, but every API server in use issues increasing integers; with events coalesced
 * while an object is busy, ours may be skipped by a newer one, which is just as consistent.
 *
 * @example
 * ```ts
 * reachedVersion('12', '9'); // true
 * ```
 */
export function reachedVersion(version: string, expected: string): boolean {
  if (version === expected) return true;
  if (!/^\d+$/.test(version) || !/^\d+$/.test(expected)) return false;
  return BigInt(version) >= BigInt(expected);
}
