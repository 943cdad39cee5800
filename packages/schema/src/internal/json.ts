// Small helpers over plain JSON values that several modules of @opkit/schema need: recognising plain
// objects, copying a schema without TypeBox's hidden markers, comparing values, and naming paths.

/** A JSON Schema node as a plain object. */
export type JsonSchemaObject = Record<string, unknown>;

/** Whether a value is a plain object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A deep copy of a schema with only its enumerable string keys: TypeBox's non-enumerable markers
 * (`~kind`, `~optional`, …) are left behind, and so are an empty `required` list and empty `properties`
 * (both mean nothing).
 */
export function plainCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainCopy);
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    if (key === 'required' && Array.isArray(item) && item.length === 0) continue;
    if (key === 'properties' && isPlainObject(item) && Object.keys(item).length === 0) continue;
    result[key] = plainCopy(item);
  }
  return result;
}

/** A JSON value as text with sorted keys: equal values give equal text (bigints as digits). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? 'null';
}

const SIMPLE_KEY = /^[A-Za-z_$][\w$-]*$/;

/** `parent.key`, or `parent["odd key"]` for keys that are not simple names; the root's children are bare. */
export function childPath(parent: string, key: string): string {
  if (SIMPLE_KEY.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

/** `parent[index]`. */
export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}
