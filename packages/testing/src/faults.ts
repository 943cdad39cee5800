// Faults in an operator's own tests: the embedded API server drops watches, answers 410 Gone, 5xx or
// 429 on chosen requests, adds latency and stalls watches, while the test's own client (env.apply,
// env.waitFor…) is never touched — so a test proves its operator survives each fault, and the counters
// prove the hard path really ran.
import type { ApiServer, FaultRule } from '@opkit/apiserver';

/**
 * An error the server answers chosen requests with: 410 (Expired — the client must relist), 429, or a
 * 5xx; chosen by Kubernetes verb, resource (`plural` or `plural/subresource`) and user, at a rate, a
 * number of times. Rules never apply to the test environment's own client.
 *
 * @example
 * const rules: TestFaultRule[] = [
 *   { code: 410, verbs: ['watch'], count: 3 },                      // three watches refused: relists
 *   { code: 503, verbs: ['patch'], resources: ['kopfexamples'], rate: 0.3 }, // a third of the patches fail
 * ];
 */
export type TestFaultRule = FaultRule;

/** Faults of a test environment (`startTestEnv({ faults })`, `env.faults.inject()`); every field is optional. */
export interface TestFaultOptions {
  /** Close every open watch connection every N ms (on the environment's clock: fake ms under fake time). */
  readonly dropWatchesEveryMs?: number;
  /** Forget the watch history every N ms (same clock): a watch resuming from before it gets 410 and relists. */
  readonly compactEveryMs?: number;
  /** Errors on chosen requests (410, 429, 5xx), see {@link TestFaultRule}. */
  readonly errors?: readonly TestFaultRule[];
  /** Real milliseconds added before every API response (latency is real time even under fake time). */
  readonly latencyMs?: number;
  /** Open watches stay open but receive nothing — no events, no bookmarks — until turned off (`false` or `clear()`). */
  readonly stallWatches?: boolean;
}

/** What the server injected so far. */
export interface TestFaultCounts {
  /** Open watch connections the server closed on purpose. */
  readonly droppedWatches: number;
  /** Times the watch history was forgotten. */
  readonly compactions: number;
  /** Requests answered 410 Gone by a rule. */
  readonly gone: number;
  /** Requests answered 429 Too Many Requests. */
  readonly throttled: number;
  /** Requests answered with a 5xx. */
  readonly serverErrors: number;
  /** Every injected error by HTTP code, e.g. `{ '410': 2, '503': 7 }`. */
  readonly byCode: Readonly<Record<string, number>>;
}

/**
 * Run-time faults of a test environment, `env.faults`: inject at a chosen moment, clear, count.
 *
 * @example
 * ```ts
 * env.faults.inject({ errors: [{ code: 503, verbs: ['patch'], count: 5 }] });
 * env.faults.dropWatches();
 * expect(env.faults.counts().serverErrors).toBe(5);
 * env.faults.clear();
 * ```
 */
export class TestFaults {
  readonly #server: ApiServer;
  readonly #spared = new Set<string>();

  constructor(server: ApiServer) {
    this.#server = server;
  }

  /**
   * Users that rules injected from now on leave alone unless they name them in `users` (the environment
   * spares its own client from the start; spare e.g. a second client a test drives).
   */
  spare(...users: string[]): void {
    for (const user of users) this.#spared.add(user);
  }

  /**
   * Adds faults to those in force: periodic ones and flags replace their previous values, error rules are
   * added after the existing ones (the first matching rule answers).
   *
   * @throws the server's InvalidFaultSpec error naming a bad field.
   */
  inject(faults: TestFaultOptions): void {
    if (typeof faults !== 'object' || faults === null) throw new TypeError(`faults must be an object, got ${JSON.stringify(faults)}`);
    const known = new Set(['dropWatchesEveryMs', 'compactEveryMs', 'errors', 'latencyMs', 'stallWatches']);
    const unknown = Object.keys(faults).filter((key) => !known.has(key));
    if (unknown.length > 0) throw new TypeError(`unknown fault option ${unknown.map((k) => JSON.stringify(k)).join(', ')}; accepted: ${[...known].join(', ')}`);
    const given: unknown = faults.errors ?? [];
    if (!Array.isArray(given)) throw new TypeError(`faults.errors must be a list of rules, got ${JSON.stringify(given)}`);
    const rules = given as readonly TestFaultRule[];
    const spec = {
      ...('dropWatchesEveryMs' in faults ? { watchDropMs: faults.dropWatchesEveryMs } : {}),
      ...('compactEveryMs' in faults ? { compactEveryMs: faults.compactEveryMs } : {}),
      ...('latencyMs' in faults ? { latencyMs: faults.latencyMs } : {}),
      ...('stallWatches' in faults ? { stallWatches: faults.stallWatches } : {}),
    };
    if (Object.keys(spec).length > 0) this.#server.faults.set(spec);
    for (const rule of rules) {
      this.#server.faults.addRule(rule.users !== undefined ? rule : { ...rule, exceptUsers: [...this.#spared, ...(rule.exceptUsers ?? [])] });
    }
  }

  /** Turns every fault off (pending rules included); held watch events are delivered. The counters stay. */
  clear(): void {
    this.#server.faults.clear();
  }

  /** Closes every open watch connection now. */
  dropWatches(): void {
    this.#server.faults.dropWatches();
  }

  /** Forgets the watch history now: a watch resuming from an older resourceVersion gets 410 and relists. */
  compact(): void {
    this.#server.faults.compactNow();
  }

  /** What was injected so far. */
  counts(): TestFaultCounts {
    const counts = this.#server.faults.counts();
    const byCode = counts.byCode;
    const sum = (match: (code: number) => boolean): number => Object.entries(byCode).reduce((total, [code, n]) => total + (match(Number(code)) ? n : 0), 0);
    return {
      droppedWatches: counts.droppedWatches,
      compactions: counts.compactions,
      gone: sum((code) => code === 410),
      throttled: sum((code) => code === 429),
      serverErrors: sum((code) => code >= 500),
      byCode,
    };
  }
}
