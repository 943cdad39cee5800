// The structural-schema rules a v1 CRD's `openAPIV3Schema` must satisfy before kube-apiserver accepts
// the CRD. Two groups, as kube reports them: the API checks (no $ref, uniqueItems or
// additionalProperties:false, properties and additionalProperties exclusive, list-type rules), in
// walk order; then the structural invariants (every node typed unless int-or-string or
// preserve-unknown-fields, object at the root, root metadata limited to name/generateName, embedded
// resources, nothing structural inside anyOf/allOf/oneOf/not), sorted like kube sorts them.

import type { Cause } from '../validation/cause.js';
import { causeForbidden, causeInvalid, causeNotSupported, causeRequired, causeToString } from '../validation/cause.js';
import type { JsonSchema } from './types.js';
import { isPlainObject, isSchema } from './types.js';

const TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

type Level = 'root' | 'items' | 'field';

/** The API checks of one node (apiextensions validation), recursing through the whole schema. */
function apiChecks(s: JsonSchema, path: string, causes: Cause[]): void {
  if (s.type !== undefined && (typeof s.type !== 'string' || !TYPES.includes(s.type))) causes.push(causeNotSupported(`${path}.type`, s.type, TYPES));
  if (s['x-kubernetes-preserve-unknown-fields'] === false) causes.push(causeInvalid(`${path}.x-kubernetes-preserve-unknown-fields`, false, 'must be true or undefined'));
  if (s['$ref'] !== undefined) causes.push(causeForbidden(`${path}.$ref`, '$ref is not supported'));
  if (s.uniqueItems === true) causes.push(causeForbidden(`${path}.uniqueItems`, 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  if (s.additionalProperties === false) causes.push(causeForbidden(`${path}.additionalProperties`, 'additionalProperties cannot be set to false'));
  else if (s.properties !== undefined && s.additionalProperties !== undefined) {
    causes.push(causeForbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
  }
  if (Array.isArray(s.items)) causes.push(causeForbidden(`${path}.items`, 'items must be a schema object and not an array'));
  const listType = s['x-kubernetes-list-type'];
  if (listType !== undefined) {
    if (!['atomic', 'set', 'map'].includes(String(listType))) causes.push(causeNotSupported(`${path}.x-kubernetes-list-type`, listType, ['atomic', 'set', 'map']));
    else if (s.type !== 'array') causes.push(causeInvalid(`${path}.type`, s.type ?? '', 'must be array if x-kubernetes-list-type is specified'));
    const keys = s['x-kubernetes-list-map-keys'];
    if (listType === 'map' && (!Array.isArray(keys) || keys.length === 0)) {
      causes.push(causeRequired(`${path}.x-kubernetes-list-map-keys`, 'must not be empty if x-kubernetes-list-type is map'));
    }
    listItemChecks(s, String(listType), path, causes);
  }
  if (typeof s.pattern === 'string') {
    try {
      new RegExp(s.pattern, 'u');
    } catch (e) {
      causes.push(causeInvalid(`${path}.pattern`, s.pattern, `must be a valid regular expression, but isn't: ${(e as Error).message}`));
    }
  }
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    if (isSchema(prop)) apiChecks(prop, `${path}.properties[${key}]`, causes);
  }
  if (isSchema(s.additionalProperties)) apiChecks(s.additionalProperties, `${path}.additionalProperties`, causes);
  if (isSchema(s.items)) apiChecks(s.items, `${path}.items`, causes);
}

/**
 * What a list of type set or map asks of its items, as kube-apiserver checks it for new CRDs: set items are
 * atomic, map items are objects whose keys are scalar properties (listed once), each required or defaulted
 * and not nullable, and neither kind of item is nullable.
 */
function listItemChecks(s: JsonSchema, listType: string, path: string, causes: Cause[]): void {
  const items = isSchema(s.items) ? s.items : undefined;
  if (items === undefined || (listType !== 'set' && listType !== 'map')) return;
  if (listType === 'set') {
    if (items.type === 'array' && items['x-kubernetes-list-type'] !== undefined && items['x-kubernetes-list-type'] !== 'atomic') {
      causes.push(causeInvalid(`${path}.items.x-kubernetes-list-type`, items['x-kubernetes-list-type'], 'must be atomic as item of a list with x-kubernetes-list-type=set'));
    }
    if (items.type === 'object' && items['x-kubernetes-map-type'] !== 'atomic') {
      causes.push(causeInvalid(`${path}.items.x-kubernetes-map-type`, items['x-kubernetes-map-type'] ?? null, 'must be atomic as item of a list with x-kubernetes-list-type=set'));
    }
  } else {
    const keys: unknown[] = Array.isArray(s['x-kubernetes-list-map-keys']) ? s['x-kubernetes-list-map-keys'] : [];
    if (items.type !== 'object') {
      causes.push(causeInvalid(`${path}.items.type`, items.type ?? '', "must be object if parent array's x-kubernetes-list-type is map"));
    } else {
      const seen = new Set<unknown>();
      for (const key of keys) {
        const prop = isPlainObject(items.properties) ? items.properties[String(key)] : undefined;
        if (!isSchema(prop)) causes.push(causeInvalid(`${path}.x-kubernetes-list-map-keys`, keys, 'entries must all be names of item properties'));
        else if (prop.type === 'array' || prop.type === 'object') {
          causes.push(causeInvalid(`${path}.items.properties[${String(key)}].type`, items.type, "must be a scalar type if parent array's x-kubernetes-list-type is map"));
        }
        if (seen.has(key)) causes.push(causeInvalid(`${path}.x-kubernetes-list-map-keys`, keys, 'must not contain duplicate entries'));
        seen.add(key);
      }
    }
  }
  if (items.nullable === true) causes.push(causeForbidden(`${path}.items.nullable`, `cannot be nullable when x-kubernetes-list-type is ${listType}`));
  if (listType !== 'map') return;
  const required = Array.isArray(items.required) ? items.required : [];
  for (const key of Array.isArray(s['x-kubernetes-list-map-keys']) ? s['x-kubernetes-list-map-keys'] : []) {
    const prop = isPlainObject(items.properties) ? items.properties[String(key)] : undefined;
    if (!isSchema(prop)) continue;
    if (!required.includes(key) && prop.default === undefined) {
      causes.push(causeRequired(`${path}.items.properties[${String(key)}].default`, 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
    }
    if (prop.nullable === true) causes.push(causeForbidden(`${path}.items.properties[${String(key)}].nullable`, 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
  }
}

/** Whether `list` is exactly `[{type: integer}, {type: string}]` (the int-or-string anyOf). */
function isIntOrStringPair(list: unknown): boolean {
  if (!Array.isArray(list) || list.length !== 2) return false;
  const [a, b] = list as unknown[];
  return isPlainObject(a) && isPlainObject(b) && Object.keys(a).join() === 'type' && Object.keys(b).join() === 'type' && a['type'] === 'integer' && b['type'] === 'string';
}

/** Inside anyOf/allOf/oneOf/not a structural schema may only restrict values, never add structure. */
function nestedChecks(v: unknown, path: string, causes: Cause[], skipAnyOf = false): void {
  if (!isPlainObject(v)) return;
  junctorChecks(v, path, causes, skipAnyOf);
  if (v['items'] !== undefined) nestedChecks(v['items'], `${path}.items`, causes);
  const props = isPlainObject(v['properties']) ? v['properties'] : {};
  for (const [key, prop] of Object.entries(props)) nestedChecks(prop, `${path}.properties[${key}]`, causes);
  const rules: [string, string][] = [
    ['type', 'must be empty to be structural'],
    ['additionalProperties', 'must be undefined to be structural'],
    ['default', 'must be undefined to be structural'],
    ['title', 'must be empty to be structural'],
    ['description', 'must be empty to be structural'],
    ['x-kubernetes-list-map-keys', 'must be empty to be structural'],
    ['x-kubernetes-list-type', 'must be undefined to be structural'],
  ];
  for (const [key, message] of rules) if (v[key] !== undefined && v[key] !== '') causes.push(causeForbidden(`${path}.${key}`, message));
  for (const key of ['nullable', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string']) {
    if (v[key] === true) causes.push(causeForbidden(`${path}.${key}`, 'must be false to be structural'));
  }
  if (props['metadata'] !== undefined) causes.push(causeForbidden(`${path}.properties[metadata]`, 'must not be specified in a nested context'));
}

function junctorChecks(s: Record<string, unknown>, path: string, causes: Cause[], skipAnyOf: boolean): void {
  const anyOf = s['anyOf'];
  if (Array.isArray(anyOf) && !skipAnyOf && !isIntOrStringPair(anyOf)) anyOf.forEach((sub, i) => nestedChecks(sub, `${path}.anyOf[${i}]`, causes));
  const allOf = s['allOf'];
  if (Array.isArray(allOf)) {
    const firstIsIntOrString = isPlainObject(allOf[0]) && isIntOrStringPair(allOf[0]['anyOf']);
    allOf.forEach((sub, i) => nestedChecks(sub, `${path}.allOf[${i}]`, causes, i === 0 && firstIsIntOrString));
  }
  const oneOf = s['oneOf'];
  if (Array.isArray(oneOf)) oneOf.forEach((sub, i) => nestedChecks(sub, `${path}.oneOf[${i}]`, causes));
  if (s['not'] !== undefined) nestedChecks(s['not'], `${path}.not`, causes);
}

function structuralChecks(s: JsonSchema, level: Level, path: string, causes: Cause[]): void {
  if (s.type === 'array' && s.items === undefined) causes.push(causeRequired(`${path}.items`, 'must be specified'));
  if (isSchema(s.items)) structuralChecks(s.items, 'items', `${path}.items`, causes);
  for (const [key, prop] of Object.entries(s.properties ?? {})) if (isSchema(prop)) structuralChecks(prop, 'field', `${path}.properties[${key}]`, causes);
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
    if (level === 'root') causes.push(causeForbidden(`${path}.additionalProperties`, 'must not be used at the root'));
    if (isSchema(s.additionalProperties)) structuralChecks(s.additionalProperties, 'field', `${path}.additionalProperties`, causes);
  }
  const intOrString = s['x-kubernetes-int-or-string'] === true;
  const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  if (intOrString && preserve) causes.push(causeInvalid(`${path}.x-kubernetes-preserve-unknown-fields`, true, 'must be false if x-kubernetes-int-or-string is true'));
  if (intOrString && embedded) causes.push(causeInvalid(`${path}.x-kubernetes-embedded-resource`, true, 'must be false if x-kubernetes-int-or-string is true'));
  junctorChecks(s, path, causes, false);
  if (embedded && s.type !== 'object') {
    if (s.type === undefined || s.type === '') causes.push(causeRequired(`${path}.type`, 'must be object if x-kubernetes-embedded-resource is true'));
    else causes.push(causeInvalid(`${path}.type`, s.type, 'must be object if x-kubernetes-embedded-resource is true'));
  } else if ((s.type === undefined || s.type === '') && !intOrString && !preserve) {
    const where = level === 'root' ? 'must not be empty at the root' : level === 'items' ? 'must not be empty for specified array items' : 'must not be empty for specified object fields';
    causes.push(causeRequired(`${path}.type`, where));
  }
  if (embedded && s.additionalProperties !== undefined) causes.push(causeForbidden(`${path}.additionalProperties`, 'must not be used if x-kubernetes-embedded-resource is set'));
  if (level === 'root' && s.type !== undefined && s.type !== '' && s.type !== 'object') causes.push(causeInvalid(`${path}.type`, s.type, 'must be object at the root'));
  if (level === 'root' || embedded) resourceFieldChecks(s, path, causes);
  if (level === 'root') rootMetadataCheck(s, path, causes);
  if (embedded && !preserve && Object.keys(s.properties ?? {}).length === 0) {
    causes.push(causeRequired(`${path}.properties`, 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
}

function resourceFieldChecks(s: JsonSchema, path: string, causes: Cause[]): void {
  for (const [key, want] of [['kind', 'string'], ['apiVersion', 'string'], ['metadata', 'object']] as const) {
    const prop = s.properties?.[key];
    if (isSchema(prop) && prop.type !== want) causes.push(causeInvalid(`${path}.properties[${key}].type`, prop.type ?? '', `must be ${want}`));
  }
}

function rootMetadataCheck(s: JsonSchema, path: string, causes: Cause[]): void {
  const meta = s.properties?.['metadata'];
  if (!isSchema(meta)) return;
  const props = Object.keys(meta.properties ?? {});
  const onlyNames = props.every((k) => k === 'name' || k === 'generateName');
  const extra = Object.keys(meta).filter((k) => k !== 'type' && k !== 'default' && !(k === 'properties' && onlyNames));
  if (extra.length > 0) {
    causes.push(causeForbidden(`${path}.properties[metadata]`, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  }
}

/**
 * Checks that a CRD version's `openAPIV3Schema` is structural; `path` prefixes the field paths
 * (e.g. `spec.versions[0].schema.openAPIV3Schema`).
 *
 * @example
 * validateStructuralSchema({ type: 'object', properties: { spec: {} } }, 'spec.versions[0].schema.openAPIV3Schema');
 * // [{ field: 'spec.versions[0].schema.openAPIV3Schema.properties[spec].type', message: 'Required value: must not be empty for specified object fields', … }]
 */
export function validateStructuralSchema(schema: unknown, path: string): Cause[] {
  if (!isPlainObject(schema)) return [causeRequired(path, 'schemas are required')];
  const api: Cause[] = [];
  apiChecks(schema, path, api);
  const structural: Cause[] = [];
  structuralChecks(schema, 'root', path, structural);
  structural.sort((a, b) => (causeToString(a) < causeToString(b) ? -1 : causeToString(a) > causeToString(b) ? 1 : 0));
  return [...api, ...structural];
}
