// The probes' results as the liveness endpoint serves them: kept for a while (10 s, as Kopf) so that
// frequent checks do not run the probes each time, and refreshed by one run at a time — requests that
// arrive while a refresh runs wait for that refresh instead of starting their own (Kopf's lock).
import { systemClock } from '@opkit/tasks';
import type { Clock } from '@opkit/tasks';
import { HealthError } from './errors.js';

/** Runs every probe once and resolves to their results by id (what `Operator.probe` does). */
export type ProbeRunner = (options: { readonly signal: AbortSignal }) => Promise<Record<string, unknown>>;

/** Options of {@link ProbeCache}. */
export interface ProbeCacheOptions {
  /** Runs the probes. */
  readonly run: ProbeRunner;
  /** Seconds results are served from the cache, counted from the end of the run that produced them. @defaultValue 10 */
  readonly maxAge?: number;
  /** The clock. @defaultValue the system clock */
  readonly clock?: Clock;
}

/**
 * Cached probe results with a single refresh in flight.
 *
 * Guarantees: at most one run of the probes at a time; results younger than `maxAge` are served without
 * a run; a failed run is not cached (the next request runs the probes again); `close()` aborts a run in
 * flight through its signal.
 *
 * @example
 * ```ts
 * const cache = new ProbeCache({ run: (options) => operator.probe(options) });
 * const results = await cache.get(); // { now: '…' }
 * cache.close();
 * ```
 */
export class ProbeCache {
  readonly #run: ProbeRunner;
  readonly #maxAgeMs: number;
  readonly #clock: Clock;
  readonly #closing = new AbortController();
  #results: Record<string, unknown> | undefined;
  #at = 0;
  #inflight: Promise<Record<string, unknown>> | undefined;

  constructor(options: ProbeCacheOptions) {
    const maxAge = options.maxAge ?? 10;
    if (typeof maxAge !== 'number' || !Number.isFinite(maxAge) || maxAge < 0) {
      throw new HealthError('invalid-option', `maxAge must be a number of seconds >= 0; got ${JSON.stringify(maxAge)}.`);
    }
    this.#run = options.run;
    this.#maxAgeMs = maxAge * 1000;
    this.#clock = options.clock ?? systemClock;
  }

  /** The results: cached ones while fresh, else those of the refresh in flight or of a new one. */
  get(): Promise<Record<string, unknown>> {
    if (this.#closing.signal.aborted) return Promise.reject(new HealthError('invalid-option', 'The probe cache is closed.'));
    if (this.#results !== undefined && this.#clock.now() - this.#at < this.#maxAgeMs) return Promise.resolve(this.#results);
    this.#inflight ??= this.#refresh();
    return this.#inflight;
  }

  /** Abort a run in flight; later `get()`s reject. */
  close(): void {
    this.#closing.abort();
  }

  async #refresh(): Promise<Record<string, unknown>> {
    try {
      const results = await this.#run({ signal: this.#closing.signal });
      this.#results = results;
      this.#at = this.#clock.now();
      return results;
    } finally {
      this.#inflight = undefined;
    }
  }
}
