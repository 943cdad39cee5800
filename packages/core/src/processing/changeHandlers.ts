// Running the change handlers of one cause for one cycle: pick the due ones (one per cycle by
// default, the one with the fewest retries), invoke each with its context, run the sub-handlers a
// handler registered, record every outcome in the progress records, deliver results to the status,
// and — once every handler of the cause is finished — purge the records and store the new diff-base.
import { stringifyJson } from '@opkit/json';
import type { ChangeReason, HandlerContext, Indices, InvocationOutcome, ResourceHandler } from '@opkit/handlers';
import { invokeHandler, PermanentError, reduceToField } from '@opkit/handlers';
import type { KubeObject, Resource } from '@opkit/kube';
import type { ChangingCause, DiffBaseStorage, HandlerOutcome, HandlerStates, Patch, ProgressStorage } from '@opkit/state';
import { CAUSE_TITLES, deliverResults, HandlerStates as States, startCause } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';
import type { OperatorSettings } from '../settings.js';
import type { ObjectMemory } from './memory.js';
import { reportOutcome } from './outcomes.js';

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
  readonly cause: ChangingCause & { readonly reason: ChangeReason };
  /** Every change handler of the resource (their records belong to us). */
  readonly owned: readonly ResourceHandler[];
  /** The handlers the cause selected. */
  readonly selected: readonly ResourceHandler[];
  readonly ref: FeedObjectRef;
  readonly signal: AbortSignal;
}

/** What the cycle left to do. */
export interface ChangeRunResult {
  /** Every handler of the cause is finished. */
  readonly done: boolean;
  /** Seconds until each unfinished handler is due (0: on the next event). */
  readonly delays: readonly number[];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Pick the handlers to run now: the due ones, one (fewest retries first) or all. */
function pickDue(states: HandlerStates, handlers: readonly ResourceHandler[], lifecycle: 'asap' | 'all-at-once'): ResourceHandler[] {
  const awakened = new Set(states.awakened);
  const due = handlers.filter((handler) => awakened.has(handler.id));
  if (lifecycle === 'all-at-once' || due.length <= 1) return due;
  let best = due[0]!;
  for (const handler of due) if ((states.get(handler.id)?.retries ?? 0) < (states.get(best.id)?.retries ?? 0)) best = handler;
  return [best];
}

/**
 * Run one cycle of a cause's change handlers.
 *
 * @example
 * ```ts
 * const { done, delays } = await runChangeHandlers(deps, { resource, body, patch, memory, cause, owned, selected, ref, signal });
 * ```
 */
export async function runChangeHandlers(deps: ChangeRunDeps, input: ChangeRunInput): Promise<ChangeRunResult> {
  const { body, patch, cause } = input;
  const clock = (): number => deps.clock.now();
  const title = CAUSE_TITLES[cause.reason] ?? cause.reason;
  const { states: initial, superseded } = startCause({
    body, patch, storage: deps.progressStorage, reason: cause.reason, clock,
    ownedHandlerIds: input.owned.map((handler) => handler.id), causeHandlerIds: input.selected.map((handler) => handler.id),
  });
  for (const item of superseded) deps.logger.info(item.message);
  deps.logger.debug(`${capitalize(title)} is in progress: ${stringifyJson(body)}`);
  if (cause.reason === 'update') deps.logger.debug(`Updating diff: ${stringifyJson(cause.diff)}`);

  if (input.selected.length === 0) {
    // Nothing to run for this cause: only remember the change (as Kopf does, without a "processed" line).
    if (cause.new !== null && (cause.old === null || cause.diff.length > 0)) {
      deps.diffBaseStorage.store({ body, patch, essence: cause.new });
    }
    input.memory.fullyHandledOnce = true;
    return { done: true, delays: [] };
  }
  const states = await runHandlers(deps, input, initial, input.selected);
  if (states.done) {
    const counts = states.counts;
    deps.logger.info(`${capitalize(title)} is processed: ${counts.success} succeeded; ${counts.failure} failed.`);
    states.purge({ body, patch, storage: deps.progressStorage, handlerIds: input.owned.map((handler) => handler.id) });
    if (cause.new !== null && (cause.old === null || cause.diff.length > 0)) {
      deps.diffBaseStorage.store({ body, patch, essence: cause.new });
    }
    input.memory.fullyHandledOnce = true;
    deps.logger.debug('Handling cycle is finished, waiting for new changes.');
    return { done: true, delays: [] };
  }
  states.store({ body, patch, storage: deps.progressStorage });
  return { done: false, delays: states.delays };
}

/** Invoke the due handlers of `states` (recursively for sub-handlers) and record their outcomes. */
async function runHandlers(deps: ChangeRunDeps, input: ChangeRunInput, states: HandlerStates, handlers: readonly ResourceHandler[]): Promise<HandlerStates> {
  const outcomes = new Map<string, HandlerOutcome>();
  for (const handler of pickDue(states, handlers, deps.settings.execution.lifecycle)) {
    const state = states.get(handler.id)!;
    const started = state.started === null ? new Date(deps.clock.now()) : new Date(state.started / 1000);
    const runtime = Math.max(0, (deps.clock.now() - started.getTime()) / 1000);
    const context = buildContext(deps, input, handler, { retry: state.retries, started, runtime });
    const outcome = await invokeOne(deps, input, handler, context);
    outcomes.set(handler.id, outcome.recorded);
    if (outcome.subhandlers.length > 0) {
      const sub = await runSubhandlers(deps, input, handler, outcome.subhandlers, outcome.recorded.result);
      outcomes.set(handler.id, sub);
    }
  }
  deliverResults({ outcomes, patch: input.patch });
  return states.withOutcomes(outcomes);
}

async function runSubhandlers(deps: ChangeRunDeps, input: ChangeRunInput, parent: ResourceHandler, children: readonly ResourceHandler[], result: unknown): Promise<HandlerOutcome> {
  const ids = children.map((child) => child.id);
  let states = States.fromStorage({ body: input.body, storage: deps.progressStorage, handlerIds: ids, clock: () => deps.clock.now() })
    .withPurpose(input.cause.reason)
    .withHandlers(ids);
  states = await runHandlers(deps, input, states, children);
  states.store({ body: input.body, patch: input.patch, storage: deps.progressStorage });
  if (!states.done) {
    deps.logger.info(`Handler '${parent.id}' has unfinished sub-handlers. Will retry soon.`);
    return { final: false, delay: states.delay ?? 0, subrefs: ids };
  }
  const failed = children.filter((child) => states.get(child.id)?.failure);
  if (failed.length > 0) {
    const error = new PermanentError(`Some sub-handlers failed: ${failed.map((child) => child.id).join(', ')}`);
    deps.logger.error(`Handler '${parent.id}' failed permanently: ${error.message}`);
    return { final: true, error, subrefs: ids };
  }
  deps.logger.info(`Handler '${parent.id}' succeeded.`);
  deps.emit({ type: 'handler', phase: 'succeeded', id: parent.id, kind: parent.kind, retry: 0, cause: input.cause.reason, outcome: 'success', ...input.ref });
  return { final: true, result, subrefs: ids };
}

function buildContext(deps: ChangeRunDeps, input: ChangeRunInput, handler: ResourceHandler, at: { retry: number; started: Date; runtime: number }): HandlerContext {
  const { body, cause } = input;
  const meta = body.metadata ?? {};
  const reduced = handler.field ? reduceToField(handler.field, cause.old, cause.new, cause.diff) : { old: cause.old, new: cause.new, diff: cause.diff };
  return {
    id: handler.id, resource: input.resource, body,
    spec: (body.spec ?? {}) as Record<string, unknown>, meta, status: (body.status ?? {}) as Record<string, unknown>,
    name: meta.name, namespace: meta.namespace, uid: meta.uid, labels: meta.labels ?? {}, annotations: meta.annotations ?? {},
    patch: input.patch, logger: deps.logger, memo: input.memory.memo,
    reason: cause.reason, old: reduced.old, new: reduced.new, diff: reduced.diff,
    retry: at.retry, started: at.started, runtime: at.runtime, param: handler.param, signal: input.signal, indices: deps.indices,
  };
}

async function invokeOne(deps: ChangeRunDeps, input: ChangeRunInput, handler: ResourceHandler, context: HandlerContext): Promise<{ recorded: HandlerOutcome; subhandlers: readonly ResourceHandler[] }> {
  const start = deps.clock.now();
  deps.emit({ type: 'handler', phase: 'started', id: handler.id, kind: handler.kind, retry: context.retry, cause: input.cause.reason, ...input.ref });
  const outcome: InvocationOutcome = await invokeHandler(handler, context, { defaultBackoff: deps.settings.execution.defaultBackoff });
  const durationMs = deps.clock.now() - start;
  const base = { type: 'handler' as const, id: handler.id, kind: handler.kind, retry: context.retry, durationMs, cause: input.cause.reason, ...input.ref };
  reportOutcome(deps, `Handler '${handler.id}'`, base, outcome, { quietSuccess: outcome.kind === 'success' && outcome.subhandlers.length > 0 });
  switch (outcome.kind) {
    case 'success':
      return { recorded: { final: true, result: outcome.result }, subhandlers: outcome.subhandlers };
    case 'ignored':
      return { recorded: { final: true }, subhandlers: [] };
    case 'temporary':
    case 'exception':
      return { recorded: { final: false, delay: outcome.delay, error: outcome.error }, subhandlers: [] };
    case 'permanent':
    case 'timeout':
      return { recorded: { final: true, error: outcome.error }, subhandlers: [] };
  }
}
