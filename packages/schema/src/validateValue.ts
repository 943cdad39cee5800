// Checking a value against a structural schema the way the Kubernetes API server does for a custom
// resource: unknown fields are pruned (not errors) unless preserved, null on a non-nullable field is
// pruned or defaulted, defaults are applied before validation, and then types, bounds, patterns,
// formats, enums, required fields, list-type uniqueness and the junctors are checked. Written here
// rather than taken from a JSON Schema library because the server's rules differ from plain JSON
// Schema (nullable, int-or-string, list types, integers beyond 2^53 as bigint, pruning).
import { isIP } from 'node:net';
import type { JsonSchemaObject } from './internal/json.js';
import { canonical, childPath, indexPath, isPlainObject } from './internal/json.js';

/** One reason a value does not match its schema. */
export interface ValueIssue {
  /** Where, e.g. `spec.replicas` or `spec.ports[1].name` (`''` for the value itself). */
  readonly path: string;
  /** What is wrong, e.g. `must be of type integer`. */
  readonly message: string;
}

/** Options of {@link checkValue}. */
export interface CheckValueOptions {
  /** Prefix of every path. @defaultValue '' */
  readonly path?: string;
  /** Report fields the schema does not declare (the server prunes them) instead of ignoring them. @defaultValue false */
  readonly reportUnknownFields?: boolean;
}

function isSchema(value: unknown): value is JsonSchemaObject {
  return isPlainObject(value);
}

/** The JSON type of a value as the API server names it (`integer` for whole numbers and bigints). */
export function jsonTypeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

function typeMatches(type: unknown, value: unknown): boolean {
  const actual = jsonTypeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (isPlainObject(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = clone(item);
    return result as T;
  }
  return value;
}

/**
 * A copy of `value` with the schema's defaults applied, as the API server applies them: a missing
 * field with a `default` gets it (then its own nested defaults), a `null` on a non-nullable field is
 * replaced by the default or dropped. The input is not modified.
 *
 * @example
 * ```ts
 * applyDefaults({ type: 'object', properties: { name: { type: 'string', default: 'world' } } }, {}); // { name: 'world' }
 * ```
 */
export function applyDefaults(schema: JsonSchemaObject, value: unknown): unknown {
  return defaulted(schema, clone(value));
}

function defaulted(schema: JsonSchemaObject, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (isSchema(schema['items'])) return value.map((item) => defaulted(schema['items'] as JsonSchemaObject, item));
    return value;
  }
  if (!isPlainObject(value)) return value;
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  for (const [key, prop] of Object.entries(properties)) {
    if (!isSchema(prop)) continue;
    const hasDefault = prop['default'] !== undefined;
    if (value[key] === null && prop['nullable'] !== true) {
      if (hasDefault) value[key] = clone(prop['default']);
      else delete value[key];
    } else if (!(key in value) && hasDefault) {
      value[key] = clone(prop['default']);
    }
    if (key in value) value[key] = defaulted(prop, value[key]);
  }
  const additional = schema['additionalProperties'];
  if (isSchema(additional)) {
    for (const key of Object.keys(value)) {
      if (key in properties) continue;
      if (value[key] === null && additional['nullable'] !== true) {
        if (additional['default'] !== undefined) value[key] = clone(additional['default']);
        else delete value[key];
      }
      if (key in value) value[key] = defaulted(additional, value[key]);
    }
  }
  return value;
}

const patterns = new Map<string, RegExp | null>();

function compiled(pattern: string): RegExp | null {
  if (!patterns.has(pattern)) {
    let re: RegExp | null;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      try {
        re = new RegExp(pattern);
      } catch {
        re = null;
      }
    }
    patterns.set(pattern, re);
  }
  return patterns.get(pattern) ?? null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?(\.[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)*$/i;
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The string formats checked (the others the server knows, and unknown ones, are not checked). */
export const CHECKED_FORMATS: readonly string[] = ['date', 'date-time', 'uuid', 'hostname', 'ipv4', 'ipv6', 'byte'];

function formatValid(format: string, value: string): boolean {
  switch (format) {
    case 'date': return DATE.test(value) && !Number.isNaN(Date.parse(value));
    case 'date-time': return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T')));
    case 'uuid': return UUID.test(value);
    case 'hostname': return HOSTNAME.test(value);
    case 'ipv4': return isIP(value) === 4;
    case 'ipv6': return isIP(value) === 6;
    case 'byte': return BYTE.test(value);
    default: return true;
  }
}

function compare(a: number | bigint, b: number | bigint): number {
  if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
  // Mixed number and bigint: compare exactly where the number is whole, else as numbers.
  if (typeof a === 'number' && !Number.isInteger(a)) return a < Number(b) ? -1 : a > Number(b) ? 1 : 0;
  if (typeof b === 'number' && !Number.isInteger(b)) return Number(a) < b ? -1 : Number(a) > b ? 1 : 0;
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function numeric(value: unknown): number | bigint | undefined {
  return typeof value === 'number' || typeof value === 'bigint' ? value : undefined;
}

function isIntOrStringPair(list: unknown): boolean {
  return Array.isArray(list) && list.length === 2 && isSchema(list[0]) && isSchema(list[1])
    && list[0]['type'] === 'integer' && list[1]['type'] === 'string';
}

class Checker {
  readonly issues: ValueIssue[] = [];
  readonly #unknown: boolean;

  constructor(reportUnknownFields: boolean) {
    this.#unknown = reportUnknownFields;
  }

  #add(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  value(value: unknown, schema: JsonSchemaObject, path: string): void {
    if (value === null && schema['nullable'] === true) {
      this.#enum(value, schema, path);
      return;
    }
    if (schema['x-kubernetes-int-or-string'] === true) {
      const type = jsonTypeOf(value);
      if (type !== 'integer' && type !== 'string') {
        this.#add(path, `must be an integer or a string; got ${type}`);
        return;
      }
    } else if (schema['type'] !== undefined && !typeMatches(schema['type'], value)) {
      this.#add(path, `must be of type ${String(schema['type'])}; got ${jsonTypeOf(value)}`);
      return;
    }
    if (typeof value === 'string') this.#string(value, schema, path);
    else if (typeof value === 'number' || typeof value === 'bigint') this.#number(value, schema, path);
    else if (Array.isArray(value)) this.#array(value, schema, path);
    else if (isPlainObject(value)) this.#object(value, schema, path);
    this.#enum(value, schema, path);
    this.#junctors(value, schema, path);
  }

  #enum(value: unknown, schema: JsonSchemaObject, path: string): void {
    const values = schema['enum'];
    if (!Array.isArray(values)) return;
    const text = canonical(value);
    if (!values.some((item) => canonical(item) === text)) {
      this.#add(path, `must be one of ${values.map((item) => JSON.stringify(typeof item === 'bigint' ? item.toString() : item)).join(', ')}; got ${text}`);
    }
  }

  #string(value: string, schema: JsonSchemaObject, path: string): void {
    const length = [...value].length;
    const max = numeric(schema['maxLength']);
    const min = numeric(schema['minLength']);
    if (max !== undefined && length > max) this.#add(path, `may not be longer than ${max} characters`);
    if (min !== undefined && length < min) this.#add(path, `must be at least ${min} characters long`);
    if (typeof schema['pattern'] === 'string') {
      const re = compiled(schema['pattern']);
      if (re && !re.test(value)) this.#add(path, `must match the pattern ${schema['pattern']}`);
    }
    if (typeof schema['format'] === 'string' && schema['x-kubernetes-int-or-string'] !== true && !formatValid(schema['format'], value)) {
      this.#add(path, `must be a valid ${schema['format']}; got ${JSON.stringify(value)}`);
    }
  }

  #number(value: number | bigint, schema: JsonSchemaObject, path: string): void {
    if (schema['type'] === 'integer' && schema['format'] === 'int32' && (compare(value, -(2 ** 31)) < 0 || compare(value, 2 ** 31 - 1) > 0)) {
      this.#add(path, 'must fit in a 32-bit integer (format int32)');
    }
    const maximum = numeric(schema['maximum']);
    if (maximum !== undefined) {
      const exclusive = schema['exclusiveMaximum'] === true;
      const order = compare(value, maximum);
      if (exclusive ? order >= 0 : order > 0) this.#add(path, `must be less than ${exclusive ? '' : 'or equal to '}${String(maximum)}`);
    }
    const minimum = numeric(schema['minimum']);
    if (minimum !== undefined) {
      const exclusive = schema['exclusiveMinimum'] === true;
      const order = compare(value, minimum);
      if (exclusive ? order <= 0 : order < 0) this.#add(path, `must be greater than ${exclusive ? '' : 'or equal to '}${String(minimum)}`);
    }
    const multipleOf = numeric(schema['multipleOf']);
    if (multipleOf !== undefined && compare(multipleOf, 0) > 0) {
      const whole = typeof value === 'bigint' || typeof multipleOf === 'bigint'
        ? BigInt(value) % BigInt(multipleOf) === 0n
        : Math.abs(value / multipleOf - Math.round(value / multipleOf)) < 1e-9;
      if (!whole) this.#add(path, `must be a multiple of ${String(multipleOf)}`);
    }
  }

  #array(value: unknown[], schema: JsonSchemaObject, path: string): void {
    const min = numeric(schema['minItems']);
    const max = numeric(schema['maxItems']);
    if (min !== undefined && value.length < min) this.#add(path, `must have at least ${min} items`);
    if (max !== undefined && value.length > max) this.#add(path, `must have at most ${max} items`);
    const items = schema['items'];
    if (isSchema(items)) value.forEach((item, index) => this.value(item, items, indexPath(path, index)));
    const listType = schema['x-kubernetes-list-type'];
    if (listType === 'set' || schema['uniqueItems'] === true) {
      const seen = new Set<string>();
      value.forEach((item, index) => {
        const key = canonical(item);
        if (seen.has(key)) this.#add(indexPath(path, index), `duplicate value ${key} (the list is a set)`);
        seen.add(key);
      });
    } else if (listType === 'map') {
      const keys = Array.isArray(schema['x-kubernetes-list-map-keys']) ? schema['x-kubernetes-list-map-keys'] as string[] : [];
      const seen = new Set<string>();
      value.forEach((item, index) => {
        if (!isPlainObject(item)) return;
        const tuple = canonical(Object.fromEntries(keys.map((key) => [key, item[key] ?? null])));
        if (seen.has(tuple)) this.#add(indexPath(path, index), `duplicate entry ${tuple} (the list is a map keyed by ${keys.join(', ')})`);
        seen.add(tuple);
      });
    }
  }

  #object(value: Record<string, unknown>, schema: JsonSchemaObject, path: string): void {
    const properties = isSchema(schema['properties']) ? schema['properties'] : undefined;
    const additional = schema['additionalProperties'];
    const count = Object.keys(value).length;
    const min = numeric(schema['minProperties']);
    const max = numeric(schema['maxProperties']);
    if (min !== undefined && count < min) this.#add(path, `must have at least ${min} properties`);
    if (max !== undefined && count > max) this.#add(path, `must have at most ${max} properties`);
    if (Array.isArray(schema['required'])) {
      for (const key of schema['required'] as unknown[]) {
        if (typeof key === 'string' && (value[key] === undefined)) this.#add(childPath(path, key), 'is required');
      }
    }
    if (schema['x-kubernetes-embedded-resource'] === true) {
      for (const key of ['apiVersion', 'kind']) {
        if (typeof value[key] !== 'string' || value[key] === '') this.#add(childPath(path, key), 'is required in an embedded resource');
      }
    }
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const prop = properties?.[key];
      if (isSchema(prop)) this.value(item, prop, childPath(path, key));
      else if (isSchema(additional)) this.value(item, additional, childPath(path, key));
      else if (this.#unknown && properties !== undefined && additional === undefined && schema['x-kubernetes-preserve-unknown-fields'] !== true) {
        this.#add(childPath(path, key), 'is not declared by the schema (the API server prunes it)');
      }
    }
  }

  #junctors(value: unknown, schema: JsonSchemaObject, path: string): void {
    const trial = (sub: JsonSchemaObject): ValueIssue[] => {
      const checker = new Checker(false);
      checker.value(value, sub, path);
      return checker.issues;
    };
    const list = (key: string): JsonSchemaObject[] => (Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter(isSchema) : []);
    for (const sub of list('allOf')) this.issues.push(...trial(sub));
    const anyOf = list('anyOf');
    if (anyOf.length > 0 && !isIntOrStringPair(anyOf)) {
      const results = anyOf.map(trial);
      if (!results.some((issues) => issues.length === 0)) this.#add(path, `must match at least one schema of anyOf (${results.map((r) => r[0]?.message ?? '').join('; ')})`);
    }
    const oneOf = list('oneOf');
    if (oneOf.length > 0) {
      const valid = oneOf.map(trial).filter((issues) => issues.length === 0).length;
      if (valid !== 1) this.#add(path, `must match exactly one schema of oneOf; matches ${valid}`);
    }
    if (isSchema(schema['not']) && trial(schema['not']).length === 0) this.#add(path, 'must not match the schema of not');
  }
}

/**
 * Check a value against a schema as it is (call {@link applyDefaults} first to check what the server
 * would store). Fields the schema does not declare are ignored, since the server prunes them, unless
 * `reportUnknownFields` is set.
 *
 * @example
 * ```ts
 * checkValue({ type: 'object', properties: { replicas: { type: 'integer', minimum: 0 } } }, { replicas: -1 });
 * // [{ path: 'replicas', message: 'must be greater than or equal to 0' }]
 * ```
 */
export function checkValue(schema: JsonSchemaObject, value: unknown, options: CheckValueOptions = {}): ValueIssue[] {
  const checker = new Checker(options.reportUnknownFields ?? false);
  checker.value(value, schema, options.path ?? '');
  return checker.issues;
}
