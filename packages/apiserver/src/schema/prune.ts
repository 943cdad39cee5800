// Structural pruning: fields a CRD schema does not describe are dropped on every write unless a node
// (or an ancestor without an intervening `properties`) carries x-kubernetes-preserve-unknown-fields.
// apiVersion, kind and metadata survive at the root and in x-kubernetes-embedded-resource nodes;
// unknown ObjectMeta keys go too. The dropped paths feed `fieldValidation` (Strict 400, Warn header).

import type { JsonSchema } from './types.js';
import { OBJECT_META_FIELDS, childPath, cloneJson, indexPath, isPlainObject, isSchema } from './types.js';

/** What `pruneObject` returns. */
export interface PruneResult {
  /** A pruned deep copy of the input. */
  object: Record<string, unknown>;
  /** Paths of the dropped fields (`spec.foo`, `spec.items[0].bar`), sorted. */
  unknownFields: string[];
}

const RESOURCE_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

function pruneMeta(meta: unknown, path: string, unknown: string[]): void {
  if (!isPlainObject(meta)) return;
  for (const key of Object.keys(meta)) {
    if (!OBJECT_META_FIELDS.has(key)) {
      unknown.push(childPath(path, key));
      delete meta[key];
    }
  }
}

function pruneValue(value: unknown, schema: JsonSchema | undefined, path: string, unknown: string[], root: boolean): void {
  if (schema?.['x-kubernetes-preserve-unknown-fields'] === true && !root) {
    skipPrune(value, schema, path, unknown);
    return;
  }
  if (Array.isArray(value)) {
    const items = isSchema(schema?.items) ? schema.items : undefined;
    value.forEach((v, i) => pruneValue(v, items, indexPath(path, i), unknown, false));
    return;
  }
  if (!isPlainObject(value)) return;
  const embedded = root || schema?.['x-kubernetes-embedded-resource'] === true;
  const preserve = schema?.['x-kubernetes-preserve-unknown-fields'] === true;
  for (const key of Object.keys(value)) {
    const child = childPath(path, key);
    if (embedded && RESOURCE_FIELDS.has(key)) {
      if (key === 'metadata') pruneMeta(value[key], child, unknown);
      continue;
    }
    const prop = schema?.properties?.[key];
    if (isSchema(prop)) pruneValue(value[key], prop, child, unknown, false);
    else if (isSchema(schema?.additionalProperties)) pruneValue(value[key], schema.additionalProperties, child, unknown, false);
    else if (schema?.additionalProperties === true || preserve) continue;
    else {
      unknown.push(child);
      delete value[key];
    }
  }
}

/** Below x-kubernetes-preserve-unknown-fields: unknown keys stay, known ones are still pruned. */
function skipPrune(value: unknown, schema: JsonSchema, path: string, unknown: string[]): void {
  if (Array.isArray(value)) {
    const items = isSchema(schema.items) ? schema.items : undefined;
    if (items === undefined) return;
    // Like kube: list items below a preserving node keep their unknown fields too.
    value.forEach((v, i) => skipPrune(v, items, indexPath(path, i), unknown));
    return;
  }
  if (!isPlainObject(value)) return;
  const embedded = schema['x-kubernetes-embedded-resource'] === true;
  for (const key of Object.keys(value)) {
    const child = childPath(path, key);
    if (embedded && RESOURCE_FIELDS.has(key)) {
      if (key === 'metadata') pruneMeta(value[key], child, unknown);
      continue;
    }
    const prop = schema.properties?.[key];
    if (isSchema(prop)) pruneValue(value[key], prop, child, unknown, false);
    else if (isSchema(schema.additionalProperties)) pruneValue(value[key], schema.additionalProperties, child, unknown, false);
  }
}

/**
 * Prunes a custom resource against its version's `openAPIV3Schema`. Returns a copy; the input is not
 * changed. `apiVersion`, `kind` and `metadata` are always kept at the root (metadata loses keys that
 * are not ObjectMeta fields). A missing schema prunes everything else.
 *
 * @example
 * pruneObject({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 1, junk: true } }, schema);
 * // { object: { apiVersion, kind, metadata, spec: { size: 1 } }, unknownFields: ['spec.junk'] }
 */
export function pruneObject(obj: Record<string, unknown>, schema: JsonSchema | undefined): PruneResult {
  const object = cloneJson(obj);
  const unknownFields: string[] = [];
  pruneValue(object, schema, '', unknownFields, true);
  unknownFields.sort();
  return { object, unknownFields };
}
