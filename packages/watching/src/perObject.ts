// Why this file exists: events of one object must be processed one at a time and in order (one
// writer per object), events that pile up while it is busy should collapse into the latest, and the
// total number of busy workers must be bounded without starving anyone or deadlocking. This is the
// per-object multiplexer between a resource stream and the processing of each object.

import { Observable } from 'rxjs';
import type { KubeObject } from '@opkit/kube';
import { checkRange } from './errors.js';
import type { ObjectEvent, WatchEvent } from './watchResource.js';

/** What a worker is told besides its event. */
export interface WorkerContext {
  /** The object's key (its uid, else namespace/name). */
  key: string;
  /** Aborted as soon as a newer event for the same object arrives: cut sleeps short with it. */
  newer: AbortSignal;
  /** Aborted when the multiplexer is unsubscribed (shutdown): stop work. */
  signal: AbortSignal;
  /** How many events for this object were collapsed into this one (latest-wins mode). */
  coalesced: number;
}

/** Processes one event of one object. Never runs twice at once for the same object. */
export type ObjectWorker<T = KubeObject> = (event: ObjectEvent<T>, context: WorkerContext) => Promise<void> | void;

/** Options of {@link perObject}. */
export interface PerObjectOptions<T = KubeObject> {
  /** Most workers running at once, across all objects. @defaultValue 16 */
  concurrency?: number;
  /** `'latest'`: events arriving while busy collapse into the newest; `'none'`: deliver every event in order. @defaultValue 'latest' */
  coalesce?: 'latest' | 'none';
  /** The object key; events with an undefined key are dropped. @defaultValue metadata.uid, else namespace/name */
  key?: (event: ObjectEvent<T>) => string | undefined;
  /** Told each time a worker starts: how many objects wait for a slot, how many run, and how long this one waited. */
  onStart?: ((stats: PerObjectStats) => void) | undefined;
}

/** The queue at the moment a worker starts. */
export interface PerObjectStats {
  /** Objects with events waiting for a free slot. */
  readonly waiting: number;
  /** Workers running, this one included. */
  readonly running: number;
  /** Milliseconds between the arrival of the object's oldest pending event and this start. */
  readonly waitMs: number;
}

/** Reported after each worker run. */
export interface PerObjectOutcome<T = KubeObject> {
  key: string;
  event: ObjectEvent<T>;
  /** What the worker threw, if it did (the multiplexer carries on). */
  error?: unknown;
  /** Events collapsed into this one. */
  coalesced: number;
}

interface ObjectState<T> {
  pending: ObjectEvent<T>[];
  /** When the oldest pending event arrived (ms). */
  since: number;
  coalesced: number;
  running: boolean;
  queued: boolean;
  newer: AbortController | undefined;
}

function defaultKey(event: ObjectEvent<KubeObject>): string | undefined {
  const meta = event.object.metadata;
  return meta?.uid || (meta?.name ? `${meta.namespace ?? ''}/${meta.name}` : undefined);
}

/**
 * Run `worker` for each object event: serially per object, at most `concurrency` at once overall,
 * slots handed out in arrival order (an object that just ran goes to the back of the line).
 * Completes when `events$` completes and all work is done; SYNCED events are ignored.
 *
 * Guarantees: never two workers for one key at once; per key, events are processed in arrival order
 * and the last event is processed last; per-object state is freed as soon as an object is idle.
 * Caveats: unsubscribing aborts `signal` for running workers but does not wait for them.
 *
 * @example
 * ```ts
 * perObject(watchResource(client, kex), async (event, { newer }) => {
 *   await reconcile(event.object);
 *   await sleep(10_000, { signal: newer }).catch(() => undefined); // woken early by a newer event
 * }, { concurrency: 8 }).subscribe();
 * ```
 */
export function perObject<T extends KubeObject = KubeObject>(events$: Observable<WatchEvent<T>>, worker: ObjectWorker<T>, options: PerObjectOptions<T> = {}): Observable<PerObjectOutcome<T>> {
  const concurrency = checkRange('perObject concurrency', options.concurrency ?? 16, 1);
  const latest = (options.coalesce ?? 'latest') === 'latest';
  const keyOf = options.key ?? (defaultKey);
  return new Observable<PerObjectOutcome<T>>((subscriber) => {
    const states = new Map<string, ObjectState<T>>();
    const ready: string[] = [];
    let head = 0;
    let running = 0;
    let sourceDone = false;
    const shutdown = new AbortController();

    const finishIfDone = (): void => {
      if (sourceDone && running === 0 && head === ready.length) subscriber.complete();
    };

    const enqueue = (key: string, state: ObjectState<T>): void => {
      state.queued = true;
      ready.push(key);
    };

    const start = (key: string, state: ObjectState<T>): void => {
      const event = state.pending.shift()!;
      const waitMs = Date.now() - state.since;
      state.since = Date.now();
      const coalesced = state.coalesced;
      state.coalesced = 0;
      state.running = true;
      state.newer = new AbortController();
      if (state.pending.length > 0) state.newer.abort();
      running++;
      options.onStart?.({ waiting: ready.length - head, running, waitMs });
      const context: WorkerContext = { key, newer: state.newer.signal, signal: shutdown.signal, coalesced };
      const done = (error?: unknown, failed = false): void => {
        running--;
        state.running = false;
        state.newer = undefined;
        if (shutdown.signal.aborted) return;
        subscriber.next(failed ? { key, event, error, coalesced } : { key, event, coalesced });
        if (state.pending.length > 0) enqueue(key, state);
        else states.delete(key);
        pump();
      };
      Promise.resolve()
        .then(() => worker(event, context))
        .then(
          () => done(),
          (error: unknown) => done(error, true),
        );
    };

    const pump = (): void => {
      while (running < concurrency && head < ready.length) {
        const key = ready[head++]!;
        const state = states.get(key);
        if (state) {
          state.queued = false;
          if (state.pending.length > 0 && !state.running) start(key, state);
        }
      }
      if (head > 1024 && head * 2 > ready.length) {
        ready.splice(0, head);
        head = 0;
      }
      finishIfDone();
    };

    const source = events$.subscribe({
      next: (event) => {
        if (event.type === 'SYNCED') return;
        const key = keyOf(event);
        if (key === undefined) return;
        let state = states.get(key);
        if (!state) {
          state = { pending: [], since: Date.now(), coalesced: 0, running: false, queued: false, newer: undefined };
          states.set(key, state);
        }
        if (state.pending.length === 0) state.since = Date.now();
        if (latest && state.pending.length > 0) {
          state.pending[0] = event;
          state.coalesced++;
        } else {
          state.pending.push(event);
        }
        if (state.running) state.newer?.abort();
        else if (!state.queued) enqueue(key, state);
        pump();
      },
      error: (error: unknown) => {
        shutdown.abort(error);
        subscriber.error(error);
      },
      complete: () => {
        sourceDone = true;
        finishIfDone();
      },
    });

    return () => {
      source.unsubscribe();
      shutdown.abort(new DOMException('perObject unsubscribed', 'AbortError'));
      states.clear();
    };
  });
}
