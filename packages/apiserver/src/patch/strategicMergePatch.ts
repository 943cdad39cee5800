// Strategic merge patch for built-in kinds: what `kubectl patch`, `kubectl edit`, client-side
// `kubectl apply` and client-node's KubernetesObjectApi send. A merge patch plus merge keys for the
// lists in MERGE_SCHEMAS and the `$patch`, `$retainKeys`, `$setElementOrder/…` and
// `$deleteFromPrimitiveList/…` directives. It follows apimachinery's algorithm (the server's
// options: parallel lists merged, unmatched nulls ignored) closely enough that random patches give
// what `kubectl patch --local` gives, errors included.

import { badRequest, internalError } from './patchError.js';
import type { PatchError } from './patchError.js';
import { goJsonTypeName, isJsonObject, jsonClone, jsonEqual, setKey } from './json.js';
import type { JsonObject } from './json.js';
import { goValueText } from './goFormat.js';
import { childSchema, mergeSchemaFor, strategicListRule } from './mergeSchemas.js';
import type { MergeSchema } from './mergeSchemas.js';
import { identityFor, orderMergedList } from './strategicListOrder.js';
import { badArgType, checkSetElementOrder, listElementKind, newKeyValue, rawPatchValue } from './strategicSupport.js';

const PATCH = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ELEMENT_ORDER = '$setElementOrder/';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList/';

/**
 * Applies a strategic merge patch to an object of a built-in kind and returns the result (inputs
 * are never mutated). Maps merge and `null` deletes, as in a merge patch; lists listed for the kind
 * (see MERGE_SCHEMAS: ownerReferences by uid, finalizers as a set, pod-spec containers by name,
 * ports by containerPort, conditions by type, …) merge by key, all other lists are replaced.
 * Directives: `$patch: replace | delete | merge` (in a map or as a list item), `$retainKeys`,
 * `$setElementOrder/<field>` and `$deleteFromPrimitiveList/<field>`. Values the patch adds where
 * nothing was are taken nearly as sent (see newKeyValue and rawPatchValue), as apimachinery does;
 * the result is what kube-apiserver stores once it has decoded it into the typed object (no
 * nulls, no directive keys).
 *
 * Throws PatchError 400 for a patch that is not an object or a malformed `$retainKeys` (also one the
 * patch contradicts), 422 for lists of lists, and 500 with reason `''` (kube-apiserver's answer to
 * apimachinery's plain errors) for a list item without its merge key, an unknown `$patch` value,
 * mixed list element types, or a `$setElementOrder` list that is not a list or does not match the
 * patch — each with apimachinery's message. Refusing custom resources (415) is the server's job.
 *
 * @example
 * ```ts
 * applyStrategicMergePatch(deployment, {
 *   spec: { template: { spec: { containers: [{ name: 'app', image: 'app:2' }] } } },
 * }, { group: 'apps', version: 'v1', kind: 'Deployment' });
 * ```
 */
export function applyStrategicMergePatch(
  target: unknown,
  patch: unknown,
  kind: { group: string; version: string; kind: string },
): unknown {
  if (patch === null) return jsonClone(target);
  if (!isJsonObject(patch)) {
    throw badRequest(`json: cannot unmarshal ${goJsonTypeName(patch)} into Go value of type map[string]interface {}`);
  }
  const original: JsonObject = isJsonObject(target) ? jsonClone(target) : {};
  return mergeMap(original, patch, mergeSchemaFor(kind));
}

/** Merges `patch` into `original` (owned by the caller and mutated) and returns the result. */
function mergeMap(original: JsonObject, patch: JsonObject, schema: MergeSchema | undefined): JsonObject {
  if (Object.hasOwn(patch, PATCH)) {
    const directive = patch[PATCH];
    if (directive === 'replace') return rawPatchValue(patch) as JsonObject;
    if (directive === 'delete') return {};
    throw internalError(`unknown patch type: ${goValueText(directive)} in map: ${goValueText(patch)}`);
  }
  applyRetainKeys(original, patch);
  const handled = applySetElementOrders(original, patch, schema);
  for (const [patchKey, value] of Object.entries(patch)) {
    if (patchKey === RETAIN_KEYS || patchKey.startsWith(SET_ELEMENT_ORDER) || handled.has(patchKey)) continue;
    const deleteList = patchKey.startsWith(DELETE_FROM_PRIMITIVE_LIST);
    const key = deleteList ? patchKey.slice(DELETE_FROM_PRIMITIVE_LIST.length) : patchKey;
    if (value === null) {
      delete original[key];
      continue;
    }
    const current = Object.hasOwn(original, key) ? original[key] : undefined;
    if (current === undefined || kindOf(current) !== kindOf(value)) {
      if (deleteList) continue;
      const fresh = newKeyValue(value);
      if (fresh === undefined) delete original[key];
      else setKey(original, key, fresh);
      continue;
    }
    const sub = childSchema(schema, key);
    if (isJsonObject(current) && isJsonObject(value)) {
      setKey(original, key, mergeMap(current, value, sub));
    } else if (Array.isArray(current) && Array.isArray(value)) {
      if (deleteList || strategicListRule(sub) !== undefined) setKey(original, key, mergeList(current, value, sub, deleteList));
      else setKey(original, key, rawPatchValue(value));
    } else {
      setKey(original, key, value);
    }
  }
  return original;
}

/** Go's reflect kind of a decoded JSON value, for "same type" checks (a bigint is a number: int64). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'bigint') return 'number';
  return Array.isArray(value) ? 'array' : typeof value;
}

function applyRetainKeys(original: JsonObject, patch: JsonObject): void {
  if (!Object.hasOwn(patch, RETAIN_KEYS)) return;
  const retain = patch[RETAIN_KEYS];
  if (!Array.isArray(retain) || !retain.every((key) => typeof key === 'string')) {
    throw badRequest('invalid patch format of retainKeys');
  }
  for (const key of Object.keys(patch)) {
    if (!key.startsWith('$') && patch[key] !== null && !retain.includes(key)) {
      throw badRequest('invalid patch format of retainKeys');
    }
  }
  for (const key of Object.keys(original)) {
    if (!retain.includes(key)) delete original[key];
  }
}

/** Merges every list that has a `$setElementOrder/<field>` and orders it; returns those fields. */
function applySetElementOrders(original: JsonObject, patch: JsonObject, schema: MergeSchema | undefined): Set<string> {
  const handled = new Set<string>();
  for (const [key, order] of Object.entries(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const field = key.slice(SET_ELEMENT_ORDER.length);
    // kube-apiserver answers a malformed directive with a bare 500 (apimachinery's plain error); it is the
    // patch's fault, so this server says so with a 400 naming the directive.
    if (!Array.isArray(order)) throw badRequest(`invalid patch: ${key}: ${badArgType(order).message}`);
    const sub = childSchema(schema, field);
    const rule = strategicListRule(sub);
    const mergeKey = rule !== undefined && 'mergeKey' in rule ? rule.mergeKey : undefined;
    const foundLive = Object.hasOwn(original, field);
    const foundPatch = Object.hasOwn(patch, field);
    const live = foundLive ? original[field] : [];
    const listPatch = foundPatch ? patch[field] : [];
    if (!Array.isArray(live)) throw badArgType(live);
    if (!Array.isArray(listPatch)) throw badRequest(`invalid patch: ${field} (ordered by ${key}): ${badArgType(listPatch).message}`);
    checkSetElementOrder(listPatch, order, mergeKey);
    if (!foundLive && !foundPatch) continue;
    let merged: unknown[];
    // apimachinery orders by the live list as its backing array looks after the merge, which
    // deleting and appending items may have rewritten in place (Go slice aliasing).
    let serverOrder = live;
    if (!foundPatch) merged = live;
    else if (!foundLive) merged = listPatch;
    else if (rule === undefined) merged = rawPatchValue(listPatch) as unknown[];
    else merged = mergeList(live, listPatch, sub, false, (view) => (serverOrder = view));
    listElementKind(live, listPatch);
    setKey(original, field, rawPatchValue(orderMergedList(merged, order, serverOrder, identityFor(mergeKey))));
    handled.add(field);
  }
  return handled;
}

/** What the caller's view of the live list shows once the merge has rewritten it in place. */
type AliasSink = (view: unknown[]) => void;

/** Merges a list with `patchStrategy: merge` (by merge key, or as a set of scalars). */
function mergeList(
  original: unknown[],
  patch: unknown[],
  schema: MergeSchema | undefined,
  deleteList: boolean,
  alias?: AliasSink,
): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = listElementKind(original, patch);
  if (kind !== 'object') {
    if (deleteList) return original.filter((item) => !patch.some((value) => jsonEqual(item, value)));
    const merged: unknown[] = [];
    for (const item of [...original, ...patch]) if (!merged.some((seen) => jsonEqual(seen, item))) merged.push(item);
    return orderMergedList(merged, patch, original, identityFor(undefined));
  }
  const rule = strategicListRule(schema);
  if (rule === undefined || !('mergeKey' in rule)) throw internalError('cannot merge lists without merge key');
  return mergeKeyedList(original, patch as JsonObject[], rule.mergeKey, schema, alias);
}

function mergeKeyedList(
  original: unknown[],
  patch: JsonObject[],
  mergeKey: string,
  schema: MergeSchema | undefined,
  alias?: AliasSink,
): unknown[] {
  const backing = new GoBackingArray(original);
  const plain: JsonObject[] = [];
  for (const item of patch) {
    if (!Object.hasOwn(item, PATCH)) {
      plain.push(item);
      continue;
    }
    const directive = item[PATCH];
    if (directive === 'delete') {
      if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
      backing.deleteWhere((candidate) => isJsonObject(candidate) && jsonEqual(candidate[mergeKey], item[mergeKey]));
    } else if (directive === 'replace') {
      // The list becomes the patch's other items, as sent.
      return rawPatchValue(patch.filter((other) => !Object.hasOwn(other, PATCH))) as unknown[];
    } else if (directive === 'merge') {
      throw internalError('merging lists cannot yet be specified in the patch');
    } else {
      throw internalError(`unknown patch type: ${goValueText(directive)} in map: ${goValueText(item)}`);
    }
  }
  const live = backing.items();
  for (const item of plain) {
    if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
    const at = backing.items().findIndex((candidate) => isJsonObject(candidate) && jsonEqual(candidate[mergeKey], item[mergeKey]));
    if (at >= 0) backing.set(at, mergeMap(backing.items()[at] as JsonObject, item, schema));
    else backing.append(rawPatchValue(item));
  }
  alias?.(backing.callerView());
  return orderMergedList(backing.items(), plain, live, identityFor(mergeKey));
}

/**
 * A Go slice over a backing array of fixed capacity (the live list's length): deleting shifts the
 * items left in place and appending writes into the freed slots until the capacity is used up,
 * after which Go would move to a new array. `callerView` is what a holder of the original slice
 * header sees afterwards.
 */
class GoBackingArray {
  private readonly backing: unknown[];
  private readonly capacity: number;
  private length: number;
  private current: unknown[];

  constructor(items: unknown[]) {
    this.backing = [...items];
    this.capacity = items.length;
    this.length = items.length;
    this.current = this.backing;
  }

  items(): unknown[] {
    return this.current.slice(0, this.length);
  }

  deleteWhere(match: (item: unknown) => boolean): void {
    for (let at = this.items().findIndex(match); at >= 0; at = this.items().findIndex(match)) {
      for (let i = at; i < this.length - 1; i++) this.current[i] = this.current[i + 1];
      this.length -= 1;
    }
  }

  set(index: number, value: unknown): void {
    this.current[index] = value;
  }

  append(value: unknown): void {
    if (this.current === this.backing && this.length >= this.capacity) this.current = this.items();
    this.current[this.length] = value;
    this.length += 1;
  }

  callerView(): unknown[] {
    return [...this.backing];
  }
}

function noMergeKey(item: JsonObject, mergeKey: string): PatchError {
  return internalError(`map: ${goValueText(item)} does not contain declared merge key: ${mergeKey}`);
}
