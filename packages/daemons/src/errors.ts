// Errors raised by @opkit/daemons. Only misuse raises: what daemons and timers themselves throw
// becomes an invocation outcome and steers their restarts, never a DaemonsError.

/** What went wrong, as a stable string. */
export type DaemonsErrorCode = 'invalid-option' | 'stopped';

/**
 * Base error of @opkit/daemons.
 *
 * @example
 * ```ts
 * try { scheduler.at(Number.NaN, fn); } catch (error) { (error as DaemonsError).code; } // 'invalid-option'
 * ```
 */
export class DaemonsError extends Error {
  override readonly name: string = 'DaemonsError';

  constructor(
    readonly code: DaemonsErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
