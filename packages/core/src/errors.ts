// The errors of @opkit/core: one base class with a code naming the failed step.

/** What failed. */
export type OperatorErrorCode = 'invalid-settings' | 'invalid-options' | 'load-failed' | 'startup-failed' | 'probe-failed' | 'no-handlers';

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
