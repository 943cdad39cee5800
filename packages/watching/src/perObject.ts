// Why this file exists: events of one object must be processed one at a time and in order (one
// writer per object), events that pile up while it is busy should collapse into the latest, and the
// total number of busy workers must be bounded without starving anyone or deadlocking. This is the
// per-object multiplexer between a resource stream and the processing of each object. The queueing
// itself is @opkit/tasks' KeyedQueue (the one per-key queue of Opkit); this file adapts it to streams.

import { Observable } from 'rxjs';
import type { KubeObject } from '@opkit/kube';
import { KeyedQueue } from '@opkit/tasks';
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

/** One queued event and how many were collapsed into it. */
interface Queued<T> {
  event: ObjectEvent<T>;
  coalesced: number;
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
    const queue = new KeyedQueue<Queued<T>>(
      async ({ event, coalesced }, { key, newer, signal }) => {
        let outcome: PerObjectOutcome<T>;
        try {
          await worker(event, { key, newer, signal, coalesced });
          outcome = { key, event, coalesced };
        } catch (error) {
          outcome = { key, event, error, coalesced };
        }
        if (!signal.aborted) subscriber.next(outcome);
      },
      {
        concurrency,
        coalesce: latest ? 'latest' : 'none',
        merge: (waiting, added) => ({ event: added.event, coalesced: waiting.coalesced + 1 + added.coalesced }),
        ...(options.onStart ? { onStart: options.onStart } : {}),
      },
    );

    const source = events$.subscribe({
      next: (event) => {
        if (event.type === 'SYNCED') return;
        const key = keyOf(event);
        if (key !== undefined) queue.add(key, { event, coalesced: 0 });
      },
      error: (error: unknown) => {
        void queue.close(error);
        subscriber.error(error);
      },
      complete: () => {
        void queue.drain().then(() => {
          if (!queue.closed) subscriber.complete();
        });
      },
    });

    return () => {
      source.unsubscribe();
      void queue.close(new DOMException('perObject unsubscribed', 'AbortError'));
    };
  });
}
