// The package's errors. `ApiServerError` is the base for everything this package throws at its
// callers (bad options, bad fault specs, start-up failures); `StatusError` is the internal carrier of a
// Kubernetes `Status` answer (404, 409, 422 …) from deep inside a handler up to the HTTP layer, which
// turns it into the exact JSON body a real kube-apiserver would send.

/** What went wrong, as a stable string (see each use for its meaning). */
export type ApiServerErrorCode =
  | 'InvalidOptions'
  | 'InvalidFaultSpec'
  | 'StartFailed'
  | 'Closed'
  | 'Persistence'
  | 'Status';

/**
 * Base class of the errors this package throws.
 *
 * @example
 * try { parseFaultSpec('nope'); } catch (e) { if (e instanceof ApiServerError) e.code; }
 */
export class ApiServerError extends Error {
  /** The failure, as a stable string. */
  readonly code: ApiServerErrorCode;

  constructor(code: ApiServerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiServerError';
    this.code = code;
  }
}

/** One entry of `Status.details.causes`. */
export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

/** `Status.details` as kube-apiserver fills it. */
export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

/** The wire shape of a `meta/v1 Status` failure. */
export interface StatusBody {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  message: string;
  reason: string;
  details?: StatusDetails;
  code: number;
}

/**
 * An API failure that becomes a Kubernetes `Status` response with `httpStatus`.
 *
 * @example
 * throw new StatusError(404, 'NotFound', 'configmaps "x" not found', { name: 'x', kind: 'configmaps' });
 */
export class StatusError extends ApiServerError {
  /** HTTP status code and `Status.code`. */
  readonly httpStatus: number;
  /** `Status.reason`, e.g. `NotFound`, `AlreadyExists`, `Invalid`. */
  readonly reason: string;
  /** `Status.details`, when any. */
  readonly details: StatusDetails | undefined;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(httpStatus: number, reason: string, message: string, details?: StatusDetails, headers: Record<string, string> = {}) {
    super('Status', message);
    this.name = 'StatusError';
    this.httpStatus = httpStatus;
    this.reason = reason;
    this.details = details;
    this.headers = headers;
  }

  /** The exact JSON body kube-apiserver would send. */
  toStatus(): StatusBody {
    return statusBody(this.httpStatus, this.reason, this.message, this.details);
  }
}

/**
 * Builds a failure `Status` body.
 *
 * @example
 * statusBody(410, 'Expired', 'too old resource version: 1 (5)');
 */
export function statusBody(code: number, reason: string, message: string, details?: StatusDetails): StatusBody {
  const body: StatusBody = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  if (details && Object.keys(details).length > 0) body.details = details;
  // Keep `code` last like the Go encoder does (field order of metav1.Status).
  const { code: c, ...rest } = body;
  return { ...rest, code: c };
}

/** Shorthand constructors for the common failures, with kube-apiserver's wording. */
export const Statuses = {
  badRequest: (message: string, causes?: StatusCause[]): StatusError =>
    new StatusError(400, 'BadRequest', message, causes ? { causes } : undefined),
  notFound: (qualified: string, name: string, group: string, plural: string): StatusError =>
    new StatusError(404, 'NotFound', `${qualified} "${name}" not found`, { name, group, kind: plural }),
  alreadyExists: (qualified: string, name: string, group: string, plural: string): StatusError =>
    new StatusError(409, 'AlreadyExists', `${qualified} "${name}" already exists`, { name, group, kind: plural }),
  conflict: (qualified: string, name: string, group: string, plural: string, why = 'the object has been modified; please apply your changes to the latest version and try again'): StatusError =>
    new StatusError(409, 'Conflict', `Operation cannot be fulfilled on ${qualified} "${name}": ${why}`, { name, group, kind: plural }),
  invalid: (kind: string, group: string, name: string, causes: StatusCause[]): StatusError => {
    const qualifiedKind = group ? `${kind}.${group}` : kind;
    const text = causes.map((c) => (c.field ? `${c.field}: ${c.message ?? ''}` : (c.message ?? ''))).join(', ');
    const list = causes.length > 1 ? `[${text}]` : text;
    // StatusDetails.group is omitempty: a core kind's details carry no group.
    return new StatusError(422, 'Invalid', `${qualifiedKind} "${name}" is invalid: ${list}`, { name, ...(group ? { group } : {}), kind, causes });
  },
  forbidden: (message: string, details?: StatusDetails): StatusError => new StatusError(403, 'Forbidden', message, details),
  methodNotAllowed: (message: string): StatusError => new StatusError(405, 'MethodNotAllowed', message),
  unsupportedMediaType: (message: string): StatusError => new StatusError(415, 'UnsupportedMediaType', message),
  expired: (message: string): StatusError => new StatusError(410, 'Expired', message),
  tooLarge: (message: string): StatusError => new StatusError(413, 'RequestEntityTooLarge', message),
  internal: (message: string): StatusError =>
    new StatusError(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ message }] }),
};
