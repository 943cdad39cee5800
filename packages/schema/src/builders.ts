// The `k.*` schema builders: TypeBox types (so `Static<T>` gives the TypeScript type) restricted to
// what a Kubernetes API server accepts in a CRD — every node typed, `enum` instead of `const`, maps as
// `additionalProperties`, lists with their x-kubernetes-list-type, int-or-string, nullable, and a
// `k.status()` that keeps the handler results Opkit stores at `status.<handler id>` from being pruned.
import { Type } from 'typebox';
import type { Static, TObject, TSchema, TUnsafe } from 'typebox';
import { SchemaError } from './errors.js';
import { isPlainObject } from './internal/json.js';
import { lintStructural } from './lintStructural.js';

/** A CEL validation rule (`x-kubernetes-validations`). */
export interface ValidationRule {
  /** The CEL expression, e.g. `self.minReplicas <= self.replicas`. */
  readonly rule: string;
  /** The message when it fails. */
  readonly message?: string;
  /** A CEL expression producing the message. */
  readonly messageExpression?: string;
  /** The reason reported (`FieldValueInvalid`, `FieldValueForbidden`, `FieldValueRequired`, `FieldValueDuplicate`). */
  readonly reason?: string;
  /** The field the failure is reported on, relative to this node, e.g. `.replicas`. */
  readonly fieldPath?: string;
}

/** Options every builder takes. */
export interface CommonOptions<T> {
  /** Shown by `kubectl explain` and editors. */
  readonly description?: string;
  /** A short title. */
  readonly title?: string;
  /** The value the API server fills in when the field is missing (or null on a non-nullable field). */
  readonly default?: T;
  /** An example value (documentation only). */
  readonly example?: T;
  /** CEL rules the API server evaluates (`x-kubernetes-validations`). */
  readonly validations?: readonly ValidationRule[];
}

/** Options of {@link k}.string. */
export interface StringOptions extends CommonOptions<string> {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression the value must match. */
  readonly pattern?: string;
  /** A format the API server checks, e.g. `date-time`, `hostname`, `uuid`, `byte`, `ipv4`. */
  readonly format?: string;
}

/** Options of {@link k}.integer and {@link k}.number. */
export interface NumberOptions extends CommonOptions<number> {
  readonly minimum?: number;
  readonly maximum?: number;
  /** `minimum` itself is not allowed. */
  readonly exclusiveMinimum?: boolean;
  /** `maximum` itself is not allowed. */
  readonly exclusiveMaximum?: boolean;
  readonly multipleOf?: number;
  /** `int32` or `int64` for integers, `float` or `double` for numbers. */
  readonly format?: string;
}

/** Options of {@link k}.object. */
export interface ObjectOptions<T> extends CommonOptions<T> {
  readonly minProperties?: number;
  readonly maxProperties?: number;
  /** How server-side apply merges the object: `granular` (field by field, the default) or `atomic` (as a whole). */
  readonly mapType?: 'atomic' | 'granular';
}

/** Options of {@link k}.map. */
export interface MapOptions<T> extends CommonOptions<T> {
  readonly minProperties?: number;
  readonly maxProperties?: number;
  /** How server-side apply merges the map. @defaultValue granular */
  readonly mapType?: 'atomic' | 'granular';
}

/** Options of {@link k}.list. */
export interface ListOptions<T> extends CommonOptions<T> {
  /**
   * How the list merges (x-kubernetes-list-type): `atomic` (replaced as a whole), `set` (unique
   * scalar or atomic items), `map` (items keyed by `keys`). @defaultValue atomic
   */
  readonly type?: 'atomic' | 'set' | 'map';
  /** For `type: 'map'`: the item properties that identify an item (each required or defaulted). */
  readonly keys?: readonly string[];
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** Options of {@link k}.intOrString and {@link k}.quantity. */
export interface IntOrStringOptions extends CommonOptions<number | string> {
  /** A regular expression string values must match. */
  readonly pattern?: string;
}

/** What an embedded Kubernetes object looks like (a `RawExtension`-like field). */
export type EmbeddedObject = {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
};

/** The TypeScript type of a status: the declared fields, plus whatever handlers store at `status.<handler id>`. */
export type StatusOf<P extends Record<string, TSchema>> = Static<TObject<P>> & { [key: string]: unknown };

const COMMON = ['description', 'title', 'default', 'example', 'validations'];

function fail(where: string, message: string): never {
  throw new SchemaError('invalid-builder', `${where}: ${message}`);
}

/** The schema keywords of the options, checked against the builder's allowed names. */
function keywords(where: string, options: object | undefined, allowed: readonly string[], rename: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (options === undefined) return result;
  if (!isPlainObject(options)) fail(where, `options must be an object; got ${JSON.stringify(options)}`);
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (!COMMON.includes(key) && !allowed.includes(key)) {
      fail(where, `unknown option '${key}'; expected one of ${[...COMMON, ...allowed].join(', ')}`);
    }
    if (key === 'validations') {
      if (!Array.isArray(value) || !value.every((rule) => isPlainObject(rule) && typeof rule['rule'] === 'string' && rule['rule'].trim() !== '')) {
        fail(where, 'validations must be a list of { rule: "<CEL expression>", message? }');
      }
      result['x-kubernetes-validations'] = value.map((rule: Record<string, unknown>) => ({ ...rule }));
      continue;
    }
    result[rename[key] ?? key] = value;
  }
  return result;
}

function isSchemaValue(value: unknown): value is TSchema {
  return isPlainObject(value);
}

function checkSchema(where: string, value: unknown): void {
  if (!isSchemaValue(value)) fail(where, `expected a schema (a k.* builder); got ${value === null ? 'null' : typeof value}`);
}

/** Copy a schema's enumerable keywords (a fresh node that shares no markers with the input). */
function keywordsOf(schema: TSchema): Record<string, unknown> {
  return { ...(schema as Record<string, unknown>) };
}

function str(options?: StringOptions): TUnsafe<string> {
  return Type.Unsafe<string>({ type: 'string', ...keywords('k.string', options, ['minLength', 'maxLength', 'pattern', 'format']) });
}

function integer(options?: NumberOptions): TUnsafe<number> {
  return Type.Unsafe<number>({ type: 'integer', ...keywords('k.integer', options, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format']) });
}

function num(options?: NumberOptions): TUnsafe<number> {
  return Type.Unsafe<number>({ type: 'number', ...keywords('k.number', options, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format']) });
}

function bool(options?: CommonOptions<boolean>): TUnsafe<boolean> {
  return Type.Unsafe<boolean>({ type: 'boolean', ...keywords('k.boolean', options, []) });
}

function object<P extends Record<string, TSchema>>(properties: P, options?: ObjectOptions<Static<TObject<P>>>): TObject<P> {
  if (!isPlainObject(properties)) fail('k.object', `expected an object of property schemas, e.g. k.object({ name: k.string() }); got ${JSON.stringify(properties)}`);
  for (const [key, value] of Object.entries(properties)) checkSchema(`k.object: property '${key}'`, value);
  const extra = keywords('k.object', options, ['minProperties', 'maxProperties', 'mapType'], { mapType: 'x-kubernetes-map-type' });
  const result = Type.Object(properties as never, extra) as unknown as Record<string, unknown>;
  // A field with a default is not required of whoever writes the object (the server fills it in,
  // and a required field would make a `default: {}` of the parent invalid); handlers still see it.
  const listed = Array.isArray(result['required']) ? result['required'] as string[] : [];
  const required = listed.filter((key) => (properties[key] as Record<string, unknown>)['default'] === undefined);
  if (required.length > 0) result['required'] = required;
  else delete result['required'];
  return result as unknown as TObject<P>;
}

function optional<T extends TSchema>(schema: T): ReturnType<typeof Type.Optional<T>> {
  checkSchema('k.optional', schema);
  return Type.Optional(schema);
}

function enumeration<const V extends readonly (string | number)[]>(values: V, options?: CommonOptions<V[number]>): TUnsafe<V[number]> {
  const given: unknown = values;
  if (!Array.isArray(given) || given.length === 0) fail('k.enum', "expected a non-empty list of values, e.g. k.enum(['Always', 'Never'])");
  const type = values.every((v) => typeof v === 'string') ? 'string'
    : values.every((v) => Number.isInteger(v)) ? 'integer'
      : values.every((v) => typeof v === 'number' && Number.isFinite(v)) ? 'number'
        : fail('k.enum', `the values must be all strings or all numbers; got ${JSON.stringify(values)}`);
  if (new Set(values).size !== values.length) fail('k.enum', `the values must be distinct; got ${JSON.stringify(values)}`);
  return Type.Unsafe<V[number]>({ type, enum: [...values], ...keywords('k.enum', options, []) });
}

function map<T extends TSchema>(values: T, options?: MapOptions<Record<string, Static<T>>>): TUnsafe<Record<string, Static<T>>> {
  checkSchema('k.map', values);
  const extra = keywords('k.map', options, ['minProperties', 'maxProperties', 'mapType'], { mapType: 'x-kubernetes-map-type' });
  return Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: values, ...extra });
}

function list<T extends TSchema>(items: T, options?: ListOptions<Static<T>[]>): TUnsafe<Static<T>[]> {
  checkSchema('k.list', items);
  const { type: listType, keys, ...rest } = options ?? {};
  if (listType !== undefined && listType !== 'atomic' && listType !== 'set' && listType !== 'map') {
    fail('k.list', `type must be 'atomic', 'set' or 'map'; got ${JSON.stringify(listType)}`);
  }
  if (listType === 'map' && (!Array.isArray(keys) || keys.length === 0)) fail('k.list', "type 'map' needs keys, e.g. k.list(k.object({ name: k.string(), … }), { type: 'map', keys: ['name'] })");
  if (keys !== undefined && listType !== 'map') fail('k.list', "keys apply only to type 'map'");
  let itemSchema: TSchema = items;
  if (listType === 'set' && (items as Record<string, unknown>)['type'] === 'object' && (items as Record<string, unknown>)['x-kubernetes-map-type'] === undefined) {
    itemSchema = { ...keywordsOf(items), 'x-kubernetes-map-type': 'atomic' };
  }
  return Type.Unsafe<Static<T>[]>({
    type: 'array', items: itemSchema, ...keywords('k.list', rest, ['minItems', 'maxItems']),
    ...(listType === undefined ? {} : { 'x-kubernetes-list-type': listType }),
    ...(keys === undefined ? {} : { 'x-kubernetes-list-map-keys': [...keys] }),
  });
}

function intOrString(options?: IntOrStringOptions): TUnsafe<number | string> {
  return Type.Unsafe<number | string>({
    'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }], ...keywords('k.intOrString', options, ['pattern']),
  });
}

/** Kubernetes' resource.Quantity syntax (`500m`, `1Gi`, `2.5`, `1e3`). */
const QUANTITY = '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

function quantity(options?: CommonOptions<number | string>): TUnsafe<number | string> {
  return Type.Unsafe<number | string>({
    'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }], pattern: QUANTITY, ...keywords('k.quantity', options, []),
  });
}

function nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  checkSchema('k.nullable', schema);
  return Type.Unsafe<Static<T> | null>({ ...keywordsOf(schema), nullable: true });
}

function preserveUnknown(schema?: undefined, options?: CommonOptions<Record<string, unknown>>): TUnsafe<Record<string, unknown>>;
function preserveUnknown<P extends Record<string, TSchema>>(schema: TObject<P>, options?: CommonOptions<Record<string, unknown>>): TUnsafe<Static<TObject<P>> & { [key: string]: unknown }>;
function preserveUnknown<P extends Record<string, TSchema>>(schema?: TObject<P>, options?: CommonOptions<Record<string, unknown>>): TUnsafe<Static<TObject<P>> & { [key: string]: unknown }> {
  if (schema !== undefined) {
    checkSchema('k.preserveUnknown', schema);
    if ((schema as unknown as Record<string, unknown>)['type'] !== 'object') fail('k.preserveUnknown', 'expected an object schema (k.object({...})) or nothing');
  }
  const base = schema === undefined ? { type: 'object' } : keywordsOf(schema);
  return Type.Unsafe({ ...base, 'x-kubernetes-preserve-unknown-fields': true, ...keywords('k.preserveUnknown', options, []) });
}

function embedded(options?: CommonOptions<EmbeddedObject>): TUnsafe<EmbeddedObject> {
  return Type.Unsafe<EmbeddedObject>({
    type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true, ...keywords('k.embedded', options, []),
  });
}

function status<P extends Record<string, TSchema>>(properties: P, options?: ObjectOptions<StatusOf<P>>): TUnsafe<StatusOf<P>> {
  const schema = object(properties, options as ObjectOptions<Static<TObject<P>>>);
  return Type.Unsafe<StatusOf<P>>({ ...keywordsOf(schema), 'x-kubernetes-preserve-unknown-fields': true });
}

function raw<T = unknown>(schema: Record<string, unknown>): TUnsafe<T> {
  if (!isPlainObject(schema)) fail('k.raw', `expected a JSON Schema object; got ${JSON.stringify(schema)}`);
  const issues = lintStructural(schema, { root: false });
  if (issues.length > 0) throw new SchemaError('not-structural', 'k.raw: the schema is not structural, so no Kubernetes API server would accept it in a CRD:', issues);
  return Type.Unsafe<T>(structuredClone(schema));
}

/**
 * The schema builders. Each returns a TypeBox type (use `Static<typeof T>` for its TypeScript type)
 * that is a structural CRD schema node.
 *
 * @example
 * ```ts
 * const spec = k.object({
 *   name: k.string({ default: 'world', description: 'Whom to greet.' }),
 *   replicas: k.optional(k.integer({ minimum: 0 })),
 *   tags: k.optional(k.list(k.string(), { type: 'set' })),
 *   labels: k.optional(k.map(k.string())),
 *   mode: k.enum(['fast', 'safe'], { default: 'safe' }),
 * });
 * type Spec = Static<typeof spec>; // { name: string; replicas?: number; tags?: string[]; labels?: Record<string, string>; mode: 'fast' | 'safe' }
 * ```
 */
export const k = {
  /** A string. */
  string: str,
  /** A whole number (bigint beyond 2^53 in handlers). */
  integer,
  /** Any number. */
  number: num,
  /** true or false. */
  boolean: bool,
  /** An object with known properties (required unless wrapped in `k.optional`). */
  object,
  /** Marks an object property as optional. */
  optional,
  /** One of a few values: strings or numbers (emitted as `enum`, never `const`). */
  enum: enumeration,
  /** An object with arbitrary keys and values of one schema (`additionalProperties`). */
  map,
  /** A list: `atomic` (default), `set` (unique items) or `map` (items keyed by `keys`). */
  list,
  /** An integer or a string, like a port name or number (`x-kubernetes-int-or-string`). */
  intOrString,
  /** A resource quantity such as `500m` or `1Gi` (int-or-string with Kubernetes' quantity pattern). */
  quantity,
  /** The schema, or null (`nullable: true`). Wrap in `k.optional` outside: `k.optional(k.nullable(T))`. */
  nullable,
  /** An object whose unknown fields are kept rather than pruned (optionally with known properties). */
  preserveUnknown,
  /** A whole Kubernetes object (apiVersion, kind, metadata, …) embedded as a field. */
  embedded,
  /**
   * The status: an object with the given properties that also keeps unknown fields, so that the
   * results handlers return (stored at `status.<handler id>`) survive pruning.
   */
  status,
  /** Raw JSON Schema, accepted only if it is structural (throws SchemaError listing every problem otherwise). */
  raw,
} as const;
