// Event spies: called for every event an object's queue processes (the initial listing with type
// `null`), errors logged and ignored, nothing stored but their results, which the caller writes to
// `status[<id>]` (core gives @opkit/state's deliverResults). @opkit/core runs them before the
// change handlers of the same event.
import type { Resource } from '@opkit/kube';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from './feed.js';
import { filterContextOf, matchesFilters } from './filters.js';
import { invokeHandler } from './invoke.js';
import type { Indices } from './indices.js';
import type { HandlerContext, HandlerEvent, HandlerPatch, ResourceHandler } from './types.js';

/** What running spies needs. */
export interface SpyDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly emit: (event: FeedEventInput) => void;
  readonly indices: Indices;
}

/** One event's spies: the handlers, the event, the patch their context gets, and where their results go. */
export interface SpyInput {
  readonly spies: readonly ResourceHandler[];
  readonly resource: Resource;
  readonly event: HandlerEvent;
  readonly patch: HandlerPatch;
   
  readonly memo: Record<string, any>;
  readonly ref: FeedObjectRef;
  readonly signal: AbortSignal;
  /** Called once, after all spies ran, with the results of those that succeeded (by id), unless none did. */
  readonly deliver: (results: ReadonlyMap<string, { readonly final: true; readonly result: unknown }>) => void;
}

/**
 * Run the matching spies of one event: each invoked once, its success logged at debug and its failure
 * logged and ignored (`Will ignore.`), both on the feed as handlers of kind `event`.
 *
 * @example
 * ```ts
 * await runSpies(deps, { spies, resource, event: { type: 'ADDED', object: body }, patch, memo, ref, signal,
 *   deliver: (outcomes) => deliverResults({ outcomes, patch }) });
 * ```
 */
export async function runSpies(deps: SpyDeps, input: SpyInput): Promise<void> {
  const { event, ref } = input;
  const outcomes = new Map<string, { final: true; result: unknown }>();
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
  if (outcomes.size > 0) input.deliver(outcomes);
}
