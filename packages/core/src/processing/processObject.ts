// One processing cycle of one object, in Kopf's order and in one direction: spies; the changing cause
// (state's detectChangingCause, unless no change handler could match: stealth); daemons and timers
// (spawned, re-matched, or stopped on deletion); the cycle's plan (state's planCycle: finalizer
// bookkeeping in a cycle of its own, the consistency gate, handling, release); the change handlers
// (invoked through @opkit/handlers, recorded by state); and sending the patch. Core keeps the order of
// the steps; the rules are state's. It returns when the object should be looked at again.
import type { ReconcileResult } from '@opkit/daemons';
import type { FilterContext, Indices, ResourceHandler } from '@opkit/handlers';
import { deepEqual, filterContextOf, matchesFilters, prematchChangeHandlers, runSpies } from '@opkit/handlers';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { ChangingCause, FieldSpec, ResourceStorages } from '@opkit/state';
import {
  AdoptingDiffBaseStorage, adoptedRecords, consistencyWait, deliverResults, detectChangingCause, formatTouchValue, isDeletionOngoing, Patch, planCycle, planRelease, reachedVersion, requiresFinalizer, swapFinalizer,
} from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import { nowMicros } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';
import type { OperatorSettings } from '../settings.js';
import { applyPatch, UnsentPatchError } from './applyPatch.js';
import type { BackgroundDeps } from './background.js';
import { reconcileBackground } from './background.js';
import { runChangeHandlers } from './changeHandlers.js';
import type { ObjectMemory } from './memory.js';

/** The handlers of one resource, by role. */
export interface ResourceHandlers {
  readonly change: readonly ResourceHandler[];
  readonly spies: readonly ResourceHandler[];
  /** Daemons and timers. */
  readonly background?: readonly ResourceHandler[];
  /** The fields change detection must see even outside the essence (field handlers on `status.x`). */
  readonly extraFields: readonly FieldSpec[];
  /** Index handlers (run by the Indexer, outside the cycles). */
  readonly index?: readonly ResourceHandler[];
}

/** The storages and finalizer used for one resource (see state's `resourceStorages`). */
export type ResourceStorage = ResourceStorages;

/** What a cycle needs. */
export interface CycleDeps {
  readonly client: KubeClient;
  readonly settings: OperatorSettings;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
  readonly objectLogger: (body: KubeObject, resource: Resource, options?: { readonly spy?: boolean }) => Logger;
  /** Where daemons and timers run (when the resource has any). */
  readonly background?: BackgroundDeps | undefined;
  /** The operator's indices, for every handler's context. */
  readonly indices: Indices;
}

/** An event as a cycle sees it: a watch event, or a wake-up of the latest body. */
export interface CycleEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  readonly object: KubeObject;
  readonly initial: boolean;
  /** A wake-up after a delay (not a watch event: spies do not see it). */
  readonly wake?: boolean;
  /** A wake-up after a delay longer than `maxSleep`: send a touch patch to get a fresh event. */
  readonly touch?: boolean;
}

/** When to look at the object again without a new event (seconds), if at all. */
export interface CycleResult {
  readonly wakeIn: number | null;
  /** The object is gone: forget it. */
  readonly forget: boolean;
}

/**
 * Write what an object carries only under the adopted names under ours (the diff-base; our finalizer in
 * place of the adopted one), so that the operator taking over next — Kopf — reads it: once per object.
 */
function settleAdopted(storage: ResourceStorage, body: KubeObject, patch: Patch, logger: Logger): void {
  const moved: string[] = [];
  if (storage.diffBaseStorage instanceof AdoptingDiffBaseStorage && storage.diffBaseStorage.settle({ body, patch })) moved.push('the diff-base');
  const [ours, ...adopted] = storage.finalizers ?? [storage.finalizer];
  const present = body.metadata?.finalizers ?? [];
  const swapped = adopted.find((name) => present.includes(name));
  if (ours !== undefined && swapped !== undefined && !present.includes(ours)) {
    patch.fns.push(swapFinalizer(swapped, ours));
    moved.push(`the finalizer ${swapped}`);
  }
  if (moved.length > 0) logger.info(`Storing ${moved.join(' and ')} under this profile's names for a handover (found only under the default profile's).`);
}

/**
 * Process one event of one object.
 *
 * @example
 * ```ts
 * const { wakeIn } = await processObject(deps, { resource, handlers, storage, event, memory, ref, signal });
 * ```
 */
export async function processObject(deps: CycleDeps, input: {
  readonly resource: Resource; readonly handlers: ResourceHandlers; readonly storage: ResourceStorage; readonly event: CycleEvent;
  readonly memory: ObjectMemory; readonly ref: FeedObjectRef; readonly signal: AbortSignal;
  /** The object's key in the pipeline (for its daemons). @defaultValue its uid */
  readonly key?: string;
}): Promise<CycleResult> {
  const { resource, handlers, storage, event, memory, ref, signal } = input;
  const { progressStorage, diffBaseStorage } = storage;
  // Ours first; in the default profile also Kopf's, which then counts as ours (see state's resourceStorages).
  const finalizer = storage.finalizers ?? storage.finalizer;
  const body = event.object;
  const logger = deps.objectLogger(body, resource);
  if (!memory.adoptionReported && storage.adoptedPrefix !== undefined && event.type !== 'DELETED') {
    memory.adoptionReported = true;
    const found = adoptedRecords({ body, progressStorage, diffBaseStorage, finalizers: storage.finalizers ?? [storage.finalizer], prefix: storage.adoptedPrefix });
    if (found.length > 0) logger.info(`Resuming handling recorded by Kopf (${found.join(', ')}); the records move under Opkit's names as the object is handled (--persistence kopf keeps Kopf's).`);
  }
  const version = body.metadata?.resourceVersion;
  // The echo of our own last patch: nothing changed that we did not write, so a no-op cycle says nothing about it.
  const ownEcho = memory.expectedVersion !== undefined && version === memory.expectedVersion;
  if (memory.expectedVersion !== undefined && version !== undefined && reachedVersion(version, memory.expectedVersion)) memory.expectedVersion = undefined;
  const patch = new Patch(memory.pendingMain, { fns: memory.pendingFns });
  memory.pendingFns = [];
  memory.pendingMain = undefined;

  if (!event.wake && handlers.spies.length > 0) {
    await runSpies({ clock: deps.clock, logger: deps.objectLogger(body, resource, { spy: true }), emit: deps.emit, indices: deps.indices }, {
      spies: handlers.spies, resource, event: { type: event.initial ? null : event.type, object: body }, patch, memo: memory.memo, ref, signal,
      deliver: (outcomes) => deliverResults({ outcomes, patch }),
    });
  }

  const background = handlers.background ?? [];
  const filterContext = { memo: memory.memo, logger };
  // The essence: for change detection, and for the idle periods of timers.
  const needsEssence = handlers.change.length > 0 || background.some((handler) => handler.idle !== undefined);
  const current = needsEssence ? progressStorage.clear(diffBaseStorage.build({ body, extraFields: handlers.extraFields })) : null;

  // The changing cause, unless no change handler could match the object (stealth: store nothing, log nothing).
  let cause: ChangingCause | undefined;
  if (handlers.change.length > 0) {
    // Both sides without the storages' own fields, as Kopf compares them: `current` is cleared already.
    const stored = event.type === 'DELETED' ? null : diffBaseStorage.fetch({ body });
    const detected = detectChangingCause({
      event: event.type, body, diffBase: stored === null ? null : progressStorage.clear(stored), essence: current!, finalizer,
      initial: memory.noticedByListing && !memory.fullyHandledOnce,
    });
    if (prematchChangeHandlers(handlers.change, { body, old: detected.old, new: detected.new, context: filterContext })) cause = detected;
  }

  // Daemons and timers: spawned or re-matched, or stopped while the object is being deleted.
  let daemons: ReconcileResult | undefined;
  if (background.length > 0 && deps.background && event.type !== 'DELETED') {
    const changed = current !== null && (memory.essence === undefined || !deepEqual(memory.essence, current));
    if (current !== null) memory.essence = current;
    daemons = reconcileBackground(deps.background, {
      key: input.key ?? body.metadata?.uid ?? ref.name, resource, body, ref, memory, handlers: background, changed,
      deleting: isDeletionOngoing(body), context: filterContext,
    });
  }

  let predicateContext: FilterContext | undefined; // for the handlers' predicates, if any: built once, when first asked
  const predicates = (): FilterContext => (predicateContext ??= filterContextOf(body, filterContext));
  const required = (daemons?.requiresFinalizer ?? false) || (cause !== undefined && requiresFinalizer({
    handlers: handlers.change, matches: (handler) => matchesFilters(handler, { body, change: { old: cause.old, new: current }, context: predicates }),
  }));
  const { persistence } = deps.settings;
  const plan = planCycle({
    event: event.type, body, finalizer, cause, required, stopping: daemons?.delays,
    consistencyWait: consistencyWait({ expectedVersion: memory.expectedVersion, patchedAt: memory.patchedAt, now: deps.clock.now(), timeout: persistence.consistencyTimeout }),
  });
  if (plan.cause) deps.emit({ type: 'cause', reason: plan.cause.reason, ...ref });
  if (plan.log && !(plan.step === 'noop' && ownEcho)) logger[plan.log.level](plan.log.message);
  if (plan.fn) patch.fns.push(plan.fn);
  let wakeIn = plan.wakeIn;
  if (plan.step === 'handle') {
    const result = await runChangeHandlers(
      { settings: deps.settings, clock: deps.clock, emit: deps.emit, logger, progressStorage, diffBaseStorage, indices: deps.indices },
      { resource, body, patch, memory, cause: plan.cause!, owned: handlers.change, current, filterContext, ref, signal },
    );
    if (result.delays.length > 0) wakeIn = Math.min(...result.delays);
    const release = planRelease({ body, finalizer, delays: result.delays });
    if (release) {
      logger[release.log.level](release.log.message);
      patch.fns.push(release.fn);
    }
  }

  if (event.type === 'DELETED') return { wakeIn: null, forget: true };
  // A handover (kopf profile over the default profile's records): Kopf's names written once, lazily —
  // not while our last patch has not come back (this body may predate it).
  if (storage.settleAdopted && handlers.change.length > 0 && (plan.step === 'noop' || plan.step === 'handle')
    && memory.expectedVersion === undefined && !isDeletionOngoing(body)) {
    settleAdopted(storage, body, patch, logger);
  }
  if (event.touch && patch.isEmpty) {
    progressStorage.touch({ body, patch, value: formatTouchValue(nowMicros(deps.clock)) });
  } else if (!patch.isEmpty) {
    progressStorage.touch({ body, patch, value: null });
  }
  if (patch.isEmpty) return { wakeIn, forget: false };
  // Not aborted by the shutdown signal: a cycle in flight finishes its patch (bounded by the exit timeout).
  let sent;
  try {
    sent = await memory.write(() => applyPatch({ client: deps.client, clock: deps.clock, emit: deps.emit }, resource, body, patch, ref));
  } catch (error) {
    if (error instanceof UnsentPatchError) {
      if (Object.keys(error.unsent).length > 0) memory.pendingMain = error.unsent;
      memory.pendingFns = [...error.fns];
    }
    throw error;
  }
  if (sent.gone) return { wakeIn: null, forget: false };
  memory.pendingFns = sent.failedFns;
  memory.pendingMain = sent.unsentMain;
  if (sent.resourceVersion !== undefined) {
    memory.expectedVersion = sent.resourceVersion;
    memory.patchedAt = deps.clock.now();
  }
  // A zero delay means "on the next event": our own patch produces it — unless the patch changed
  // nothing (the server keeps the resourceVersion and sends no event), then the timer wakes it.
  if (wakeIn === 0 && sent.resourceVersion !== undefined && sent.resourceVersion !== version) wakeIn = null;
  if (sent.failedFns.length > 0 && wakeIn === null) wakeIn = 0;
  return { wakeIn, forget: false };
}
