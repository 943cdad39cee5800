// How an invocation's outcome is told: one log line in Kopf's wording and one feed event, the same
// for change handlers (`Handler 'x' …`), daemons (`Daemon 'x' …`) and timers (`Timer 'x' …`).
import type { InvocationOutcome } from '@opkit/handlers';
import { HandlerRetriesError, HandlerTimeoutError, PermanentError, TemporaryError } from '@opkit/handlers';
import type { Logger } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';

/** What the feed event of an attempt carries besides its phase. */
export type AttemptFeedBase = {
  readonly type: 'handler'; readonly id: string; readonly kind: string; readonly retry: number; readonly durationMs: number;
  readonly cause?: 'create' | 'update' | 'delete' | 'resume' | undefined;
} & FeedObjectRef;

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * Log an outcome and report it on the feed. `title` names the handler (`Handler 'create_fn'`);
 * `quietSuccess` skips the success line (a parent whose sub-handlers are still to run).
 *
 * @example
 * ```ts
 * reportOutcome({ logger, emit }, "Timer 'tick'", base, outcome);
 * ```
 */
export function reportOutcome(deps: { readonly logger: Logger; readonly emit: (event: FeedEventInput) => void }, title: string, base: AttemptFeedBase, outcome: InvocationOutcome, options: { readonly quietSuccess?: boolean } = {}): void {
  switch (outcome.kind) {
    case 'success':
      if (options.quietSuccess) return;
      deps.logger.info(`${title} succeeded.`);
      deps.emit({ ...base, phase: 'succeeded', outcome: 'success' });
      return;
    case 'ignored':
      deps.logger.error(`${title} failed with an exception. Will ignore.`, { error: outcome.error, stack: true });
      deps.emit({ ...base, phase: 'succeeded', message: messageOf(outcome.error), outcome: 'ignored' });
      return;
    case 'temporary':
      deps.logger.error(`${title} failed temporarily: ${messageOf(outcome.error)}`);
      deps.emit({ ...base, phase: 'retrying', delay: outcome.delay, message: messageOf(outcome.error), outcome: 'temporary' });
      return;
    case 'exception':
      deps.logger.error(`${title} failed with an exception and will try again in ${outcome.delay} seconds: ${messageOf(outcome.error)}`, { error: outcome.error, stack: true });
      deps.emit({ ...base, phase: 'retrying', delay: outcome.delay, message: messageOf(outcome.error), outcome: 'exception' });
      return;
    case 'permanent':
    case 'timeout': {
      const error = outcome.error;
      const cause = error instanceof Error ? error.cause : undefined;
      const fromException = !(error instanceof PermanentError)
        || ((error instanceof HandlerRetriesError || error instanceof HandlerTimeoutError) && cause !== undefined && !(cause instanceof TemporaryError));
      if (fromException) deps.logger.error(`${title} failed with an exception and will stop now: ${messageOf(error)}`, { error, stack: true });
      else deps.logger.error(`${title} failed permanently: ${messageOf(error)}`);
      deps.emit({ ...base, phase: 'failed', message: messageOf(error), outcome: outcome.kind });
    }
  }
}
