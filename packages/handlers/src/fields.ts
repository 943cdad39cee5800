// Field paths and values as filters and field handlers see them: a dotted path (`spec.field`) or a
// key list, resolved in plain JSON objects, compared deeply. Small on purpose: @opkit/state has the
// storage-grade versions; this package may not import it.

/** A field: a dotted path or a list of keys. */
export type FieldPath = string | readonly string[];

/**
 * Parse a dotted field path into keys.
 *
 * @throws TypeError for an empty path or an empty segment, naming the path.
 * @example
 * ```ts
 * parseFieldPath('spec.field'); // ['spec', 'field']
 * ```
 */
export function parseFieldPath(field: FieldPath): readonly string[] {
  const keys = typeof field === 'string' ? field.split('.') : [...field];
  if (keys.length === 0 || keys.some((key) => typeof key !== 'string' || key === '')) {
    throw new TypeError(`A field must be a dotted path like 'spec.field' or a list of keys; got ${JSON.stringify(field)}.`);
  }
  return Object.freeze(keys);
}

/** Whether a value is a plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value at a path, or `undefined` when any step is missing.
 *
 * @example
 * ```ts
 * resolveField({ spec: { a: 1 } }, ['spec', 'a']); // 1
 * ```
 */
export function resolveField(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isPlainObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * Deep equality of JSON values (numbers and bigints of the same integer are equal).
 *
 * @example
 * ```ts
 * deepEqual({ a: [1] }, { a: [1] }); // true
 * ```
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) {
     
    return a == b;
  }
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}
