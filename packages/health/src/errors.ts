// Errors raised by @opkit/health: a liveness address it cannot serve (bad URL, port taken). What probes
// throw is no HealthError: it becomes a 500 answer of the liveness endpoint.

/** What went wrong, as a stable string. */
export type HealthErrorCode = 'invalid-url' | 'invalid-option' | 'listen-failed';

/**
 * Base error of @opkit/health.
 *
 * @example
 * ```ts
 * try { parseLivenessUrl('https://0.0.0.0:8080/healthz'); } catch (error) { (error as HealthError).code; } // 'invalid-url'
 * ```
 */
export class HealthError extends Error {
  override readonly name: string = 'HealthError';

  constructor(
    readonly code: HealthErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
