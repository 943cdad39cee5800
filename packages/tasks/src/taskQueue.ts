// A de-duplicating, retrying work queue keyed by a task key (an object uid, a resource name …).
//
// Why it exists: reconciliation work is idempotent and only the latest request for a key matters,
// but nothing may be lost. So a task enqueued while its twin still waits is merged into it; one
// enqueued while its twin runs runs once more afterwards; a failing task is retried with jittered
// exponential backoff per key and never blocks other keys.

import { systemClock, type Clock } from './clock.js';
import { checkNumber, TasksError } from './errors.js';
import { ExponentialBackOff } from './exponentialBackOff.js';
import { noopLogger, type Logger } from './logger.js';

/** The work of one task. It receives a signal that aborts when the queue shuts down. */
export type TaskFn = (signal: AbortSignal) => Promise<void> | void;

/** Options of {@link TaskQueue}. Delays are in milliseconds. */
export interface TaskQueueOptions {
  /** Backoff factor per failure. @defaultValue 2 */
  backoffBase?: number;
  /** First retry delay. @defaultValue 1000 */
  backoffStart?: number;
  /** Largest retry delay. @defaultValue 120000 */
  backoffMax?: number;
  /** Jitter ratio (0..1) of retry delays. @defaultValue 0.1 */
  jitter?: number;
  /** How many tasks run at once. @defaultValue 1 */
  concurrency?: number;
  /** @defaultValue noopLogger */
  logger?: Logger;
  /** @defaultValue systemClock */
  clock?: Clock;
  /** Uniform random numbers for jitter. @defaultValue Math.random */
  random?: () => number;
}

/** Counts of a queue's tasks by state. */
export interface TaskQueueStats {
  /** Ready to start, in start order. */
  ready: number;
  /** Waiting for a retry after a failure. */
  delayed: number;
  running: number;
}

type EntryState = 'ready' | 'delayed' | 'running';

interface Entry {
  fn: TaskFn;
  state: EntryState;
  /** Set when the key was enqueued again while it ran: run once more afterwards. */
  rerun: TaskFn | undefined;
  backoff: ExponentialBackOff;
  timer: unknown;
}

/**
 * A queue that runs each key's latest task, retrying failures, with bounded concurrency.
 *
 * Guarantees: tasks start in enqueue order; at most one task per key runs at a time; a failed
 * task is retried (after `backoffStart`, growing to `backoffMax`) until it succeeds or the queue
 * stops; nothing runs before {@link TaskQueue.run} and nothing after its signal aborts.
 *
 * @example
 * const queue = new TaskQueue({ concurrency: 4 });
 * queue.enqueue('default/web', async (signal) => reconcile('default/web', signal));
 * await queue.run(signal); // settles when `signal` aborts
 */
export class TaskQueue {
  readonly #entries = new Map<string, Entry>();
  /** Keys ready to start; a Map keeps insertion order, so it is the FIFO. */
  readonly #ready = new Map<string, Entry>();
  readonly #running = new Set<Promise<void>>();
  readonly #options: Required<Omit<TaskQueueOptions, 'logger' | 'clock' | 'random'>>;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #random: () => number;
  #wake: (() => void) | undefined;
  #active: AbortSignal | undefined;

  constructor(options: TaskQueueOptions = {}) {
    this.#options = {
      backoffBase: options.backoffBase ?? 2,
      backoffStart: options.backoffStart ?? 1000,
      backoffMax: options.backoffMax ?? 120_000,
      jitter: options.jitter ?? 0.1,
      concurrency: checkNumber('TaskQueue concurrency', options.concurrency ?? 1, 1),
    };
    this.#logger = options.logger ?? noopLogger;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    // Validate the backoff options once, up front, rather than on the first failure.
    this.#newBackoff();
  }

  /**
   * Queue `fn` under `key`. If the key waits already, `fn` replaces its work and keeps its place
   * (and its retry time); if the key runs now, `fn` runs once more after it.
   */
  enqueue(key: string, fn: TaskFn): void {
    const entry = this.#entries.get(key);
    if (!entry) {
      const created: Entry = { fn, state: 'ready', rerun: undefined, backoff: this.#newBackoff(), timer: undefined };
      this.#entries.set(key, created);
      this.#ready.set(key, created);
      this.#notify();
    } else if (entry.state === 'running') {
      entry.rerun = fn;
    } else {
      entry.fn = fn;
    }
  }

  /** How many tasks are ready, delayed and running. */
  stats(): TaskQueueStats {
    let delayed = 0;
    for (const entry of this.#entries.values()) if (entry.state === 'delayed') delayed += 1;
    return { ready: this.#ready.size, delayed, running: this.#running.size };
  }

  /** True when nothing is queued, delayed or running. */
  get idle(): boolean {
    return this.#entries.size === 0;
  }

  /**
   * Run tasks until `signal` aborts; then abort running tasks, wait for them, and resolve.
   * Queued tasks stay queued for a later `run`.
   */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#active) throw new TasksError('already-running', 'TaskQueue.run() is already running; call it once at a time');
    if (signal.aborted) return;
    this.#active = signal;
    const onAbort = (): void => this.#notify();
    signal.addEventListener('abort', onAbort, { once: true });
    for (const [key, entry] of this.#entries) if (entry.state === 'delayed' && entry.timer === undefined) this.#schedule(key, entry, 0);
    try {
      while (!signal.aborted) {
        this.#startReady(signal);
        await new Promise<void>((resolve) => (this.#wake = resolve));
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      for (const entry of this.#entries.values()) {
        if (entry.state === 'delayed' && entry.timer !== undefined) {
          this.#clock.clearTimeout(entry.timer);
          entry.timer = undefined;
        }
      }
      await Promise.allSettled([...this.#running]);
      this.#active = undefined;
    }
  }

  #newBackoff(): ExponentialBackOff {
    return new ExponentialBackOff({
      base: this.#options.backoffBase,
      start: this.#options.backoffStart,
      max: this.#options.backoffMax,
      jitter: this.#options.jitter,
      random: this.#random,
    });
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #startReady(signal: AbortSignal): void {
    for (const [key, entry] of this.#ready) {
      if (this.#running.size >= this.#options.concurrency) return;
      this.#ready.delete(key);
      entry.state = 'running';
      const running: Promise<void> = this.#execute(key, entry, signal).finally(() => {
        this.#running.delete(running);
        this.#notify();
      });
      this.#running.add(running);
    }
  }

  async #execute(key: string, entry: Entry, signal: AbortSignal): Promise<void> {
    let failure: unknown;
    let failed = false;
    try {
      await entry.fn(signal);
    } catch (error) {
      failed = true;
      failure = error;
    }
    if (failed && signal.aborted) {
      // A shutdown, not a failure: keep the task for a later run.
      entry.fn = entry.rerun ?? entry.fn;
      entry.rerun = undefined;
      entry.state = 'delayed';
      return;
    }
    if (failed) {
      entry.fn = entry.rerun ?? entry.fn;
      entry.rerun = undefined;
      const delay = entry.backoff.next();
      this.#logger.warn('task failed; retrying', { key, delayMs: Math.round(delay), error: String(failure) });
      entry.state = 'delayed';
      this.#schedule(key, entry, delay);
      return;
    }
    entry.backoff.reset();
    if (entry.rerun) {
      entry.fn = entry.rerun;
      entry.rerun = undefined;
      entry.state = 'ready';
      this.#ready.set(key, entry);
    } else {
      this.#entries.delete(key);
    }
  }

  #schedule(key: string, entry: Entry, delay: number): void {
    if (this.#active?.aborted ?? true) return;
    entry.timer = this.#clock.setTimeout(() => {
      entry.timer = undefined;
      entry.state = 'ready';
      this.#ready.set(key, entry);
      this.#notify();
    }, delay);
  }
}
