// Server-side apply (`application/apply-patch+yaml`): create-or-merge an applied configuration into
// the live object, with per-manager field ownership recorded in `metadata.managedFields` so that a
// manager's dropped fields are removed and another manager's fields are not silently overwritten
// (409 Conflict, unless `force` takes them over).

import { PatchError } from './patchError.js';
import type { PatchErrorCause } from './patchError.js';
import { describeJson, isJsonObject, jsonClone, jsonEqual } from './json.js';
import type { JsonObject } from './json.js';
import { changedAtPath, formatFieldPath, keyPath, pathKey, toFieldsV1 } from './fieldSet.js';
import type { FieldSet } from './fieldSet.js';
import { appliedFieldSet, applyListRules, mergeApplied, removeFieldPath, withoutNulls } from './applyFields.js';
import { pruneMissing, readManagedFields } from './managedFields.js';
import type { ManagerEntry } from './managedFields.js';

/**
 * Options of applyServerSideApply.
 *
 * @example
 * ```ts
 * const options: ServerSideApplyOptions = { fieldManager: 'kubectl', force: false, now: '2026-01-02T03:04:05Z' };
 * ```
 */
export interface ServerSideApplyOptions {
  /** The `fieldManager` query parameter (the server checks it is present). */
  fieldManager: string;
  /** The `force` query parameter: take over fields other managers own instead of failing with 409. */
  force: boolean;
  /** The time recorded in the manager's entry, RFC 3339 to whole seconds (`2026-01-02T03:04:05Z`). */
  now: string;
  /** The subresource applied to (`status`), recorded in the entry; absent for the main resource. */
  subresource?: string;
  /**
   * The key fields of the list at a field-name path (list items are transparent, e.g.
   * `['spec', 'ports']`) when a CRD schema says `x-kubernetes-list-type: map`; return `[]` for
   * `x-kubernetes-list-type: set` and `undefined` otherwise (then built-in merge keys apply, else
   * the list is atomic).
   */
  listMapKeys?: (path: string[]) => string[] | undefined;
}

/**
 * Applies a configuration the server-side-apply way and returns the resulting object, with
 * `created: true` when there was no live object. Maps merge recursively; lists are atomic unless
 * they are associative (by `listMapKeys`, or the built-in merge keys of MERGE_SCHEMAS) or sets.
 * The manager's applied field set is recorded in `metadata.managedFields` (operation `Apply`,
 * FieldsV1). Fields this manager applied before and omits now are removed unless another manager
 * owns them too. A field another manager owns whose value would change makes it throw PatchError
 * 409 `Conflict` with `FieldManagerConflict` causes — unless `force`, which moves ownership to this
 * manager. `null` members of the configuration are treated as absent. Re-applying a configuration
 * that changes nothing returns an object equal to `live` (the entry keeps its old time), so that the
 * server sees a no-op write. Inputs are never mutated.
 * The server, not this function, checks `fieldManager`, resourceVersion preconditions and
 * status-subresource rules.
 *
 * @example
 * ```ts
 * const { object, created } = applyServerSideApply(live, parseApplyBody(body), {
 *   fieldManager: 'kubectl', force: false, now: '2026-01-02T03:04:05Z',
 * });
 * ```
 */
export function applyServerSideApply(
  live: Record<string, unknown> | undefined,
  applied: Record<string, unknown>,
  options: ServerSideApplyOptions,
): { object: Record<string, unknown>; created: boolean } {
  const config = withoutNulls(applied) as JsonObject;
  if (isJsonObject(config.metadata)) delete config.metadata.managedFields;
  const apiVersion = config.apiVersion ?? live?.apiVersion;
  const kind = config.kind ?? live?.kind;
  const rules = applyListRules(apiVersion, kind, options.listMapKeys);
  const appliedSet = appliedFieldSet(config, rules, gvkText(apiVersion, kind));

  const before: JsonObject = live === undefined ? {} : jsonClone(live);
  const entries = readManagedFields(isJsonObject(before.metadata) ? before.metadata.managedFields : undefined);
  if (isJsonObject(before.metadata)) delete before.metadata.managedFields;
  const subresource = options.subresource ?? '';
  const mine = entries.find(
    (entry) => entry.manager === options.fieldManager && entry.operation === 'Apply' && entry.subresource === subresource,
  );
  const others = entries.filter((entry) => entry !== mine);

  const object = mergeApplied(jsonClone(before), config, [], rules) as JsonObject;
  resolveConflicts(before, object, others, options.force);

  const othersOwn: FieldSet = new Set(others.flatMap((entry) => [...entry.set]));
  const owned: FieldSet = new Set([...othersOwn, ...appliedSet]);
  const ownedAncestors = ancestorsOf(owned);
  for (const key of mine?.set ?? []) {
    if (owned.has(key) || ownedAncestors.has(key)) continue;
    removeFieldPath(object, keyPath(key), owned);
  }

  const unchanged =
    mine !== undefined && sameSet(mine.set, appliedSet) && !others.some((other) => other.changed) && jsonEqual(object, before);
  const entry: JsonObject = unchanged ? mine.raw : {
    manager: options.fieldManager,
    operation: 'Apply',
    apiVersion: typeof apiVersion === 'string' ? apiVersion : '',
    time: options.now,
    fieldsType: 'FieldsV1',
    fieldsV1: toFieldsV1(appliedSet),
    ...(subresource === '' ? {} : { subresource }),
  };
  const managedFields: JsonObject[] = [];
  for (const existing of entries) {
    if (existing === mine) {
      if (appliedSet.size > 0) managedFields.push(entry);
      continue;
    }
    const kept = pruneMissing(existing, object);
    if (kept.set.size > 0) managedFields.push(kept.changed ? { ...kept.raw, fieldsV1: toFieldsV1(kept.set) } : kept.raw);
  }
  if (mine === undefined && appliedSet.size > 0) managedFields.push(entry);
  const metadata: JsonObject = isJsonObject(object.metadata) ? object.metadata : {};
  if (managedFields.length > 0) metadata.managedFields = managedFields;
  object.metadata = metadata;
  return { object, created: live === undefined };
}

/** A GroupVersionKind as Go prints it: `apps/v1, Kind=Deployment`, `/v1, Kind=Pod`. */
function gvkText(apiVersion: unknown, kind: unknown): string {
  const version = describeJson(apiVersion ?? '');
  return `${version.includes('/') ? version : `/${version}`}, Kind=${describeJson(kind ?? '')}`;
}

function sameSet(a: FieldSet, b: FieldSet): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}

/** Every strict ancestor path of the paths in `set` (a field that still holds owned fields stays). */
function ancestorsOf(set: FieldSet): FieldSet {
  const ancestors: FieldSet = new Set();
  for (const key of set) {
    const path = keyPath(key);
    for (let depth = 1; depth < path.length; depth++) ancestors.add(pathKey(path.slice(0, depth)));
  }
  return ancestors;
}

/** Throws 409 for fields of other managers the apply changes, or (force) takes them over. */
function resolveConflicts(before: JsonObject, after: JsonObject, others: ManagerEntry[], force: boolean): void {
  const conflicts: { entry: ManagerEntry; key: string; field: string }[] = [];
  for (const entry of others) {
    for (const key of entry.set) {
      const path = keyPath(key);
      if (changedAtPath(before, after, path)) conflicts.push({ entry, key, field: formatFieldPath(path) });
    }
  }
  if (conflicts.length === 0) return;
  if (force) {
    for (const { entry, key } of conflicts) {
      entry.set.delete(key);
      entry.changed = true;
    }
    return;
  }
  throw conflictError(conflicts.map(({ entry, field }) => ({ manager: describeManager(entry), field })));
}

/** How kube-apiserver names a manager in conflicts: `"name"`, plus `using <apiVersion>` for updaters. */
function describeManager(entry: ManagerEntry): string {
  let text = JSON.stringify(entry.manager);
  if (entry.subresource !== '') text += ` with subresource ${JSON.stringify(entry.subresource)}`;
  if (entry.operation === 'Update') text += ` using ${entry.apiVersion}`;
  return text;
}

function conflictError(conflicts: { manager: string; field: string }[]): PatchError {
  const causes: PatchErrorCause[] = conflicts.map(({ manager, field }) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${manager}`,
    field,
  }));
  const [first] = conflicts;
  let message: string;
  if (conflicts.length === 1 && first !== undefined) {
    message = `Apply failed with 1 conflict: conflict with ${first.manager}: ${first.field}`;
  } else {
    const byManager = new Map<string, string[]>();
    for (const { manager, field } of conflicts) byManager.set(manager, [...(byManager.get(manager) ?? []), field]);
    const lines = [...byManager.keys()]
      .sort()
      .flatMap((manager) => [`conflicts with ${manager}:`, ...(byManager.get(manager) ?? []).map((field) => `- ${field}`)]);
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return new PatchError(409, 'Conflict', message, { causes });
}
