// Diffs between two essences with Kopf's semantics: objects recurse, lists and scalars compare as
// whole values, `null` is the same as absent, and a whole-object create or delete is a single item
// with an empty path. Handlers receive these items as `diff`, field handlers a reduced copy. The
// merge-patch helpers live here too: a diff turns into a merge patch, and a merge patch applies.
import type { FieldSpec } from './internal/fields.js';
import { deepCopy, deepEqual, ensure, isObject, parseField, resolve, setKey } from './internal/fields.js';

/** The kind of one change. */
export type DiffOperation = 'add' | 'change' | 'remove';

/** One change: where, what kind, and the values before and after (`null` when absent). */
export interface DiffItem {
  /** `add` (was absent), `remove` (is absent now), `change` (both present, different). */
  readonly op: DiffOperation;
  /** The keys from the compared root down to the changed value; empty for the root itself. */
  readonly path: readonly string[];
  /** The value before, `null` for an addition. */
  readonly old: unknown;
  /** The value after, `null` for a removal. */
  readonly new: unknown;
}

/** A list of changes, in a stable order: added keys, removed keys, then common keys, recursively. */
export type Diff = readonly DiffItem[];

/**
 * Compute the changes from `a` to `b`.
 *
 * @example
 * ```ts
 * diff({ spec: { x: 1 } }, { spec: { x: 2, y: [1] } });
 * // [{ op: 'add', path: ['spec', 'y'], old: null, new: [1] },
 * //  { op: 'change', path: ['spec', 'x'], old: 1, new: 2 }]
 * ```
 */
export function diff(a: unknown, b: unknown): Diff {
  const items: DiffItem[] = [];
  walk(a ?? null, b ?? null, [], items);
  return items;
}

function walk(a: unknown, b: unknown, path: string[], out: DiffItem[]): void {
  if (deepEqual(a, b)) return;
  if (a === null) {
    out.push({ op: 'add', path, old: a, new: b });
  } else if (b === null) {
    out.push({ op: 'remove', path, old: a, new: b });
  } else if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(b)) {
      if (!Object.hasOwn(a, key)) walk(null, b[key] ?? null, [...path, key], out);
    }
    for (const key of Object.keys(a)) {
      if (!Object.hasOwn(b, key)) walk(a[key] ?? null, null, [...path, key], out);
    }
    for (const key of Object.keys(a)) {
      if (Object.hasOwn(b, key)) walk(a[key] ?? null, b[key] ?? null, [...path, key], out);
    }
  } else {
    out.push({ op: 'change', path, old: a, new: b });
  }
}

/**
 * Reduce a diff to one field, with paths relative to that field: items inside it keep their tail,
 * and an item that replaced a parent of the field is re-diffed at the field's level.
 *
 * @example
 * ```ts
 * reduceDiff(diff(null, { spec: { x: 1 } }), 'spec.x'); // [{ op: 'add', path: [], old: null, new: 1 }]
 * ```
 */
export function reduceDiff(items: Diff, field: FieldSpec): Diff {
  const path = parseField(field);
  const out: DiffItem[] = [];
  for (const item of items) {
    if (path.length === 0) {
      out.push(item);
    } else if (startsWith(item.path, path)) {
      out.push({ ...item, path: item.path.slice(path.length) });
    } else if (startsWith(path, item.path)) {
      const tail = path.slice(item.path.length);
      out.push(...diff(resolve(item.old, tail, null), resolve(item.new, tail, null)));
    }
  }
  return out;
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((key, index) => path[index] === key);
}

/**
 * Turn a diff into an RFC 7386 merge patch that, applied to the diff's old document, yields the new
 * one (removals become `null`). A removal of the root gives `null`; a root addition or change gives
 * the new value whole.
 *
 * @example
 * ```ts
 * mergePatchFromDiff(diff({ a: 1, b: 2 }, { a: 1, c: 3 })); // { c: 3, b: null }
 * ```
 */
export function mergePatchFromDiff(items: Diff): unknown {
  const patch: { [key: string]: unknown } = {};
  for (const item of items) {
    const value = item.op === 'remove' ? null : item.new;
    if (item.path.length === 0) return value;
    ensure(patch, item.path, value);
  }
  return patch;
}

/**
 * Apply a JSON merge patch (RFC 7386) to a document and return the result; the inputs are not
 * changed. `null` in the patch deletes; objects merge recursively; anything else replaces.
 *
 * @example
 * ```ts
 * applyMergePatch({ a: 1, b: { c: 2 } }, { a: null, b: { d: 3 } }); // { b: { c: 2, d: 3 } }
 * ```
 */
export function applyMergePatch<T = unknown>(target: unknown, patch: unknown): T {
  return merge(deepCopy(target), patch) as T;
}

function merge(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return deepCopy(patch);
  const result = isObject(target) ? target : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) {
      delete result[key];
    } else {
      setKey(result, key, merge(Object.hasOwn(result, key) ? result[key] : undefined, value));
    }
  }
  return result;
}
