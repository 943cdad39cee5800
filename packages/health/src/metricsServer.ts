// Metrics at an address of their own (`op run --metrics http://0.0.0.0:9090/metrics`), for clusters where
// scraping and health checks go through different ports or network policies. Serves only that path.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { closeServer, formatUrl, listen, refuseMethod, send } from './internal/http.js';
import { parseLivenessUrl } from './livenessUrl.js';
import type { OperatorMetrics } from './metrics.js';

/** Options of {@link startMetricsServer}. */
export interface MetricsServerOptions {
  /** The metrics to serve (following an operator's feed). */
  readonly metrics: OperatorMetrics;
  /** Where: `http://HOST:PORT/PATH` (port 0 picks a free one). */
  readonly url: string | URL;
  /** Where failures to answer are logged. @defaultValue no logging */
  readonly logger?: Logger;
  /** Closes the server when aborted. */
  readonly signal?: AbortSignal;
}

/** A running metrics server. */
export interface MetricsServer {
  /** The metrics URL, with the port actually bound. */
  readonly url: string;
  /** Stop listening and drop open connections. Idempotent. */
  close(): Promise<void>;
}

/**
 * Serve metrics alone at a URL.
 *
 * @throws HealthError (`invalid-url`) for a bad URL; (`listen-failed`) when the address cannot be bound.
 * @example
 * ```ts
 * const metrics = new OperatorMetrics();
 * metrics.observe(op.feed$);
 * const server = await startMetricsServer({ metrics, url: 'http://0.0.0.0:9090/metrics', signal });
 * ```
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const address = parseLivenessUrl(options.url, { name: 'metrics', example: 'http://0.0.0.0:9090/metrics' });
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    const head = request.method === 'HEAD';
    if (path !== address.path) {
      send(response, head, 404, 'text/plain; charset=utf-8', `not found: ${path} (metrics: ${address.path})\n`);
      return;
    }
    if (refuseMethod(request, response)) return;
    send(response, head, 200, options.metrics.registry.contentType, await options.metrics.registry.metrics());
  };
  const { server, port } = await listen(address, 'metrics', handle, options.logger ?? noopLogger);
  let closed: Promise<void> | undefined;
  const close = (target: Server): Promise<void> => {
    closed ??= closeServer(target);
    return closed;
  };
  const result: MetricsServer = { url: formatUrl(address.host, port, address.path), close: () => close(server) };
  if (options.signal) {
    if (options.signal.aborted) await result.close();
    else options.signal.addEventListener('abort', () => { void result.close(); }, { once: true });
  }
  return result;
}
