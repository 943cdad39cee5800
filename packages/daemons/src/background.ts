// Daemons and timers in an operator's pipeline: in each cycle an object's daemons get its latest body (and
// whether it changed essentially, for idle timers) and are reconciled with the object: spawned, stopped on
// a filter mismatch, stopped on deletion. Each attempt is invoked here like any handler — logged with
// Kopf's `Daemon 'x'`/`Timer 'x'` wording, reported on the feed, its result delivered to the status — and
// its patch is handed to the embedder's `write`, which sends it through the object's serialized writes (so
// cycles and daemons never patch an object at the same time). The patch type and how it is sent are the
// embedder's (@opkit/core gives @opkit/state's Patch and its own writes).
import type { EventSink, FeedEventInput, FeedObjectRef, FilterContext, HandlerPatch, Indices, InvocationOutcome, InvokeOptions, ResourceHandler } from '@opkit/handlers';
import { currentScope, errorMessageOf as messageOf, invokeHandlerNow, isOutcomePending, reportOutcome, runWithScope } from '@opkit/handlers';
import type { KubeObject, Resource } from '@opkit/kube';
import type { Clock, Logger } from '@opkit/tasks';
import { wasCancelled } from './cancelled.js';
import type { Daemons } from './daemons.js';
import type { ObjectDaemons } from './objectDaemons.js';
import type { DaemonEvent, DaemonInvocation, ReconcileResult } from './types.js';

/** What an object's memory gives its daemons: the memo of their context. */
export interface BackgroundMemory {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
}

/** A patch an attempt may write to, that says whether it holds anything. */
export type AttemptPatch = HandlerPatch & { readonly isEmpty: boolean };

/** The object an attempt's patch goes to. */
export interface AttemptTarget<M extends BackgroundMemory> {
  readonly resource: Resource;
  readonly memory: M;
  readonly ref: FeedObjectRef;
  /** The object's latest body (the patch goes against it). */
  readonly latest: () => KubeObject;
}

/** What running daemons and timers needs from the pipeline. */
export interface BackgroundDeps<M extends BackgroundMemory = BackgroundMemory, P extends AttemptPatch = AttemptPatch> {
  readonly daemons: Daemons;
  /** Seconds before retrying after an arbitrary error (a handler's own `backoff` wins). */
  readonly defaultBackoff: number;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
  /**
   * Whether anyone reads the feed now (`op dev`, metrics, tests): without a reader, an attempt builds no
   * feed event. @defaultValue always
   */
  readonly observed?: () => boolean;
  /** Where `events.*` post from inside daemons and timers. */
  readonly events: EventSink;
  readonly objectLogger: (body: KubeObject, resource: Resource) => Logger;
  /** The operator's indices, for the handlers' context. */
  readonly indices: Indices;
  /** Look at the object again now: one of its daemons ended or was abandoned (its finalizer may go). */
  readonly wake: (key: string, resource: Resource) => void;
  /** A fresh patch for an attempt. */
  readonly patch: () => P;
  /** Put a handler's result into a patch (where change handlers' results go). */
  readonly deliver: (id: string, result: unknown, patch: P) => void;
  /** Send an attempt's patch (not empty) after the object's other writes; a rejection is logged. */
  readonly write: (target: AttemptTarget<M>, patch: P) => Promise<void>;
}

/** One object in one cycle. */
export interface BackgroundInput<M extends BackgroundMemory = BackgroundMemory> {
  /** The object's key in the pipeline. */
  readonly key: string;
  readonly resource: Resource;
  readonly body: KubeObject;
  readonly ref: FeedObjectRef;
  readonly memory: M;
  /** The resource's daemons and timers. */
  readonly handlers: readonly ResourceHandler[];
  /** The essence changed since the last event (or this is the first). */
  readonly changed: boolean;
  /** The object is being deleted. */
  readonly deleting: boolean;
  /** What `when` filters receive besides the body's views. */
  readonly context: Partial<FilterContext>;
}

const titles = new WeakMap<ResourceHandler, string>();

/** `Timer 'id'` or `Daemon 'id'`, made once per handler (a timer's every run logs it). */
function titleOf(handler: ResourceHandler): string {
  let title = titles.get(handler);
  if (title === undefined) titles.set(handler, (title = `${handler.kind === 'timer' ? 'Timer' : 'Daemon'} '${handler.id}'`));
  return title;
}

/** What an unobserved attempt reports with: nothing reads it. */
const NO_BASE = { type: 'handler', id: '', kind: '', retry: 0, durationMs: 0, resource: '', name: '' } as const;

/**
 * Bring an object's daemons and timers in line with its latest body.
 *
 * @example
 * ```ts
 * const { requiresFinalizer, delays } = reconcileBackground(deps, { key, resource, body, ref, memory, handlers, changed, deleting, context });
 * ```
 */
export function reconcileBackground<M extends BackgroundMemory, P extends AttemptPatch>(deps: BackgroundDeps<M, P>, input: BackgroundInput<M>): ReconcileResult {
  const object = deps.daemons.get(input.key) ?? attach(deps, input);
  object.update(input.body, { changed: input.changed });
  return object.reconcile(input.handlers, { deleting: input.deleting, context: input.context });
}

function attach<M extends BackgroundMemory, P extends AttemptPatch>(deps: BackgroundDeps<M, P>, input: BackgroundInput<M>): ObjectDaemons {
  const { key, resource, ref, memory } = input;
  const logger = deps.objectLogger(input.body, resource);
  // The patch of an attempt goes against the latest body (the object is attached right below).
  const latest = (): KubeObject => object.body;
  // Whether the object's debug and info lines go anywhere, read once: while nobody reads the feed, a timer's
  // run then calls no logger for its `is invoked.` and `succeeded.` lines.
  const quietDebug = logger.isEnabled?.('debug') === false;
  const target = { resource, memory, ref, logger, latest, quietInfo: logger.isEnabled?.('info') === false, options: { defaultBackoff: deps.defaultBackoff, quiet: quietDebug }, loudOptions: { defaultBackoff: deps.defaultBackoff } };
  const object = deps.daemons.attach(key, {
    body: input.body, logger,
    context: { resource, logger, memo: memory.memo, indices: deps.indices },
    patch: deps.patch,
    invoke: (invocation) => invokeOne(deps, target, invocation),
    onEvent: (event) => report(deps, { key, resource, ref }, event),
  });
  return object;
}

/** An object's attempts' target, made once per object: its logger, and the options of every invocation. */
type InvokeTarget<M extends BackgroundMemory> = AttemptTarget<M> & {
  readonly logger: Logger;
  /** Info lines of `logger` go nowhere unless the feed is read. */
  readonly quietInfo: boolean;
  /** The options of an invocation while nobody reads the feed, and while someone does. */
  readonly options: InvokeOptions;
  readonly loudOptions: InvokeOptions;
};

function invokeOne<M extends BackgroundMemory, P extends AttemptPatch>(deps: BackgroundDeps<M, P>, target: InvokeTarget<M>, invocation: DaemonInvocation): InvocationOutcome | Promise<InvocationOutcome> {
  const { handler, context, latenessMs } = invocation;
  // Per-run feed events only while someone reads the feed: a timer's run builds none otherwise.
  const observed = deps.observed?.() ?? true;
  const start = observed ? deps.clock.now() : 0;
  if (observed) deps.emit({ type: 'handler', phase: 'started', id: handler.id, kind: handler.kind, retry: context.retry, ...(latenessMs === undefined ? {} : { latenessMs }), ...target.ref });
  // The attempt runs in the operator's scope: entered here only when the task was spawned outside it.
  const options = observed ? target.loudOptions : target.options;
  const outcome = currentScope().events === deps.events
    ? invokeHandlerNow(handler, context, options)
    : runWithScope({ events: deps.events }, () => invokeHandlerNow(handler, context, options));
  // A plain function's run with nothing to write ends here, without a turn of the microtask queue.
  return isOutcomePending(outcome)
    ? outcome.then((settled) => finishAttempt(deps, target, invocation, settled, observed ? start : undefined))
    : finishAttempt(deps, target, invocation, outcome, observed ? start : undefined);
}

/** Log and report an attempt's outcome (`start`: when it started, if observed), and write its patch if it has one. */
function finishAttempt<M extends BackgroundMemory, P extends AttemptPatch>(deps: BackgroundDeps<M, P>, target: InvokeTarget<M>, invocation: DaemonInvocation, outcome: InvocationOutcome, start: number | undefined): InvocationOutcome | Promise<InvocationOutcome> {
  const { handler, context, patched } = invocation;
  const title = titleOf(handler);
  const emit = start === undefined ? undefined : deps.emit;
  const base = start === undefined ? NO_BASE : { type: 'handler' as const, id: handler.id, kind: handler.kind, retry: context.retry, durationMs: deps.clock.now() - start, ...target.ref };
  if (wasCancelled(outcome, context)) {
    // Ended by our own abort (like Kopf's cancelled task): not a failure, and its unfinished patch is dropped.
    // Kopf warns when it cancels the task (the forced step); an exit on the graceful `stopped` stays quiet.
    if (context.signal.aborted) target.logger.warn(`${title} is cancelled. Will escalate.`);
    else target.logger.debug(`${title} is cancelled: ${messageOf((outcome as { error: unknown }).error)}`);
    emit?.({ ...base, phase: 'succeeded', message: 'cancelled', outcome: 'cancelled' });
    return outcome;
  }
  // A success nobody would see (no feed reader, info lines going nowhere) is not reported at all.
  if (emit !== undefined || !target.quietInfo || outcome.kind !== 'success') reportOutcome({ logger: target.logger, emit }, title, base, outcome);
  // The attempt's patch exists only if the handler touched it; a result needs one too.
  let patch = patched() as P | undefined;
  if (outcome.kind === 'success' && outcome.result !== undefined && outcome.result !== null) {
    patch ??= deps.patch();
    deps.deliver(handler.id, outcome.result, patch);
  }
  if (!patch || patch.isEmpty) return outcome;
  let written: Promise<void>;
  try {
    written = deps.write(target, patch);
  } catch (error) {
    written = Promise.reject(error);
  }
  return written.then(() => outcome, (error: unknown) => {
    target.logger.error(`${title} could not store its patch: ${messageOf(error)}`, { error });
    return outcome;
  });
}

function report(deps: Pick<BackgroundDeps, 'emit' | 'wake'>, target: { readonly key: string; readonly resource: Resource; readonly ref: FeedObjectRef }, event: DaemonEvent): void {
  const kind = event.handler.kind === 'timer' ? 'timer' as const : 'daemon' as const;
  const details = event.type === 'stopping' ? { reason: event.reason } : event.type === 'stopped' ? { reason: event.reasons[0], onItsOwn: event.onItsOwn } : {};
  deps.emit({ type: 'daemon', kind, id: event.handler.id, ...target.ref, phase: event.type, ...details });
  // It ended or was abandoned: look at the object again (its finalizer may go).
  if (event.type === 'stopped' || event.type === 'abandoned') deps.wake(target.key, target.resource);
}
