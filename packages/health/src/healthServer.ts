// The health server an operator runs beside itself (`op run --liveness http://0.0.0.0:8080/healthz`):
// the liveness path answers with the probes' results as JSON (cached, see ProbeCache), `/readyz` with
// the operator's readiness (see readiness$), and anything else with 404. One plain node:http server,
// started before the operator runs so that it sees the whole feed, closed on abort with every socket.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeedEvent } from '@opkit/core';
import { stringifyJson } from '@opkit/json';
import { noopLogger } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import type { Observable, Subscription } from 'rxjs';
import { HealthError } from './errors.js';
import { parseLivenessUrl } from './livenessUrl.js';
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
  /** `true` while the operator is paused (by peering): `/readyz` then answers 503. @defaultValue never paused */
  readonly paused$?: Observable<boolean>;
  /** The readiness path. @defaultValue '/readyz' */
  readonly readinessPath?: string;
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
  readonly #server: Server;
  readonly #cache: ProbeCache;
  readonly #subscription: Subscription;
  readonly #readiness: { state: ReadinessState };
  #closed: Promise<void> | undefined;

  /** @internal Use {@link startHealthServer}. */
  constructor(parts: { server: Server; cache: ProbeCache; subscription: Subscription; readiness: { state: ReadinessState }; url: string; readinessUrl: string }) {
    this.#server = parts.server;
    this.#cache = parts.cache;
    this.#subscription = parts.subscription;
    this.#readiness = parts.readiness;
    this.url = parts.url;
    this.readinessUrl = parts.readinessUrl;
  }

  /** The operator's readiness as `/readyz` reports it now. */
  get readiness(): ReadinessState {
    return this.#readiness.state;
  }

  /** Stop listening, drop open connections, abort probes in flight. Idempotent. */
  close(): Promise<void> {
    this.#closed ??= new Promise<void>((resolve) => {
      this.#subscription.unsubscribe();
      this.#cache.close();
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
    return this.#closed;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}

function send(response: ServerResponse, head: boolean, code: number, type: string, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body), ...headers });
  response.end(head ? undefined : body);
}

function formatUrl(host: string, port: number, path: string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
}

/**
 * Start the health server: liveness at the URL's path, readiness at `/readyz`.
 *
 * - `GET <liveness path>`: 200 with the probes' results as JSON (`{ "<probe id>": result }`), cached for
 *   `probeCacheSeconds`; 500 with `{ "error": "…" }` when a probe fails for good.
 * - `GET /readyz`: 200 `ok` once the operator is ready; 503 with the reason before its initial listing and
 *   indexing are done, while it is paused, and once it is stopping.
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
  if (!readinessPath.startsWith('/')) throw new HealthError('invalid-option', `readinessPath must start with '/'; got ${JSON.stringify(readinessPath)}.`);
  if (readinessPath === address.path) {
    throw new HealthError('invalid-option', `The liveness path and the readiness path are both ${readinessPath}; give the liveness URL another path, e.g. /healthz.`);
  }
  const logger = options.logger ?? noopLogger;
  const cache = new ProbeCache({ run: (run) => options.operator.probe(run), maxAge: options.probeCacheSeconds, clock: options.clock });
  const readiness: { state: ReadinessState } = { state: { ready: false, reason: 'starting' } };
  const subscription = readiness$(options.operator.feed$, options.paused$).subscribe((state) => { readiness.state = state; });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://health').pathname;
    const head = request.method === 'HEAD';
    const known = path === address.path || path === readinessPath;
    if (!known) {
      send(response, head, 404, 'text/plain; charset=utf-8', `not found: ${path} (liveness: ${address.path}, readiness: ${readinessPath})\n`);
      return;
    }
    if (request.method !== 'GET' && !head) {
      send(response, false, 405, 'text/plain; charset=utf-8', `method ${request.method} is not allowed; use GET\n`, { allow: 'GET, HEAD' });
      return;
    }
    if (path === readinessPath) {
      const state = readiness.state;
      send(response, head, state.ready ? 200 : 503, 'text/plain; charset=utf-8', `${describeReadiness(state)}\n`);
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

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      logger.error(`The health server failed to answer: ${String(error)}`);
      if (!response.headersSent) send(response, false, 500, 'text/plain; charset=utf-8', 'internal error\n');
      else response.destroy();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: address.host, port: address.port }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    subscription.unsubscribe();
    cache.close();
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'the address is in use' : code === 'EACCES' ? 'permission denied (ports below 1024 need privileges)' : (error as Error).message;
    throw new HealthError('listen-failed', `Cannot serve health at ${formatUrl(address.host, address.port, address.path)}: ${why}.`, { cause: error });
  }
  const port = (server.address() as AddressInfo).port;
  const health = new HealthServer({
    server, cache, subscription, readiness,
    url: formatUrl(address.host, port, address.path), readinessUrl: formatUrl(address.host, port, readinessPath),
  });
  if (options.signal) {
    if (options.signal.aborted) await health.close();
    else options.signal.addEventListener('abort', () => { void health.close(); }, { once: true });
  }
  return health;
}
