// Errors raised by @opkit/json. Only values that have no JSON form raise; malformed JSON text raises
// the platform's own SyntaxError, as JSON.parse does, so callers keep one way to catch it.

/** What went wrong, as a stable string. */
export type JsonErrorCode = 'unsupported-value' | 'cycle';

/**
 * Base error of @opkit/json: a value that cannot be written as JSON.
 *
 * @example
 * ```ts
 * try { encodePythonJson(NaN); } catch (error) { if (error instanceof JsonError) console.log(error.code); }
 * ```
 */
export class JsonError extends Error {
  override readonly name: string = 'JsonError';
  constructor(
    readonly code: JsonErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
