// How an invocation's outcome is told: the log line and feed phase @opkit/handlers describes
// (describeOutcome, in Kopf's wording), logged on the object's logger and emitted on the feed.
import type { InvocationOutcome } from '@opkit/handlers';
import { describeOutcome, errorMessageOf } from '@opkit/handlers';
import type { Logger } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';

/** What the feed event of an attempt carries besides its phase. */
export type AttemptFeedBase = {
  readonly type: 'handler'; readonly id: string; readonly kind: string; readonly retry: number; readonly durationMs: number;
  readonly cause?: 'create' | 'update' | 'delete' | 'resume' | undefined;
} & FeedObjectRef;

/** The message of an error as reports show it. */
export const messageOf = errorMessageOf;

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
  if (options.quietSuccess && outcome.kind === 'success') return;
  const report = describeOutcome(title, outcome);
  if (report.level === 'info') deps.logger.info(report.line);
  else if (report.fields) deps.logger.error(report.line, report.fields);
  else deps.logger.error(report.line);
  deps.emit({ ...base, ...report.feed });
}
