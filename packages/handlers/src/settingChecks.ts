// The checks every settings group of an operator shares: each throws OperatorError (`invalid-settings`)
// naming the field (`settings.<path>`) and what was expected, so that a group validated in the package
// that owns it (posting here, peering in @opkit/peering) reads and fails exactly as the others.
import { OperatorError } from './operatorError.js';

/**
 * A duration in seconds, at least `min`; `fallback` when not given.
 *
 * @throws OperatorError (`invalid-settings`).
 * @example
 * ```ts
 * settingSeconds('process.gracePeriod', undefined, 5); // 5
 * ```
 */
export function settingSeconds(path: string, value: unknown, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new OperatorError('invalid-settings', `settings.${path} must be a number >= ${min} (seconds); got ${JSON.stringify(value)}.`);
  }
  return value;
}

/**
 * One of `allowed`; `fallback` when not given.
 *
 * @throws OperatorError (`invalid-settings`).
 * @example
 * ```ts
 * settingOneOf('persistence.profile', 'kopf', ['opkit', 'kopf'] as const, 'opkit'); // 'kopf'
 * ```
 */
export function settingOneOf<T extends string>(path: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) {
    throw new OperatorError('invalid-settings', `settings.${path} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}; got ${JSON.stringify(value)}.`);
  }
  return value as T;
}

/**
 * A non-empty string, or undefined when not given.
 *
 * @throws OperatorError (`invalid-settings`).
 * @example
 * ```ts
 * settingText('peering.name', 'blue'); // 'blue'
 * ```
 */
export function settingText(path: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new OperatorError('invalid-settings', `settings.${path} must be a non-empty string; got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * A boolean; `fallback` when not given.
 *
 * @throws OperatorError (`invalid-settings`).
 * @example
 * ```ts
 * settingFlag('peering.stealth', undefined, false); // false
 * ```
 */
export function settingFlag(path: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new OperatorError('invalid-settings', `settings.${path} must be true or false; got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * A whole number, at least `min`; `fallback` when not given. `what` completes the message (`a whole number …`).
 *
 * @throws OperatorError (`invalid-settings`).
 * @example
 * ```ts
 * settingWhole('queueing.workerLimit', undefined, 64, 1); // 64
 * ```
 */
export function settingWhole(path: string, value: unknown, fallback: number, min?: number, what = min === undefined ? 'a whole number' : `a whole number >= ${min}`): number {
  const found = value ?? fallback;
  if (!Number.isInteger(found) || (min !== undefined && (found as number) < min)) {
    throw new OperatorError('invalid-settings', `settings.${path} must be ${what}; got ${JSON.stringify(found)}.`);
  }
  return found as number;
}
