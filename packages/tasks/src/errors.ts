// Errors raised by @opkit/tasks. Only misuse of the primitives raises; task failures are
// retried, never turned into TasksError.

/** What went wrong, as a stable string. */
export type TasksErrorCode = 'invalid-option' | 'already-running';

/** Base error of @opkit/tasks. */
export class TasksError extends Error {
  override readonly name: string = 'TasksError';
  constructor(
    readonly code: TasksErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Throws a TasksError when `value` is not a finite number within `[min, max]`. */
export function checkNumber(name: string, value: number, min: number, max = Number.POSITIVE_INFINITY): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    const range = max === Number.POSITIVE_INFINITY ? `a finite number ≥ ${min}` : `a number from ${min} to ${max}`;
    throw new TasksError('invalid-option', `${name} must be ${range}, got ${JSON.stringify(value)}`);
  }
  return value;
}
