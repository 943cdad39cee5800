// Telling a daemon's cancellation from its failure: an attempt that rejects because its own `signal` or
// `stopped.signal` aborted was ended by the stop (like Kopf's cancelled task), which is not a failure to
// report or retry. The embedder asks this of every outcome it invokes.
import type { DaemonContext, InvocationOutcome } from '@opkit/handlers';

/**
 * Whether a failed attempt failed because its `signal` or `stopped.signal` aborted (a rejection with the
 * abort's reason, or any AbortError once one of them aborted).
 *
 * @example
 * ```ts
 * const outcome = await invokeHandler(handler, context);
 * if (wasCancelled(outcome, context)) logger.debug('cancelled');
 * ```
 */
export function wasCancelled(outcome: InvocationOutcome, context: Pick<DaemonContext, 'signal' | 'stopped'>): boolean {
  if (outcome.kind === 'success') return false;
  const { error } = outcome;
  return [context.signal, context.stopped.signal].some((signal) => signal.aborted
    && (error === signal.reason || (error instanceof Error && error.name === 'AbortError')));
}
