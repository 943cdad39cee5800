// Order-insensitive structural equality of JSON values. The store uses it to recognise no-op writes
// (which must not bump the resourceVersion nor emit an event) even when a patch rebuilt the object with
// its keys in another order. It is @opkit/json's jsonEqual (an integer is one value whether held as a
// number or a bigint), except that a member whose value is `undefined` counts as absent, as it does
// when the object is written as JSON.

/**
 * Deep equality of JSON values: objects compare by key set (any order; `undefined` members ignored),
 * arrays by position, numbers and bigints by value.
 *
 * @example
 * deepEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }); // true
 * deepEqual({ big: 2n ** 60n }, { big: 2 ** 60 }); // true
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const typeA = typeof a;
  const typeB = typeof b;
  if (typeA !== typeB) {
    if (typeA === 'bigint' && typeB === 'number') return Number.isInteger(b) && BigInt(b as number) === a;
    if (typeA === 'number' && typeB === 'bigint') return Number.isInteger(a) && BigInt(a as number) === b;
    return false;
  }
  if (a === null || b === null || typeA !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  if (ak.length !== bk.length) return false;
  for (const k of ak) {
    if (!Object.prototype.hasOwnProperty.call(bo, k)) return false;
    if (!deepEqual(ao[k], bo[k])) return false;
  }
  return true;
}
