// A background task that is restarted with exponential backoff when it crashes. Used for the
// long-running parts of an operator that must come back after a failure but must not spin when the
// failure persists: every daemon and timer of @opkit/daemons runs in one (a retry after a temporary
// failure is a restart after the delay the failure names).

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
  /**
   * The restart delay (ms) a crash asks for, if any — e.g. a retry whose delay the failure itself
   * names. Such a restart is expected: it is logged at `debug`, and the backoff does not advance.
   * @defaultValue every crash takes the backoff's next delay
   */
  delayOf?: (error: unknown) => number | undefined;
}

/**
 * Runs `fn` in the background and restarts it with growing delays while it throws.
 *
 * Guarantees: it starts stopped; a clean return or a stop is never followed by a restart; a
 * crash is followed by a restart after the delay `delayOf` gives for it, else after the next
 * backoff delay (1 s, 2 s, 4 s … up to 120 s by default); a stop during that wait ends it at once;
 * {@link RestartingTask.waitForTermination} and {@link RestartingTask.finished} never throw.
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
  readonly #delayOf: ((error: unknown) => number | undefined) | undefined;
  #controller: AbortController | undefined;
  #loop: Promise<void> | undefined;
  #restarts = 0;

  constructor(fn: RestartingTaskFn, options: RestartingTaskOptions = {}) {
    this.#fn = fn;
    this.#logger = options.logger ?? noopLogger;
    this.#clock = options.clock ?? systemClock;
    this.#backoff = new ExponentialBackOff({ base: 2, start: 1000, max: 120_000, ...options.backoff });
    this.#delayOf = options.delayOf;
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

  /** Resolves when the task has ended — returned cleanly, or stopped and settled — without stopping it. */
  async finished(): Promise<void> {
    await this.#loop;
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
        const asked = this.#delayOf?.(error);
        const delay = asked ?? this.#backoff.next();
        if (asked === undefined) this.#logger.error('task crashed; restarting', { error: String(error), delayMs: Math.round(delay) });
        else this.#logger.debug('task restarting as asked', { delayMs: Math.round(delay) });
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
