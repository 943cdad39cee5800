// One processing cycle of one object, in Kopf's order: spies; the changing cause (create, update,
// delete, resume, or nothing); stealth mode; daemons and timers (spawned, re-matched, or stopped on
// deletion); finalizer bookkeeping in a cycle of its own; the consistency gate; one step of the change
// handlers; releasing the finalizer after deletion once the daemons have stopped; and sending the
// patch. It returns when the object should be looked at again without a new event.
import type { ReconcileResult } from '@opkit/daemons';
import type { ChangeReason, Indices, ResourceHandler } from '@opkit/handlers';
import { deepEqual, filterContextOf, matchesFilters, prematchChangeHandlers, selectChangeHandlers } from '@opkit/handlers';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { ChangingCause, DiffBaseStorage, DiffItem, FieldSpec, ProgressStorage } from '@opkit/state';
import {
  allowDeletion, blockDeletion, detectChangingCause, diff as computeDiff, formatTouchValue, isDeletionBlocked, isDeletionOngoing,
  Patch, planFinalizer, toEpochMicros,
} from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';
import type { OperatorSettings } from '../settings.js';
import { applyPatch, UnsentPatchError } from './applyPatch.js';
import type { BackgroundDeps } from './background.js';
import { reconcileBackground } from './background.js';
import { runChangeHandlers } from './changeHandlers.js';
import type { ObjectMemory } from './memory.js';
import { runSpies } from './spies.js';

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

/** The storages and finalizer used for one resource. */
export interface ResourceStorage {
  readonly progressStorage: ProgressStorage;
  readonly diffBaseStorage: DiffBaseStorage;
  readonly finalizer: string;
}

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
 * Process one event of one object.
 *
 * @example
 * ```ts
 * const { wakeIn } = await processObject(deps, { resource, handlers, storage, event, memory, ref, signal, newer });
 * ```
 */
export async function processObject(deps: CycleDeps, input: {
  readonly resource: Resource; readonly handlers: ResourceHandlers; readonly storage: ResourceStorage; readonly event: CycleEvent;
  readonly memory: ObjectMemory; readonly ref: FeedObjectRef; readonly signal: AbortSignal;
  /** The object's key in the pipeline (for its daemons). @defaultValue its uid */
  readonly key?: string;
}): Promise<CycleResult> {
  const { resource, handlers, storage, event, memory, ref, signal } = input;
  const body = event.object;
  const logger = deps.objectLogger(body, resource);
  const version = body.metadata?.resourceVersion;
  if (memory.expectedVersion !== undefined && version !== undefined && reached(version, memory.expectedVersion)) memory.expectedVersion = undefined;
  const patch = new Patch(memory.pendingMain, { fns: memory.pendingFns });
  memory.pendingFns = [];
  memory.pendingMain = undefined;

  if (!event.wake && handlers.spies.length > 0) {
    await runSpies({ clock: deps.clock, logger: deps.objectLogger(body, resource, { spy: true }), emit: deps.emit, indices: deps.indices }, {
      spies: handlers.spies, resource, event: { type: event.initial ? null : event.type, object: body }, patch, memo: memory.memo, ref, signal,
    });
  }

  let wakeIn: number | null = null;
  let forget = false;
  const background = handlers.background ?? [];
  const filterContext = { memo: memory.memo, logger };
  // The essence: for change detection, and for the idle periods of timers.
  const needsEssence = handlers.change.length > 0 || background.some((handler) => handler.idle !== undefined);
  const current = needsEssence ? storage.progressStorage.clear(storage.diffBaseStorage.build({ body, extraFields: handlers.extraFields })) : null;

  // The changing cause, unless no change handler could match the object (stealth: store nothing, log nothing).
  let changing: { readonly cause: ChangingCause; readonly old: unknown; readonly changes: readonly DiffItem[] } | undefined;
  if (handlers.change.length > 0) {
    const stored = event.type === 'DELETED' ? null : storage.diffBaseStorage.fetch({ body });
    const old = stored === null ? null : storage.progressStorage.clear(stored);
    const changes = computeDiff(old, current);
    const cause = detectChangingCause({
      event: event.type, body, diffBase: old, essence: current ?? undefined, diff: changes, finalizer: storage.finalizer,
      initial: memory.noticedByListing && !memory.fullyHandledOnce,
    });
    if (prematchChangeHandlers(handlers.change, { body, old, new: current, context: filterContext })) changing = { cause, old, changes };
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

  if (changing?.cause.reason === 'gone') {
    deps.emit({ type: 'cause', reason: 'gone', ...ref });
    logger.debug('Deleted, really deleted, and we are notified.');
    forget = true;
  } else if (changing?.cause.reason === 'free') {
    deps.emit({ type: 'cause', reason: 'free', ...ref });
    logger.debug('Deletion, but we are done with it, and we do not care.');
  } else if (event.type !== 'DELETED' && (changing || daemons)) {
    const cause = changing?.cause;
    if (cause) deps.emit({ type: 'cause', reason: cause.reason, ...ref });
    const required = (daemons?.requiresFinalizer ?? false) || (changing !== undefined && handlers.change.some((handler) => handler.requiresFinalizer
      && matchesFilters(handler, { body, change: { old: changing.old, new: current }, context: filterContextOf(body, filterContext) })));
    const plan = planFinalizer({ body, finalizer: storage.finalizer, required });
    const deleting = isDeletionOngoing(body) && isDeletionBlocked(body, storage.finalizer);
    const stopping = daemons?.delays ?? [];
    if (plan.action === 'add') {
      logger.info('Adding the finalizer, thus preventing the actual deletion.');
      patch.fns.push(blockDeletion(storage.finalizer));
    } else if (plan.action === 'remove') {
      logger.info('Removing the finalizer, as there are no handlers requiring it.');
      patch.fns.push(allowDeletion(storage.finalizer));
    } else if (cause?.reason === 'noop') {
      logger.debug('Something has changed, but we are not interested (the essence is the same).');
    } else if (deleting && stopping.length > 0) {
      // Deletion handlers run once the daemons have stopped (so they run once, after them); their end wakes the object.
      wakeIn = Math.min(...stopping);
    } else if (cause && inconsistent(deps, memory)) {
      // Our own last patch has not come back through the watch yet: wait for it (or for the timeout).
      wakeIn = Math.max(0, (memory.patchedAt + deps.settings.persistence.consistencyTimeout * 1000 - deps.clock.now()) / 1000);
    } else if (cause && changing) {
      const reason = cause.reason as ChangeReason;
      const selected = selectChangeHandlers(handlers.change, {
        reason, initial: cause.initial, deleted: cause.deleted, body, old: changing.old, new: current, diff: changing.changes, context: filterContext,
      });
      const result = await runChangeHandlers(
        { settings: deps.settings, clock: deps.clock, emit: deps.emit, logger, progressStorage: storage.progressStorage, diffBaseStorage: storage.diffBaseStorage, indices: deps.indices },
        { resource, body, patch, memory, cause: { ...cause, reason }, owned: handlers.change, selected, ref, signal },
      );
      if (result.delays.length > 0) wakeIn = Math.min(...result.delays);
      if (deleting && result.delays.length === 0) release(logger, patch, storage.finalizer);
    } else if (deleting) {
      release(logger, patch, storage.finalizer);
    }
  }

  if (event.type === 'DELETED') return { wakeIn: null, forget: true };
  if (event.touch && patch.isEmpty) {
    storage.progressStorage.touch({ body, patch, value: formatTouchValue(toEpochMicros(deps.clock.now())) });
  } else if (!patch.isEmpty) {
    storage.progressStorage.touch({ body, patch, value: null });
  }
  if (!patch.isEmpty) {
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
    if (sent.gone) return { wakeIn: null, forget };
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
  }
  return { wakeIn, forget };
}

/**
 * Whether an event's resourceVersion is the one our patch produced, or a later one. Versions are
 * opaque to clients, but every API server in use issues increasing integers; with events coalesced
 * while an object is busy, ours may be skipped by a newer one, which is just as consistent.
 */
function reached(version: string, expected: string): boolean {
  if (version === expected) return true;
  if (!/^\d+$/.test(version) || !/^\d+$/.test(expected)) return false;
  return BigInt(version) >= BigInt(expected);
}

function release(logger: Logger, patch: Patch, finalizer: string): void {
  logger.info('Removing the finalizer, thus allowing the actual deletion.');
  patch.fns.push(allowDeletion(finalizer));
}

function inconsistent(deps: CycleDeps, memory: ObjectMemory): boolean {
  if (memory.expectedVersion === undefined) return false;
  if (deps.settings.persistence.consistencyTimeout <= 0) return false;
  return deps.clock.now() < memory.patchedAt + deps.settings.persistence.consistencyTimeout * 1000;
}
