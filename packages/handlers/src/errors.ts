// The errors of handling. Handlers raise TemporaryError and PermanentError to steer retries; the
// framework raises HandlerTimeoutError and HandlerRetriesError when a handler's retry window is used
// up, and HandlerRegistrationError when a registration is malformed. One copy of each, shared by
// every package that runs or describes a handler.

/** What kind of handling error it is. */
export type HandlerErrorCode = 'temporary' | 'permanent' | 'timeout' | 'retries' | 'admission' | 'registration' | 'scope';

/**
 * Options of {@link TemporaryError}.
 */
export interface TemporaryErrorOptions {
  /** Seconds until the next attempt. @defaultValue 60 */
  readonly delay?: number;
  /** The underlying error. */
  readonly cause?: unknown;
}

/**
 * A failure that is expected to go away: the handler is retried after `delay` seconds.
 *
 * @example
 * ```ts
 * throw new TemporaryError('The database is not ready yet.', { delay: 10 });
 * ```
 */
export class TemporaryError extends Error {
  /** Always `'temporary'`. */
  readonly code: HandlerErrorCode = 'temporary';
  /** Seconds until the next attempt. */
  readonly delay: number;

  constructor(message = '', options: TemporaryErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TemporaryError';
    const delay = options.delay ?? 60;
    if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0) {
      throw new TypeError(`TemporaryError's delay must be a finite number of seconds >= 0; got ${String(delay)}.`);
    }
    this.delay = delay;
  }
}

/**
 * A failure that will not go away by retrying: the handler is marked failed for this change.
 *
 * @example
 * ```ts
 * throw new PermanentError('spec.size must be positive.');
 * ```
 */
export class PermanentError extends Error {
  /** `'permanent'`, or a more specific code in subclasses. */
  readonly code: HandlerErrorCode = 'permanent';

  constructor(message = '', options: { readonly cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PermanentError';
  }
}

/**
 * The handler's `timeout` (seconds since its first attempt for this change) is exceeded.
 *
 * @example
 * ```ts
 * outcome.error instanceof HandlerTimeoutError; // the retry window is over
 * ```
 */
export class HandlerTimeoutError extends PermanentError {
  override readonly code: HandlerErrorCode = 'timeout';

  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super(message, options);
    this.name = 'HandlerTimeoutError';
  }
}

/**
 * The handler's `retries` are used up.
 *
 * @example
 * ```ts
 * outcome.error instanceof HandlerRetriesError; // no attempts left
 * ```
 */
export class HandlerRetriesError extends PermanentError {
  override readonly code: HandlerErrorCode = 'retries';

  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super(message, options);
    this.name = 'HandlerRetriesError';
  }
}

/** Options of {@link AdmissionError}. */
export interface AdmissionErrorOptions {
  /** The HTTP status code the admission response carries (`status.code`). @defaultValue 500 */
  readonly code?: number;
  /** The underlying error. */
  readonly cause?: unknown;
}

/**
 * Rejects an admission request (from `on.validate` or `on.mutate`) with a message and an HTTP status
 * code. Any error rejects; this one also sets the code, and it is preferred over other errors when
 * several handlers of one request fail. It is a {@link PermanentError}.
 *
 * @example
 * ```ts
 * on.validate('kopfexamples', function validate1({ spec }) {
 *   if (spec.field === 'wrong') throw new AdmissionError('Meh! I don\'t like it. Change the field.', { code: 400 });
 * });
 * ```
 */
export class AdmissionError extends PermanentError {
  override readonly code: HandlerErrorCode = 'admission';
  /** The HTTP status code of the admission response (`response.status.code`). */
  readonly statusCode: number;

  constructor(message = '', options: AdmissionErrorOptions = {}) {
    super(message, options);
    this.name = 'AdmissionError';
    const code = options.code ?? 500;
    if (!Number.isInteger(code) || code < 100 || code > 599) {
      throw new TypeError(`AdmissionError's code must be an HTTP status code (an integer 100-599); got ${String(code)}.`);
    }
    this.statusCode = code;
  }
}

/**
 * A handler registration is malformed (no id, a duplicate id, contradictory options).
 *
 * @example
 * ```ts
 * on.create('widgets', () => undefined); // HandlerRegistrationError: an anonymous function needs { id }
 * ```
 */
export class HandlerRegistrationError extends Error {
  readonly code: HandlerErrorCode = 'registration';

  constructor(message: string) {
    super(message);
    this.name = 'HandlerRegistrationError';
  }
}

/**
 * A scoped helper (sub-handlers, events, hierarchies without an explicit owner) was used outside
 * the scope it needs.
 *
 * @example
 * ```ts
 * subhandler(fn); // outside a running change handler: HandlerScopeError
 * ```
 */
export class HandlerScopeError extends Error {
  readonly code: HandlerErrorCode = 'scope';

  constructor(message: string) {
    super(message);
    this.name = 'HandlerScopeError';
  }
}

/** Why an AdmissionReview could not be reviewed (the webhook call was bad, not the write under review). */
export type AdmissionReviewErrorCode = 'malformed' | 'unknown-webhook' | 'unknown-resource';

/**
 * The webhook call itself was bad: not an AdmissionReview v1 (`malformed`, HTTP 400), a URL path that
 * names no admission handler (`unknown-webhook`, 404), or a resource no admission handler serves
 * (`unknown-resource`, 404). Servers answer with {@link AdmissionReviewError.httpStatus}.
 *
 * @example
 * ```ts
 * try { await reviewAdmission(handlers, body); } catch (error) {
 *   if (error instanceof AdmissionReviewError) reply(error.httpStatus, error.message);
 * }
 * ```
 */
export class AdmissionReviewError extends Error {
  readonly code: AdmissionReviewErrorCode;
  /** The HTTP status a webhook server answers with: 400 for `malformed`, 404 otherwise. */
  readonly httpStatus: number;

  constructor(code: AdmissionReviewErrorCode, message: string) {
    super(message);
    this.name = 'AdmissionReviewError';
    this.code = code;
    this.httpStatus = code === 'malformed' ? 400 : 404;
  }
}

/** What went wrong converting an object (see {@link ConversionError}). */
export type ConversionErrorCode = 'no-path' | 'invalid-object' | 'failed';

/**
 * Converting an object between versions failed: no chain of registered steps leads to the desired
 * version (`no-path`), the object or the desired version are not of the CRD (`invalid-object`), or a
 * conversion function threw or returned no object (`failed`, its error as `cause`). A ConversionReview
 * answers it with `result: { status: 'Failure', message }`.
 *
 * @example
 * ```ts
 * try { await convertObject(handlers, widget, 'example.com/v3'); } catch (error) {
 *   if (error instanceof ConversionError && error.code === 'no-path') console.error(error.message);
 * }
 * ```
 */
export class ConversionError extends Error {
  readonly code: ConversionErrorCode;

  constructor(code: ConversionErrorCode, message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = 'ConversionError';
    this.code = code;
  }
}

/** Why a ConversionReview call itself was bad (see {@link ConversionReviewError}). */
export type ConversionReviewErrorCode = 'malformed' | 'unknown-resource';

/**
 * The webhook call itself was bad: not a ConversionReview (`malformed`, HTTP 400), or for a CRD that
 * has no conversion steps (`unknown-resource`, 404). Servers answer with {@link ConversionReviewError.httpStatus}.
 *
 * @example
 * ```ts
 * try { await reviewConversion(handlers, body, { crd }); } catch (error) {
 *   if (error instanceof ConversionReviewError) reply(error.httpStatus, error.message);
 * }
 * ```
 */
export class ConversionReviewError extends Error {
  readonly code: ConversionReviewErrorCode;
  /** The HTTP status a webhook server answers with: 400 for `malformed`, 404 otherwise. */
  readonly httpStatus: number;

  constructor(code: ConversionReviewErrorCode, message: string) {
    super(message);
    this.name = 'ConversionReviewError';
    this.code = code;
    this.httpStatus = code === 'malformed' ? 400 : 404;
  }
}
