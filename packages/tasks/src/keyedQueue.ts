// The one per-key work queue of Opkit. An operator's object cycles, indexing and per-object writes
// (core), @opkit/watching's `perObject`, TaskQueue and the embedded API server's controllers run on it.
//
// Why it exists: reconciliation work is keyed (an object, a namespace, a CRD) and idempotent. Two
// workers on one key would race each other's writes; work that piles up while a key is busy is
// usually superseded by its latest item; and the number of busy workers must be bounded without
// starving any key. Writing that logic once — with retries, abort and stats — keeps every user of it
// honest about the same guarantees.

import { systemClock, type Clock } from './clock.js';
import { checkNumber } from './errors.js';
import { ExponentialBackOff, type ExponentialBackOffOptions } from './exponentialBackOff.js';
import { noopLogger, type Logger } from './logger.js';

/** What a {@link KeyedWorker} is told besides its item. */
export interface KeyedWorkContext {
  /** The key the item was added under. */
  readonly key: string;
  /** Aborted when the queue closes (its `signal` aborts or `close()` is called): stop work. */
  readonly signal: AbortSignal;
  /** Aborted as soon as another item for the same key is waiting: cut sleeps short with it. */
  readonly newer: AbortSignal;
  /** How many times this key's work failed in a row before this run (0 on a first try). */
  readonly attempt: number;
}

/** Processes one item of one key. Never runs twice at once for the same key. */
export type KeyedWorker<T> = (item: T, context: KeyedWorkContext) => Promise<void> | void;

/** A worker's failure, as told to {@link KeyedQueueOptions.onError}. */
export interface KeyedQueueFailure<T> {
  readonly key: string;
  readonly item: T;
  /** Failures of this key in a row, this one included (1 on the first). */
  readonly attempt: number;
  /** Milliseconds until the retry, or undefined when the queue does not retry. */
  readonly retryInMs: number | undefined;
}

/** The queue at the moment a worker starts, as told to {@link KeyedQueueOptions.onStart}. */
export interface KeyedQueueStartStats {
  /** Keys ready to start and waiting for a free slot. */
  readonly waiting: number;
  /** Workers running, this one included. */
  readonly running: number;
  /** Milliseconds between the arrival of the key's oldest waiting item and this start. */
  readonly waitMs: number;
}

/** Counts of a queue's keys by state. */
export interface KeyedQueueStats {
  /** Keys ready to start, waiting for a slot. */
  readonly ready: number;
  /** Keys waiting for a retry after a failure. */
  readonly delayed: number;
  /** Workers running now. */
  readonly running: number;
  /** Keys with an item scheduled for later ({@link KeyedQueue.schedule}). */
  readonly scheduled: number;
  /** Workers started since the queue was made. */
  readonly started: number;
  /** Sum over all starts of the time items waited for their start (ms). */
  readonly waitedMs: number;
}

/** Options of {@link KeyedQueue}. Delays are in milliseconds. */
export interface KeyedQueueOptions<T> {
  /** Most workers running at once, across all keys (`Infinity`: no bound). @defaultValue 1 */
  concurrency?: number;
  /**
   * `'latest'`: an item added for a key that already has one waiting is merged into it (see
   * {@link KeyedQueueOptions.merge}), so each key has at most one waiting item. `'none'`: every item
   * is kept and processed in order, one per run; after each run the key goes to the back of the line.
   * @defaultValue 'latest'
   */
  coalesce?: 'latest' | 'none';
  /** How a waiting item and a newly added one combine in `'latest'` mode. @defaultValue the added one wins */
  merge?: (waiting: T, added: T) => T;
  /**
   * Retry a failed item per key after these growing delays (the backoff resets after a success), or
   * `false` to report the failure and go on with the key's next item.
   * @defaultValue false
   */
  retry?: ExponentialBackOffOptions | false;
  /**
   * Told every failure of a worker (never an abort during shutdown). Without it, failures are logged:
   * `warn` when retried, `error` when not.
   */
  onError?: (error: unknown, failure: KeyedQueueFailure<T>) => void;
  /** Told each time a worker starts. */
  onStart?: (stats: KeyedQueueStartStats) => void;
  /**
   * Give each run a signal of its own, so that {@link KeyedQueue.cancel} can abort one key's worker.
   * @defaultValue false (every worker shares the queue's signal)
   */
  cancellable?: boolean;
  /** Aborting it closes the queue, like {@link KeyedQueue.close}. */
  signal?: AbortSignal;
  /** @defaultValue noopLogger */
  logger?: Logger;
  /** @defaultValue systemClock */
  clock?: Clock;
}

interface Waiting<T> {
  item: T;
  /** When it (or the oldest item merged into it) arrived. */
  since: number;
}

interface Entry<T> {
  readonly key: string;
  readonly pending: Waiting<T>[];
  state: 'ready' | 'running' | 'delayed';
  failures: number;
  backoff: ExponentialBackOff | undefined;
  timer: unknown;
  /** The context of the run in flight (it says when a newer item arrives). */
  context: RunContext | undefined;
  /** The run in flight: its item, its own abort (cancellable queues), and its settlement. */
  run: Run<T> | undefined;
}

interface Run<T> {
  readonly item: T;
  /** Cancellable queues: the run's own abort, which close() aborts too (one signal per run, no AbortSignal.any). */
  readonly abort: AbortController | undefined;
  /** Whether {@link KeyedQueue.cancel} aborted it (then whatever it throws is no failure). */
  cancelled: boolean;
  done: Promise<void>;
}

/**
 * A run's context. Its `newer` signal is made when a worker first reads it: most runs never do, and an
 * AbortController per run was a measurable part of a restart's thousands of runs.
 */
class RunContext implements KeyedWorkContext {
  readonly key: string;
  readonly signal: AbortSignal;
  readonly attempt: number;
  #newer: AbortController | undefined;
  #hasNewer = false;

  constructor(key: string, signal: AbortSignal, attempt: number) {
    this.key = key;
    this.signal = signal;
    this.attempt = attempt;
  }

  get newer(): AbortSignal {
    if (this.#newer === undefined) {
      this.#newer = new AbortController();
      if (this.#hasNewer) this.#newer.abort();
    }
    return this.#newer.signal;
  }

  /** Another item for the key waits now. */
  markNewer(): void {
    this.#hasNewer = true;
    this.#newer?.abort();
  }
}

/**
 * A work queue keyed by string: dedupe, serial per key, latest wins, bounded concurrency, retries,
 * abort. It starts working as soon as it is made and works until it is closed.
 *
 * Guarantees:
 * - never two workers on one key at once;
 * - keys start in the order they became ready, at most `concurrency` at a time; a key that just ran
 *   and has more work goes to the back of the line (no key starves another);
 * - `'latest'` mode: an item added while its key waits is merged into the waiting one (which keeps
 *   its place, and its retry time if it waits for a retry); an item added while its key runs is run
 *   once more afterwards, and the running worker's `newer` signal aborts;
 * - a failure is always reported (`onError`, else the logger); with `retry`, the key's item (merged
 *   with anything added meanwhile) runs again after the next backoff delay, without blocking other keys;
 * - an item scheduled with {@link KeyedQueue.schedule} is added at its time (by the clock), unless
 *   unscheduled, replaced by a later schedule of its key, or the queue closed first;
 * - with `cancellable`, {@link KeyedQueue.cancel} aborts one key's running worker; whatever it throws then
 *   is neither reported nor retried, and the key goes on with its next item;
 * - after {@link KeyedQueue.close} (or an abort of `signal`) nothing new starts, retry and schedule
 *   timers are cleared, running workers see their `signal` abort, and `close()` resolves once they have settled.
 *
 * Caveats: the key is only an identity — keep the item typed and put everything the worker needs in
 * it. A worker that ignores its signal delays `close()` until it returns.
 *
 * @example
 * const queue = new KeyedQueue<{ namespace: string; name: string }>(
 *   async (ref, { signal }) => reconcile(ref, signal),
 *   { concurrency: 4, retry: { start: 5, max: 30_000 }, logger, signal },
 * );
 * queue.add('default/web', { namespace: 'default', name: 'web' });
 * await queue.drain(); // resolves when nothing waits, runs or waits for a retry
 */
export class KeyedQueue<T> {
  readonly #worker: KeyedWorker<T>;
  readonly #concurrency: number;
  readonly #latest: boolean;
  readonly #merge: (waiting: T, added: T) => T;
  readonly #retry: ExponentialBackOffOptions | undefined;
  readonly #onError: KeyedQueueOptions<T>['onError'];
  readonly #onStart: KeyedQueueOptions<T>['onStart'];
  readonly #cancellable: boolean;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #entries = new Map<string, Entry<T>>();
  /** Items to add later, one per key, with their clock timers. */
  readonly #scheduled = new Map<string, { readonly item: T; readonly timer: unknown }>();
  /** Keys ready to start; a Map keeps insertion order, so it is the FIFO. */
  readonly #ready = new Map<string, Entry<T>>();
  readonly #running = new Set<Promise<void>>();
  readonly #shutdown = new AbortController();
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = (): void => void this.close(this.#signal?.reason);
  #idleWaiters: (() => void)[] = [];
  #closing: Promise<[string, T][]> | undefined;
  #started = 0;
  #waitedMs = 0;

  constructor(worker: KeyedWorker<T>, options: KeyedQueueOptions<T> = {}) {
    this.#worker = worker;
    const concurrency = options.concurrency ?? 1;
    this.#concurrency = concurrency === Number.POSITIVE_INFINITY ? concurrency : checkNumber('KeyedQueue concurrency', concurrency, 1);
    this.#latest = (options.coalesce ?? 'latest') === 'latest';
    this.#merge = options.merge ?? ((_waiting, added) => added);
    this.#retry = options.retry === false ? undefined : options.retry;
    // Validate the backoff options once, up front, rather than on the first failure.
    if (this.#retry) new ExponentialBackOff(this.#retry);
    this.#onError = options.onError;
    this.#onStart = options.onStart;
    this.#cancellable = options.cancellable ?? false;
    this.#logger = options.logger ?? noopLogger;
    this.#clock = options.clock ?? systemClock;
    this.#signal = options.signal;
    if (this.#signal?.aborted) void this.close(this.#signal.reason);
    else this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  /**
   * Queue `item` under `key`. Returns false (and does nothing) once the queue is closed.
   */
  add(key: string, item: T): boolean {
    if (this.closed) return false;
    const now = this.#clock.now();
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = { key, pending: [{ item, since: now }], state: 'ready', failures: 0, backoff: undefined, timer: undefined, context: undefined, run: undefined };
      this.#entries.set(key, entry);
      this.#ready.set(key, entry);
    } else {
      const first = entry.pending[0];
      if (this.#latest && first) first.item = this.#merge(first.item, item);
      else entry.pending.push({ item, since: now });
      entry.context?.markNewer();
    }
    this.#pump();
    return true;
  }

  /**
   * Add `item` under `key` at `at` (clock milliseconds; a time already past means at once, on a later
   * turn): a wake-up or a retry whose time the caller decides. A key has at most one scheduled item:
   * scheduling again replaces it. A scheduled item is not work yet — it does not keep the queue from
   * being idle, and closing drops it. Returns false (and does nothing) once the queue is closed.
   */
  schedule(key: string, item: T, at: number): boolean {
    if (this.closed) return false;
    this.unschedule(key);
    const timer = this.#clock.setTimeout(() => {
      this.#scheduled.delete(key);
      this.add(key, item);
    }, Math.max(0, at - this.#clock.now()));
    this.#scheduled.set(key, { item, timer });
    return true;
  }

  /** Cancel the item scheduled for `key`, if any; returns whether there was one. */
  unschedule(key: string): boolean {
    const scheduled = this.#scheduled.get(key);
    if (scheduled === undefined) return false;
    this.#clock.clearTimeout(scheduled.timer);
    this.#scheduled.delete(key);
    return true;
  }

  /** The keys whose worker runs now, with the item it runs. */
  running(): Map<string, T> {
    const running = new Map<string, T>();
    for (const entry of this.#entries.values()) if (entry.run) running.set(entry.key, entry.run.item);
    return running;
  }

  /**
   * Abort the running worker of `key` (its `signal` aborts with `reason`; needs `cancellable`) and resolve
   * once it has settled; at once when nothing runs for the key. Items waiting for the key stay queued.
   */
  async cancel(key: string, reason?: unknown): Promise<void> {
    const run = this.#entries.get(key)?.run;
    if (!run) return;
    if (run.abort) {
      run.cancelled = true;
      run.abort.abort(reason ?? new DOMException('KeyedQueue work cancelled', 'AbortError'));
    }
    await run.done;
  }

  /** True once {@link close} was called or the `signal` aborted. */
  get closed(): boolean {
    return this.#shutdown.signal.aborted;
  }

  /** True when no key waits, runs, or waits for a retry. */
  get idle(): boolean {
    return this.#entries.size === 0;
  }

  /** How many keys are ready, delayed and running, and how long starts waited in total. */
  stats(): KeyedQueueStats {
    let delayed = 0;
    for (const entry of this.#entries.values()) if (entry.state === 'delayed') delayed += 1;
    return { ready: this.#ready.size, delayed, running: this.#running.size, scheduled: this.#scheduled.size, started: this.#started, waitedMs: this.#waitedMs };
  }

  /**
   * Resolves when the queue is idle (nothing waits, runs or waits for a retry), or when it is closed
   * and its workers have settled. Items may still be added meanwhile; it waits for them too.
   */
  drain(): Promise<void> {
    if (this.idle) return Promise.resolve();
    if (this.#closing) return this.#closing.then(() => undefined);
    return new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
  }

  /**
   * Stop: nothing new starts, retry timers are cleared, scheduled items dropped, running workers'
   * `signal` aborts with `reason`. Resolves, once the running workers have settled, with the work left
   * undone: per key in order, the items that waited, waited for a retry, or whose worker failed after the close.
   * Calling it again returns the same promise.
   */
  close(reason?: unknown): Promise<[string, T][]> {
    if (this.#closing) return this.#closing;
    this.#shutdown.abort(reason ?? new DOMException('KeyedQueue closed', 'AbortError'));
    // A cancellable queue's runs have signals of their own: the close aborts them too.
    for (const entry of this.#entries.values()) entry.run?.abort?.abort(this.#shutdown.signal.reason);
    this.#signal?.removeEventListener('abort', this.#onAbort);
    this.#ready.clear();
    for (const entry of this.#entries.values()) {
      if (entry.timer !== undefined) this.#clock.clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    for (const { timer } of this.#scheduled.values()) this.#clock.clearTimeout(timer);
    this.#scheduled.clear();
    this.#closing = Promise.allSettled([...this.#running]).then(() => {
      const left: [string, T][] = [];
      for (const entry of this.#entries.values()) for (const waiting of entry.pending) left.push([entry.key, waiting.item]);
      this.#entries.clear();
      this.#wakeIdle();
      return left;
    });
    return this.#closing;
  }

  #pump(): void {
    for (const [key, entry] of this.#ready) {
      if (this.#running.size >= this.#concurrency) return;
      this.#ready.delete(key);
      this.#start(entry);
    }
  }

  #start(entry: Entry<T>): void {
    const { item, since } = entry.pending.shift()!;
    const now = this.#clock.now();
    entry.state = 'running';
    const abort = this.#cancellable ? new AbortController() : undefined;
    const context = new RunContext(entry.key, abort ? abort.signal : this.#shutdown.signal, entry.failures);
    entry.context = context;
    if (entry.pending.length > 0) context.markNewer();
    const run: Run<T> = { item, abort, cancelled: false, done: Promise.resolve() };
    this.#started += 1;
    this.#waitedMs += now - since;
    // One promise per run (its settlement), not a chain: a restart starts thousands of runs at once.
    let settle!: () => void;
    let fail!: (error: unknown) => void;
    const running = new Promise<void>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    const done = (failed: boolean, error: unknown): void => {
      let thrown: { error: unknown } | undefined;
      try {
        this.#finish(entry, { item, since }, failed, error);
      } catch (finishError) {
        thrown = { error: finishError }; // a throwing onError: the run's settlement rejects with it
      }
      this.#running.delete(running);
      if (entry.run?.done === running) entry.run = undefined;
      if (!this.closed) {
        this.#pump();
        if (this.idle) this.#wakeIdle();
      }
      if (thrown) fail(thrown.error);
      else settle();
    };
    // A run cancelled by cancel() is over, not failed: nothing to report or retry.
    const failed = (error: unknown): void => done(!run.cancelled, error);
    // The worker starts on a later turn (never inside add()), as it always has.
    queueMicrotask(() => {
      let result: unknown;
      try {
        result = this.#worker(item, context);
      } catch (error) {
        failed(error);
        return;
      }
      if (typeof (result as PromiseLike<void> | undefined)?.then === 'function') (result as PromiseLike<void>).then(() => done(false, undefined), failed);
      else done(false, undefined);
    });
    this.#running.add(running);
    run.done = running;
    entry.run = run;
    this.#onStart?.({ waiting: this.#ready.size, running: this.#running.size, waitMs: now - since });
  }

  #finish(entry: Entry<T>, ran: Waiting<T>, failed: boolean, error: unknown): void {
    entry.context = undefined;
    if (this.closed) {
      // A shutdown, not a failure: what did not finish is handed back by close().
      if (failed) entry.pending.unshift(ran);
      if (entry.pending.length === 0) this.#entries.delete(entry.key);
      return;
    }
    if (!failed) {
      entry.failures = 0;
      entry.backoff?.reset();
      this.#next(entry);
      return;
    }
    entry.failures += 1;
    const retryInMs = this.#retry ? (entry.backoff ??= new ExponentialBackOff(this.#retry)).next() : undefined;
    this.#report(error, { key: entry.key, item: ran.item, attempt: entry.failures, retryInMs });
    if (retryInMs === undefined) {
      entry.failures = 0;
      this.#next(entry);
      return;
    }
    const first = entry.pending[0];
    if (this.#latest && first) entry.pending[0] = { item: this.#merge(ran.item, first.item), since: ran.since };
    else entry.pending.unshift(ran);
    entry.state = 'delayed';
    entry.timer = this.#clock.setTimeout(() => {
      entry.timer = undefined;
      entry.state = 'ready';
      this.#ready.set(entry.key, entry);
      this.#pump();
    }, retryInMs);
  }

  /** After a run: back of the line if more is waiting, else forget the key. */
  #next(entry: Entry<T>): void {
    if (entry.pending.length > 0) {
      entry.state = 'ready';
      this.#ready.set(entry.key, entry);
    } else {
      this.#entries.delete(entry.key);
    }
  }

  #report(error: unknown, failure: KeyedQueueFailure<T>): void {
    if (this.#onError) {
      try {
        this.#onError(error, failure);
        return;
      } catch (reportError) {
        this.#logger.error('KeyedQueue onError threw', { key: failure.key, error: String(reportError) });
      }
    }
    const fields = { key: failure.key, attempt: failure.attempt, error: String(error) };
    if (failure.retryInMs === undefined) this.#logger.error('keyed work failed', fields);
    else this.#logger.warn('keyed work failed; retrying', { ...fields, delayMs: Math.round(failure.retryInMs) });
  }

  #wakeIdle(): void {
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const wake of waiters) wake();
  }
}
