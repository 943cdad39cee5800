// Indexing (`on.index`): every event of an indexed resource is indexed as it arrives from the watch,
// before — and apart from — the per-object queue of the handlers. Indexing takes no worker slot, so
// handlers held back until everything is indexed can never starve it of slots (Kopf's deadlock when
// `worker_limit` is below the number of indexed objects, #1243). Each object is indexed serially and
// latest-wins (a burst of its events is indexed once, with its latest body); errors follow Kopf:
// ignored keeps the stale values, temporary removes them and retries after the delay, permanent
// removes them and leaves the object out for good.
import type { EventSink, HandlerContext, Indices, ResourceHandler } from '@opkit/handlers';
import { filterContextOf, indexEntries, invokeHandler, matchesFilters, OperatorIndex, runWithScope } from '@opkit/handlers';
import type { KubeObject, Resource } from '@opkit/kube';
import { resourceName } from '@opkit/kube';
import { Patch } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';
import type { OperatorSettings } from '../settings.js';
import { reportOutcome } from './outcomes.js';

/** The indices of an operator: one writable index per index id, also handed to handlers as `indices`. */
export type OperatorIndices = Readonly<Record<string, OperatorIndex>>;

/**
 * An empty index for every `on.index` id.
 *
 * @example
 * ```ts
 * const indices = createIndices(registry.resourceHandlers('index').map((handler) => handler.id));
 * ```
 */
export function createIndices(ids: readonly string[]): OperatorIndices {
  const indices: Record<string, OperatorIndex> = {};
  for (const id of ids) indices[id] = new OperatorIndex();
  return Object.freeze(indices);
}

/** What the indexer needs. */
export interface IndexerDeps {
  readonly indices: OperatorIndices;
  readonly settings: OperatorSettings;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
  /** A logger for one object; index handlers' lines never become Kubernetes events (as Kopf). */
  readonly objectLogger: (body: KubeObject, resource: Resource, options?: { readonly spy?: boolean }) => Logger;
  readonly events: EventSink;
  /** The operator memo; each object gets a shallow copy. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  /** Aborted when the operator stops: handlers' `signal`, and no more indexing. */
  readonly signal: AbortSignal;
}

/** A failed index handler of one object: how often, since when, and until when it is left out. */
interface Failure {
  retry: number;
  readonly started: number;
  excludedUntil: number;
  permanent: boolean;
}

interface IndexedObject {
  readonly key: string;
  readonly resource: Resource;
  readonly resourceName: string;
  handlers: readonly ResourceHandler[];
  latest: KubeObject;
  deleted: boolean;
  pending: boolean;
  running: boolean;
  /** The listing generation of its resource in which it was last seen. */
  generation: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  readonly failures: Map<string, Failure>;
  timer: unknown;
}

function refOf(resource: Resource, body: KubeObject): FeedObjectRef {
  return { resource: resourceName(resource), namespace: body.metadata?.namespace, name: body.metadata?.name ?? '', uid: body.metadata?.uid };
}

/**
 * Keeps the indices in line with the watched objects.
 *
 * Guarantees: an object's events are indexed in order, one at a time, the latest body winning over
 * events not yet indexed; an update costs O(keys of the object); `idle` is true only when no event
 * offered so far waits or runs.
 *
 * @example
 * ```ts
 * const indexer = new Indexer(deps);
 * indexer.offer(resource, handlers, { type: 'ADDED', object: body });
 * indexer.onIdle(() => console.log('everything offered is indexed'));
 * ```
 */
export class Indexer {
  readonly #deps: IndexerDeps;
  readonly #objects = new Map<string, IndexedObject>();
  readonly #generations = new Map<string, number>();
  readonly #idleListeners = new Set<() => void>();
  #busy = 0;
  #stopped = false;

  constructor(deps: IndexerDeps) {
    this.#deps = deps;
  }

  /** No offered event waits or runs. */
  get idle(): boolean {
    return this.#busy === 0;
  }

  /** Call `listener` whenever the indexer becomes idle; returns the unsubscription. */
  onIdle(listener: () => void): () => void {
    this.#idleListeners.add(listener);
    return () => this.#idleListeners.delete(listener);
  }

  /** Index an event of an object with its resource's index handlers (soon, in the object's order). */
  offer(resource: Resource, handlers: readonly ResourceHandler[], event: { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly object: KubeObject }): void {
    if (this.#stopped) return;
    const body = event.object;
    const meta = body.metadata;
    const name = resourceName(resource);
    const key = `${name}#${meta?.uid || `${meta?.namespace ?? ''}/${meta?.name ?? ''}`}`;
    let object = this.#objects.get(key);
    if (object === undefined) {
      if (event.type === 'DELETED') return;
      object = {
        key, resource, resourceName: name, handlers, latest: body, deleted: false, pending: false, running: false,
        generation: this.#generations.get(name) ?? 0, memo: { ...this.#deps.memo }, failures: new Map(), timer: undefined,
      };
      this.#objects.set(key, object);
    }
    object.handlers = handlers;
    object.latest = body;
    object.generation = this.#generations.get(name) ?? 0;
    if (event.type === 'DELETED') object.deleted = true;
    this.#schedule(object);
  }

  /** A new stream of a resource starts listing (e.g. after a pause): objects it does not list again will be dropped. */
  listingStarted(name: string): void {
    this.#generations.set(name, (this.#generations.get(name) ?? 0) + 1);
  }

  /** A stream of a resource (one namespace, or all) has delivered its listing: drop what it did not list. */
  listed(name: string, namespace?: string): void {
    const generation = this.#generations.get(name) ?? 0;
    for (const object of [...this.#objects.values()]) {
      if (object.resourceName !== name || object.generation >= generation) continue;
      if (namespace !== undefined && object.latest.metadata?.namespace !== namespace) continue;
      object.deleted = true;
      this.#schedule(object);
    }
  }

  /** Stop indexing: clear retry timers; events offered later are ignored. */
  stop(): void {
    this.#stopped = true;
    for (const object of this.#objects.values()) this.#clearTimer(object);
  }

  #schedule(object: IndexedObject): void {
    object.pending = true;
    if (object.running) return;
    object.running = true;
    this.#busy++;
    void this.#drain(object);
  }

  async #drain(object: IndexedObject): Promise<void> {
    try {
      while (object.pending && !this.#stopped) {
        object.pending = false;
        if (object.deleted) {
          this.#forget(object);
          break;
        }
        const body = object.latest;
        for (const handler of object.handlers) await this.#indexOne(object, handler, body);
        this.#retryLater(object);
      }
    } catch (error) {
      this.#deps.objectLogger(object.latest, object.resource, { spy: true }).error(`Indexing failed unexpectedly: ${(error as Error)?.message ?? String(error)}`, { error });
    } finally {
      object.running = false;
      object.pending = false;
      if (--this.#busy === 0) for (const listener of [...this.#idleListeners]) listener();
    }
  }

  #forget(object: IndexedObject): void {
    this.#clearTimer(object);
    for (const handler of object.handlers) this.#deps.indices[handler.id]?.remove(object.key);
    if (this.#objects.get(object.key) === object) this.#objects.delete(object.key);
  }

  #clearTimer(object: IndexedObject): void {
    if (object.timer !== undefined) this.#deps.clock.clearTimeout(object.timer);
    object.timer = undefined;
  }

  async #indexOne(object: IndexedObject, handler: ResourceHandler, body: KubeObject): Promise<void> {
    const { clock, settings } = this.#deps;
    const index = this.#deps.indices[handler.id];
    if (index === undefined) return;
    const failure = object.failures.get(handler.id);
    if (failure?.permanent) return;
    if (failure && failure.excludedUntil > clock.now()) return; // its retry timer offers it again
    const logger = this.#deps.objectLogger(body, object.resource, { spy: true });
    const now = clock.now();
    const started = failure?.started ?? now;
    const context: HandlerContext = {
      ...filterContextOf(body, {}), id: handler.id, resource: object.resource, body,
      patch: new Patch(), logger, memo: object.memo, retry: failure?.retry ?? 0, started: new Date(started), runtime: (now - started) / 1000,
      param: handler.param, signal: this.#deps.signal, indices: this.#deps.indices as Indices,
    } as HandlerContext;
    if (!matchesFilters(handler, { body, context })) {
      // No longer matching its filters: its values go (and so does a past failure).
      index.remove(object.key);
      object.failures.delete(handler.id);
      return;
    }
    const ref = refOf(object.resource, body);
    this.#deps.emit({ type: 'handler', phase: 'started', id: handler.id, kind: 'index', retry: context.retry, ...ref });
    const outcome = await runWithScope({ events: this.#deps.events }, () => invokeHandler(handler, context, { defaultBackoff: settings.execution.defaultBackoff }));
    const base = { type: 'handler' as const, id: handler.id, kind: 'index', retry: context.retry, durationMs: clock.now() - now, ...ref };
    if (outcome.kind === 'success') {
      logger.debug(`Handler '${handler.id}' succeeded.`);
      this.#deps.emit({ ...base, phase: 'succeeded', outcome: 'success' });
      const entries = indexEntries(outcome.result);
      if (entries !== undefined) index.replace(object.key, entries);
      object.failures.delete(handler.id);
      return;
    }
    reportOutcome({ logger, emit: this.#deps.emit }, `Handler '${handler.id}'`, base, outcome);
    if (outcome.kind === 'ignored') return; // the stale values stay
    index.remove(object.key);
    if (outcome.kind === 'temporary' || outcome.kind === 'exception') {
      object.failures.set(handler.id, { retry: (failure?.retry ?? 0) + 1, started, excludedUntil: clock.now() + outcome.delay * 1000, permanent: false });
    } else {
      object.failures.set(handler.id, { retry: (failure?.retry ?? 0) + 1, started, excludedUntil: Number.POSITIVE_INFINITY, permanent: true });
    }
  }

  /** Index the object's latest body again when its earliest temporary exclusion is over. */
  #retryLater(object: IndexedObject): void {
    this.#clearTimer(object);
    let next = Number.POSITIVE_INFINITY;
    for (const failure of object.failures.values()) if (!failure.permanent) next = Math.min(next, failure.excludedUntil);
    if (next === Number.POSITIVE_INFINITY || this.#stopped) return;
    object.timer = this.#deps.clock.setTimeout(() => {
      object.timer = undefined;
      if (!this.#stopped && this.#objects.get(object.key) === object) this.#schedule(object);
    }, Math.max(0, next - this.#deps.clock.now()));
  }
}
