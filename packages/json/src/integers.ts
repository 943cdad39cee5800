// Integers as Opkit represents them: a `number` up to Number.MAX_SAFE_INTEGER (2^53 − 1) in magnitude,
// a `bigint` beyond. Kubernetes stores int64 exactly (ids, byte sizes, epoch nanoseconds), so a
// number past 2^53 would silently round; these helpers keep the two representations one type.

/** The smallest int64, as Kubernetes stores integers. */
export const INT64_MIN = -(2n ** 63n);

/** The largest int64. */
export const INT64_MAX = 2n ** 63n - 1n;

/**
 * Whether a value is a JSON integer: a `bigint`, or an integral `number`.
 *
 * @example
 * ```ts
 * isJsonInteger(3); // true
 * isJsonInteger(9007199254740993n); // true
 * isJsonInteger(1.5); // false
 * ```
 */
export function isJsonInteger(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));
}

/**
 * Whether an integer fits into int64, the range a Kubernetes API server keeps exactly.
 *
 * @example
 * ```ts
 * isInt64(2n ** 63n - 1n); // true
 * isInt64(2n ** 63n); // false
 * ```
 */
export function isInt64(value: number | bigint): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63;
  return value >= INT64_MIN && value <= INT64_MAX;
}

/**
 * The canonical form of an integer: a `number` when it is safe (|n| ≤ 2^53 − 1), a `bigint` beyond.
 * Parsed JSON is always canonical, so `===` compares integers correctly; use this for values computed
 * in code (e.g. `canonicalInteger(count + 1n)`).
 *
 * @example
 * ```ts
 * canonicalInteger(5n); // 5
 * canonicalInteger(2n ** 60n); // 1152921504606846976n
 * ```
 */
export function canonicalInteger(value: number | bigint): number | bigint {
  if (typeof value === 'number') return value;
  return value >= -9007199254740991n && value <= 9007199254740991n ? Number(value) : value;
}

/**
 * Compare two numbers that may be `bigint` or `number` exactly (no rounding of the bigint):
 * negative, zero or positive. NaN compares as 0 against anything.
 *
 * @example
 * ```ts
 * compareNumbers(9007199254740993n, 9007199254740992); // 1
 * ```
 */
export function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  // Mixed comparisons of bigint and number are exact in JavaScript.
  return a < b ? -1 : a > b ? 1 : 0;
}
