// The operator's error: one class with a code naming the failed step (configuring, loading, starting,
// probing). @opkit/core re-exports it; it lives here because running activities throws it too.

/** What failed. */
export type OperatorErrorCode = 'invalid-settings' | 'invalid-options' | 'load-failed' | 'startup-failed' | 'probe-failed' | 'login-failed' | 'no-handlers';

/**
 * An operator could not be configured, loaded or started.
 *
 * @example
 * ```ts
 * try { await operator(); } catch (error) { if (error instanceof OperatorError) console.error(error.message); }
 * ```
 */
export class OperatorError extends Error {
  /** The failed step. */
  readonly code: OperatorErrorCode;

  constructor(code: OperatorErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OperatorError';
    this.code = code;
  }
}
