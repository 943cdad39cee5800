// Indexing (`on.index`): keeping an operator's indices in line with the objects it watches. Every event
// of an indexed resource is indexed as it arrives, apart from the per-object queue of the other handlers:
// indexing takes no worker slot, so handlers held back until everything is indexed can never starve it
// of slots (Kopf's deadlock when `worker_limit` is below the number of indexed objects, #1243). Each
// object is indexed serially and latest-wins in a KeyedQueue of its own (a burst of events is indexed
// once, with the latest body); errors follow Kopf: ignored keeps the stale values, temporary removes them
// and retries after the delay (the queue's scheduled re-add), permanent removes them and leaves the
// object out for good. The embedder invokes each handler (logging, reporting) through `invoke`.
import type { KubeObject, Resource } from '@opkit/kube';
import { resourceName } from '@opkit/kube';
import { KeyedQueue, systemClock } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import { filterContextOf, matchesFilters } from './filters.js';
import { indexEntries, OperatorIndex } from './indices.js';
import type { Indices } from './indices.js';
import type { HandlerContext, HandlerPatch, InvocationOutcome, ResourceHandler } from './types.js';

/** The indices of an operator: one writable index per index handler id, also handed to handlers as `indices`. */
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

/** Invokes one index handler for one object and reports the outcome (the embedder's logging and feed). */
export type IndexerInvoke = (handler: ResourceHandler, context: HandlerContext, object: { readonly resource: Resource; readonly body: KubeObject }) => Promise<InvocationOutcome>;

/** Options of {@link Indexer}. */
export interface IndexerOptions {
  /** One writable index per index handler id, also handed to handlers as `indices`. */
  readonly indices: OperatorIndices;
  /** Runs one handler (e.g. `invokeHandler` inside the operator's scope) and reports its outcome. */
  readonly invoke: IndexerInvoke;
  /** A fresh patch for each invocation (what index handlers write to it is dropped, as in Kopf). */
  readonly patch: () => HandlerPatch;
  /** The logger of one object: the handlers' `logger`, and where unexpected failures go. */
  readonly logger: (body: KubeObject, resource: Resource) => Logger;
  /** The operator memo; each object gets a shallow copy. @defaultValue `{}` */
  readonly memo?: Record<string, any>;
  /** Aborted when the operator stops: the handlers' `signal`, and no more indexing. */
  readonly signal: AbortSignal;
  /** @defaultValue systemClock */
  readonly clock?: Clock;
}

/** A failed index handler of one object: how often, since when, and until when it is left out. */
interface Failure {
  readonly retry: number;
  readonly started: number;
  readonly excludedUntil: number;
}

interface IndexedObject {
  readonly key: string;
  readonly resource: Resource;
  readonly resourceName: string;
  handlers: readonly ResourceHandler[];
  latest: KubeObject;
  deleted: boolean;
  /** The listing generation of its resource in which it was last seen. */
  generation: number;
  readonly memo: Record<string, any>;
  readonly failures: Map<string, Failure>;
  /** How many events were offered, and how many of them are indexed (a merged turn indexes all offered before it). */
  offered: number;
  indexed: number;
}

/** One turn of an object: the body its event brought (merged: the latest), or none for a retry (the latest then). */
interface Turn {
  readonly object: IndexedObject;
  readonly body?: KubeObject | undefined;
  /** The count of offered events this turn covers. */
  readonly upTo?: number | undefined;
}

/** An object's key: `<resource name>#<uid>` (or `#<namespace>/<name>` without a uid). */
function keyOf(name: string, body: KubeObject): string {
  const meta = body.metadata;
  return `${name}#${meta?.uid || `${meta?.namespace ?? ''}/${meta?.name ?? ''}`}`;
}

/**
 * Keeps the indices in line with the watched objects.
 *
 * Guarantees: an object's events are indexed in order, one at a time, the latest body winning over
 * events not yet indexed; an update costs O(keys of the object); `idle` is true only when no event
 * offered so far waits or runs (a retry waiting for its time does not count); after `stop()` (or an abort
 * of `signal`) nothing is indexed and no timer is left.
 *
 * @example
 * ```ts
 * const indexer = new Indexer({ indices, invoke, patch: () => new Patch(), logger: () => logger, signal });
 * indexer.offer(resource, handlers, { type: 'ADDED', object: body });
 * await indexer.drain(); // everything offered is indexed
 * ```
 */
export class Indexer {
  readonly #options: IndexerOptions;
  readonly #clock: Clock;
  readonly #queue: KeyedQueue<Turn>;
  readonly #objects = new Map<string, IndexedObject>();
  readonly #generations = new Map<string, number>();
  /** Who waits for an object's events to be indexed (see {@link Indexer.settled}). */
  readonly #waiters = new Map<string, { readonly upTo: number; readonly resolve: () => void }[]>();

  constructor(options: IndexerOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#queue = new KeyedQueue<Turn>((turn) => this.#index(turn), {
      concurrency: Number.POSITIVE_INFINITY, clock: this.#clock, signal: options.signal,
      merge: (waiting, added) => ({ object: added.object, body: added.body ?? waiting.body, upTo: Math.max(waiting.upTo ?? 0, added.upTo ?? 0) }),
      onError: (error, { item: { object } }) => {
        options.logger(object.latest, object.resource).error(`Indexing failed unexpectedly: ${(error as Error)?.message ?? String(error)}`, { error });
      },
    });
  }

  /** No offered event waits or runs. */
  get idle(): boolean {
    return this.#queue.idle;
  }

  /** Resolves when no offered event waits or runs (or once stopped). */
  drain(): Promise<void> {
    return this.#queue.drain();
  }

  /**
   * Resolves once every event offered so far for this object is indexed (at once if none waits), or
   * the object is forgotten, or the indexer stopped: handlers of the same event then see the object in
   * the indices, as in Kopf, which indexes an object before it runs its handlers.
   */
  settled(resource: Resource, body: KubeObject): Promise<void> {
    const key = keyOf(resourceName(resource), body);
    const object = this.#objects.get(key);
    if (object === undefined || object.indexed >= object.offered || this.#queue.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const waiting = this.#waiters.get(key) ?? [];
      waiting.push({ upTo: object.offered, resolve });
      this.#waiters.set(key, waiting);
    });
  }

  #release(key: string, indexed: number): void {
    const waiting = this.#waiters.get(key);
    if (waiting === undefined) return;
    const still = waiting.filter((waiter) => waiter.upTo > indexed);
    for (const waiter of waiting) if (waiter.upTo <= indexed) waiter.resolve();
    if (still.length > 0) this.#waiters.set(key, still);
    else this.#waiters.delete(key);
  }

  /** Index an event of an object with its resource's index handlers (soon, in the object's order). */
  offer(resource: Resource, handlers: readonly ResourceHandler[], event: { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly object: KubeObject }): void {
    if (this.#queue.closed) return;
    const body = event.object;
    const name = resourceName(resource);
    const key = keyOf(name, body);
    let object = this.#objects.get(key);
    if (object === undefined) {
      if (event.type === 'DELETED') return;
      object = {
        key, resource, resourceName: name, handlers, latest: body, deleted: false, generation: 0,
        memo: { ...this.#options.memo }, failures: new Map(), offered: 0, indexed: 0,
      };
      this.#objects.set(key, object);
    }
    object.handlers = handlers;
    object.latest = body;
    object.generation = this.#generations.get(name) ?? 0;
    if (event.type === 'DELETED') object.deleted = true;
    object.offered++;
    this.#queue.add(key, { object, body, upTo: object.offered });
  }

  /** A new stream of a resource starts listing (e.g. after a pause): objects it does not list again will be dropped. */
  listingStarted(name: string): void {
    this.#generations.set(name, (this.#generations.get(name) ?? 0) + 1);
  }

  /** A stream of a resource (one namespace, or all) has delivered its listing: drop what it did not list. */
  listed(name: string, namespace?: string): void {
    const generation = this.#generations.get(name) ?? 0;
    for (const object of this.#objects.values()) {
      if (object.resourceName !== name || object.generation >= generation) continue;
      if (namespace !== undefined && object.latest.metadata?.namespace !== namespace) continue;
      object.deleted = true;
      this.#queue.add(object.key, { object });
    }
  }

  /** Stop indexing: retries are dropped; events offered later are ignored. */
  stop(): void {
    void this.#queue.close();
    for (const key of [...this.#waiters.keys()]) this.#release(key, Number.POSITIVE_INFINITY);
  }

  async #index(turn: Turn): Promise<void> {
    const { object } = turn;
    try {
      await this.#indexTurn(turn);
    } finally {
      object.indexed = Math.max(object.indexed, turn.upTo ?? 0);
      this.#release(object.key, this.#objects.get(object.key) === object ? object.indexed : Number.POSITIVE_INFINITY);
    }
  }

  async #indexTurn({ object, body = object.latest }: Turn): Promise<void> {
    if (this.#objects.get(object.key) !== object) return; // forgotten meanwhile
    if (object.deleted) {
      this.#queue.unschedule(object.key);
      for (const handler of object.handlers) this.#options.indices[handler.id]?.remove(object.key);
      this.#objects.delete(object.key);
      return;
    }
    for (const handler of object.handlers) await this.#indexOne(object, handler, body);
    // Index the latest body again when the earliest temporary exclusion is over.
    let next = Number.POSITIVE_INFINITY;
    for (const failure of object.failures.values()) next = Math.min(next, failure.excludedUntil);
    if (next === Number.POSITIVE_INFINITY) this.#queue.unschedule(object.key);
    else this.#queue.schedule(object.key, { object }, next);
  }

  async #indexOne(object: IndexedObject, handler: ResourceHandler, body: KubeObject): Promise<void> {
    const index = this.#options.indices[handler.id];
    if (index === undefined) return;
    const failure = object.failures.get(handler.id);
    const now = this.#clock.now();
    if (failure && failure.excludedUntil > now) return; // left out for good, or until its retry
    const started = failure?.started ?? now;
    const context = {
      ...filterContextOf(body, {}), id: handler.id, resource: object.resource, body,
      patch: this.#options.patch(), logger: this.#options.logger(body, object.resource), memo: object.memo, retry: failure?.retry ?? 0,
      started: new Date(started), runtime: (now - started) / 1000, param: handler.param, signal: this.#options.signal, indices: this.#options.indices as Indices,
    } as HandlerContext;
    if (!matchesFilters(handler, { body, context })) {
      // No longer matching its filters: its values go (and so does a past failure).
      index.remove(object.key);
      object.failures.delete(handler.id);
      return;
    }
    const outcome = await this.#options.invoke(handler, context, { resource: object.resource, body });
    if (outcome.kind === 'success') {
      const entries = indexEntries(outcome.result);
      if (entries !== undefined) index.replace(object.key, entries);
      object.failures.delete(handler.id);
      return;
    }
    if (outcome.kind === 'ignored') return; // the stale values stay
    index.remove(object.key);
    const retriable = outcome.kind === 'temporary' || outcome.kind === 'exception';
    const excludedUntil = retriable ? this.#clock.now() + outcome.delay * 1000 : Number.POSITIVE_INFINITY;
    object.failures.set(handler.id, { retry: (failure?.retry ?? 0) + 1, started, excludedUntil });
  }
}
