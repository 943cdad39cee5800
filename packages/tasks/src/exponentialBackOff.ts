// Exponential backoff as an iterable of delays: `start`, then ×`base` per step, capped at `max`
// and `max` forever after. Used by TaskQueue, RestartingTask, and the API client's retries.

import { checkNumber } from './errors.js';

/** Options of {@link ExponentialBackOff}. All delays are in the caller's unit (Opkit uses milliseconds). */
export interface ExponentialBackOffOptions {
  /** Factor applied per step. @defaultValue 2 */
  base?: number;
  /** The first delay. @defaultValue 1000 */
  start?: number;
  /** The largest delay. @defaultValue 120000 */
  max?: number;
  /** Ratio (0..1) by which each delay is spread at random around its nominal value. @defaultValue 0 */
  jitter?: number;
  /** A source of uniform random numbers in [0, 1). @defaultValue Math.random */
  random?: () => number;
}

/**
 * An endless sequence of growing delays.
 *
 * Guarantees: without jitter the sequence is exactly `start, start·base, start·base², …` capped at
 * `max`. With jitter `j`, each value lies in `[v·(1−j), v·(1+j)]` around its nominal value `v`.
 *
 * @example
 * const backoff = new ExponentialBackOff({ base: 2, start: 1, max: 8 });
 * [...take(backoff, 5)]; // 1, 2, 4, 8, 8
 */
export class ExponentialBackOff implements Iterable<number> {
  readonly base: number;
  readonly start: number;
  readonly max: number;
  readonly jitter: number;
  readonly #random: () => number;
  #next: number;
  #failing = true;

  constructor(options: ExponentialBackOffOptions = {}) {
    this.base = checkNumber('ExponentialBackOff base', options.base ?? 2, 1);
    this.start = checkNumber('ExponentialBackOff start', options.start ?? 1000, 0);
    this.max = checkNumber('ExponentialBackOff max', options.max ?? 120_000, this.start);
    this.jitter = checkNumber('ExponentialBackOff jitter', options.jitter ?? 0, 0, 1);
    this.#random = options.random ?? Math.random;
    this.#next = this.start;
  }

  /** True if the backoff was iterated since the last {@link reset} (or was just created). */
  get failing(): boolean {
    return this.#failing;
  }

  /** The next delay; advances the sequence. */
  next(): number {
    this.#failing = true;
    const nominal = this.#next;
    this.#next = Math.min(this.max, nominal * this.base);
    if (this.jitter === 0) return nominal;
    return nominal * (1 - this.jitter + 2 * this.jitter * this.#random());
  }

  /** Back to `start`; {@link failing} becomes false. */
  reset(): void {
    this.#next = this.start;
    this.#failing = false;
  }

  *[Symbol.iterator](): Iterator<number> {
    for (;;) yield this.next();
  }
}
