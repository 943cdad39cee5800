// Errors raised by @opkit/json: values that have no JSON form, and (in parseJson's 'float' mode) numbers
// beyond float64. Malformed JSON text raises the platform's own SyntaxError, as JSON.parse does.

/** What went wrong, as a stable string. */
export type JsonErrorCode = 'unsupported-value' | 'cycle' | 'number-out-of-range';

/**
 * Base error of @opkit/json: a value that cannot be written as JSON, or a number that cannot be read.
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
    options?: { cause?: unknown; source?: string },
  ) {
    super(message, options);
    this.source = options?.source;
  }

  /** For `number-out-of-range`: the number's text as written. */
  readonly source: string | undefined;
}
