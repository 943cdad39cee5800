// The health server an operator runs beside itself (`op run --liveness http://0.0.0.0:8080/healthz`):
// the liveness path answers with the probes' results as JSON (cached, see ProbeCache), `/readyz` with
// the operator's readiness (see readiness$), `/metrics` with its Prometheus metrics (see
// OperatorMetrics), and anything else with 404. One plain node:http server, started before the
// operator runs so that it sees the whole feed, closed on abort with every socket.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FeedEvent } from '@opkit/core';
import { stringifyJson } from '@opkit/json';
import { noopLogger } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import type { Observable } from 'rxjs';
import { Subscription } from 'rxjs';
import { map } from 'rxjs/operators';
import { HealthError } from './errors.js';
import { closeServer, formatUrl, listen, refuseMethod, send } from './internal/http.js';
import { parseLivenessUrl } from './livenessUrl.js';
import { OperatorMetrics } from './metrics.js';
import type { PeeringState } from './metrics.js';
import { peeringStateOf } from './peeringState.js';
import { ProbeCache } from './probeCache.js';
import { describeReadiness, readiness$ } from './readiness.js';
import type { ReadinessState } from './readiness.js';

/** What the health server reports on: an `Operator` of `@opkit/core` is one. */
export interface HealthSource {
  /** The operator's event feed. */
  readonly feed$: Observable<FeedEvent>;
  /** Run every probe once; resolves to their results by id. */
  probe(options: { readonly signal?: AbortSignal }): Promise<Record<string, unknown>>;
}

/** Options of {@link startHealthServer}. */
export interface HealthServerOptions {
  /** The operator. Start the server before the operator runs: readiness follows its feed from the start. */
  readonly operator: HealthSource;
  /** Where to listen and the liveness path: `http://HOST:PORT/PATH` (port 0 picks a free one). */
  readonly liveness: string | URL;
  /** `true` while the operator is paused (by peering): `/readyz` then answers 503. @defaultValue `peering$`'s `paused`, else the peering events of the operator's feed */
  readonly paused$?: Observable<boolean>;
  /** Peering's view of this replica (paused, leader, shards owned), for readiness and the peering metrics. */
  readonly peering$?: Observable<PeeringState>;
  /** The readiness path. @defaultValue '/readyz' */
  readonly readinessPath?: string;
  /** The metrics served at `metricsPath`; `false` serves none (e.g. they have their own address). @defaultValue new metrics of the operator's feed */
  readonly metrics?: OperatorMetrics | false;
  /** The metrics path. @defaultValue '/metrics' */
  readonly metricsPath?: string;
  /** Seconds the probes' results are served from the cache. @defaultValue 10 */
  readonly probeCacheSeconds?: number;
  /** The clock of the cache. @defaultValue the system clock */
  readonly clock?: Clock;
  /** Where failed probes are logged. @defaultValue no logging */
  readonly logger?: Logger;
  /** Closes the server when aborted. */
  readonly signal?: AbortSignal;
}

/**
 * A running health server. Close it (or abort the options' signal) to stop it.
 *
 * @example
 * ```ts
 * await using health = await startHealthServer({ operator: op, liveness: 'http://0.0.0.0:8080/healthz' });
 * console.log(health.url); // http://0.0.0.0:8080/healthz
 * ```
 */
export class HealthServer {
  /** The liveness URL, with the port actually bound. */
  readonly url: string;
  /** The readiness URL. */
  readonly readinessUrl: string;
  /** The metrics URL, if metrics are served. */
  readonly metricsUrl: string | undefined;
  /** The metrics served, if any. */
  readonly metrics: OperatorMetrics | undefined;
  readonly #server: Server;
  readonly #cache: ProbeCache;
  readonly #subscription: Subscription;
  readonly #readiness: { state: ReadinessState };
  #closed: Promise<void> | undefined;

  /** @internal Use {@link startHealthServer}. */
  constructor(parts: {
    server: Server; cache: ProbeCache; subscription: Subscription; readiness: { state: ReadinessState };
    url: string; readinessUrl: string; metricsUrl: string | undefined; metrics: OperatorMetrics | undefined;
  }) {
    this.#server = parts.server;
    this.#cache = parts.cache;
    this.#subscription = parts.subscription;
    this.#readiness = parts.readiness;
    this.url = parts.url;
    this.readinessUrl = parts.readinessUrl;
    this.metricsUrl = parts.metricsUrl;
    this.metrics = parts.metrics;
  }

  /** The operator's readiness as `/readyz` reports it now. */
  get readiness(): ReadinessState {
    return this.#readiness.state;
  }

  /** Stop listening, drop open connections, abort probes in flight. Idempotent. */
  close(): Promise<void> {
    if (this.#closed === undefined) {
      this.#subscription.unsubscribe();
      this.#cache.close();
      this.#closed = closeServer(this.#server);
    }
    return this.#closed;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}

/**
 * Start the health server: liveness at the URL's path, readiness at `/readyz`, metrics at `/metrics`.
 *
 * - `GET <liveness path>`: 200 with the probes' results as JSON (`{ "<probe id>": result }`), cached for
 *   `probeCacheSeconds`; 500 with `{ "error": "…" }` when a probe fails for good.
 * - `GET /readyz`: 200 `ok` once the operator is ready; 503 with the reason before its initial listing and
 *   indexing are done, while it is paused, and once it is stopping.
 * - `GET /metrics`: the Prometheus text format (see OperatorMetrics for the families).
 *
 * @throws HealthError (`invalid-url`) for a bad URL; (`listen-failed`) when the address cannot be bound.
 * @example
 * ```ts
 * const op = new Operator({ registry, namespaces: ['default'] });
 * const health = await startHealthServer({ operator: op, liveness: 'http://0.0.0.0:8080/healthz', signal });
 * await op.run(signal); // the health server closes on the same abort
 * ```
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const address = parseLivenessUrl(options.liveness);
  const readinessPath = options.readinessPath ?? '/readyz';
  const metricsPath = options.metrics === false ? undefined : options.metricsPath ?? '/metrics';
  const paths = [['liveness', address.path], ['readiness', readinessPath], ...(metricsPath === undefined ? [] : [['metrics', metricsPath]])] as const;
  for (const [name, path] of paths) {
    if (!path.startsWith('/')) throw new HealthError('invalid-option', `The ${name} path must start with '/'; got ${JSON.stringify(path)}.`);
    const other = paths.find(([otherName, otherPath]) => otherName !== name && otherPath === path);
    if (other) throw new HealthError('invalid-option', `The ${name} path and the ${other[0]} path are both ${path}; give the liveness URL another path, e.g. /healthz.`);
  }
  const logger = options.logger ?? noopLogger;
  // Without an explicit source, the operator's own feed says when peering pauses it.
  const peering$ = options.peering$ ?? options.paused$?.pipe(map((paused): PeeringState => ({ paused }))) ?? peeringStateOf(options.operator.feed$);
  const paused$ = options.paused$ ?? peering$.pipe(map((state) => state.paused));
  const cache = new ProbeCache({ run: (run) => options.operator.probe(run), maxAge: options.probeCacheSeconds, clock: options.clock });
  const readiness: { state: ReadinessState } = { state: { ready: false, reason: 'starting' } };
  const subscription = new Subscription();
  subscription.add(readiness$(options.operator.feed$, paused$).subscribe((state) => { readiness.state = state; }));
  let metrics: OperatorMetrics | undefined;
  if (options.metrics !== false) {
    metrics = options.metrics;
    if (metrics === undefined) {
      metrics = new OperatorMetrics();
      subscription.add(metrics.observe(options.operator.feed$, { peering$ }));
    }
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://health').pathname;
    const head = request.method === 'HEAD';
    if (!paths.some(([, known]) => known === path)) {
      send(response, head, 404, 'text/plain; charset=utf-8', `not found: ${path} (${paths.map(([name, known]) => `${name}: ${known}`).join(', ')})\n`);
      return;
    }
    if (refuseMethod(request, response)) return;
    if (path === readinessPath) {
      const state = readiness.state;
      send(response, head, state.ready ? 200 : 503, 'text/plain; charset=utf-8', `${describeReadiness(state)}\n`);
      return;
    }
    if (path === metricsPath && metrics !== undefined) {
      send(response, head, 200, metrics.registry.contentType, await metrics.registry.metrics());
      return;
    }
    try {
      const results = await cache.get();
      send(response, head, 200, 'application/json', stringifyJson(results));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error(`Liveness probes failed: ${message}`);
      send(response, head, 500, 'application/json', stringifyJson({ error: message }));
    }
  };

  let bound: Awaited<ReturnType<typeof listen>>;
  try {
    bound = await listen(address, 'health', handle, logger);
  } catch (error) {
    subscription.unsubscribe();
    cache.close();
    throw error;
  }
  const health = new HealthServer({
    server: bound.server, cache, subscription, readiness, metrics,
    url: formatUrl(address.host, bound.port, address.path), readinessUrl: formatUrl(address.host, bound.port, readinessPath),
    metricsUrl: metricsPath === undefined ? undefined : formatUrl(address.host, bound.port, metricsPath),
  });
  if (options.signal) {
    if (options.signal.aborted) await health.close();
    else options.signal.addEventListener('abort', () => { void health.close(); }, { once: true });
  }
  return health;
}
