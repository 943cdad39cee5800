// Why this file exists: every failure that leaves @opkit/kube is one of these classes, so callers
// branch on `instanceof NotFoundError` or `error.code` and never see @kubernetes/client-node's errors.
import { parseJson } from '@opkit/json';

/** What kind of failure a {@link KubeError} reports. */
export type KubeErrorCode =
  | 'api' // the server answered with a non-2xx status (see KubeApiError.status)
  | 'network' // no usable answer: connection refused or reset, DNS, TLS, a cut stream
  | 'timeout' // the request did not complete within its timeout
  | 'protocol' // the server answered something that is not the Kubernetes protocol (bad JSON, bad watch line)
  | 'config' // no credentials could be loaded, or the kubeconfig is invalid
  | 'resolution'; // a resource selector matched nothing, or several resources where one was expected

/** A Kubernetes `Status` object as returned in error bodies and watch ERROR events. */
export interface KubeStatus {
  kind?: string;
  apiVersion?: string;
  status?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: { name?: string; group?: string; kind?: string; causes?: { reason?: string; message?: string; field?: string }[]; retryAfterSeconds?: number };
  [key: string]: unknown;
}

/**
 * The base of every error thrown by @opkit/kube.
 *
 * @example
 * ```ts
 * try { await client.get(resource, 'x', { namespace: 'default' }); }
 * catch (error) { if (error instanceof KubeError && error.code === 'network') retryLater(); }
 * ```
 */
export class KubeError extends Error {
  /** The kind of failure. */
  readonly code: KubeErrorCode;

  constructor(code: KubeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KubeError';
    this.code = code;
  }
}

/**
 * The server answered with a non-2xx status. Subclasses name the common statuses.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof KubeApiError) log.warn('api failed', { status: error.status, reason: error.reason }); }
 * ```
 */
export class KubeApiError extends KubeError {
  /** The HTTP status code. */
  readonly status: number;
  /** The Status `reason` (e.g. `NotFound`, `AlreadyExists`, `Expired`), or '' when the body had none. */
  readonly reason: string;
  /** The Status body as the server sent it (a synthesized one when the body was not a Status). */
  readonly body: KubeStatus;
  /** The request that failed, e.g. `GET /api/v1/namespaces/default/configmaps/x`. */
  readonly request: string;

  constructor(status: number, body: KubeStatus, request: string, options?: { cause?: unknown }) {
    const message = body.message ?? `HTTP ${status}`;
    super('api', `${request} failed with ${status}${body.reason ? ` ${body.reason}` : ''}: ${message}`, options);
    this.name = 'KubeApiError';
    this.status = status;
    this.reason = body.reason ?? '';
    this.body = body;
    this.request = request;
  }
}

/** 400 Bad Request: the request was malformed (bad selector, bad patch body). */
export class BadRequestError extends KubeApiError {
  override readonly name = 'BadRequestError';
}
/** 401 Unauthorized: the credentials were missing or rejected (already re-read and retried once). */
export class UnauthorizedError extends KubeApiError {
  override readonly name = 'UnauthorizedError';
}
/** 403 Forbidden: RBAC denies the request. */
export class ForbiddenError extends KubeApiError {
  override readonly name = 'ForbiddenError';
}
/** 404 Not Found: the object, namespace or resource type does not exist. */
export class NotFoundError extends KubeApiError {
  override readonly name = 'NotFoundError';
}
/** 409 Conflict: AlreadyExists on create, or a stale resourceVersion on update. */
export class ConflictError extends KubeApiError {
  override readonly name = 'ConflictError';
}
/** 410 Gone: a resourceVersion or continue token is too old; relist. */
export class GoneError extends KubeApiError {
  override readonly name = 'GoneError';
}
/** 422 Unprocessable Entity: validation failed, or a JSON Patch `test` op failed. */
export class UnprocessableError extends KubeApiError {
  override readonly name = 'UnprocessableError';
}
/** 429 Too Many Requests: throttled; `retryAfterMs` says when to come back (already honoured by retries). */
export class TooManyRequestsError extends KubeApiError {
  override readonly name = 'TooManyRequestsError';
  /** The server's Retry-After, in milliseconds, when it sent one. */
  retryAfterMs: number | undefined;
}
/** 5xx: the server failed (already retried with backoff). */
export class ServerError extends KubeApiError {
  override readonly name = 'ServerError';
  /** The server's Retry-After, in milliseconds, when it sent one. */
  retryAfterMs: number | undefined;
}

/**
 * The request got no usable answer: connection refused or reset, a TLS failure, or a response cut short.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof KubeNetworkError) scheduleReconnect(); }
 * ```
 */
export class KubeNetworkError extends KubeError {
  constructor(message: string, options?: { cause?: unknown; code?: 'network' | 'timeout' | 'protocol' }) {
    super(options?.code ?? 'network', message, options);
    this.name = 'KubeNetworkError';
  }
}

/**
 * No credentials could be loaded. The message lists every source that was tried and why each failed.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof KubeConfigError) console.error(error.message); }
 * ```
 */
export class KubeConfigError extends KubeError {
  /** One line per source tried, e.g. `KUBECONFIG: not set`. */
  readonly tried: readonly string[];

  constructor(message: string, tried: readonly string[] = [], options?: { cause?: unknown }) {
    super('config', tried.length ? `${message}\n  tried:\n${tried.map((t) => `  - ${t}`).join('\n')}` : message, options);
    this.name = 'KubeConfigError';
    this.tried = tried;
  }
}

/**
 * A resource selector matched nothing, or several resources where exactly one was expected.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof ResourceResolutionError) console.error(error.candidates); }
 * ```
 */
export class ResourceResolutionError extends KubeError {
  /** The matching resources (`plural.group/version`) when the selector was ambiguous; empty when nothing matched. */
  readonly candidates: readonly string[];

  constructor(message: string, candidates: readonly string[] = []) {
    super('resolution', message);
    this.name = 'ResourceResolutionError';
    this.candidates = candidates;
  }
}

const byStatus: Record<number, new (status: number, body: KubeStatus, request: string) => KubeApiError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  410: GoneError,
  422: UnprocessableError,
  429: TooManyRequestsError,
};

/**
 * Build the right {@link KubeApiError} subclass for a status code and a response body (text or parsed).
 *
 * @example
 * ```ts
 * const error = apiError(404, '{"kind":"Status","reason":"NotFound"}', 'GET /api/v1/namespaces/x');
 * error instanceof NotFoundError; // true
 * ```
 */
export function apiError(status: number, body: unknown, request: string, retryAfterMs?: number): KubeApiError {
  const parsed = toStatus(status, body);
  const Class = byStatus[status] ?? (status >= 500 ? ServerError : KubeApiError);
  const error = new Class(status, parsed, request);
  if (error instanceof TooManyRequestsError || error instanceof ServerError) error.retryAfterMs = retryAfterMs;
  return error;
}

function toStatus(status: number, body: unknown): KubeStatus {
  let value: unknown = body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
    try {
      value = parseJson(text);
    } catch {
      return { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: status, message: text.trim().slice(0, 500) || `HTTP ${status}` };
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as KubeStatus;
    if (object.kind === 'Status' || 'reason' in object || 'message' in object) return object;
  }
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: status, message: `HTTP ${status}` };
}
