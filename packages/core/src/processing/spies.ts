// Event spies: called for every event an object's queue processes (the initial listing with type
// `null`), errors ignored, nothing stored but their results, which go to `status[<id>]`.
import type { HandlerContext, HandlerEvent, Indices, ResourceHandler } from '@opkit/handlers';
import { filterContextOf, invokeHandler, matchesFilters } from '@opkit/handlers';
import type { Resource } from '@opkit/kube';
import type { HandlerOutcome, Patch } from '@opkit/state';
import { deliverResults } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';

/** What running spies needs. */
export interface SpyDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly emit: (event: FeedEventInput) => void;
  readonly indices: Indices;
}

/**
 * Run the matching spies of one event.
 *
 * @example
 * ```ts
 * await runSpies(deps, { spies, resource, event: { type: 'ADDED', object: body }, patch, memo, ref, signal });
 * ```
 */
export async function runSpies(deps: SpyDeps, input: {
  readonly spies: readonly ResourceHandler[]; readonly resource: Resource; readonly event: HandlerEvent; readonly patch: Patch;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>; readonly ref: FeedObjectRef; readonly signal: AbortSignal;
}): Promise<void> {
  const { event, ref } = input;
  const outcomes = new Map<string, HandlerOutcome>();
  for (const spy of input.spies) {
    const context = filterContextOf(event.object, {
      id: spy.id, resource: input.resource, patch: input.patch, logger: deps.logger, memo: input.memo, event, type: event.type,
      retry: 0, started: new Date(deps.clock.now()), runtime: 0, param: spy.param, signal: input.signal, indices: deps.indices,
    }) as HandlerContext;
    if (!matchesFilters(spy, { body: event.object, context })) continue;
    const start = deps.clock.now();
    deps.emit({ type: 'handler', phase: 'started', id: spy.id, kind: 'event', retry: 0, ...ref });
    const outcome = await invokeHandler(spy, context);
    const durationMs = deps.clock.now() - start;
    if (outcome.kind === 'success') {
      deps.logger.debug(`Handler '${spy.id}' succeeded.`);
      deps.emit({ type: 'handler', phase: 'succeeded', id: spy.id, kind: 'event', retry: 0, durationMs, outcome: 'success', ...ref });
      outcomes.set(spy.id, { final: true, result: outcome.result });
    } else {
      const error = outcome.error;
      deps.logger.error(`Handler '${spy.id}' failed with an exception. Will ignore.`, { error, stack: true });
      const message = error instanceof Error ? error.message : String(error);
      deps.emit({ type: 'handler', phase: 'failed', id: spy.id, kind: 'event', retry: 0, durationMs, message, outcome: 'ignored', ...ref });
    }
  }
  if (outcomes.size > 0) deliverResults({ outcomes, patch: input.patch });
}
