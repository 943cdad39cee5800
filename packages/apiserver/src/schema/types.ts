// The shape of a CRD `openAPIV3Schema` node as this package reads it, plus the small helpers every
// schema function shares (walking to a child schema, path rendering like `spec.items[0].name`).

/** A node of a CRD's `openAPIV3Schema` (the fields the server acts on; others pass through). */
export interface JsonSchema {
  type?: string;
  format?: string;
  description?: string;
  nullable?: boolean;
  default?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema | JsonSchema[];
  required?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map' | string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'granular' | 'atomic' | string;
  'x-kubernetes-validations'?: unknown[];
  [extension: string]: unknown;
}

/** The fields of ObjectMeta; other keys under an embedded or root `metadata` are unknown fields. */
export const OBJECT_META_FIELDS: ReadonlySet<string> = new Set([
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
]);

/** Whether `v` is a JSON object (not null, not an array). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether `v` is a schema node (an object). */
export function isSchema(v: unknown): v is JsonSchema {
  return isPlainObject(v);
}

/** The schema of an object's property `key`: `properties[key]`, else a schema `additionalProperties`. */
export function propertySchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  const prop = schema.properties?.[key];
  if (isSchema(prop)) return prop;
  return isSchema(schema.additionalProperties) ? schema.additionalProperties : undefined;
}

/** The schema of an array's items (a single schema only). */
export function itemsSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  const items = schema?.items;
  return isSchema(items) ? items : undefined;
}

/** Appends a property name to a field path (`spec` + `size` → `spec.size`). */
export function childPath(parent: string, key: string): string {
  return parent.length === 0 ? key : `${parent}.${key}`;
}

/** Appends an index to a field path (`spec.items` + 0 → `spec.items[0]`). */
export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

/** A deep copy of a JSON value. */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (structuredClone(value));
}

/**
 * The schema node at `path` (property names and array indexes) below `schema`, if the schema
 * describes it.
 *
 * @example
 * schemaAt(schema, ['spec', 'ports', 0]); // the schema of one port
 */
export function schemaAt(schema: JsonSchema | undefined, path: readonly (string | number)[]): JsonSchema | undefined {
  let cur = schema;
  for (const part of path) {
    if (cur === undefined) return undefined;
    cur = typeof part === 'number' ? itemsSchema(cur) : propertySchema(cur, part);
  }
  return cur;
}

/**
 * The `x-kubernetes-list-map-keys` of the list at `path` when its `x-kubernetes-list-type` is `map`
 * (server-side apply merges such lists by these keys); `undefined` otherwise.
 *
 * @example
 * listMapKeys(schema, ['spec', 'ports']); // ['name']
 */
export function listMapKeys(schema: JsonSchema | undefined, path: readonly (string | number)[]): string[] | undefined {
  const node = schemaAt(schema, path);
  if (node?.['x-kubernetes-list-type'] !== 'map') return undefined;
  const keys = node['x-kubernetes-list-map-keys'];
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : undefined;
}

/**
 * The `x-kubernetes-list-type` of the list at `path` (`atomic` when the schema says nothing).
 *
 * @example
 * listType(schema, ['spec', 'tags']); // 'set'
 */
export function listType(schema: JsonSchema | undefined, path: readonly (string | number)[]): string {
  const t = schemaAt(schema, path)?.['x-kubernetes-list-type'];
  return typeof t === 'string' ? t : 'atomic';
}
