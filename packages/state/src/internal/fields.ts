// Small helpers to read, write and remove nested fields of JSON-like objects, with the same
// forgiving semantics Kopf uses on bodies and patches: a missing or non-object intermediate means
// "absent", and removing a field also removes the parents it leaves empty.
import { jsonEqual } from '@opkit/json';
import { InvalidStateArgumentError } from '../errors.js';

import type { FieldSpec, JsonObject } from '../types.js';

export type { FieldSpec, JsonObject };

/** Whether a value is a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Set an own property, also for the key `__proto__` (which JSON.parse creates as a plain key but
 * an assignment would treat as the prototype).
 */
export function setKey(target: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** Turn a field spec into a list of keys. */
export function parseField(field: FieldSpec): string[] {
  if (typeof field === 'string') return field === '' ? [] : field.split('.');
  if (Array.isArray(field) && field.every((key) => typeof key === 'string')) return [...field];
  throw new InvalidStateArgumentError(
    `A field must be a dotted string such as 'spec.field' or a list of keys such as ['spec', 'field']; got ${JSON.stringify(field)}.`,
  );
}

/** Read a nested field; `fallback` when any level is absent or not an object. */
export function resolve(source: unknown, path: readonly string[], fallback?: unknown): unknown {
  // Called several times per object and cycle: an indexed loop, the value read before the own-key check.
  let current = source;
  for (let i = 0; i < path.length; i++) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return fallback;
    const key = path[i]!;
    const value = (current as JsonObject)[key];
    if (value === undefined || !Object.hasOwn(current, key)) return fallback;
    current = value;
  }
  return current;
}

/** Whether a nested field exists (its value may be null; `undefined` counts as absent, as in JSON). */
export function has(source: unknown, path: readonly string[]): boolean {
  return resolve(source, path, MISSING) !== MISSING;
}

const MISSING = Symbol('missing');

/** Set a nested field, creating missing (or non-object) parents as empty objects. */
export function ensure(target: JsonObject, path: readonly string[], value: unknown): void {
  if (path.length === 0) {
    throw new InvalidStateArgumentError('Cannot set the root of an object: name a field such as spec.field.');
  }
  let current = target;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(current, key) ? current[key] : undefined;
    if (isObject(next)) {
      current = next;
    } else {
      const created: JsonObject = {};
      setKey(current, key, created);
      current = created;
    }
  }
  setKey(current, path[path.length - 1] as string, value);
}

/** Remove a nested field and every parent that becomes empty; absent fields are fine. */
export function remove(target: JsonObject, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !Object.hasOwn(target, head)) return;
  if (rest.length === 0) {
    delete target[head];
    return;
  }
  const child = target[head];
  if (!isObject(child)) return;
  remove(child, rest);
  if (Object.keys(child).length === 0) delete target[head];
}

/** A deep copy of a JSON value (objects keep their key order). */
export function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => deepCopy(item)) as T;
  if (isObject(value)) {
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(value)) setKey(copy, key, deepCopy(item));
    return copy as T;
  }
  return value;
}

/**
 * Deep equality of JSON values, as Python's `==` on dicts and lists: key order ignored, and an integer
 * equal whether it is held as a number or a bigint.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  return jsonEqual(a, b);
}

/** Compare strings by Unicode code points, as Python's `sorted()` does. */
export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const diff = (left[index] as string).codePointAt(0)! - (right[index] as string).codePointAt(0)!;
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}
