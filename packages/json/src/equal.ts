// Equality of JSON values as a Kubernetes API server and Kopf see it: object key order does not matter,
// array order does, and an integer is one type whether it is held as a `number` or a `bigint` (2^60 as a
// number equals 2n ** 60n). Every merge and no-op check goes through this one definition.
import { isPlainObject } from './keys.js';

/**
 * Deep equality of JSON values: objects by key set (any order; a member holding `undefined` is absent, as
 * in JSON text), arrays by position, numbers and bigints by value.
 *
 * @example
 * ```ts
 * jsonEqual({ a: 1, b: [2n] }, { b: [2], a: 1 }); // true
 * ```
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const typeA = typeof a;
  const typeB = typeof b;
  if (typeA !== typeB) {
    if (typeA === 'bigint' && typeB === 'number') return Number.isInteger(b) && BigInt(b as number) === a;
    if (typeA === 'number' && typeB === 'bigint') return Number.isInteger(a) && BigInt(a as number) === b;
    return false;
  }
  if (typeA !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!jsonEqual(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  // A member holding `undefined` has no JSON form: it is absent, as in the written text.
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  let count = 0;
  for (const key in b) if (Object.hasOwn(b, key) && b[key] !== undefined) count++;
  if (keys.length !== count) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !jsonEqual(a[key], b[key])) return false;
  }
  return true;
}
