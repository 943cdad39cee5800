// The end of a cause's cycle, as a pure function on a body and a Patch: when every handler of the
// cause is finished, purge their records and store the new diff-base (so the change is not seen
// again); otherwise store the records of this cycle's attempts and say when the rest is due.
import type { ChangingCause } from './causes.js';
import { CAUSE_TITLES } from './causes.js';
import type { DiffBaseStorage } from './diffBaseStorage.js';
import type { HandlerStates } from './handlerStates.js';
import type { Patch } from './patch.js';
import type { ProgressStorage } from './progressStorage.js';

/** What {@link finishCause} decided. */
export interface CauseFinish {
  /** Every handler of the cause is finished. */
  readonly done: boolean;
  /** Seconds until each unfinished handler is due (0: on the next event). */
  readonly delays: readonly number[];
  /** Kopf's log line when the cause is processed (`Creation is processed: 1 succeeded; 0 failed.`). */
  readonly message?: string | undefined;
}

/**
 * Record the end of a cause's cycle into the patch. Without `states` (no handler was selected for
 * the cause) only the change is remembered, as Kopf does: the diff-base, no "processed" line.
 *
 * @example
 * ```ts
 * const { done, delays, message } = finishCause({ body, patch, progressStorage, diffBaseStorage, cause, states, ownedHandlerIds });
 * ```
 */
export function finishCause(args: {
  readonly body: unknown; readonly patch: Patch; readonly progressStorage: ProgressStorage; readonly diffBaseStorage: DiffBaseStorage;
  readonly cause: ChangingCause; readonly states?: HandlerStates | undefined; readonly ownedHandlerIds: Iterable<string>;
}): CauseFinish {
  const { body, patch, cause, states } = args;
  if (states !== undefined && !states.done) {
    states.store({ body, patch, storage: args.progressStorage });
    return { done: false, delays: states.delays };
  }
  let message: string | undefined;
  if (states !== undefined) {
    const title = CAUSE_TITLES[cause.reason] ?? cause.reason;
    message = `${title.charAt(0).toUpperCase()}${title.slice(1)} is processed: ${states.counts.success} succeeded; ${states.counts.failure} failed.`;
    states.purge({ body, patch, storage: args.progressStorage, handlerIds: args.ownedHandlerIds });
  }
  if (cause.new !== null && (cause.old === null || cause.diff.length > 0)) args.diffBaseStorage.store({ body, patch, essence: cause.new });
  return { done: true, delays: [], message };
}
