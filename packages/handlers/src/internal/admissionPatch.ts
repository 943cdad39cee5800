// The patch an admission request's handlers write into, and how it becomes the JSON patch of the
// AdmissionReview response. Mutators write merge-patch style (`null` deletes a field, lists replace
// whole) into views of `spec`, `status`, `metadata`, `labels` and `annotations`, and may push `fns`
// that transform the body; the result is applied to a copy of the request's object and diffed against
// it. Small on purpose: @opkit/state holds the storage-grade Patch, which this package may not import.
import { deepEqual, isPlainObject } from '../fields.js';
import type { DiffItem, HandlerPatch } from '../types.js';

/** One JSON-patch operation as admission responses carry them (no `test` operations). */
export type AdmissionJsonPatchOperation =
  | { readonly op: 'add'; readonly path: string; readonly value: unknown }
  | { readonly op: 'replace'; readonly path: string; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: string };

type Json = Record<string, unknown>;

/** A fresh patch with its views; `data` is the merge-patch document they write into. */
export function createAdmissionPatch(): { patch: HandlerPatch; data: Json } {
  const data: Json = { spec: {}, status: {}, metadata: { labels: {}, annotations: {} } };
  const fns: ((body: Record<string, unknown>) => void)[] = [];
  const at = (path: readonly string[]): unknown => path.reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), data);
  // A view is the object in `data` itself, created again when a write replaced or deleted it.
  const viewOf = (path: readonly string[]): Json => {
    const found = at(path);
    if (isPlainObject(found)) return found;
    ensure(data, path, {});
    return at(path) as Json;
  };
  const views: Record<string, readonly string[]> = {
    spec: ['spec'], status: ['status'], metadata: ['metadata'], meta: ['metadata'], labels: ['metadata', 'labels'], annotations: ['metadata', 'annotations'],
  };
  const target = { fns };
  const patch = new Proxy(target, {
    get(object, key) {
      if (typeof key !== 'string') return undefined;
      if (key === 'fns') return fns;
      if (Object.hasOwn(views, key)) return viewOf(views[key]!);
      return data[key];
    },
    set(_object, key, value) {
      if (typeof key !== 'string') return false;
      if (key === 'fns') {
        if (!Array.isArray(value) || !value.every((fn) => typeof fn === 'function')) throw new TypeError('patch.fns can only be assigned a list of functions; push to it instead: patch.fns.push((body) => { … }).');
        fns.splice(0, fns.length, ...(value as typeof fns));
        return true;
      }
      assignField(data, views[key] ?? [key], value, `patch.${key}`, Object.hasOwn(views, key));
      return true;
    },
    has: (_object, key) => key === 'fns' || (typeof key === 'string' && (Object.hasOwn(views, key) || Object.hasOwn(data, key))),
  }) as unknown as HandlerPatch;
  return { patch, data };
}

/**
 * Assign a whole field of the patch as merging two merge patches does: an object merges key by key,
 * `null` deletes the field; a view (spec, metadata, …) takes nothing else, and says how instead.
 */
function assignField(data: Json, path: readonly string[], value: unknown, name: string, isView: boolean): void {
  if (value === undefined) throw new TypeError(`${name} = undefined changes nothing; assign null to delete the field.`);
  if (isView && value !== null && !isPlainObject(value)) {
    throw new TypeError(`${name} can only be assigned an object (merged into the patch) or null (deletes it); got ${Array.isArray(value) ? 'a list' : `a ${typeof value}`}. Assign its fields instead: ${name}.field = value.`);
  }
  merge(data, path, value);
}

function merge(data: Json, path: readonly string[], value: unknown): void {
  if (!isPlainObject(value)) {
    ensure(data, path, value);
    return;
  }
  let node: unknown = data;
  for (const key of path) node = isPlainObject(node) ? node[key] : undefined;
  if (!isPlainObject(node)) ensure(data, path, {});
  for (const [key, item] of Object.entries(value)) if (item !== undefined) merge(data, [...path, key], item);
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

function ensure(target: Json, path: readonly string[], value: unknown): void {
  let current = target;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(current[key])) current[key] = {};
    current = current[key] as Json;
  }
  current[path[path.length - 1]!] = copy(value);
}

function remove(target: Json, path: readonly string[]): void {
  let current: unknown = target;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(current) || !Object.hasOwn(current, key)) return;
    current = current[key];
  }
  if (isPlainObject(current)) delete current[path[path.length - 1]!];
}

function apply(target: Json, path: string[], value: unknown): void {
  if (value === undefined) return;
  if (value === null) {
    if (path.length > 0) remove(target, path);
  } else if (isPlainObject(value)) {
    // An empty mapping changes nothing: no empty parents are created (as in Kopf).
    for (const [key, item] of Object.entries(value)) apply(target, [...path, key], item);
  } else if (path.length > 0) {
    ensure(target, path, value);
  }
}

/** The body after the merge patch and then the fns (the input is not changed). */
export function applyAdmissionPatch(body: Json, data: Json, fns: HandlerPatch['fns']): Json {
  const target = copy(body);
  apply(target, [], data);
  for (const fn of fns) fn(target);
  return target;
}

function pointer(path: readonly string[]): string {
  return path.map((key) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

function compare(from: unknown, to: unknown, path: string[], ops: AdmissionJsonPatchOperation[]): void {
  if (deepEqual(from, to)) return;
  if (isPlainObject(from) && isPlainObject(to)) {
    for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) ops.push({ op: 'remove', path: pointer([...path, key]) });
    for (const [key, value] of Object.entries(to)) {
      if (Object.hasOwn(from, key)) compare(from[key], value, [...path, key], ops);
      else ops.push({ op: 'add', path: pointer([...path, key]), value: copy(value) });
    }
  } else {
    // Lists and scalars are replaced whole: simple, and always correct against the request's object.
    ops.push({ op: 'replace', path: pointer(path), value: copy(to) });
  }
}

/** The JSON-patch operations that turn `from` into `to`. */
export function jsonPatchBetween(from: unknown, to: unknown): AdmissionJsonPatchOperation[] {
  const ops: AdmissionJsonPatchOperation[] = [];
  compare(from, to, [], ops);
  return ops;
}

function walk(a: unknown, b: unknown, path: string[], out: DiffItem[]): void {
  if (deepEqual(a, b)) return;
  if (a === null || a === undefined) out.push({ op: 'add', path, old: null, new: b });
  else if (b === null || b === undefined) out.push({ op: 'remove', path, old: a, new: null });
  else if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of Object.keys(b)) if (!Object.hasOwn(a, key)) walk(null, b[key], [...path, key], out);
    for (const key of Object.keys(a)) if (!Object.hasOwn(b, key)) walk(a[key], null, [...path, key], out);
    for (const key of Object.keys(a)) if (Object.hasOwn(b, key)) walk(a[key], b[key], [...path, key], out);
  } else out.push({ op: 'change', path, old: a, new: b });
}

/** The differences between two bodies (the old and new objects of a review). */
export function diffBodies(a: unknown, b: unknown): DiffItem[] {
  const out: DiffItem[] = [];
  walk(a ?? null, b ?? null, [], out);
  return out;
}
