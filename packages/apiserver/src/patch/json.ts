// Small helpers over JSON values shared by every patch algorithm: type guards, deep equality
// (key order irrelevant, as JSON objects are unordered) and deep copies, so that no algorithm ever
// mutates its inputs or returns structure shared with them. Integers beyond 2^53 are bigints (see
// codec.ts): a bigint and a number are one integer type wherever values are compared or named.
import { stringifyJson } from '@opkit/json';

/** A JSON object (a plain, non-array, non-null object). */
export type JsonObject = Record<string, unknown>;

/** True for plain JSON objects (not arrays, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of two JSON values; object key order is irrelevant, array order matters, 2n ** 60n equals 2 ** 60. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'bigint' && typeof b === 'number') return Number.isInteger(b) && BigInt(b) === a;
  if (typeof a === 'number' && typeof b === 'bigint') return Number.isInteger(a) && BigInt(a) === b;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isJsonObject(a)) {
    if (!isJsonObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** A deep copy of a JSON value (objects and arrays are copied, scalars returned as they are). */
export function jsonClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => jsonClone(item)) as T;
  if (isJsonObject(value)) {
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(value)) setKey(copy, key, jsonClone(item));
    return copy as T;
  }
  return value;
}

/** The Go `encoding/json` name of a value's type, as it appears in kube-apiserver decode errors. */
export function goJsonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'number';
  return typeof value;
}

/** Text for any JSON value in a message: strings as they are, everything else as JSON. */
export function describeJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return stringifyJson(value);
  } catch {
    return typeof value;
  }
}

/** Sets `key` on `target` as a data property, even when the key is `__proto__`. */
export function setKey(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
