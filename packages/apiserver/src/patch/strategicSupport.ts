// The small checks and conversions of strategic merge patch that apimachinery performs around the
// merge itself: taking a patch value "as sent", the element type of lists, and the consistency of
// a `$setElementOrder` list with the patch list it orders. Errors carry apimachinery's wording.

import { PatchError, internalError } from './patchError.js';
import { isJsonObject, setKey } from './json.js';
import type { JsonObject } from './json.js';
import { goValueText } from './goFormat.js';

const DIRECTIVE = /^\$(patch|retainKeys|setElementOrder\/.*|deleteFromPrimitiveList\/.*)$/;

/**
 * A patch value as kube-apiserver ends up storing it when it is copied rather than merged: a deep
 * copy without `null` members (apimachinery drops them) and without directive keys (decoding into
 * the typed object drops them).
 *
 * @example
 * ```ts
 * rawPatchValue({ a: null, b: [{ name: 'x', $patch: 'delete' }] }); // { b: [{ name: 'x' }] }
 * ```
 */
export function rawPatchValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => rawPatchValue(item));
  if (!isJsonObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== null && !DIRECTIVE.test(key)) setKey(copy, key, rawPatchValue(item));
  }
  return copy;
}

const DROP = Symbol('drop');

/**
 * A patch value for a key the live object does not have (or holds with another type). apimachinery
 * takes it nearly as sent: nulls are discarded, and every map carrying a `$patch` directive is left
 * out (as a member or as a list item); other directive keys fall away when the result is decoded
 * into the typed object. Checked against `kubectl patch --local`.
 *
 * @example
 * ```ts
 * newKeyValue([{ name: 'a', $patch: 'delete' }, { name: 'b', x: null }]); // [{ name: 'b' }]
 * ```
 */
export function newKeyValue(value: unknown): unknown {
  const result = pruneNew(value);
  return result === DROP ? undefined : result;
}

function pruneNew(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => pruneNew(item)).filter((item) => item !== DROP);
  }
  if (!isJsonObject(value)) return value;
  if (Object.hasOwn(value, '$patch')) return DROP;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || DIRECTIVE.test(key)) continue;
    const pruned = pruneNew(item);
    if (pruned !== DROP) setKey(copy, key, pruned);
  }
  return copy;
}

/** Go's name of a decoded JSON value's type, as in apimachinery's ErrBadArgType. */
function goTypeName(value: unknown): string {
  if (Array.isArray(value)) return '[]interface {}';
  if (isJsonObject(value)) return 'map[string]interface {}';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  if (typeof value === 'bigint') return 'int64';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/**
 * The 500 apimachinery gives when a list field holds something else.
 *
 * @example
 * ```ts
 * badArgType('x').message; // 'expected a []interface {}, but received a string'
 * ```
 */
export function badArgType(actual: unknown): PatchError {
  return internalError(`expected a []interface {}, but received a ${goTypeName(actual)}`);
}

/**
 * The common element type of the items of two lists ('object', 'string', …); throws as
 * apimachinery does for lists of lists (422), mixed types and two empty lists (500).
 *
 * @example
 * ```ts
 * listElementKind(['a'], ['b']); // 'string'
 * ```
 */
export function listElementKind(...lists: unknown[][]): string {
  let kind: string | undefined;
  for (const item of lists.flat()) {
    // A bigint is an int64 like any other integer: the same element type as a number.
    const itemKind = Array.isArray(item) ? 'array' : item === null ? 'null' : typeof item === 'bigint' ? 'number' : typeof item;
    if (kind === undefined) {
      if (itemKind === 'array') throw new PatchError(422, 'Invalid', 'lists of lists are not supported');
      kind = itemKind;
    } else if (kind !== itemKind) {
      throw internalError(`list element types are not identical: ${goValueText(lists)}`);
    }
  }
  if (kind === undefined) throw internalError('no elements in any of the given slices');
  return kind;
}

/**
 * Checks that the items of a patch list appear in its `$setElementOrder` list in the same relative
 * order (items with a `$patch` directive aside), as apimachinery's validatePatchWithSetOrderList.
 *
 * @example
 * ```ts
 * checkSetElementOrder([{ name: 'b' }], [{ name: 'a' }, { name: 'b' }], 'name'); // passes
 * ```
 */
export function checkSetElementOrder(patchList: unknown[], order: unknown[], mergeKey: string | undefined): void {
  if (order.length === 0 || patchList.length === 0) return;
  const items = mergeKey === undefined ? patchList : patchList.filter((item) => !(isJsonObject(item) && item.$patch === 'delete'));
  let p = 0;
  let o = 0;
  while (p < items.length && o < order.length) {
    const item = items[p];
    if (isJsonObject(item) && Object.hasOwn(item, '$patch')) {
      p++;
      continue;
    }
    if (sameKey(item, order[o], mergeKey)) p++;
    o++;
  }
  if (p < items.length && o >= order.length) {
    throw internalError(
      `The order in patch list:\n${goValueText(patchList)}\n doesn't match $setElementOrder list:\n${goValueText(order)}\n`,
    );
  }
}

function sameKey(left: unknown, right: unknown, mergeKey: string | undefined): boolean {
  if (mergeKey === undefined) return left === right;
  if (!isJsonObject(left) || !isJsonObject(right)) {
    throw internalError(`expected a map[string]interface {}, but received a ${goTypeName(isJsonObject(left) ? right : left)}`);
  }
  for (const side of [left, right]) {
    if (!Object.hasOwn(side, mergeKey)) {
      throw internalError(`map: ${goValueText(side)} does not contain declared merge key: ${mergeKey}`);
    }
  }
  return left[mergeKey] === right[mergeKey];
}
