// RFC 6902 JSON patches: computing the operations that turn one body into another (what Kopf
// sends for `patch.fns` and finalizers), guarding them with a `test` of the resourceVersion so they
// never apply to a state they were not computed from, and applying them in memory for tests.
import { stringifyJson } from '@opkit/json';
import { InvalidStateArgumentError } from './errors.js';
import { deepCopy, deepEqual, isObject, setKey } from './internal/fields.js';

/** One JSON-patch operation (the subset Opkit produces: add, remove, replace, test). */
export type JsonPatchOperation =
  | { readonly op: 'add'; readonly path: string; readonly value: unknown }
  | { readonly op: 'replace'; readonly path: string; readonly value: unknown }
  | { readonly op: 'test'; readonly path: string; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: string };

/** A JSON patch: a list of operations applied in order, all or nothing. */
export type JsonPatch = readonly JsonPatchOperation[];

/** Escape one key for a JSON pointer (RFC 6901): `~` → `~0`, `/` → `~1`. */
export function escapePointerToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Build a JSON pointer from keys. */
export function toPointer(path: readonly (string | number)[]): string {
  return path.map((key) => `/${escapePointerToken(String(key))}`).join('');
}

/**
 * The operations that turn `from` into `to`: objects recurse, arrays keep their common head and
 * tail and remove or add the middle, everything else is replaced.
 *
 * @example
 * ```ts
 * jsonPatchFromDiff({ metadata: { finalizers: ['a'] } }, { metadata: { finalizers: ['a', 'b'] } });
 * // [{ op: 'add', path: '/metadata/finalizers/1', value: 'b' }]
 * ```
 */
export function jsonPatchFromDiff(from: unknown, to: unknown): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  compare(from, to, [], ops);
  return ops;
}

function compare(from: unknown, to: unknown, path: string[], ops: JsonPatchOperation[]): void {
  if (deepEqual(from, to)) return;
  if (isObject(from) && isObject(to)) {
    for (const key of Object.keys(from)) {
      if (!Object.hasOwn(to, key)) ops.push({ op: 'remove', path: toPointer([...path, key]) });
    }
    for (const [key, value] of Object.entries(to)) {
      if (Object.hasOwn(from, key)) compare(from[key], value, [...path, key], ops);
      else ops.push({ op: 'add', path: toPointer([...path, key]), value: deepCopy(value) });
    }
  } else if (Array.isArray(from) && Array.isArray(to)) {
    let head = 0;
    while (head < from.length && head < to.length && deepEqual(from[head], to[head])) head++;
    let tail = 0;
    while (tail < from.length - head && tail < to.length - head
      && deepEqual(from[from.length - 1 - tail], to[to.length - 1 - tail])) tail++;
    const removed = from.length - head - tail;
    const added = to.length - head - tail;
    const common = Math.min(removed, added);
    for (let i = 0; i < common; i++) compare(from[head + i], to[head + i], [...path, String(head + i)], ops);
    for (let i = removed - 1; i >= common; i--) ops.push({ op: 'remove', path: toPointer([...path, String(head + i)]) });
    for (let i = common; i < added; i++) {
      ops.push({ op: 'add', path: toPointer([...path, String(head + i)]), value: deepCopy(to[head + i]) });
    }
  } else {
    ops.push({ op: 'replace', path: toPointer(path), value: deepCopy(to) });
  }
}

/**
 * Prefix a JSON patch with `test /metadata/resourceVersion`, so the API server applies it only to
 * the exact version it was computed from (and answers 409/422 otherwise). An empty patch stays empty.
 *
 * @example
 * ```ts
 * guardJsonPatch([{ op: 'remove', path: '/metadata/finalizers/0' }], '123');
 * // [{ op: 'test', path: '/metadata/resourceVersion', value: '123' }, { op: 'remove', … }]
 * ```
 */
export function guardJsonPatch(ops: JsonPatch, resourceVersion: string | null | undefined): JsonPatchOperation[] {
  if (ops.length === 0) return [];
  return [{ op: 'test', path: '/metadata/resourceVersion', value: resourceVersion ?? null }, ...ops];
}

/**
 * Split operations into those for the main resource and those for the `/status` subresource (when
 * the resource has one; without it everything goes to the main resource).
 *
 * @example
 * ```ts
 * splitJsonPatch(ops, { statusSubresource: true }); // { main: [...], status: [...] }
 * ```
 */
export function splitJsonPatch(ops: JsonPatch, options: { readonly statusSubresource: boolean }): { main: JsonPatchOperation[]; status: JsonPatchOperation[] } {
  const main: JsonPatchOperation[] = [];
  const status: JsonPatchOperation[] = [];
  for (const op of ops) {
    const toStatus = options.statusSubresource && (op.path === '/status' || op.path.startsWith('/status/'));
    (toStatus ? status : main).push(op);
  }
  return { main, status };
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new InvalidStateArgumentError(`A JSON pointer must start with '/'; got ${JSON.stringify(pointer)}.`);
  }
  return pointer.slice(1).split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * Apply a JSON patch in memory and return the new document (the input is not changed). A failing
 * `test` or a missing path throws, as the API server would reject the whole patch.
 *
 * @example
 * ```ts
 * applyJsonPatch({ a: [1] }, [{ op: 'add', path: '/a/-', value: 2 }]); // { a: [1, 2] }
 * ```
 */
export function applyJsonPatch<T = unknown>(document: unknown, ops: JsonPatch): T {
  let root: unknown = deepCopy(document);
  for (const op of ops) {
    const path = parsePointer(op.path);
    if (op.op === 'test') {
      if (!deepEqual(lookup(root, path, op.path), op.value)) {
        throw new InvalidStateArgumentError(`JSON-patch test failed at ${op.path}: expected ${stringifyJson(op.value)}.`);
      }
      continue;
    }
    if (path.length === 0) {
      root = op.op === 'remove' ? null : deepCopy(op.value);
      continue;
    }
    const parent = lookup(root, path.slice(0, -1), op.path);
    const key = path[path.length - 1] as string;
    if (Array.isArray(parent)) {
      const index = key === '-' ? parent.length : Number(key);
      const limit = op.op === 'add' ? parent.length : parent.length - 1;
      if (!Number.isInteger(index) || index < 0 || index > limit) {
        throw new InvalidStateArgumentError(`JSON-patch ${op.op} at ${op.path}: index out of range.`);
      }
      if (op.op === 'add') parent.splice(index, 0, deepCopy(op.value));
      else if (op.op === 'remove') parent.splice(index, 1);
      else parent[index] = deepCopy(op.value);
    } else if (isObject(parent)) {
      if (op.op !== 'add' && !Object.hasOwn(parent, key)) {
        throw new InvalidStateArgumentError(`JSON-patch ${op.op} at ${op.path}: no such field.`);
      }
      if (op.op === 'remove') delete parent[key];
      else setKey(parent, key, deepCopy(op.value));
    } else {
      throw new InvalidStateArgumentError(`JSON-patch ${op.op} at ${op.path}: the parent is not an object or array.`);
    }
  }
  return root as T;
}

function lookup(root: unknown, path: readonly string[], pointer: string): unknown {
  let current = root;
  for (const key of path) {
    if (Array.isArray(current) && /^\d+$/.test(key) && Number(key) < current.length) current = current[Number(key)];
    else if (isObject(current) && Object.hasOwn(current, key)) current = current[key];
    else throw new InvalidStateArgumentError(`JSON-patch path ${pointer} does not exist in the document.`);
  }
  return current;
}
