// The order of object keys. A Kubernetes API server (Go) writes every map — labels, annotations,
// ConfigMap data, every level of a custom resource — with its keys sorted by their UTF-8 bytes, and the
// fields of built-in kinds in their declared order; declared field names never look like integers.
// JavaScript objects, however, always list integer-like keys ("2", "10") first in numeric order, so
// the server's order of such an object is lost on parsing. It can be restored exactly: an object with
// an integer-like key came from a map, and a map's keys were in byte order. This file holds that rule.

/** The largest array index JavaScript orders numerically (2^32 − 2). */
const MAX_ARRAY_INDEX = 4294967294;

/**
 * Whether JavaScript orders this key numerically before all others: a canonical non-negative integer
 * up to 2^32 − 2 (`"0"`, `"10"`; not `"01"`, `"-1"` or `"4294967295"`).
 *
 * @example
 * ```ts
 * isIntegerKey('10'); // true
 * isIntegerKey('010'); // false
 * ```
 */
export function isIntegerKey(key: string): boolean {
  const length = key.length;
  if (length === 0 || length > 10) return false;
  const first = key.charCodeAt(0);
  if (first < 0x30 || first > 0x39 || (first === 0x30 && length > 1)) return false;
  for (let index = 1; index < length; index++) {
    const code = key.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return false;
  }
  return length < 10 || Number(key) <= MAX_ARRAY_INDEX;
}

/** A UTF-16 code unit mapped so that comparing the mapped units compares code points. */
function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

/**
 * Compare two keys by their UTF-8 bytes (the same as by code points), as Go sorts map keys. Differs
 * from `a < b` only for characters beyond the Basic Multilingual Plane.
 *
 * @example
 * ```ts
 * ['2', '10', 'a', 'B'].sort(compareKeys); // ['10', '2', 'B', 'a']
 * ```
 */
export function compareKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left !== right) return codePointRank(left) - codePointRank(right);
  }
  return a.length - b.length;
}

/**
 * The keys of an object in the order a Kubernetes API server writes it: insertion order, except that an
 * object with an integer-like key (a map, see {@link isIntegerKey}) has all its keys in byte order.
 *
 * @example
 * ```ts
 * orderedKeys({ 2: 'b', 10: 'a' }); // ['10', '2']
 * orderedKeys({ spec: 1, metadata: 2 }); // ['spec', 'metadata']
 * ```
 */
export function orderedKeys(value: object): string[] {
  const keys = Object.keys(value);
  // JavaScript lists integer-like keys first, so the first key tells whether there are any.
  if (keys.length > 1 && isIntegerKey(keys[0] as string)) keys.sort(compareKeys);
  return keys;
}

/**
 * A deep copy with the keys of every object in byte order, as a server writes a custom resource (all of
 * it is maps). Arrays keep their order; other values are shared, not copied.
 *
 * @example
 * ```ts
 * Object.keys(sortKeysDeep({ spec: {}, apiVersion: 'v1', kind: 'X' })); // ['apiVersion', 'kind', 'spec']
 * ```
 */
export function sortKeysDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => sortKeysDeep(item)) as T;
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value).sort(compareKeys);
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    const item = (value as Record<string, unknown>)[key];
    if (key === '__proto__') Object.defineProperty(copy, key, { value: sortKeysDeep(item), writable: true, enumerable: true, configurable: true });
    else copy[key] = sortKeysDeep(item);
  }
  return copy as T;
}

/** Whether a value is a plain JSON object (not null, not an array, not a raw JSON value). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || (prototype === null && !isRawJson(value));
}

/** Node's JSON.rawJSON / JSON.isRawJSON (ES2025), not yet in TypeScript's library types. */
export const RAW_JSON = JSON as JSON & {
  rawJSON(text: string): { readonly rawJSON: string };
  isRawJSON(value: unknown): value is { readonly rawJSON: string };
};

/** Whether a value was made by `JSON.rawJSON` (its text is written as is). */
export function isRawJson(value: unknown): value is { readonly rawJSON: string } {
  return RAW_JSON.isRawJSON(value);
}
