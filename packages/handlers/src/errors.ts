// The errors of handling. Handlers raise TemporaryError and PermanentError to steer retries; the
// framework raises HandlerTimeoutError and HandlerRetriesError when a handler's retry window is used
// up, and HandlerRegistrationError when a registration is malformed. One copy of each, shared by
// every package that runs or describes a handler.

/** What kind of handling error it is. */
export type HandlerErrorCode = 'temporary' | 'permanent' | 'timeout' | 'retries' | 'registration' | 'scope';

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
