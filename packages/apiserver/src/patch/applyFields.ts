// The object-walking half of server-side apply: which lists are associative (map lists) or sets,
// the field set an applied configuration claims, the merge of that configuration into the live
// object, and the removal of fields a manager stopped applying.

import { stringifyJson } from '@opkit/json';
import { internalError } from './patchError.js';
import type { PatchError } from './patchError.js';
import { isJsonObject, jsonClone, jsonEqual, setKey } from './json.js';
import type { JsonObject } from './json.js';
import { childAt, formatFieldPath, pathKey, valueAtPath } from './fieldSet.js';
import type { FieldPath, FieldSet } from './fieldSet.js';
import { childSchema, mergeSchemaForApiVersion } from './mergeSchemas.js';
import type { MergeSchema } from './mergeSchemas.js';

/** How a list merges under apply: by key fields (`map`), as a set of scalars, or atomically (undefined). */
export type ApplyListRule = { type: 'map'; keys: string[] } | { type: 'set' } | undefined;

/** Finds the rule of the list at a field-name path (list items are transparent: `['spec', 'ports']`). */
export type ApplyListRuleLookup = (path: string[]) => ApplyListRule;

/**
 * The list rules of one kind: `listMapKeys` first (a CRD's `x-kubernetes-list-map-keys`; an empty
 * array means `x-kubernetes-list-type: set`), then the built-in merge keys of MERGE_SCHEMAS.
 */
export function applyListRules(
  apiVersion: unknown,
  kind: unknown,
  listMapKeys: ((path: string[]) => string[] | undefined) | undefined,
): ApplyListRuleLookup {
  const schema = mergeSchemaForApiVersion(apiVersion, kind);
  return (path) => {
    const keys = listMapKeys?.(path);
    if (keys !== undefined) return keys.length === 0 ? { type: 'set' } : { type: 'map', keys: [...keys] };
    let node: MergeSchema | undefined = schema;
    for (const field of path) node = childSchema(node, field);
    const list = node?.list;
    if (list === undefined) return undefined;
    return 'mergeKey' in list ? { type: 'map', keys: [list.mergeKey] } : { type: 'set' };
  };
}

/** The `k:` path element of an associative-list item. */
export function itemKeyElement(item: JsonObject, keys: readonly string[]): string {
  const picked: JsonObject = {};
  for (const key of [...keys].sort()) setKey(picked, key, item[key]);
  return `k:${stringifyJson(picked)}`;
}

/** Paths server-side apply never tracks (as kube-apiserver strips them from every manager's set). */
const UNTRACKED: ReadonlySet<string> = new Set(
  [
    ['f:apiVersion'],
    ['f:kind'],
    ['f:metadata'],
    ...['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'selfLink', 'managedFields'].map(
      (field) => ['f:metadata', `f:${field}`],
    ),
  ].map((path) => pathKey(path)),
);

function untracked(path: FieldPath): boolean {
  if (UNTRACKED.has(pathKey(path))) return true;
  return path.length > 2 && path[0] === 'f:metadata' && UNTRACKED.has(pathKey(path.slice(0, 2)));
}

/**
 * The set of fields an object (for apply: the configuration, nulls removed) holds: every leaf,
 * every associative-list and set item, atomic lists and empty maps as a whole. An associative list
 * whose item lacks a key field or repeats a key throws PatchError 500 (kube-apiserver fails to build
 * the typed object) when `strict` (an applied configuration), and otherwise counts as one atomic
 * field (a stored object written another way).
 */
export function appliedFieldSet(applied: JsonObject, rules: ApplyListRuleLookup, typeName: string, strict = true): FieldSet {
  const set: FieldSet = new Set();
  const add = (path: string[]) => {
    if (!untracked(path)) set.add(pathKey(path));
  };
  const walk = (object: JsonObject, path: string[], names: string[]): void => {
    for (const [field, value] of Object.entries(object)) {
      const childPath = [...path, `f:${field}`];
      const childNames = [...names, field];
      if (isJsonObject(value)) {
        if (Object.keys(value).length === 0) add(childPath);
        else walk(value, childPath, childNames);
      } else if (Array.isArray(value)) {
        walkList(value, childPath, childNames);
      } else {
        add(childPath);
      }
    }
  };
  const walkList = (list: unknown[], path: string[], names: string[]): void => {
    const rule = rules(names);
    if (rule === undefined || (!strict && !validItems(list, rule))) return add(path);
    const seen = new Set<string>();
    for (const [index, item] of list.entries()) {
      let element: string;
      if (rule.type === 'set') {
        element = `v:${stringifyJson(item)}`;
      } else {
        const missing = isJsonObject(item) ? rule.keys.find((key) => !Object.hasOwn(item, key)) : rule.keys[0];
        if (missing !== undefined || !isJsonObject(item)) {
          throw invalidList(typeName, path, `element ${index}: associative list with keys has an element that omits key field "${missing ?? ''}" (and doesn't have default value)`);
        }
        element = itemKeyElement(item, rule.keys);
      }
      if (seen.has(element)) {
        throw invalidList(typeName, path, `duplicate entries for key ${formatFieldPath([element])}`);
      }
      seen.add(element);
      const itemPath = [...path, element];
      add(itemPath);
      if (rule.type === 'map' && isJsonObject(item)) walk(item, itemPath, names);
    }
  };
  walk(applied, [], []);
  return set;
}

function validItems(list: unknown[], rule: NonNullable<ApplyListRule>): boolean {
  const seen = new Set<string>();
  for (const item of list) {
    let element: string;
    if (rule.type === 'set') element = stringifyJson(item);
    else if (isJsonObject(item) && rule.keys.every((key) => Object.hasOwn(item, key))) element = itemKeyElement(item, rule.keys);
    else return false;
    if (seen.has(element)) return false;
    seen.add(element);
  }
  return true;
}

function invalidList(typeName: string, path: FieldPath, why: string): PatchError {
  return internalError(`failed to create typed patch object (${typeName}): ${formatFieldPath(path)}: ${why}`);
}

/**
 * Merges an applied configuration into `live` (owned by the caller and mutated): maps recursively,
 * associative lists by key (item by item), sets by value, everything else replaced.
 */
export function mergeApplied(live: unknown, applied: unknown, names: string[], rules: ApplyListRuleLookup): unknown {
  if (isJsonObject(applied)) {
    if (!isJsonObject(live)) return jsonClone(applied);
    for (const [field, value] of Object.entries(applied)) {
      const current = Object.hasOwn(live, field) ? live[field] : undefined;
      setKey(live, field, mergeApplied(current, value, [...names, field], rules));
    }
    return live;
  }
  if (Array.isArray(applied) && Array.isArray(live)) {
    const rule = rules(names);
    if (rule?.type === 'set') {
      for (const item of applied) if (!live.some((existing) => jsonEqual(existing, item))) live.push(jsonClone(item));
      return live;
    }
    if (rule?.type === 'map') {
      for (const item of applied) {
        const at = isJsonObject(item) ? live.findIndex((existing) => sameKeys(existing, item, rule.keys)) : -1;
        if (at >= 0) live[at] = mergeApplied(live[at], item, names, rules);
        else live.push(jsonClone(item));
      }
      return live;
    }
  }
  return jsonClone(applied);
}

function sameKeys(a: unknown, b: JsonObject, keys: readonly string[]): boolean {
  return isJsonObject(a) && keys.every((key) => jsonEqual(a[key], b[key]));
}

/**
 * Removes the field at `path` from `root` (mutated), then any map left empty above it that nobody
 * owns (`owned`), so that dropping the last applied label does not leave `labels: {}` behind.
 */
export function removeFieldPath(root: JsonObject, path: FieldPath, owned: FieldSet): void {
  const parentPath = path.slice(0, -1);
  const parent = valueAtPath(root, parentPath);
  const element = path[path.length - 1];
  if (!parent.found || element === undefined) return;
  const located = childAt(parent.value, element);
  if (located === undefined) return;
  if (located.index !== undefined && Array.isArray(parent.value)) parent.value.splice(located.index, 1);
  else if (isJsonObject(parent.value)) delete parent.value[element.slice(2)];
  for (let depth = parentPath.length; depth >= 1; depth--) {
    const ancestorPath = path.slice(0, depth);
    if (depth === 1 && ancestorPath[0] === 'f:metadata') return;
    const last = ancestorPath[depth - 1] ?? '';
    const ancestor = valueAtPath(root, ancestorPath).value;
    if (!last.startsWith('f:') || !isJsonObject(ancestor) || Object.keys(ancestor).length > 0) return;
    if (owned.has(pathKey(ancestorPath))) return;
    const holder = valueAtPath(root, ancestorPath.slice(0, -1)).value;
    if (isJsonObject(holder)) delete holder[last.slice(2)];
  }
}

/** A deep copy of an applied configuration without `null` members (apply treats them as absent). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item));
  if (!isJsonObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) setKey(copy, key, withoutNulls(item));
  return copy;
}
