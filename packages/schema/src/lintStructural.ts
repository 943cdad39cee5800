// The structural-schema rules the Kubernetes API server enforces on a CRD's openAPIV3Schema
// (apiextensions validation and the structural invariants), checked before any server sees the
// schema, each problem reported with its JSON path and the fix. The `k.*` builders can only emit
// schemas that pass; raw JSON Schema enters @opkit/schema only through this check.
import type { SchemaIssue } from './errors.js';
import type { JsonSchemaObject } from './internal/json.js';
import { isPlainObject } from './internal/json.js';
import { checkValue } from './validateValue.js';

/** Options of {@link lintStructural}. */
export interface LintOptions {
  /**
   * Lint the schema as a CRD version's `openAPIV3Schema` (the root rules: type object, no
   * additionalProperties, metadata limited to name and generateName, …); `false` lints a schema
   * that will sit somewhere inside one. @defaultValue true
   */
  readonly root?: boolean;
  /** The CRD enables the status subresource, which limits the keywords allowed at the root. @defaultValue true */
  readonly statusSubresource?: boolean;
}

const TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

/** Every keyword of apiextensions.k8s.io/v1 JSONSchemaProps. */
const KEYWORDS = new Set([
  'id', '$schema', '$ref', 'description', 'type', 'format', 'title', 'default', 'maximum', 'exclusiveMaximum', 'minimum',
  'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf', 'enum',
  'maxProperties', 'minProperties', 'required', 'items', 'allOf', 'oneOf', 'anyOf', 'not', 'properties', 'additionalProperties',
  'patternProperties', 'dependencies', 'additionalItems', 'definitions', 'externalDocs', 'example', 'nullable',
  'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string',
  'x-kubernetes-list-map-keys', 'x-kubernetes-list-type', 'x-kubernetes-map-type', 'x-kubernetes-validations',
]);

/** Keywords that are never allowed, with the fix. */
const FORBIDDEN: Readonly<Record<string, string>> = {
  '$ref': '$ref is not supported in a CRD schema — inline the referenced schema',
  'definitions': 'definitions are not supported in a CRD schema — inline each schema where it is used',
  '$defs': '$defs are not supported in a CRD schema — inline each schema where it is used',
  'id': 'id is not supported in a CRD schema — remove it',
  '$id': '$id is not supported in a CRD schema — remove it',
  '$schema': '$schema has no place in a CRD schema — remove it',
  'patternProperties': 'patternProperties is not supported — use k.map(T) (additionalProperties) for arbitrary keys',
  'dependencies': 'dependencies is not supported in a CRD schema — remove it (x-kubernetes-validations rules can check fields against each other)',
  'dependentRequired': 'dependentRequired is not supported in a CRD schema — remove it (x-kubernetes-validations rules can check fields against each other)',
  'dependentSchemas': 'dependentSchemas is not supported in a CRD schema — remove it (x-kubernetes-validations rules can check fields against each other)',
  'additionalItems': 'additionalItems is not supported — use k.list(T): one schema for every item',
  'const': 'const is not allowed in a CRD schema — use k.enum([value]) (a one-value enum)',
};

/** What the root may carry when the status subresource is enabled (apiextensions' allowedFieldsAtRootSchema). */
const ROOT_KEYWORDS = new Set([
  'description', 'type', 'format', 'title', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf', 'required', 'items', 'properties', 'externalDocs', 'example',
  'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-validations',
]);

/** What a schema inside allOf/anyOf/oneOf/not must not carry (it may only restrict values). */
const NOT_IN_JUNCTORS: readonly [string, (value: unknown) => boolean][] = [
  ['type', (v) => v !== undefined && v !== ''],
  ['additionalProperties', (v) => v !== undefined],
  ['default', (v) => v !== undefined],
  ['title', (v) => v !== undefined && v !== ''],
  ['description', (v) => v !== undefined && v !== ''],
  ['nullable', (v) => v === true],
  ['x-kubernetes-preserve-unknown-fields', (v) => v === true],
  ['x-kubernetes-embedded-resource', (v) => v === true],
  ['x-kubernetes-int-or-string', (v) => v === true],
  ['x-kubernetes-list-type', (v) => v !== undefined],
  ['x-kubernetes-list-map-keys', (v) => Array.isArray(v) ? v.length > 0 : v !== undefined],
  ['x-kubernetes-map-type', (v) => v !== undefined],
  ['x-kubernetes-validations', (v) => Array.isArray(v) ? v.length > 0 : v !== undefined],
];

const JUNCTORS = ['allOf', 'anyOf', 'oneOf'] as const;
const META_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

type Level = 'root' | 'field' | 'items';

function join(path: string, segment: string): string {
  return path === '' ? segment : `${path}.${segment}`;
}

/** The path of a property: bare under the root (`spec`), `parent.properties.key` below. */
export function propertyPath(parent: string, key: string): string {
  const simple = /^[A-Za-z_$][\w$-]*$/.test(key);
  if (parent === '') return simple ? key : `[${JSON.stringify(key)}]`;
  return simple ? `${parent}.properties.${key}` : `${parent}.properties[${JSON.stringify(key)}]`;
}

function isIntOrStringPair(list: unknown): boolean {
  return Array.isArray(list) && list.length === 2 && list.every((item) => isPlainObject(item) && Object.keys(item).join() === 'type')
    && (list[0] as JsonSchemaObject)['type'] === 'integer' && (list[1] as JsonSchemaObject)['type'] === 'string';
}

function validRegExp(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

class Linter {
  readonly issues: SchemaIssue[] = [];
  readonly #statusSubresource: boolean;

  constructor(statusSubresource: boolean) {
    this.#statusSubresource = statusSubresource;
  }

  add(path: string, message: string): void {
    this.issues.push({ path: path === '' ? '(root)' : path, message });
  }

  #keywords(s: JsonSchemaObject, path: string): void {
    for (const key of Object.keys(s)) {
      if (s[key] === undefined) continue;
      const forbidden = FORBIDDEN[key];
      if (forbidden !== undefined) this.add(path, forbidden);
      else if (!KEYWORDS.has(key)) this.add(path, `${key} is not a keyword of CRD schemas (apiextensions.k8s.io/v1) — remove it; the API server rejects or drops it`);
    }
  }

  #common(s: JsonSchemaObject, path: string): void {
    if (typeof s['pattern'] === 'string') {
      const problem = validRegExp(s['pattern']);
      if (problem !== undefined) this.add(path, `pattern is not a valid regular expression (${problem}) — fix the pattern`);
    } else if (s['pattern'] !== undefined) {
      this.add(path, 'pattern must be a string (a regular expression)');
    }
    for (const key of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
      if (s[key] !== undefined && typeof s[key] !== 'boolean') {
        const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        this.add(path, `${key} must be true or false in a CRD schema (OpenAPI v3.0) — put the bound in ${bound} and set ${key}: true`);
      }
    }
    if (s['enum'] !== undefined && (!Array.isArray(s['enum']) || s['enum'].length === 0)) this.add(path, 'enum must be a non-empty list of values — use k.enum([...])');
    if (s['required'] !== undefined && (!Array.isArray(s['required']) || !s['required'].every((item) => typeof item === 'string'))) {
      this.add(path, 'required must be a list of property names');
    }
    const validations = s['x-kubernetes-validations'];
    if (validations !== undefined) {
      if (!Array.isArray(validations)) this.add(path, 'x-kubernetes-validations must be a list of { rule, message? }');
      else {
        validations.forEach((rule, index) => {
          if (!isPlainObject(rule) || typeof rule['rule'] !== 'string' || rule['rule'].trim() === '') {
            this.add(join(path, `x-kubernetes-validations[${index}]`), 'needs a rule: a non-empty CEL expression');
          }
        });
      }
    }
  }

  /** A node of the structural part of the schema. */
  node(s: unknown, path: string, level: Level, resourceMeta: string | undefined): void {
    if (!isPlainObject(s)) {
      this.add(path, `must be a schema object; got ${Array.isArray(s) ? 'a list' : JSON.stringify(s)}`);
      return;
    }
    this.#keywords(s, path);
    this.#common(s, path);
    const type = s['type'];
    const intOrString = s['x-kubernetes-int-or-string'] === true;
    const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
    const embedded = s['x-kubernetes-embedded-resource'] === true;

    // Types.
    if (type === 'null') this.add(path, 'type: null is not allowed — use k.nullable(T) for a value that may be null');
    else if (Array.isArray(type)) this.add(path, `type must be one type name, not a list — for a value that may be null use k.nullable(T)`);
    else if (type !== undefined && (typeof type !== 'string' || !TYPES.includes(type))) {
      this.add(path, `type ${JSON.stringify(type)} is not one of ${TYPES.join(', ')}`);
    }
    if (embedded && type !== 'object') {
      this.add(path, 'x-kubernetes-embedded-resource needs type: object — use k.embedded()');
    } else if ((type === undefined || type === '') && !intOrString && !preserve) {
      const where = level === 'root' ? 'the root' : level === 'items' ? 'array items' : 'an object field';
      this.add(path, `has no type — every node of a structural schema (here ${where}) needs one: use a k.* builder, or k.preserveUnknown() / k.intOrString() for values of any shape`);
    }
    if (s['x-kubernetes-preserve-unknown-fields'] === false) this.add(path, 'x-kubernetes-preserve-unknown-fields must be true or absent — remove it');
    if (intOrString && preserve) this.add(path, 'x-kubernetes-int-or-string and x-kubernetes-preserve-unknown-fields exclude each other — keep one');
    if (intOrString && embedded) this.add(path, 'x-kubernetes-int-or-string and x-kubernetes-embedded-resource exclude each other — keep one');
    if (embedded && !preserve && !(isPlainObject(s['properties']) && Object.keys(s['properties']).length > 0)) {
      this.add(path, 'an embedded resource needs properties or x-kubernetes-preserve-unknown-fields: true — use k.embedded()');
    }

    // Arrays.
    if (s['uniqueItems'] === true) this.add(path, "uniqueItems is not allowed in a structural schema — use k.list(T, { type: 'set' })");
    if (Array.isArray(s['items'])) this.add(path, 'items is a list (a tuple) — a CRD schema has one schema for all items: use k.list(T)');
    else if (type === 'array' && s['items'] === undefined) this.add(path, 'is an array without items — use k.list(T)');
    this.#listType(s, path);

    // Objects and maps.
    const additional = s['additionalProperties'];
    if (additional === false) this.add(path, 'additionalProperties: false is not allowed — the API server prunes undeclared fields anyway; remove it');
    else if (additional !== undefined) {
      if (isPlainObject(s['properties']) && Object.keys(s['properties']).length > 0 && additional !== true) {
        this.add(path, 'properties and additionalProperties are mutually exclusive — use k.object({...}) for known fields or k.map(T) for arbitrary keys');
      }
      if (level === 'root') this.add(path, 'additionalProperties is not allowed at the root — put the map under spec or status');
      if (embedded) this.add(path, 'additionalProperties is not allowed in an embedded resource');
    }
    const mapType = s['x-kubernetes-map-type'];
    if (mapType !== undefined) {
      if (mapType !== 'atomic' && mapType !== 'granular') this.add(path, `x-kubernetes-map-type must be 'atomic' or 'granular'; got ${JSON.stringify(mapType)}`);
      if (type !== 'object') this.add(path, 'x-kubernetes-map-type needs type: object');
    }

    // Defaults.
    if (s['default'] !== undefined) {
      if (resourceMeta !== undefined) this.add(path, `default is not allowed in top-level ${resourceMeta} — the API server sets it`);
      else {
        // As the API server checks a default: as written (nested defaults are not applied first), pruned fields reported.
        const problems = checkValue(s, s['default'], { reportUnknownFields: true });
        for (const problem of problems) this.add(path, `the default${problem.path ? ` at ${problem.path}` : ''} ${problem.message} — fix the default`);
      }
    }

    // The root and embedded resources.
    if (level === 'root') this.#root(s, path);
    if (level === 'root' || embedded) {
      const props = isPlainObject(s['properties']) ? s['properties'] : {};
      for (const key of ['apiVersion', 'kind']) {
        const prop = props[key];
        if (isPlainObject(prop) && prop['type'] !== 'string') this.add(propertyPath(path, key), 'must be of type string');
      }
      if (isPlainObject(props['metadata']) && props['metadata']['type'] !== undefined && props['metadata']['type'] !== 'object') {
        this.add(propertyPath(path, 'metadata'), 'must be of type object');
      }
    }

    // Children.
    if (isPlainObject(s['properties'])) {
      for (const [key, prop] of Object.entries(s['properties'])) {
        const meta = level === 'root' && META_FIELDS.has(key) ? key : resourceMeta;
        this.node(prop, propertyPath(path, key), 'field', meta);
      }
    } else if (s['properties'] !== undefined) {
      this.add(path, 'properties must be an object of schemas');
    }
    if (isPlainObject(s['items'])) this.node(s['items'], join(path, 'items'), 'items', resourceMeta);
    if (isPlainObject(additional)) this.node(additional, join(path, 'additionalProperties'), 'field', resourceMeta);

    // Junctors: value restrictions only.
    const skipAnyOf = isIntOrStringPair(s['anyOf']);
    const skipFirstAllOf = Array.isArray(s['allOf']) && isPlainObject(s['allOf'][0]) && isIntOrStringPair(s['allOf'][0]['anyOf']);
    this.#junctors(s, path, s, skipAnyOf, skipFirstAllOf);
  }

  #root(s: JsonSchemaObject, path: string): void {
    if (s['type'] !== undefined && s['type'] !== 'object') this.add(path, 'the root must be of type object');
    if (s['nullable'] === true) this.add(path, 'nullable is not allowed at the root');
    if (this.#statusSubresource) {
      for (const key of Object.keys(s)) {
        if (s[key] !== undefined && !ROOT_KEYWORDS.has(key) && KEYWORDS.has(key) && FORBIDDEN[key] === undefined && key !== 'additionalProperties' && key !== 'nullable') {
          this.add(path, `${key} is not allowed at the root of a CRD schema with the status subresource — move it into spec or status`);
        }
      }
    }
    const props = isPlainObject(s['properties']) ? s['properties'] : {};
    const meta = props['metadata'];
    if (isPlainObject(meta)) {
      const names = isPlainObject(meta['properties']) ? Object.keys(meta['properties']) : [];
      const extra = Object.keys(meta).filter((key) => key !== 'type' && key !== 'default' && !(key === 'properties' && names.every((name) => name === 'name' || name === 'generateName')));
      if (extra.length > 0) {
        this.add(propertyPath(path, 'metadata'), `may only constrain name and generateName (the API server defines the rest of metadata) — remove ${extra.join(', ')}`);
      }
    }
  }

  #listType(s: JsonSchemaObject, path: string): void {
    const listType = s['x-kubernetes-list-type'];
    const keys = s['x-kubernetes-list-map-keys'];
    const items = isPlainObject(s['items']) ? s['items'] : undefined;
    if (keys !== undefined && (!Array.isArray(keys) || !keys.every((key) => typeof key === 'string'))) {
      this.add(path, 'x-kubernetes-list-map-keys must be a list of property names');
    } else if (Array.isArray(keys) && keys.length > 0 && listType !== 'map') {
      this.add(path, "x-kubernetes-list-map-keys needs x-kubernetes-list-type: map — use k.list(T, { type: 'map', keys: [...] })");
    }
    if (listType === undefined) return;
    if (listType !== 'atomic' && listType !== 'set' && listType !== 'map') {
      this.add(path, `x-kubernetes-list-type must be 'atomic', 'set' or 'map'; got ${JSON.stringify(listType)}`);
      return;
    }
    if (s['type'] !== 'array') this.add(path, 'x-kubernetes-list-type needs type: array — use k.list(T, { type })');
    if ((listType === 'set' || listType === 'map') && items?.['nullable'] === true) {
      this.add(join(path, 'items'), `items of a list of type ${listType} cannot be nullable — remove k.nullable()`);
    }
    if (listType === 'set' && items) {
      if (items['type'] === 'object' && items['x-kubernetes-map-type'] !== 'atomic') {
        this.add(join(path, 'items'), "items of a set must be atomic objects (x-kubernetes-map-type: atomic) — k.list(k.object({...}), { type: 'set' }) adds it");
      }
      if (items['type'] === 'array' && items['x-kubernetes-list-type'] !== undefined && items['x-kubernetes-list-type'] !== 'atomic') {
        this.add(join(path, 'items'), "items of a set must be atomic lists — use k.list(T) (atomic) for the inner list");
      }
    }
    if (listType !== 'map') return;
    if (!Array.isArray(keys) || keys.length === 0) {
      this.add(path, "x-kubernetes-list-type: map needs x-kubernetes-list-map-keys — use k.list(T, { type: 'map', keys: ['name'] })");
      return;
    }
    if (!items) return;
    if (items['type'] !== 'object') {
      this.add(join(path, 'items'), 'items of a list of type map must be objects — use k.list(k.object({...}), { type: \'map\', keys })');
      return;
    }
    const props = isPlainObject(items['properties']) ? items['properties'] : {};
    const required = Array.isArray(items['required']) ? items['required'] : [];
    const seen = new Set<string>();
    for (const key of keys as string[]) {
      if (seen.has(key)) this.add(path, `x-kubernetes-list-map-keys names '${key}' twice — list each key once`);
      seen.add(key);
      const prop = props[key];
      if (!isPlainObject(prop)) {
        this.add(path, `list map key '${key}' is not a property of the items — declare it in the item object`);
        continue;
      }
      const keyPath = propertyPath(join(path, 'items'), key);
      if (prop['type'] === 'array' || prop['type'] === 'object') this.add(keyPath, `list map key '${key}' must be a scalar (string, integer, number or boolean)`);
      if (!required.includes(key) && prop['default'] === undefined) {
        this.add(keyPath, `list map key '${key}' must be required or have a default — do not wrap it in k.optional(), or give it a default`);
      }
      if (prop['nullable'] === true) this.add(keyPath, `list map key '${key}' cannot be nullable — remove k.nullable()`);
    }
  }

  #junctors(s: JsonSchemaObject, path: string, outer: JsonSchemaObject | undefined, skipAnyOf: boolean, skipFirstAllOf: boolean): void {
    for (const junctor of JUNCTORS) {
      const list = s[junctor];
      if (list === undefined) continue;
      if (!Array.isArray(list)) {
        this.add(path, `${junctor} must be a list of schemas`);
        continue;
      }
      if (junctor === 'anyOf' && skipAnyOf) continue;
      list.forEach((sub, index) => {
        if (junctor === 'allOf' && index === 0 && skipFirstAllOf && isPlainObject(sub)) {
          // The int-or-string allOf: its first anyOf is the type check itself.
          this.#nested({ ...sub, anyOf: undefined }, join(path, `${junctor}[${index}]`), outer, junctor);
          return;
        }
        this.#nested(sub, join(path, `${junctor}[${index}]`), outer, junctor);
      });
    }
    if (s['not'] !== undefined) this.#nested(s['not'], join(path, 'not'), outer, 'not');
  }

  /** A schema inside a junctor: it may only restrict values of what `outer` declares. */
  #nested(v: unknown, path: string, outer: JsonSchemaObject | undefined, junctor: string): void {
    if (!isPlainObject(v)) {
      this.add(path, `must be a schema object; got ${Array.isArray(v) ? 'a list' : JSON.stringify(v)}`);
      return;
    }
    this.#keywords(v, path);
    this.#common(v, path);
    for (const [key, present] of NOT_IN_JUNCTORS) {
      if (present(v[key])) this.add(path, `${key} is not allowed inside ${junctor} — a junctor may only restrict values; move ${key} to the enclosing schema`);
    }
    if (isPlainObject(v['properties'])) {
      const outerProps = outer && isPlainObject(outer['properties']) ? outer['properties'] : undefined;
      for (const [key, prop] of Object.entries(v['properties'])) {
        const propPath = `${path}.properties.${key}`;
        if (key === 'metadata') {
          this.add(propPath, `metadata must not be restricted inside ${junctor}`);
          continue;
        }
        const declared = outerProps?.[key];
        if (!isPlainObject(declared)) {
          this.add(propPath, `restricts a field that the enclosing schema does not declare — declare '${key}' in its properties too (structural schemas specify every field outside ${junctor})`);
        }
        this.#nested(prop, propPath, isPlainObject(declared) ? declared : undefined, junctor);
      }
    }
    if (v['items'] !== undefined) {
      const outerItems = outer && isPlainObject(outer['items']) ? outer['items'] : undefined;
      if (!outerItems) this.add(`${path}.items`, `restricts items that the enclosing schema does not declare — declare items outside ${junctor} too`);
      this.#nested(v['items'], `${path}.items`, outerItems, junctor);
    }
    this.#junctors(v, path, outer, false, false);
  }
}

/**
 * Check that a schema is structural — what the Kubernetes API server requires of a CRD's
 * `openAPIV3Schema` — and return every problem with its JSON path and the fix (`[]` when it passes).
 *
 * @example
 * ```ts
 * lintStructural({ type: 'object', properties: { spec: { type: 'object', properties: {
 *   tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } } } } });
 * // [{ path: 'spec.properties.tags', message: "uniqueItems is not allowed in a structural schema — use k.list(T, { type: 'set' })" }]
 * ```
 */
export function lintStructural(schema: unknown, options: LintOptions = {}): SchemaIssue[] {
  const linter = new Linter(options.statusSubresource ?? true);
  linter.node(schema, '', options.root === false ? 'field' : 'root', undefined);
  return linter.issues;
}
