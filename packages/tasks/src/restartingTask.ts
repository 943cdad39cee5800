// A background task that is restarted with exponential backoff when it crashes. Used for the
// long-running parts of an operator (watch streams, daemons, lease renewal) that must come back
// after a failure but must not spin when the failure persists.

import { systemClock, type Clock } from './clock.js';
import { ExponentialBackOff, type ExponentialBackOffOptions } from './exponentialBackOff.js';
import { noopLogger, type Logger } from './logger.js';
import { sleep } from './sleep.js';

/** The body of a {@link RestartingTask}: runs until it returns, throws, or `signal` aborts. */
export type RestartingTaskFn = (signal: AbortSignal) => Promise<void>;

/** Options of {@link RestartingTask}. */
export interface RestartingTaskOptions {
  /** @defaultValue noopLogger */
  logger?: Logger;
  /** @defaultValue systemClock */
  clock?: Clock;
  /** Restart delays in milliseconds. @defaultValue `{ base: 2, start: 1000, max: 120000 }` */
  backoff?: ExponentialBackOffOptions;
}

/**
 * Runs `fn` in the background and restarts it with growing delays while it throws.
 *
 * Guarantees: it starts stopped; a clean return or a stop is never followed by a restart; a
 * crash is followed by a restart after the next backoff delay (1 s, 2 s, 4 s … up to 120 s by
 * default); {@link RestartingTask.waitForTermination} never throws.
 *
 * @example
 * const task = new RestartingTask((signal) => watchForever(signal), { logger });
 * task.start();
 * // … later
 * await task.waitForTermination();
 */
export class RestartingTask {
  readonly #fn: RestartingTaskFn;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #backoff: ExponentialBackOff;
  #controller: AbortController | undefined;
  #loop: Promise<void> | undefined;
  #restarts = 0;

  constructor(fn: RestartingTaskFn, options: RestartingTaskOptions = {}) {
    this.#fn = fn;
    this.#logger = options.logger ?? noopLogger;
    this.#clock = options.clock ?? systemClock;
    this.#backoff = new ExponentialBackOff({ base: 2, start: 1000, max: 120_000, ...options.backoff });
  }

  /** True from {@link start} until the task returns cleanly or is stopped and has settled. */
  get running(): boolean {
    return this.#loop !== undefined;
  }

  /** How many times the task was restarted after a crash. */
  get restarts(): number {
    return this.#restarts;
  }

  /** Start the task; if it runs already, only reset its backoff. */
  start(): void {
    this.#backoff.reset();
    if (this.#loop) return;
    const controller = new AbortController();
    this.#controller = controller;
    const loop = this.#runLoop(controller.signal).finally(() => {
      if (this.#loop === loop) {
        this.#loop = undefined;
        this.#controller = undefined;
      }
    });
    this.#loop = loop;
  }

  /** Abort the task (without waiting for it to settle). */
  stop(): void {
    this.#controller?.abort(new Error('RestartingTask stopped'));
  }

  /** Stop, then start again with a fresh backoff. */
  async restart(): Promise<void> {
    await this.waitForTermination();
    this.start();
  }

  /** Stop and wait until the task has settled. Its final error, if any, is logged, not thrown. */
  async waitForTermination(): Promise<void> {
    const loop = this.#loop;
    this.stop();
    await loop;
  }

  async #runLoop(signal: AbortSignal): Promise<void> {
    for (;;) {
      try {
        await this.#fn(signal);
        if (!signal.aborted) this.#logger.debug('task finished');
        return;
      } catch (error) {
        if (signal.aborted) {
          if (error !== signal.reason) this.#logger.warn('task failed while stopping', { error: String(error) });
          return;
        }
        const delay = this.#backoff.next();
        this.#logger.error('task crashed; restarting', { error: String(error), delayMs: Math.round(delay) });
        try {
          await sleep(delay, { signal, clock: this.#clock });
        } catch {
          return;
        }
        this.#restarts += 1;
      }
    }
  }
}
