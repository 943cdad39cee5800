// JSON Patch (RFC 6902), the patch type Kopf uses for its optimistic `test` on resourceVersion and
// client-node's generated methods send by default. Applied atomically to a private copy; a body that
// does not decode is a 400, an operation that cannot be applied (a failed `test` included) a 422,
// both worded as kube-apiserver words them.

import { PatchError, badRequest } from './patchError.js';
import { goJsonTypeName, isJsonObject, jsonClone, jsonEqual, setKey } from './json.js';
import { formatJsonPointer, parseArrayIndex, parseJsonPointer } from './jsonPointer.js';

/**
 * kube-apiserver's limit on operations in one JSON patch (`maxJSONPatchOperations`); above it, 413.
 *
 * @example
 * ```ts
 * if (ops.length > MAX_JSON_PATCH_OPERATIONS) reject413();
 * ```
 */
export const MAX_JSON_PATCH_OPERATIONS = 10_000;

/**
 * The Status message kube-apiserver gives to every JSON patch operation that fails to apply (422).
 *
 * @example
 * ```ts
 * expect(status.message).toBe(JSON_PATCH_FAILED_MESSAGE);
 * ```
 */
export const JSON_PATCH_FAILED_MESSAGE = 'the server rejected our request due to an error in our request';

type OpName = 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
const OP_NAMES: ReadonlySet<string> = new Set<OpName>(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** One decoded operation: the members as kube-apiserver's decoder reads them (absent/null → ''). */
interface Operation {
  op: string;
  path: string;
  from: string;
  value: unknown;
}

/**
 * Applies an RFC 6902 JSON patch and returns the patched document; the input is never mutated, and
 * either every operation applies or the call throws (atomic). Errors follow kube-apiserver:
 *
 * - PatchError 400 BadRequest when the body does not decode as a list of operations: it is not an
 *   array, an operation is not an object, or its `op`, `path` or `from` is not a string (the
 *   message is Go's decoder error, e.g. `error decoding patch: json: cannot unmarshal object into
 *   Go value of type []handlers.jsonPatchOp`).
 * - PatchError 413 RequestEntityTooLarge above 10,000 operations.
 * - PatchError 422 Invalid, with kube-apiserver's message `the server rejected our request due to an
 *   error in our request`, when an operation cannot be applied: an unknown or missing `op`, a
 *   missing or malformed path, a path that does not exist, a bad array index, a failed `test`.
 *   `detail` says which operation failed and why.
 * - Like kube-apiserver (evanphx/json-patch v4), `replace` of a missing object member adds it and
 *   `copy` from a missing object member copies `null` (and `test` of one against `null` passes). Array indexes follow RFC 6902 strictly (no
 *   leading zeros, no negative indexes), where kube-apiserver would also accept `01` and `-1`.
 * - A `null` body is no operations at all, and a missing `value` is `null` (as Go decodes them).
 * - As in kube-apiserver, the empty pointer (the whole document) is not addressable: 422.
 *
 * @example
 * ```ts
 * applyJsonPatch({ metadata: { resourceVersion: '7' } }, [
 *   { op: 'test', path: '/metadata/resourceVersion', value: '7' },
 *   { op: 'add', path: '/metadata/labels', value: { a: 'b' } },
 * ]);
 * ```
 */
export function applyJsonPatch(target: unknown, operations: unknown): unknown {
  if (operations === null) return jsonClone(target);
  if (!Array.isArray(operations)) {
    throw badRequest(
      `error decoding patch: json: cannot unmarshal ${goJsonTypeName(operations)} into Go value of type []handlers.jsonPatchOp`,
    );
  }
  const decoded = operations.map((operation) => decodeOperation(operation));
  if (decoded.length > MAX_JSON_PATCH_OPERATIONS) {
    throw new PatchError(
      413,
      'RequestEntityTooLarge',
      `The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${decoded.length}`,
    );
  }
  let document = jsonClone(target);
  for (const [index, operation] of decoded.entries()) {
    document = applyOperation(document, operation, index);
  }
  return document;
}

/** Decodes one operation as Go decodes it into kube-apiserver's jsonPatchOp struct (400 on type errors). */
function decodeOperation(operation: unknown): Operation {
  if (!isJsonObject(operation)) {
    throw badRequest(
      `error decoding patch: json: cannot unmarshal ${goJsonTypeName(operation)} into Go value of type handlers.jsonPatchOp`,
    );
  }
  const text = (member: 'op' | 'path' | 'from'): string => {
    const value = Object.hasOwn(operation, member) ? operation[member] : undefined;
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') {
      throw badRequest(
        `error decoding patch: json: cannot unmarshal ${goJsonTypeName(value)} into Go struct field jsonPatchOp.${member} of type string`,
      );
    }
    return value;
  };
  return {
    op: text('op'),
    path: text('path'),
    from: text('from'),
    value: Object.hasOwn(operation, 'value') ? operation.value : null,
  };
}

/** A 422 for an operation that could not be applied, with kube-apiserver's generic message. */
function failed(index: number, operation: Operation, why: string): PatchError {
  const what = operation.op === '' ? 'operation' : `${operation.op} ${operation.path}`;
  return new PatchError(422, 'Invalid', JSON_PATCH_FAILED_MESSAGE, {
    detail: `json patch operation ${index} (${what}) failed: ${why}`,
  });
}

/**
 * The tokens of a `path` or `from`. kube-apiserver's JSON patch library has no notion of the whole
 * document: an empty (or absent) pointer fails like a missing path, so it does here too.
 */
function pointer(text: string, member: string, fail: Fail): string[] {
  if (text === '') throw fail(`doc is missing ${member}: "" (operations on the whole document are not supported)`);
  const tokens = parseJsonPointer(text);
  if (!Array.isArray(tokens)) throw fail(`${member}: ${tokens.error}`);
  return tokens;
}

function applyOperation(document: unknown, operation: Operation, index: number): unknown {
  const fail = (why: string) => failed(index, operation, why);
  if (!OP_NAMES.has(operation.op)) {
    throw fail(`Unexpected kind: ${operation.op === '' ? 'unknown' : operation.op}; expected add, remove, replace, move, copy or test`);
  }
  const op = operation.op as OpName;
  const path = pointer(operation.path, 'path', fail);
  switch (op) {
    case 'add':
      return add(document, path, jsonClone(operation.value), fail);
    case 'remove':
      return remove(document, path, fail).document;
    case 'replace': {
      // kube-apiserver's JSON patch library replaces a missing object member by adding it.
      const parent = parentOf(document, path, fail);
      if (isJsonObject(parent)) return add(document, path, jsonClone(operation.value), fail);
      const removed = remove(document, path, fail);
      return add(removed.document, path, jsonClone(operation.value), fail);
    }
    case 'move': {
      const from = pointer(operation.from, 'from', fail);
      if (from.length < path.length && from.every((token, i) => token === path[i])) {
        throw fail(`cannot move ${operation.from} into one of its own children`);
      }
      const removed = remove(document, from, fail);
      return add(removed.document, path, removed.value, fail);
    }
    case 'copy': {
      // As in kube-apiserver, copying a missing object member copies null.
      const from = pointer(operation.from, 'from', fail);
      const source = parentOf(document, from, fail);
      const token = from[from.length - 1] ?? '';
      const value = isJsonObject(source) && !Object.hasOwn(source, token) ? null : read(document, from, fail);
      return add(document, path, jsonClone(value), fail);
    }
    case 'test': {
      // As in kube-apiserver, a missing object member tests equal to null.
      const parent = parentOf(document, path, fail);
      const token = path[path.length - 1] ?? '';
      if (operation.value === null && isJsonObject(parent) && !Object.hasOwn(parent, token)) return document;
      const value = read(document, path, fail);
      if (!jsonEqual(value, operation.value)) throw fail(`testing value ${operation.path} failed: test failed`);
      return document;
    }
  }
}

type Fail = (why: string) => PatchError;

/** The container holding the last token of `path` (the document's own structure, not a copy). */
function parentOf(document: unknown, path: readonly string[], fail: Fail): unknown {
  let current = document;
  for (const [depth, token] of path.slice(0, -1).entries()) {
    const where = formatJsonPointer(path.slice(0, depth + 1));
    if (Array.isArray(current)) {
      const index = parseArrayIndex(token, current.length, false);
      if (index === undefined || index >= current.length) throw fail(`doc is missing path: "${where}"`);
      current = current[index];
    } else if (isJsonObject(current) && Object.hasOwn(current, token)) {
      current = current[token];
    } else {
      throw fail(`doc is missing path: "${where}"`);
    }
  }
  return current;
}

function read(document: unknown, path: readonly string[], fail: Fail): unknown {
  const parent = parentOf(document, path, fail);
  const token = path[path.length - 1] ?? '';
  const where = formatJsonPointer(path);
  if (Array.isArray(parent)) {
    const index = parseArrayIndex(token, parent.length, false);
    if (index === undefined || index >= parent.length) throw fail(`doc is missing path: "${where}"`);
    return parent[index];
  }
  if (isJsonObject(parent) && Object.hasOwn(parent, token)) return parent[token];
  throw fail(`doc is missing path: "${where}"`);
}

function add(document: unknown, path: readonly string[], value: unknown, fail: Fail): unknown {
  const parent = parentOf(document, path, fail);
  const token = path[path.length - 1] ?? '';
  if (Array.isArray(parent)) {
    const index = parseArrayIndex(token, parent.length, true);
    if (index === undefined || index > parent.length) {
      throw fail(`invalid array index "${token}" for an array of length ${parent.length}`);
    }
    parent.splice(index, 0, value);
  } else if (isJsonObject(parent)) {
    setKey(parent, token, value);
  } else {
    throw fail(`doc is missing path: "${formatJsonPointer(path.slice(0, -1))}" is not an object or array`);
  }
  return document;
}

function remove(document: unknown, path: readonly string[], fail: Fail): { document: unknown; value: unknown } {
  const parent = parentOf(document, path, fail);
  const token = path[path.length - 1] ?? '';
  const where = formatJsonPointer(path);
  if (Array.isArray(parent)) {
    const index = parseArrayIndex(token, parent.length, false);
    if (index === undefined || index >= parent.length) throw fail(`doc is missing path: "${where}"`);
    return { document, value: parent.splice(index, 1)[0] };
  }
  if (isJsonObject(parent) && Object.hasOwn(parent, token)) {
    const value = parent[token];
    delete parent[token];
    return { document, value };
  }
  throw fail(`doc is missing path: "${where}"`);
}
