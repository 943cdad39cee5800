// Why this file exists: the failures @opkit/watching reports itself (bad settings, bad namespace
// patterns, a watch ERROR event it cannot handle), with one string-union code to branch on. API
// failures stay @opkit/kube's KubeError classes.

/** What kind of failure a {@link WatchingError} reports. */
export type WatchingErrorCode =
  | 'settings' // an option had a value out of range
  | 'pattern' // a namespace pattern could not be parsed
  | 'stalled' // a watch sent nothing within the inactivity timeout (used internally to reconnect)
  | 'worker'; // a perObject worker threw (reported in its outcome, never thrown at the stream)

/**
 * The base of every error @opkit/watching creates.
 *
 * @example
 * ```ts
 * try { parseNamespacePatterns(['[']); } catch (error) { if (error instanceof WatchingError) console.error(error.code); }
 * ```
 */
export class WatchingError extends Error {
  /** The kind of failure. */
  readonly code: WatchingErrorCode;

  constructor(code: WatchingErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WatchingError';
    this.code = code;
  }
}

/** Throw a settings error unless `value` is a finite number in [min, max]. */
export function checkRange(name: string, value: number, min: number, max = Number.POSITIVE_INFINITY): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    const range = max === Number.POSITIVE_INFINITY ? `≥ ${min}` : `between ${min} and ${max}`;
    throw new WatchingError('settings', `${name} must be a number ${range}; got ${String(value)}`);
  }
  return value;
}
