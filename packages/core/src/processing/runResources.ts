// The processing pipeline: resolve the resources the handlers select (CRDs appearing later are
// picked up), watch each once in the served namespaces, queue events per object in one KeyedQueue
// (serial per object, latest wins, bounded concurrency), process each with processObject, and
// re-process an object later when its handlers asked for a delay — an item scheduled in the same
// queue, not a sleeping worker, so that a thousand delayed objects hold no worker slots. Daemons and timers run beside the cycles in
// @opkit/daemons: paused with the watches, stopped on exit before this resolves. With a gate (leader
// election, sharding) every object is watched but only the objects the gate grants are handled; the
// others are remembered (their latest event) and handled once granted, and granted objects are let go
// of — handlers aborted, daemons stopped, and waited for — when the gate takes them away. Indexing
// runs beside the queue, as events arrive (@opkit/handlers' Indexer), on every replica; handlers are held back until
// the initial listing of every indexed resource is indexed, without taking worker slots while they wait.
import type { GroupedHandlers, ResourceHandler, Selector } from '@opkit/handlers';
import { createIndices, currentScope, groupHandlers, isBackgroundHandler, runWithScope, sameSelector } from '@opkit/handlers';
import type { KubeObject, Resource } from '@opkit/kube';
import { resourceName } from '@opkit/kube';
import type { ServedWatchEvent } from '@opkit/watching';
import { holdUntil, mergeKeyed, pausable, servedSet } from '@opkit/watching';
import { combineLatest, Observable } from 'rxjs';
import { filter, map } from 'rxjs/operators';
import type { QueuedEvent } from '../root/tokens.js';
import type { FeedObjectRef } from '../feed.js';
import type { RuntimeDeps } from './deps.js';
import type { ObjectMemory } from './memory.js';
import { newMemory, objectWrites } from './memory.js';
import type { CycleEvent, ResourceStorage } from './processObject.js';
import { processObject } from './processObject.js';
import { gateSide } from './gating.js';
import { backgroundDeps } from './background.js';

interface Served {
  readonly resource: Resource;
  readonly handlers: GroupedHandlers;
  readonly storage: ResourceStorage;
}

/** Whether a resource has handlers that run in the per-object queue (a resource may be watched only to be indexed). */
function queued(handlers: GroupedHandlers): boolean {
  return handlers.change.length + handlers.spies.length + handlers.background.length > 0;
}

/** After the drain, how long aborted cycles get to send their last patches, in ms. */
const ABORTED_CYCLES_MS = 1000;

function refOf(resource: Resource, body: KubeObject): FeedObjectRef {
  return { resource: resourceName(resource), namespace: body.metadata?.namespace, name: body.metadata?.name ?? '', uid: body.metadata?.uid };
}

/**
 * Watch and process every resource the registry's resource handlers select, until `signal` aborts;
 * then close the watches, let the cycles in flight finish undisturbed for `settings.queueing.exitTimeout`
 * seconds (Kopf drains its queues the same way; queued events wait for the next run), abort the
 * stragglers' signal, give them a last second for their patches, and resolve.
 *
 * @example
 * ```ts
 * await runResources(deps, { signal, onSynced: () => console.log('listed everything') });
 * ```
 */
export async function runResources(deps: RuntimeDeps, options: { readonly signal: AbortSignal; readonly onSynced?: () => void }): Promise<void> {
  const { signal } = options;
  const handlers = deps.registry.resourceHandlers();
  const selectors = deps.registry.selectors();
  if (selectors.length === 0 || signal.aborted) {
    options.onSynced?.();
    if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    return;
  }

  // selector → resolved resources, combined into one served set (a resource is watched once). The
  // streams stop by unsubscription (on abort, below), which closes their connections.
  const resolved$ = combineLatest(selectors.map((selector) => deps.watch.resources(selector)
    .pipe(map((resources): { selector: Selector; resources: readonly Resource[] } => ({ selector, resources })))));
  const served = new Map<string, Served>();
  const recordsOf = recordVersions(handlers);
  const servedSet$: Observable<Served[]> = resolved$.pipe(map((entries) => {
    const suffixOf = recordsOf(entries);
    return servedSet(handlers, entries, served, (handler, selector) => sameSelector(handler.selector, selector),
      (resource, ordered) => ({ resource, handlers: groupHandlers(ordered), storage: deps.storages(resource, { versionSuffix: suffixOf(resource) }) }), (item) => item.handlers.count);
  }));

  // Indexing: beside the queue. Handlers are held back until every indexed resource served at the
  // start has been listed and everything listed is indexed (then for good: later relists do not hold them).
  const indices = deps.indices ?? createIndices(handlers.filter((handler) => handler.kind === 'index').map((handler) => handler.id));
  const indexing = handlers.some((handler) => handler.kind === 'index');
  const indexer = indexing ? deps.indexer({
    indices, objectLogger: deps.objectLogger, events: deps.events, memo: deps.memo, signal,
  }) : undefined;
  let markIndexed!: () => void;
  const indexed = new Promise<void>((resolve) => { markIndexed = resolve; });
  let isIndexed = !indexing;
  if (isIndexed) markIndexed();

  const synced = new Set<string>();
  let expected: Set<string> | undefined;
  let reportedSynced = false;
  const checkSynced = (): void => {
    if (reportedSynced || !expected || signal.aborted) return;
    if (!isIndexed && [...expected].every((name) => synced.has(name) || !served.get(name)?.handlers.index?.length)) {
      // Everything listed; once everything listed is indexed, look again.
      if (!indexer?.idle) return void indexer?.drain().then(checkSynced);
      isIndexed = true;
      markIndexed();
    }
    if (isIndexed && [...expected].every((name) => synced.has(name))) {
      reportedSynced = true;
      options.onSynced?.();
    }
  };

  // Daemons and timers of every object share one scheduler; pausing stops them, resuming lets cycles respawn them.
  const daemons = handlers.some(isBackgroundHandler) ? deps.daemons() : undefined;

  let paused = false;
  const watching$ = mergeKeyed<Served, ServedWatchEvent>(servedSet$.pipe(map((list) => {
    if (!expected) {
      expected = new Set(list.map((item) => resourceName(item.resource)));
      checkSynced();
    }
    return list;
  })), (item) => {
    const name = resourceName(item.resource);
    if (item.handlers.index?.length) indexer?.listingStarted(name);
    deps.emit({ type: 'watch', phase: 'started', resource: name });
    return new Observable<ServedWatchEvent>((subscriber) => {
      const subscription = deps.watch.watch(item.resource, {
        onPhase: (phase) => deps.emit({ type: 'watch', resource: name, ...phase }),
      }).pipe(map((event) => ({ ...event, resource: item.resource }))).subscribe(subscriber);
      return () => {
        subscription.unsubscribe();
        deps.emit({ type: 'watch', phase: 'stopped', resource: name });
      };
    });
  }, (item) => resourceName(item.resource));
  // Paused (e.g. by peering): every watch is closed; resuming opens them again, which relists everything.
  const watch$ = deps.paused$ === undefined ? watching$ : pausable(watching$, deps.paused$, {
    onPause: () => deps.logger.info('Pausing the watches.'),
    onResume: () => deps.logger.info('Resuming the watches.'),
    onChange: (value) => {
      paused = value;
      if (value) daemons?.pause();
      else daemons?.resume();
    },
  });

  let draining = false;
  const memories = new Map<string, ObjectMemory>();
  const gate = deps.gate;
  // With a gate: the latest event of every object, to handle it once the gate grants it.
  const seen = new Map<string, QueuedEvent>();
  const keyOf = (event: QueuedEvent): string | undefined => {
    const meta = event.object.metadata;
    const id = meta?.uid || (meta?.name ? `${meta.namespace ?? ''}/${meta.name}` : undefined);
    return id === undefined ? undefined : `${resourceName(event.resource)}#${id}`;
  };
  const events$ = watch$.pipe(
      map((event) => {
        const item = served.get(resourceName(event.resource));
        if (event.type === 'SYNCED') {
          const name = resourceName(event.resource);
          if (item?.handlers.index?.length) indexer?.listed(name, event.namespace);
          deps.emit({ type: 'watch', phase: 'synced', resource: name, namespace: event.namespace });
          synced.add(name);
          checkSynced();
        } else {
          if (item?.handlers.index?.length) indexer?.offer(event.resource, item.handlers.index, event);
          if (gate) {
            // Remember every object's latest event, to handle it once the gate grants it.
            const key = keyOf(event);
            if (key !== undefined && event.type === 'DELETED') seen.delete(key);
            else if (key !== undefined) seen.set(key, event);
          }
        }
        return event;
      }),
      // Resources watched only to be indexed have nothing to do in the queue.
      filter((event) => event.type === 'SYNCED' || !served.has(resourceName(event.resource)) || queued(served.get(resourceName(event.resource))!.handlers)),
      holdUntil(indexed),
  ) as Observable<QueuedEvent | { type: 'SYNCED' }>;

  // One keyed queue for the objects' cycles: watch events, wake-ups now (a daemon ended) and later
  // (handlers asked for a delay, or an error is throttled), gate grants. A wake-up never replaces a
  // watch event waiting for its turn: that event's cycle looks at the object anyway. Each cycle can be
  // cancelled on its own: when the gate takes its object away.
  const cycles = deps.cycleQueue((event, context) => cycle(event, context), {
    onError: (error) => { if (!signal.aborted) deps.logger.error(`Unexpected error while processing: ${String(error)}`); },
  });
  const writes = objectWrites(deps.clock);
  // One of an object's daemons ended or was abandoned: look at the object again now (its finalizer may go).
  const wakeNow = (key: string, resource: Resource): void => {
    const memory = memories.get(key);
    if (!memory?.latest || signal.aborted || paused) return;
    cycles.add(key, { type: 'MODIFIED', object: memory.latest, initial: false, resource, wake: true });
  };
  const background = daemons === undefined ? undefined : backgroundDeps(deps, { daemons, indices, wake: wakeNow });

  /** Forget an object: it is gone (or no longer ours to remember). */
  const forget = (key: string): void => {
    cycles.unschedule(key);
    memories.delete(key);
    daemons?.forget(key);
  };
  const cycle = async (event: QueuedEvent, context: { key: string; newer: AbortSignal; signal: AbortSignal }): Promise<void> => {
    const item = served.get(resourceName(event.resource));
    if (!item || draining) return;
    const body = event.object;
    const ref = refOf(event.resource, body);
    // Paused (peering), or not ours (leader election, sharding): nothing is handled. Resuming relists,
    // and the gate re-delivers what it grants; a deletion is only remembered as one.
    const uid = body.metadata?.uid;
    if (paused || (gate && !(uid !== undefined && gate.owns(uid)))) {
      if (event.type === 'DELETED' && !event.wake) forget(context.key);
      return;
    }
    let memory = memories.get(context.key);
    if (!memory) {
      if (event.wake) return; // forgotten meanwhile
      memory = newMemory({ ...deps.memo }, event.initial, writes(context.key));
      memories.set(context.key, memory);
    }
    if (event.wake && memory.latest && memory.latest !== body) return; // superseded by a newer event
    cycles.unschedule(context.key);
    memory.latest = body;
    if (!event.wake) deps.emit({ type: 'object-seen', event: event.initial ? 'LISTED' : event.type, resourceVersion: body.metadata?.resourceVersion, ...ref });
    const cycleEvent: CycleEvent = { type: event.type, object: body, initial: event.initial, ...(event.wake ? { wake: true } : {}), ...(event.touch ? { touch: true } : {}) };
    let wakeIn: number | null;
    try {
      // As in Kopf, the object is indexed before its handlers run for the same event (they see it in the indices).
      if (!event.wake && item.handlers.index?.length) await indexer?.settled(event.resource, body);
      const process = (): ReturnType<typeof processObject> => processObject({ client: deps.client, settings: deps.settings, clock: deps.clock, emit: deps.emit, objectLogger: deps.objectLogger, background, indices }, {
        resource: event.resource, handlers: item.handlers, storage: item.storage, event: cycleEvent, memory: memory, ref, signal: context.signal, key: context.key,
      });
      // A cycle started from within the operator's scope is in it already: no scope entered per object.
      const result = await (currentScope().events === deps.events ? process() : runWithScope({ events: deps.events }, process));
      memory.throttleStep = 0;
      if (result.forget) {
        forget(context.key);
        seen.delete(context.key);
        deps.emit({ type: 'object-gone', ...ref });
        return;
      }
      wakeIn = result.wakeIn;
    } catch (error) {
      if (context.signal.aborted) return;
      const delays = deps.settings.queueing.errorDelays;
      wakeIn = delays[Math.min(memory.throttleStep, delays.length - 1)]!;
      memory.throttleStep++;
      deps.objectLogger(body, event.resource).error(`Throttling for ${wakeIn} seconds due to an unexpected error: ${(error as Error).message ?? String(error)}`, { error, stack: true });
    }
    if (wakeIn !== null && !context.signal.aborted) {
      const max = deps.settings.execution.maxSleep;
      const touch = wakeIn > max;
      // Rounded up to the millisecond (from whole microseconds, the records' resolution): a wake before a
      // retry's time finds nothing due and has to be scheduled again.
      const at = deps.clock.now() + Math.ceil(Math.round(Math.min(wakeIn, max) * 1e6) / 1000);
      // Its cycle skips it if a newer body came meanwhile, or the object was forgotten or paused.
      cycles.schedule(context.key, { type: 'MODIFIED', object: body, initial: event.initial, resource: event.resource, wake: true, ...(touch ? { touch: true } : {}) }, at);
    }
  };

  // The gate's side of the runtime: let go of objects it takes away, look again at objects it grants.
  const detachGate = gate?.attach(gateSide(gate, { memories, seen, cycles, daemons, idle: () => !(signal.aborted || draining || paused) }));

  await new Promise<void>((resolve, reject) => {
    const subscription = events$.subscribe({
      next: (event) => {
        if (event.type === 'SYNCED') return;
        const key = keyOf(event);
        if (key !== undefined) cycles.add(key, event);
      },
      error: (error: unknown) => {
        void cycles.close(error);
        void stop().finally(() => reject(error instanceof Error ? error : new Error(String(error))));
      },
      complete: () => { void cycles.drain().then(() => cycles.close()).then(() => stop()).finally(() => resolve()); },
    });
    // Daemons and timers stop within their cancellation settings (their last patches land).
    const stop = (): Promise<void> => {
      detachGate?.();
      signal.removeEventListener('abort', onAbort);
      indexer?.stop();
      memories.clear();
      return daemons?.stop() ?? Promise.resolve();
    };
    /** `work`, or the end of `ms` on the clock, whichever comes first. */
    const within = (ms: number, work: Promise<unknown>): Promise<void> => {
      let timer: unknown;
      const deadline = new Promise<void>((done) => { timer = deps.clock.setTimeout(done, ms); });
      return Promise.race([work.then(() => undefined, () => undefined), deadline]).finally(() => deps.clock.clearTimeout(timer));
    };
    const onAbort = (): void => {
      // Close the watches (no new events), then let the cycles in flight finish with their signal
      // intact; only the ones still running after the exit timeout are aborted (the queue closes). Daemons
      // and timers stop meanwhile, within their own cancellation settings.
      draining = true;
      subscription.unsubscribe();
      const stoppingDaemons = stop();
      const stoppingCycles = within(deps.settings.queueing.exitTimeout * 1000, cycles.drain())
        .then(() => within(ABORTED_CYCLES_MS, cycles.close(signal.reason)));
      void Promise.all([stoppingCycles, stoppingDaemons]).then(() => resolve());
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Which versions keep version-suffixed records. When one operator handles several versions of one resource
 * (`on.create('example.com/v1/widgets')` and `on.create('example.com/v2/widgets')`), each version sees the
 * object in its own form, so a shared diff-base would look changed to each in turn and the two would patch
 * forever. The first version resolved for a selector with stateful handlers (registration order) keeps the
 * plain names; every later version gets its own diff-base, finalizer and progress keys (`….v2`). Once a version
 * is given the plain names it keeps them for the life of the operator.
 */
function recordVersions(handlers: readonly ResourceHandler[]): (entries: readonly { readonly selector: Selector; readonly resources: readonly Resource[] }[]) => (resource: Resource) => string | undefined {
  const plain = new Map<string, string>();
  const stateful = handlers.filter((handler) => handler.kind !== 'event' && handler.kind !== 'index');
  return (entries) => {
    for (const { selector, resources } of entries) {
      if (!stateful.some((handler) => sameSelector(handler.selector, selector))) continue;
      for (const resource of resources) {
        const key = `${resource.group}/${resource.plural}`;
        if (!plain.has(key)) plain.set(key, resource.version);
      }
    }
    return (resource) => {
      const owner = plain.get(`${resource.group}/${resource.plural}`);
      return owner === undefined || owner === resource.version ? undefined : resource.version;
    };
  };
}
