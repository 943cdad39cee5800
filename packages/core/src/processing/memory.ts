// What the operator remembers about one object between its events (never what must survive a
// restart — that is stored on the object): its memo, whether it was found by the initial listing
// and has been fully handled since, the error-throttling step, patch fns left over from a failed
// JSON patch, the resourceVersion of our own last patch, and the way to its serialized writes.
// Its wake-ups are scheduled in the operator's keyed queue, its writes go through another.
import type { PatchFn } from '@opkit/state';
import type { KubeObject } from '@opkit/kube';
import { KeyedQueue } from '@opkit/tasks';
import type { Clock } from '@opkit/tasks';

/** Sends one write of an object after its previous ones have settled (whatever their outcome). */
export type ObjectWrite = <T>(send: () => Promise<T>) => Promise<T>;

/** The in-memory state of one object. */
export interface ObjectMemory {
  /** A shallow copy of the operator memo, made at first sight. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  /** First seen in the initial listing of its stream. */
  noticedByListing: boolean;
  /** A changing cause has been fully handled once by this process (resume handlers ran or were not needed). */
  fullyHandledOnce: boolean;
  /** Whether the records adopted from Kopf (default profile) were reported already. */
  adoptionReported?: boolean;
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
  /** The latest body seen (wake-ups re-process it). */
  latest: KubeObject | undefined;
  /** The essence at the last event (for the idle periods of timers), when they need it. */
  essence: unknown;
  /** Send a patch of the object: cycles and daemons send theirs one after another, in order. */
  readonly write: ObjectWrite;
}

/**
 * A fresh memory for an object; `write` sends its patches (see {@link objectWrites}), by default at once.
 *
 * @example
 * ```ts
 * const memory = newMemory({ ...operatorMemo }, true, writes(key));
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
export function newMemory(memo: Record<string, any>, noticedByListing: boolean, write: ObjectWrite = (send) => send()): ObjectMemory {
  return {
    memo, noticedByListing, fullyHandledOnce: false, throttleStep: 0, pendingFns: [], pendingMain: undefined,
    expectedVersion: undefined, patchedAt: 0, latest: undefined, essence: undefined, write,
  };
}

/**
 * The operator's serialized writes: one keyed queue (every write kept, in order, one at a time per
 * object, any number of objects at once); `writes(key)` sends the writes of one object.
 *
 * @example
 * ```ts
 * const sent = await writes(key)(() => applyPatch(deps, resource, body, patch, ref));
 * ```
 */
export function objectWrites(clock: Clock): (key: string) => ObjectWrite {
  const queue = new KeyedQueue<() => Promise<void>>((send) => send(), { coalesce: 'none', concurrency: Number.POSITIVE_INFINITY, clock });
  return (key) => (send) => new Promise((resolve, reject) => {
    queue.add(key, () => Promise.resolve().then(send).then(resolve, reject));
  });
}
