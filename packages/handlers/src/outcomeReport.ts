// How an invocation's outcome is told, in Kopf's wording: one log line and the phase of its feed
// event, the same for change handlers (`Handler 'x' …`), daemons (`Daemon 'x' …`), timers
// (`Timer 'x' …`) and index handlers. describeOutcome is pure; reportOutcome logs the line on the
// object's logger and emits the event on the feed.
import type { Logger } from '@opkit/tasks';
import { HandlerRetriesError, HandlerTimeoutError, PermanentError, TemporaryError } from './errors.js';
import type { FeedEventInput, FeedObjectRef } from './feed.js';
import type { InvocationOutcome } from './types.js';

/** The log line and the feed fields of one outcome. */
export interface OutcomeReport {
  /** `info` for a success, `error` otherwise. */
  readonly level: 'info' | 'error';
  readonly line: string;
  /** Fields of the log line: the error, with its stack, for unexpected exceptions. */
  readonly fields?: { readonly error: unknown; readonly stack: true } | undefined;
  /** What the feed event of the attempt carries besides its base (id, kind, retry, duration, object). */
  readonly feed:
    | { readonly phase: 'succeeded'; readonly outcome: 'success' }
    | { readonly phase: 'succeeded'; readonly message: string; readonly outcome: 'ignored' }
    | { readonly phase: 'retrying'; readonly delay: number; readonly message: string; readonly outcome: 'temporary' | 'exception' }
    | { readonly phase: 'failed'; readonly message: string; readonly outcome: 'permanent' | 'timeout' };
}

/**
 * The message of an error as reports show it (its name when the message is empty).
 *
 * @example
 * ```ts
 * errorMessageOf(new TemporaryError('not yet')); // 'not yet'
 * ```
 */
export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * Describe an outcome; `title` names the handler (`Handler 'create_fn'`).
 *
 * @example
 * ```ts
 * describeOutcome("Timer 'tick'", { kind: 'temporary', error: new TemporaryError('later'), delay: 5 }).line;
 * // "Timer 'tick' failed temporarily: later"
 * ```
 */
export function describeOutcome(title: string, outcome: InvocationOutcome): OutcomeReport {
  const stack = (error: unknown) => ({ error, stack: true as const });
  switch (outcome.kind) {
    case 'success':
      return { level: 'info', line: `${title} succeeded.`, feed: { phase: 'succeeded', outcome: 'success' } };
    case 'ignored':
      return {
        level: 'error', line: `${title} failed with an exception. Will ignore.`, fields: stack(outcome.error),
        feed: { phase: 'succeeded', message: errorMessageOf(outcome.error), outcome: 'ignored' },
      };
    case 'temporary':
    case 'exception': {
      const message = errorMessageOf(outcome.error);
      const feed = { phase: 'retrying', delay: outcome.delay, message, outcome: outcome.kind } as const;
      return outcome.kind === 'temporary'
        ? { level: 'error', line: `${title} failed temporarily: ${message}`, feed }
        : { level: 'error', line: `${title} failed with an exception and will try again in ${outcome.delay} seconds: ${message}`, fields: stack(outcome.error), feed };
    }
    case 'permanent':
    case 'timeout': {
      const error = outcome.error;
      const cause = error instanceof Error ? error.cause : undefined;
      const fromException = !(error instanceof PermanentError)
        || ((error instanceof HandlerRetriesError || error instanceof HandlerTimeoutError) && cause !== undefined && !(cause instanceof TemporaryError));
      const message = errorMessageOf(error);
      const feed = { phase: 'failed', message, outcome: outcome.kind } as const;
      // Kopf logs its own retries/timeout errors as they are (already formatted with the title), with the
      // traceback of the error that used them up.
      const own = error instanceof HandlerRetriesError || error instanceof HandlerTimeoutError;
      if (own) return fromException ? { level: 'error', line: message, fields: stack(cause), feed } : { level: 'error', line: message, feed };
      return fromException
        ? { level: 'error', line: `${title} failed with an exception and will stop now: ${message}`, fields: stack(error), feed }
        : { level: 'error', line: `${title} failed permanently: ${message}`, feed };
    }
  }
}

const successLines = new Map<string, string>();

/** `<title> succeeded.`, made once per title (a bounded memo: titles are handlers', a few per operator). */
function successLine(title: string): string {
  let line = successLines.get(title);
  if (line === undefined) {
    line = `${title} succeeded.`;
    if (successLines.size >= 1024) successLines.clear();
    successLines.set(title, line);
  }
  return line;
}

/** What the feed event of an attempt carries besides its phase. */
export type AttemptFeedBase = {
  readonly type: 'handler'; readonly id: string; readonly kind: string; readonly retry: number; readonly durationMs: number;
  readonly cause?: 'create' | 'update' | 'delete' | 'resume' | undefined;
} & FeedObjectRef;

/**
 * Log an outcome and report it on the feed (without `emit`, only log it). `title` names the handler
 * (`Handler 'create_fn'`); `quietSuccess` skips the success line (a parent whose sub-handlers are still to run).
 *
 * @example
 * ```ts
 * reportOutcome({ logger, emit }, "Timer 'tick'", base, outcome);
 * ```
 */
export function reportOutcome(deps: { readonly logger: Logger; readonly emit?: ((event: FeedEventInput) => void) | undefined }, title: string, base: AttemptFeedBase, outcome: InvocationOutcome, options: { readonly quietSuccess?: boolean } = {}): void {
  if (outcome.kind === 'success') {
    // The common case, on every timer run: the line made once per title, no report object.
    if (options.quietSuccess) return;
    deps.logger.info(successLine(title));
    deps.emit?.({ ...base, phase: 'succeeded', outcome: 'success' });
    return;
  }
  const report = describeOutcome(title, outcome);
  if (report.level === 'info') deps.logger.info(report.line);
  else if (report.fields) deps.logger.error(report.line, report.fields);
  else deps.logger.error(report.line);
  deps.emit?.({ ...base, ...report.feed });
}
