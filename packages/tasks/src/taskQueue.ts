// A de-duplicating, retrying queue of task functions keyed by a task key (an object uid, a resource
// name …), with a start/stop lifecycle: nothing runs before run(signal), and work left when the signal
// aborts stays queued for the next run.
//
// Why it exists: for callers whose work is a closure rather than a typed item. It is a thin shell over
// KeyedQueue (the one per-key queue implementation): dedupe, latest wins, serial per key, bounded
// concurrency and per-key retries with jittered exponential backoff all come from there.

import { systemClock, type Clock } from './clock.js';
import { checkNumber, TasksError } from './errors.js';
import { ExponentialBackOff, type ExponentialBackOffOptions } from './exponentialBackOff.js';
import { KeyedQueue } from './keyedQueue.js';
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

/**
 * A queue that runs each key's latest task, retrying failures, with bounded concurrency.
 *
 * Guarantees: tasks start in enqueue order; at most one task per key runs at a time; a failed
 * task is retried (after `backoffStart`, growing to `backoffMax`) until it succeeds or the queue
 * stops; nothing runs before {@link TaskQueue.run} and nothing after its signal aborts; a task
 * interrupted by the abort, or waiting, stays queued for the next `run`.
 *
 * @example
 * const queue = new TaskQueue({ concurrency: 4 });
 * queue.enqueue('default/web', async (signal) => reconcile('default/web', signal));
 * await queue.run(signal); // settles when `signal` aborts
 */
export class TaskQueue {
  /** Tasks waiting for a run (a Map keeps insertion order and a re-set key its place). */
  readonly #held = new Map<string, TaskFn>();
  readonly #options: Required<Omit<TaskQueueOptions, 'logger' | 'clock' | 'random'>>;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #random: () => number;
  #queue: KeyedQueue<TaskFn> | undefined;
  #active = false;

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
    new ExponentialBackOff(this.#backoff());
  }

  /**
   * Queue `fn` under `key`. If the key waits already, `fn` replaces its work and keeps its place
   * (and its retry time); if the key runs now, `fn` runs once more after it.
   */
  enqueue(key: string, fn: TaskFn): void {
    if (this.#queue) this.#queue.add(key, fn);
    else this.#held.set(key, fn);
  }

  /** How many tasks are ready, delayed and running. */
  stats(): TaskQueueStats {
    if (!this.#queue) return { ready: this.#held.size, delayed: 0, running: 0 };
    const { ready, delayed, running } = this.#queue.stats();
    return { ready, delayed, running };
  }

  /** True when nothing is queued, delayed or running. */
  get idle(): boolean {
    return this.#held.size === 0 && (this.#queue?.idle ?? true);
  }

  /**
   * While {@link run} runs: resolves when nothing is queued, delayed or running, or when the run ends.
   * Outside a run it resolves at once (queued tasks wait for the next run).
   */
  async drain(): Promise<void> {
    await this.#queue?.drain();
  }

  /**
   * Run tasks until `signal` aborts; then abort running tasks, wait for them, and resolve.
   * Queued tasks stay queued for a later `run`.
   */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#active) throw new TasksError('already-running', 'TaskQueue.run() is already running; call it once at a time');
    if (signal.aborted) return;
    this.#active = true;
    const queue = new KeyedQueue<TaskFn>((fn, { signal: stop }) => fn(stop), {
      concurrency: this.#options.concurrency,
      retry: this.#backoff(),
      clock: this.#clock,
      onError: (error, { key, retryInMs }) =>
        this.#logger.warn('task failed; retrying', { key, delayMs: Math.round(retryInMs ?? 0), error: String(error) }),
    });
    this.#queue = queue;
    for (const [key, fn] of this.#held) queue.add(key, fn);
    this.#held.clear();
    try {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    } finally {
      this.#queue = undefined;
      // Tasks enqueued during the shutdown went to #held and are newer than the leftovers.
      for (const [key, fn] of await queue.close(signal.reason)) if (!this.#held.has(key)) this.#held.set(key, fn);
      this.#active = false;
    }
  }

  #backoff(): ExponentialBackOffOptions {
    return {
      base: this.#options.backoffBase,
      start: this.#options.backoffStart,
      max: this.#options.backoffMax,
      jitter: this.#options.jitter,
      random: this.#random,
    };
  }
}
