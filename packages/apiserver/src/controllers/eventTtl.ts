// The Event TTL: kube-apiserver stores Events with a time to live (--event-ttl, one hour by default),
// after which they disappear. Here a sweep every minute (or every TTL, when that is shorter) removes the Events
// last touched more than the TTL ago. The sweep is the work of a one-key queue, so a failed sweep is logged and retried with backoff.
import type { KeyedQueue } from '@opkit/tasks';
import { StatusError } from '../errors.js';
import { EVENTS } from '../resources/builtins.js';
import type { StoreEvent } from '../storage/index.js';
import { controllerQueue, typeForStorageKey, type ControllerDeps, type StoreController } from './controller.js';

/** How long an Event lives after its last update (kube-apiserver's default --event-ttl). */
export const EVENT_TTL_MS = 60 * 60_000;

/** How often the Events are swept. */
export const EVENT_SWEEP_INTERVAL_MS = 60_000;

/** A unit of Event TTL work: sweep at the queue's current time. */
export interface EventSweepWork {
  readonly reason: 'interval';
}

function isNotFound(error: unknown): boolean {
  return error instanceof StatusError && error.httpStatus === 404;
}

/**
 * Removes expired Events every {@link EVENT_SWEEP_INTERVAL_MS}.
 *
 * @example
 * const ttl = new EventTtl(deps);
 * ttl.sweepEvents(Date.now()); // 3: three Events expired
 */
export class EventTtl implements StoreController {
  readonly name = 'event-ttl';
  readonly #deps: ControllerDeps;
  readonly #ttlMs: number;
  readonly #queue: KeyedQueue<EventSweepWork>;
  #timer: unknown;
  #closed = false;

  /** @param ttlMs how long an Event lives after its last update (default {@link EVENT_TTL_MS}, kube's). */
  constructor(deps: ControllerDeps, ttlMs: number = EVENT_TTL_MS) {
    this.#deps = deps;
    this.#ttlMs = ttlMs;
    this.#queue = controllerQueue(this.name, deps, () => void this.sweepEvents(deps.clock.now()));
    this.#schedule();
  }

  observe(_event: StoreEvent): void {
    // Swept by time, not by change.
  }

  resync(): void {
    // The next sweep finds whatever a restore brought back.
  }

  /**
   * Removes Events last touched more than the TTL before `now`; returns how many went.
   * Throws the first failure (other than an Event that is gone already) after trying them all.
   */
  sweepEvents(now: number): number {
    const { store, registry, writes } = this.#deps;
    const type = typeForStorageKey(registry, EVENTS);
    if (!type) return 0;
    let removed = 0;
    let failure: unknown;
    for (const ev of store.list(EVENTS)) {
      const times = [ev.metadata?.creationTimestamp, ev.lastTimestamp, ev.eventTime, ev.series?.lastObservedTime]
        .map((t) => (typeof t === 'string' ? Date.parse(t) : NaN))
        .filter((t) => Number.isFinite(t));
      if (times.length === 0 || Math.max(...times) > now - this.#ttlMs) continue;
      try {
        if (writes.expire(type, ev.metadata?.namespace, ev.metadata?.name)) removed++;
      } catch (error) {
        if (!isNotFound(error)) failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
    return removed;
  }

  get idle(): boolean {
    return this.#queue.idle;
  }

  drain(): Promise<void> {
    return this.#queue.drain();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#queue.close();
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer = this.#deps.clock.setTimeout(() => {
      this.#timer = undefined;
      this.#queue.add('sweep', { reason: 'interval' });
      this.#schedule();
    }, Math.min(EVENT_SWEEP_INTERVAL_MS, this.#ttlMs));
    // A background timer of the server (its listening socket keeps the process up until close()).
    (this.#timer as { unref?: () => void } | undefined)?.unref?.();
  }
}
