// Structural defaulting: `default:` values of a CRD schema are filled in on create, update and read.
// Like kube-apiserver, a null in a non-nullable field is replaced by its default, or dropped when
// there is none, before defaults are applied; defaults are applied top-down so that a defaulted
// object gets its own nested defaults too.

import type { JsonSchema } from './types.js';
import { cloneJson, isPlainObject, isSchema } from './types.js';

function isNonNullableNull(value: unknown, schema: JsonSchema | undefined): boolean {
  return value === null && schema !== undefined && schema.nullable !== true;
}

function fieldSchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  const prop = schema?.properties?.[key];
  if (isSchema(prop)) return prop;
  return isSchema(schema?.additionalProperties) ? schema.additionalProperties : undefined;
}

/** Removes nulls of non-nullable fields that have no default (object fields only, not list items). */
function pruneNulls(value: unknown, schema: JsonSchema | undefined): void {
  if (Array.isArray(value)) {
    const items = isSchema(schema?.items) ? schema.items : undefined;
    for (const v of value) pruneNulls(v, items);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const key of Object.keys(value)) {
    const s = fieldSchema(schema, key);
    if (isNonNullableNull(value[key], s) && s?.default === undefined) delete value[key];
    else pruneNulls(value[key], s);
  }
}

function defaultValue(value: unknown, schema: JsonSchema | undefined): void {
  if (schema === undefined) return;
  if (Array.isArray(value)) {
    const items = isSchema(schema.items) ? schema.items : undefined;
    if (items === undefined) return;
    value.forEach((v, i) => {
      if (isNonNullableNull(v, items) && items.default !== undefined) value[i] = cloneJson(items.default);
      defaultValue(value[i], items);
    });
    return;
  }
  if (!isPlainObject(value)) return;
  const props = schema.properties ?? {};
  for (const [key, prop] of Object.entries(props)) {
    if (!isSchema(prop) || prop.default === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(value, key) || isNonNullableNull(value[key], prop)) value[key] = cloneJson(prop.default);
  }
  const additional = isSchema(schema.additionalProperties) ? schema.additionalProperties : undefined;
  for (const key of Object.keys(value)) {
    const prop = props[key];
    if (isSchema(prop)) defaultValue(value[key], prop);
    else if (additional !== undefined) {
      if (isNonNullableNull(value[key], additional) && additional.default !== undefined) value[key] = cloneJson(additional.default);
      defaultValue(value[key], additional);
    }
  }
}

/**
 * Applies the schema's `default` values to a copy of `obj` (apply after `pruneObject`, before
 * `validateObject`). Non-nullable nulls become the default, or are removed when there is none.
 *
 * @example
 * applyDefaults({ spec: {} }, { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer', default: 1 } } } } });
 * // { spec: { size: 1 } }
 */
export function applyDefaults<T extends Record<string, unknown>>(obj: T, schema: JsonSchema | undefined): T {
  const copy = cloneJson(obj);
  pruneNulls(copy, schema);
  defaultValue(copy, schema);
  return copy;
}
