// What the operator remembers about one object between its events (never what must survive a
// restart — that is stored on the object): its memo, whether it was found by the initial listing
// and has been fully handled since, the error-throttling step, patch fns left over from a failed
// JSON patch, the resourceVersion of our own last patch, the pending wake-up, and the write in flight.
import type { PatchFn } from '@opkit/state';
import type { KubeObject } from '@opkit/kube';

/** The in-memory state of one object. */
export interface ObjectMemory {
  /** A shallow copy of the operator memo, made at first sight. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  /** First seen in the initial listing of its stream. */
  noticedByListing: boolean;
  /** A changing cause has been fully handled once by this process (resume handlers ran or were not needed). */
  fullyHandledOnce: boolean;
  /** Index into the error delays; reset after a clean cycle. */
  throttleStep: number;
  /** Patch fns whose JSON patch failed (422), retried in the next cycle. */
  pendingFns: PatchFn[];
  /** The object part of a patch that failed after its status part was sent, resent with the next cycle. */
  pendingMain: Record<string, unknown> | undefined;
  /** The resourceVersion our last patch produced, until an event carries it. */
  expectedVersion: string | undefined;
  /** When that patch returned (clock ms). */
  patchedAt: number;
  /** The pending wake-up timer, if any. */
  timer: unknown;
  /** The latest body seen (wake-ups re-process it). */
  latest: KubeObject | undefined;
  /** The essence at the last event (for the idle periods of timers), when they need it. */
  essence: unknown;
  /** The object's last write in flight: cycles and daemons send their patches one after another. */
  writing: Promise<unknown>;
}

/**
 * A fresh memory for an object.
 *
 * @example
 * ```ts
 * const memory = newMemory({ ...operatorMemo }, true);
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
export function newMemory(memo: Record<string, any>, noticedByListing: boolean): ObjectMemory {
  return {
    memo, noticedByListing, fullyHandledOnce: false, throttleStep: 0, pendingFns: [], pendingMain: undefined,
    expectedVersion: undefined, patchedAt: 0, timer: undefined, latest: undefined, essence: undefined, writing: Promise.resolve(),
  };
}

/**
 * Run `write` after the object's previous write has settled (whatever its outcome): all patches of an
 * object — its cycles' and its daemons' — go out one at a time, in order.
 *
 * @example
 * ```ts
 * const sent = await serialWrite(memory, () => applyPatch(deps, resource, body, patch, ref));
 * ```
 */
export function serialWrite<T>(memory: ObjectMemory, write: () => Promise<T>): Promise<T> {
  const result = memory.writing.then(write, write);
  memory.writing = result.catch(() => undefined);
  return result;
}
