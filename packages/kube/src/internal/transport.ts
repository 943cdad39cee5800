// Why this file exists: the single place that opens HTTP connections to the API server. Node's own
// http/https modules give us what the generated client does not: a socket we can destroy the moment
// a caller aborts (so the server sees the watch closed), a streaming body, and per-request timeouts.

import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { KubeNetworkError } from '../errors.js';

/** Where requests go and how they are sent; built once per connection by connect(). */
export interface TransportTarget {
  /** The server's base URL, e.g. `https://10.0.0.1:443` (a path prefix is kept). */
  readonly server: URL;
  /** The agent carrying TLS settings and keep-alive sockets. */
  readonly agent: http.Agent;
}

/** One request. */
export interface TransportRequest {
  method: string;
  /** Path plus query string, e.g. `/api/v1/namespaces?limit=500`. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Abort with a timeout error when the whole exchange (or, for streams, the headers) takes longer. */
  timeoutMs: number;
}

/** A buffered response. */
export interface TransportResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A streaming response; `close()` destroys the socket at once. */
export interface TransportStream {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
  close(): void;
  /** True once the request's timeout fired (the body then ends in an error). */
  timedOut(): boolean;
}

class TimeoutMarker extends Error {}

/** Send a request and buffer the whole response body. */
export async function send(target: TransportTarget, request: TransportRequest): Promise<TransportResponse> {
  const stream = await open(target, request, true);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream.body) chunks.push(chunk as Buffer);
  } catch (error) {
    throw translate(stream.timedOut() ? new TimeoutMarker(`no complete answer within ${request.timeoutMs} ms`) : error, request);
  }
  return { status: stream.status, headers: stream.headers, body: Buffer.concat(chunks) };
}

/**
 * Send a request and return as soon as the headers arrive. With `wholeExchange`, the timeout keeps
 * running until the body has been read; otherwise it stops at the headers (for watch streams, whose
 * liveness the caller checks).
 */
export function open(target: TransportTarget, request: TransportRequest, wholeExchange = false): Promise<TransportStream> {
  const { signal } = request;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const url = new URL(target.server.href.replace(/\/$/, '') + request.path);
  const module = url.protocol === 'https:' ? https : http;
  return new Promise<TransportStream>((resolve, reject) => {
    let settled = false;
    let timedOut = false;
    const req = module.request(url, { method: request.method, agent: target.agent, headers: request.headers });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new TimeoutMarker(`no answer within ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    const onAbort = (): void => {
      req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const cleanup = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      if (!settled) {
        settled = true;
        cleanup();
        reject(signal?.aborted ? signal.reason : translate(error, request));
      }
    });
    req.on('response', (res) => {
      settled = true;
      if (!wholeExchange) clearTimeout(timer);
      res.on('close', cleanup);
      res.on('error', () => undefined);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: res,
        close: () => {
          cleanup();
          req.destroy();
          res.destroy();
        },
        timedOut: () => timedOut,
      });
    });
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

/** Turn a socket-level failure into a KubeNetworkError (timeouts get code 'timeout'). */
export function translate(error: unknown, request: Pick<TransportRequest, 'method' | 'path' | 'signal'>): unknown {
  if (request.signal?.aborted) return request.signal.reason;
  if (error instanceof KubeNetworkError) return error;
  const where = `${request.method} ${request.path.split('?')[0]}`;
  if (error instanceof TimeoutMarker) return new KubeNetworkError(`${where}: ${error.message}`, { cause: error, code: 'timeout' });
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  return new KubeNetworkError(`${where}: ${code ? `${code} ` : ''}${message}`, { cause: error });
}
