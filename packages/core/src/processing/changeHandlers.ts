// Running the change handlers of one cause for one cycle, in one direction: state starts the cause's
// bookkeeping (startCause) and picks the due handlers (HandlerStates.due: one per cycle by default,
// the one with the fewest retries); each is invoked with its context through @opkit/handlers, its
// sub-handlers after it; state records every outcome (withOutcomes, deliverResults) and ends the cycle
// (finishCause: records purged and the diff-base stored once every handler is finished).
import { isSecret, redactSecret, redactSecretDiff, stringifyJson } from '@opkit/json';
import type { ChangeReason, FilterContext, HandlerContext, Indices, ResourceHandler } from '@opkit/handlers';
import { filterContextOf, invokeHandler, PermanentError, reduceToField, reportOutcome, selectChangeHandlers } from '@opkit/handlers';
import type { KubeObject, Resource } from '@opkit/kube';
import type { ChangingCause, DiffBaseStorage, Essence, HandlerOutcome, HandlerStates, Patch, ProgressStorage } from '@opkit/state';
import { CAUSE_TITLES, deliverResults, finishCause, HandlerStates as States, startCause, subhandlersPendingOutcome } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import { nowMicros } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';
import type { OperatorSettings } from '../settings.js';
import type { ObjectMemory } from './memory.js';

/** What running change handlers needs. */
export interface ChangeRunDeps {
  readonly settings: OperatorSettings;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
  readonly logger: Logger;
  readonly progressStorage: ProgressStorage;
  readonly diffBaseStorage: DiffBaseStorage;
  readonly indices: Indices;
}

/** One cause's cycle. */
export interface ChangeRunInput {
  readonly resource: Resource;
  readonly body: KubeObject;
  readonly patch: Patch;
  readonly memory: ObjectMemory;
  readonly cause: ChangingCause;
  /** Every change handler of the resource (their records belong to us; the cause selects among them). */
  readonly owned: readonly ResourceHandler[];
  /** The current essence. */
  readonly current: Essence | null;
  /** What filter predicates receive besides the body (memo, logger). */
  readonly filterContext: Partial<FilterContext>;
  readonly ref: FeedObjectRef;
  readonly signal: AbortSignal;
}

type Cause = ChangingCause & { readonly reason: ChangeReason };

/**
 * Run one cycle of a cause's change handlers; the delays say when the unfinished ones are due.
 *
 * @example
 * ```ts
 * const { done, delays } = await runChangeHandlers(deps, { resource, body, patch, memory, cause, owned, current, filterContext, ref, signal });
 * ```
 */
export async function runChangeHandlers(deps: ChangeRunDeps, input: ChangeRunInput): Promise<{ readonly done: boolean; readonly delays: readonly number[] }> {
  const { body, patch } = input;
  const cause = input.cause as Cause;
  const selected = selectChangeHandlers(input.owned, {
    reason: cause.reason, initial: cause.initial, deleted: cause.deleted, body, old: cause.old, new: input.current, diff: cause.diff, context: input.filterContext,
  });
  const ownedHandlerIds = input.owned.map((handler) => handler.id);
  const { states, superseded } = startCause({
    body, patch, storage: deps.progressStorage, reason: cause.reason, clock: stateClock(deps.clock),
    ownedHandlerIds, causeHandlerIds: selected.map((handler) => handler.id),
  });
  for (const item of superseded) deps.logger.info(item.message);
  const title = CAUSE_TITLES[cause.reason]!;
  // Said on every cycle that does something (as Kopf does), but not on a cycle where every handler waits for
  // its delay (a timer's or daemon's patch wakes the object every few seconds): nothing is in progress then.
  // Which handlers are due is decided once per cycle: asked twice, a wake a fraction of a millisecond before
  // a retry's time could say "waiting" for the line and then run the handler anyway.
  const due = new Set(states.due(selected.map((handler) => handler.id), deps.settings.execution.lifecycle));
  const waiting = selected.length > 0 && due.size === 0;
  // Two debug lines with the whole body and the diff: built only when they go somewhere (a restart resumes
  // every object, and serializing each body for a line nobody reads was a tenth of it).
  if (!waiting && deps.logger.isEnabled?.('debug') !== false) {
    // A Secret's values never reach a log line (nor the feed, which carries the lines): redacted, keys kept.
    const secret = isSecret(body);
    deps.logger.debug(`${title.charAt(0).toUpperCase()}${title.slice(1)} is in progress: ${stringifyJson(redactSecret(body))}`);
    if (cause.reason === 'update') deps.logger.debug(`Updating diff: ${stringifyJson(secret ? redactSecretDiff(cause.diff) : cause.diff)}`);
  }
  // Nothing to run for this cause: only remember the change (as Kopf does, without a "processed" line).
  const ran = selected.length === 0 ? undefined : await runHandlers(deps, input, states, selected, due);
  const finish = finishCause({ body, patch, progressStorage: deps.progressStorage, diffBaseStorage: deps.diffBaseStorage, cause, states: ran, ownedHandlerIds });
  if (finish.message !== undefined) deps.logger.info(finish.message);
  if (finish.done) input.memory.fullyHandledOnce = true;
  if (finish.done && ran !== undefined && cause.reason !== 'delete') deps.logger.debug('Handling cycle is finished, waiting for new changes.'); // Kopf: not when the object goes
  return finish;
}

/** The progress records' clock: milliseconds with the microseconds kept, as Kopf's timestamps have them. */
function stateClock(clock: Clock): () => number {
  return () => nowMicros(clock) / 1000;
}

/** Invoke the `due` handlers of `states` (recursively for sub-handlers) and record their outcomes. */
async function runHandlers(deps: ChangeRunDeps, input: ChangeRunInput, states: HandlerStates, handlers: readonly ResourceHandler[], due: ReadonlySet<string>): Promise<HandlerStates> {
  const outcomes = new Map<string, HandlerOutcome>();
  for (const handler of handlers.filter((candidate) => due.has(candidate.id))) {
    const { subhandlers, recorded } = await invokeOne(deps, input, handler, states);
    outcomes.set(handler.id, subhandlers.length > 0 ? await runSubhandlers(deps, input, handler, subhandlers, recorded.result) : recorded);
  }
  deliverResults({ outcomes, patch: input.patch });
  return states.withOutcomes(outcomes);
}

async function runSubhandlers(deps: ChangeRunDeps, input: ChangeRunInput, parent: ResourceHandler, children: readonly ResourceHandler[], result: unknown): Promise<HandlerOutcome> {
  const ids = children.map((child) => child.id);
  let states = States.fromStorage({ body: input.body, storage: deps.progressStorage, handlerIds: ids, clock: stateClock(deps.clock) })
    .withPurpose(input.cause.reason)
    .withHandlers(ids);
  states = await runHandlers(deps, input, states, children, new Set(states.due(ids, deps.settings.execution.lifecycle)));
  states.store({ body: input.body, patch: input.patch, storage: deps.progressStorage });
  if (!states.done) {
    deps.logger.debug(`Handler '${parent.id}' has unfinished sub-handlers. Will retry soon.`);
    return subhandlersPendingOutcome({ delay: states.delay ?? 0, subrefs: ids });
  }
  const failed = ids.filter((id) => states.get(id)?.failure);
  if (failed.length > 0) {
    const error = new PermanentError(`Some sub-handlers failed: ${failed.join(', ')}`);
    deps.logger.error(`Handler '${parent.id}' failed permanently: ${error.message}`);
    return { final: true, error, subrefs: ids };
  }
  deps.logger.info(`Handler '${parent.id}' succeeded.`);
  deps.emit({ type: 'handler', phase: 'succeeded', id: parent.id, kind: parent.kind, retry: 0, cause: (input.cause as Cause).reason, outcome: 'success', ...input.ref });
  return { final: true, result, subrefs: ids };
}

async function invokeOne(deps: ChangeRunDeps, input: ChangeRunInput, handler: ResourceHandler, states: HandlerStates): Promise<{ recorded: HandlerOutcome; subhandlers: readonly ResourceHandler[] }> {
  const cause = input.cause as Cause;
  const state = states.get(handler.id)!;
  const start = deps.clock.now();
  const started = state.started === null ? new Date(start) : new Date(state.started / 1000);
  const reduced = handler.field ? reduceToField(handler.field, cause.old, cause.new, cause.diff) : { old: cause.old, new: cause.new, diff: cause.diff };
  const context = filterContextOf(input.body, {
    id: handler.id, resource: input.resource, patch: input.patch, logger: deps.logger, memo: input.memory.memo, reason: cause.reason, ...reduced,
    retry: state.retries, started, runtime: Math.max(0, (start - started.getTime()) / 1000), param: handler.param, signal: input.signal, indices: deps.indices,
  }) as HandlerContext;
  deps.emit({ type: 'handler', phase: 'started', id: handler.id, kind: handler.kind, retry: context.retry, cause: cause.reason, ...input.ref });
  const outcome = await invokeHandler(handler, context, { defaultBackoff: deps.settings.execution.defaultBackoff });
  const base = { type: 'handler' as const, id: handler.id, kind: handler.kind, retry: context.retry, durationMs: deps.clock.now() - start, cause: cause.reason, ...input.ref };
  reportOutcome(deps, `Handler '${handler.id}'`, base, outcome, { quietSuccess: outcome.kind === 'success' && outcome.subhandlers.length > 0 });
  switch (outcome.kind) {
    case 'success': return { recorded: { final: true, result: outcome.result }, subhandlers: outcome.subhandlers };
    case 'ignored': return { recorded: { final: true }, subhandlers: [] };
    case 'temporary': case 'exception': return { recorded: { final: false, delay: outcome.delay, error: outcome.error }, subhandlers: [] };
    default: return { recorded: { final: true, error: outcome.error }, subhandlers: [] };
  }
}
