// Daemons and timers in the pipeline: @opkit/daemons runs them; this is where core plugs into it. In
// each cycle an object's daemons get its latest body (and whether it changed essentially, for idle
// timers) and are reconciled with the object: spawned, stopped on a filter mismatch, stopped on
// deletion. Each attempt is invoked here like any handler — logged with Kopf's `Daemon 'x'`/`Timer 'x'`
// wording, reported on the feed, its result delivered to the status — and its patch is sent through the
// object's serialized writes, so cycles and daemons never patch an object at the same time, and the
// consistency gate waits for it as for the cycles' own patches.
import type { Daemons, DaemonEvent, DaemonInvocation, ObjectDaemons, ReconcileResult } from '@opkit/daemons';
import { wasCancelled } from '@opkit/daemons';
import type { EventSink, FilterContext, Indices, InvocationOutcome, ResourceHandler } from '@opkit/handlers';
import { errorMessageOf as messageOf, invokeHandler, reportOutcome, runWithScope } from '@opkit/handlers';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { deliverResults, Patch } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';
import type { OperatorSettings } from '../settings.js';
import { applyPatch } from './applyPatch.js';
import type { ObjectMemory } from './memory.js';

/** What running daemons and timers needs from the pipeline. */
export interface BackgroundDeps {
  readonly daemons: Daemons;
  readonly client: KubeClient;
  readonly settings: OperatorSettings;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
  /** Where `events.*` post from inside daemons and timers. */
  readonly events: EventSink;
  readonly objectLogger: (body: KubeObject, resource: Resource) => Logger;
  /** The operator's indices, for the handlers' context. */
  readonly indices: Indices;
  /** Look at the object again now: one of its daemons ended or was abandoned (its finalizer may go). */
  readonly wake: (key: string, resource: Resource) => void;
}

/** One object in one cycle. */
export interface BackgroundInput {
  /** The object's key in the pipeline. */
  readonly key: string;
  readonly resource: Resource;
  readonly body: KubeObject;
  readonly ref: FeedObjectRef;
  readonly memory: ObjectMemory;
  /** The resource's daemons and timers. */
  readonly handlers: readonly ResourceHandler[];
  /** The essence changed since the last event (or this is the first). */
  readonly changed: boolean;
  /** The object is being deleted. */
  readonly deleting: boolean;
  /** What `when` filters receive besides the body's views. */
  readonly context: Partial<FilterContext>;
}

function titleOf(handler: ResourceHandler): string {
  return `${handler.kind === 'timer' ? 'Timer' : 'Daemon'} '${handler.id}'`;
}

/**
 * Bring an object's daemons and timers in line with its latest body.
 *
 * @example
 * ```ts
 * const { requiresFinalizer, delays } = reconcileBackground(deps, { key, resource, body, ref, memory, handlers, changed, deleting, context });
 * ```
 */
export function reconcileBackground(deps: BackgroundDeps, input: BackgroundInput): ReconcileResult {
  const object = deps.daemons.get(input.key) ?? attach(deps, input);
  object.update(input.body, { changed: input.changed });
  return object.reconcile(input.handlers, { deleting: input.deleting, context: input.context });
}

function attach(deps: BackgroundDeps, input: BackgroundInput): ObjectDaemons {
  const { key, resource, ref, memory } = input;
  const logger = deps.objectLogger(input.body, resource);
  // The patch of an attempt goes against the latest body (the object is attached right below).
  const latest = (): KubeObject => object.body;
  const object = deps.daemons.attach(key, {
    body: input.body, logger,
    context: { resource, logger, memo: memory.memo, indices: deps.indices },
    patch: () => new Patch(),
    invoke: (invocation) => invokeOne(deps, { resource, memory, ref, logger, latest }, invocation),
    onEvent: (event) => report(deps, { key, resource, ref }, event),
  });
  return object;
}

async function invokeOne(deps: BackgroundDeps, target: {
  readonly resource: Resource; readonly memory: ObjectMemory; readonly ref: FeedObjectRef; readonly logger: Logger; readonly latest: () => KubeObject;
}, invocation: DaemonInvocation): Promise<InvocationOutcome> {
  const { handler, context, latenessMs, patched } = invocation;
  const title = titleOf(handler);
  const start = deps.clock.now();
  deps.emit({ type: 'handler', phase: 'started', id: handler.id, kind: handler.kind, retry: context.retry, ...(latenessMs === undefined ? {} : { latenessMs }), ...target.ref });
  const outcome = await runWithScope({ events: deps.events }, () => invokeHandler(handler, context, { defaultBackoff: deps.settings.execution.defaultBackoff }));
  const base = { type: 'handler' as const, id: handler.id, kind: handler.kind, retry: context.retry, durationMs: deps.clock.now() - start, ...target.ref };
  if (wasCancelled(outcome, context)) {
    // Ended by our own abort (like Kopf's cancelled task): not a failure, and its unfinished patch is dropped.
    target.logger.debug(`${title} is cancelled: ${messageOf((outcome as { error: unknown }).error)}`);
    deps.emit({ ...base, phase: 'succeeded', message: 'cancelled', outcome: 'cancelled' });
    return outcome;
  }
  reportOutcome({ logger: target.logger, emit: deps.emit }, title, base, outcome);
  // The attempt's patch exists only if the handler touched it; a result needs one too.
  let patch = patched() as Patch | undefined;
  if (outcome.kind === 'success' && outcome.result !== undefined && outcome.result !== null) {
    patch ??= new Patch();
    deliverResults({ outcomes: new Map([[handler.id, { final: true, result: outcome.result }]]), patch });
  }
  if (patch && !patch.isEmpty) {
    try {
      const sent = await target.memory.write(() => applyPatch({ client: deps.client, clock: deps.clock, emit: deps.emit }, target.resource, target.latest(), patch, target.ref));
      // Change handlers must not act on a state older than what a daemon wrote: the consistency gate waits for this version too.
      if (sent.resourceVersion !== undefined && !sent.gone) {
        target.memory.expectedVersion = sent.resourceVersion;
        target.memory.patchedAt = deps.clock.now();
      }
    } catch (error) {
      target.logger.error(`${title} could not store its patch: ${messageOf(error)}`, { error });
    }
  }
  return outcome;
}

function report(deps: BackgroundDeps, target: { readonly key: string; readonly resource: Resource; readonly ref: FeedObjectRef }, event: DaemonEvent): void {
  const kind = event.handler.kind === 'timer' ? 'timer' as const : 'daemon' as const;
  const details = event.type === 'stopping' ? { reason: event.reason } : event.type === 'stopped' ? { reason: event.reasons[0], onItsOwn: event.onItsOwn } : {};
  deps.emit({ type: 'daemon', kind, id: event.handler.id, ...target.ref, phase: event.type, ...details });
  // It ended or was abandoned: look at the object again (its finalizer may go).
  if (event.type === 'stopped' || event.type === 'abandoned') deps.wake(target.key, target.resource);
}
