// `metadata.managedFields` as data: reading entries, dropping paths that no longer exist, and
// recording the fields an ordinary write (create, update, non-apply patch) changed under its
// manager with operation `Update` — which is what lets server-side apply report conflicts with
// controllers and kubectl commands that never applied anything.

import { isJsonObject, jsonClone, jsonEqual } from './json.js';
import type { JsonObject } from './json.js';
import { changedAtPath, fromFieldsV1, keyPath, toFieldsV1, valueAtPath } from './fieldSet.js';
import type { FieldSet } from './fieldSet.js';
import { appliedFieldSet, applyListRules } from './applyFields.js';

/** One managedFields entry with its field set decoded. */
export interface ManagerEntry {
  raw: JsonObject;
  manager: string;
  operation: string;
  apiVersion: string;
  subresource: string;
  set: FieldSet;
  changed: boolean;
}

/** The entries of a `metadata.managedFields` value; malformed entries are skipped. */
export function readManagedFields(value: unknown): ManagerEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isJsonObject).map((raw) => ({
    raw,
    manager: typeof raw.manager === 'string' ? raw.manager : '',
    operation: typeof raw.operation === 'string' ? raw.operation : '',
    apiVersion: typeof raw.apiVersion === 'string' ? raw.apiVersion : '',
    subresource: typeof raw.subresource === 'string' ? raw.subresource : '',
    set: fromFieldsV1(raw.fieldsV1),
    changed: false,
  }));
}

/** Drops from an entry the paths that no longer exist in the object. */
export function pruneMissing(entry: ManagerEntry, object: unknown): ManagerEntry {
  for (const key of [...entry.set]) {
    if (!valueAtPath(object, keyPath(key)).found) {
      entry.set.delete(key);
      entry.changed = true;
    }
  }
  return entry;
}

/**
 * Options of recordUpdateManagedFields.
 *
 * @example
 * ```ts
 * const options: UpdateManagedFieldsOptions = { fieldManager: 'kubectl-edit', now: '2026-01-02T03:04:05Z' };
 * ```
 */
export interface UpdateManagedFieldsOptions {
  /** The writer's manager name (`fieldManager`, or the server's default from the user agent). */
  fieldManager: string;
  /** The time recorded when the entry changes, RFC 3339 to whole seconds. */
  now: string;
  /** The subresource written (`status`), recorded in the entry. */
  subresource?: string;
  /** As for applyServerSideApply: key fields of CRD map lists (`[]` for sets). */
  listMapKeys?: (path: string[]) => string[] | undefined;
}

/**
 * Records an ordinary write in `metadata.managedFields` and returns the object to store (a copy of
 * `after`): the fields the write added or changed move to the writer's `Update` entry (for its
 * apiVersion and subresource), other managers lose them, and every entry forgets fields that no
 * longer exist. On an update, a managedFields list in `after` that differs from the live one was set
 * by the client on purpose and is kept as sent (`[]` clears ownership), as kube-apiserver does; on a
 * create (`before` undefined) whatever the client sent is replaced.
 *
 * @example
 * ```ts
 * const stored = recordUpdateManagedFields(live, updated, { fieldManager: 'kubectl-edit', now: '2026-01-02T03:04:05Z' });
 * ```
 */
export function recordUpdateManagedFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  options: UpdateManagedFieldsOptions,
): Record<string, unknown> {
  const result = jsonClone(after);
  const metadata: JsonObject = isJsonObject(result.metadata) ? result.metadata : {};
  const previous = isJsonObject(before?.metadata) ? before.metadata.managedFields : undefined;
  const sent = metadata.managedFields;
  if (before !== undefined && sent !== undefined && !jsonEqual(sent, previous)) {
    if (Array.isArray(sent) && sent.length === 0) delete metadata.managedFields;
    return result;
  }
  delete metadata.managedFields;
  const oldBody: JsonObject = before === undefined ? {} : jsonClone(before);
  if (isJsonObject(oldBody.metadata)) delete oldBody.metadata.managedFields;

  const apiVersion = typeof result.apiVersion === 'string' ? result.apiVersion : '';
  const rules = applyListRules(apiVersion, result.kind, options.listMapKeys);
  const all = appliedFieldSet(result, rules, '', false);
  const changed = [...all].filter((key) => changedAtPath(oldBody, result, keyPath(key)));

  const subresource = options.subresource ?? '';
  const entries = readManagedFields(previous);
  let mine = entries.find(
    (entry) =>
      entry.manager === options.fieldManager &&
      entry.operation === 'Update' &&
      entry.apiVersion === apiVersion &&
      entry.subresource === subresource,
  );
  for (const entry of entries) {
    if (entry === mine) continue;
    for (const key of changed) if (entry.set.delete(key)) entry.changed = true;
  }
  if (changed.length > 0) {
    if (mine === undefined) {
      mine = { raw: {}, manager: options.fieldManager, operation: 'Update', apiVersion, subresource, set: new Set(), changed: true };
      entries.push(mine);
    }
    for (const key of changed) mine.set.add(key);
    mine.changed = true;
    mine.raw = {
      manager: options.fieldManager,
      operation: 'Update',
      apiVersion,
      time: options.now,
      fieldsType: 'FieldsV1',
      fieldsV1: {},
      ...(subresource === '' ? {} : { subresource }),
    };
  }
  const managedFields = entries
    .map((entry) => pruneMissing(entry, result))
    .filter((entry) => entry.set.size > 0)
    .map((entry) => (entry.changed ? { ...entry.raw, fieldsV1: toFieldsV1(entry.set) } : entry.raw));
  if (managedFields.length > 0) metadata.managedFields = managedFields;
  result.metadata = metadata;
  return result;
}
