// Why this file exists: the retry policy of every API call in one place. 401 re-reads credentials
// and retries once; 429 waits for Retry-After; 5xx and network errors back off exponentially (with
// jitter, bounded attempts); every attempt has a timeout; an abort ends everything at once.

import { parseJson, stringifyJson } from '@opkit/json';
import { ExponentialBackOff, sleep, noopLogger } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import { apiError, KubeApiError, KubeError, KubeNetworkError, ServerError, TooManyRequestsError, UnauthorizedError } from '../errors.js';
import type { Credentials } from './credentials.js';
import { open, send } from './transport.js';
import type { TransportStream, TransportTarget } from './transport.js';

/** How failed requests are retried. */
export interface RetryOptions {
  /** Total attempts per request, the first included. @defaultValue 8 */
  attempts?: number;
  /** First backoff delay in ms. @defaultValue 250 */
  start?: number;
  /** Largest backoff delay in ms. @defaultValue 30000 */
  max?: number;
  /** Jitter ratio 0..1. @defaultValue 0.3 */
  jitter?: number;
  /** Largest Retry-After honoured, in ms (longer values are capped). @defaultValue 60000 */
  maxRetryAfter?: number;
}

/** Per-call options shared by every KubeClient method. */
export interface RequestOptions {
  /** Aborts the request (and its retries) at once; the promise rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Timeout per attempt, in ms. @defaultValue the client's requestTimeoutMs (30000) */
  timeoutMs?: number | undefined;
  /** Retry 429, 5xx and network errors. @defaultValue true */
  retry?: boolean | undefined;
}

/** One attempt of an API request, as request observers see it. */
export interface RequestRecord {
  /** The Kubernetes verb: get, list, watch, create, update, patch, delete; `discovery` for discovery reads. */
  readonly verb: string;
  /** The resource (plural, with `/subresource` when there is one); '' for discovery. */
  readonly resource: string;
  readonly namespace?: string | undefined;
  readonly name?: string | undefined;
  /** The HTTP status code, or 0 when the request failed without one (network, timeout, abort). */
  readonly code: number;
  /** How long the attempt took until its status was known, in ms. */
  readonly durationMs: number;
  /** 1 for the first attempt, then 2, 3… for retries. */
  readonly attempt: number;
}

/** Told of every attempt of every request. */
export type RequestObserver = (record: RequestRecord) => void;

/** A request as the client methods describe it. */
export interface ApiCall extends RequestOptions {
  method: string;
  path: string;
  /** What observers are told the request is (verb, resource, namespace, name). */
  describe?: Omit<RequestRecord, 'code' | 'durationMs' | 'attempt'> | undefined;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  contentType?: string | undefined;
  /** The Accept header. @defaultValue application/json */
  accept?: string | undefined;
}

/** Settings of a Requester. */
export interface RequesterSettings {
  target: TransportTarget;
  credentials: Credentials;
  requestTimeoutMs: number;
  retry: Required<RetryOptions>;
  logger: Logger;
  userAgent: string;
  /** The clock of the waits between attempts. @defaultValue systemClock */
  clock?: Clock;
}

/** Build a path with its query string (undefined values are left out). */
export function withQuery(path: string, query: ApiCall['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function retryAfterMs(header: string | string[] | undefined, cap: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(cap, Math.max(0, seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.min(cap, Math.max(0, date - Date.now()));
}

/** Sends API calls with authentication, timeouts and retries. */
export class Requester {
  readonly settings: RequesterSettings;
  readonly #observers = new Set<RequestObserver>();

  /** Add an observer of every attempt; returns the function that removes it. */
  observe(observer: RequestObserver): () => void {
    this.#observers.add(observer);
    return () => { this.#observers.delete(observer); };
  }

  #tell(call: ApiCall, code: number, started: number, attempt: number): void {
    if (this.#observers.size === 0) return;
    const describe = call.describe ?? { verb: call.method.toLowerCase(), resource: '' };
    const record: RequestRecord = { ...describe, code, durationMs: Date.now() - started, attempt };
    for (const observer of this.#observers) {
      try {
        observer(record);
      } catch {
        // An observer's failure must never fail a request.
      }
    }
  }

  constructor(settings: RequesterSettings) {
    this.settings = { ...settings, logger: settings.logger ?? noopLogger };
  }

  /** Send a call and parse the JSON answer. */
  async json<T>(call: ApiCall): Promise<T> {
    const stream = await this.#attempts(call, true);
    return stream as T;
  }

  /** Open a streaming call (a watch); retries only the 401 credential refresh, the caller owns the rest. */
  async stream(call: ApiCall): Promise<TransportStream> {
    return (await this.#attempts({ ...call, retry: false }, false)) as TransportStream;
  }

  async #attempts(call: ApiCall, buffered: boolean): Promise<unknown> {
    const { retry: policy, requestTimeoutMs, target, credentials, logger } = this.settings;
    const path = withQuery(call.path, call.query);
    const where = `${call.method} ${call.path}`;
    const backoff = new ExponentialBackOff({ start: policy.start, max: policy.max, jitter: policy.jitter });
    const body = call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : stringifyJson(call.body);
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      call.signal?.throwIfAborted();
      const headers: Record<string, string> = {
        Accept: call.accept ?? 'application/json',
        'User-Agent': this.settings.userAgent,
        ...(await credentials.headers()),
      };
      if (body !== undefined) {
        headers['Content-Type'] = call.contentType ?? 'application/json';
        // Node sends a DELETE's body without chunked encoding: without a length the server never sees it.
        headers['Content-Length'] = String(Buffer.byteLength(body));
      }
      const request = { method: call.method, path, headers, body, signal: call.signal, timeoutMs: call.timeoutMs ?? requestTimeoutMs };
      let failure: KubeError;
      const started = Date.now();
      try {
        if (buffered) {
          const response = await send(target, request);
          this.#tell(call, response.status, started, attempt);
          if (response.status >= 200 && response.status < 300) return parseBody(response.body, where);
          failure = apiError(response.status, response.body, where, retryAfterMs(response.headers['retry-after'], policy.maxRetryAfter));
        } else {
          const stream = await open(target, request);
          this.#tell(call, stream.status, started, attempt);
          if (stream.status >= 200 && stream.status < 300) return stream;
          const chunks: Buffer[] = [];
          // The error body must arrive within the timeout too; closing the stream ends the loop.
          const guard = setTimeout(() => stream.close(), request.timeoutMs);
          try {
            for await (const chunk of stream.body) chunks.push(chunk as Buffer);
          } catch {
            // A cut error body still tells us the status; the Status text is best effort.
          } finally {
            clearTimeout(guard);
            stream.close();
          }
          failure = apiError(stream.status, Buffer.concat(chunks), where, retryAfterMs(stream.headers['retry-after'], policy.maxRetryAfter));
        }
      } catch (error) {
        if (!(error instanceof KubeApiError)) this.#tell(call, 0, started, attempt);
        if (call.signal?.aborted) throw call.signal.reason;
        if (!(error instanceof KubeError)) throw error;
        failure = error;
      }
      if (failure instanceof UnauthorizedError && !refreshed) {
        refreshed = true;
        credentials.invalidate(headers);
        logger.info('credentials rejected (401); re-reading them and retrying', { request: where });
        continue;
      }
      const retryable = failure instanceof TooManyRequestsError || (failure instanceof ServerError && failure.status !== 501) || failure instanceof KubeNetworkError;
      if (!retryable || call.retry === false || attempt >= policy.attempts) throw failure;
      const hinted = failure instanceof TooManyRequestsError || failure instanceof ServerError ? failure.retryAfterMs : undefined;
      // Retry-After is a floor, never a reason to spin: `Retry-After: 0` still backs off.
      const delay = Math.max(hinted ?? 0, backoff.next());
      logger.debug('request failed; retrying', { request: where, attempt, delayMs: Math.round(delay), error: failure.message });
      await sleep(delay, { ...(call.signal ? { signal: call.signal } : {}), ...(this.settings.clock ? { clock: this.settings.clock } : {}) });
    }
  }
}

/** Integers beyond 2^53 arrive as exact bigints (see docs/kube.md, "Numbers"). */
function parseBody(body: Buffer, where: string): unknown {
  if (body.length === 0) return {};
  try {
    return parseJson(body.toString('utf8'));
  } catch (error) {
    throw new KubeNetworkError(`${where}: the server answered 2xx with a body that is not JSON`, { cause: error, code: 'protocol' });
  }
}
