// Validation of a custom resource against its schema, with kube-apiserver's field paths and wording
// (kube-openapi errors converted to field errors): type (integer vs number), nullable, required,
// enum, string/number/array/object limits, pattern, format, int-or-string, additionalProperties,
// items, embedded resources and x-kubernetes-list-type set/map uniqueness. An integer beyond 2^53 is a
// bigint (int64, see codec.ts): it is an `integer`, and bounds, multipleOf, int32/int64 ranges, enum and
// uniqueness treat it exactly, as kube-openapi does with Go's int64.

import { compareKeys, compareNumbers, isInt64, jsonEqual } from '@opkit/json';
import type { Cause } from '../validation/cause.js';
import { causeDuplicate, causeInvalid, causeNotSupported, causeRequired, causeTooLong, causeTooMany, causeTypeInvalid } from '../validation/cause.js';
import { goNumber, goQuote } from '../validation/goFormat.js';
import { stringFormatValid } from './formats.js';
import type { JsonSchema } from './types.js';
import { childPath, indexPath, isPlainObject, isSchema } from './types.js';

/** The JSON type name of a value as kube-openapi reports it. */
export function jsonTypeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  // kube-openapi takes a float64 for an integer only within ±2^53 (swag.IsFloat64AJSONInteger); an int64
  // beyond that is a bigint here, so an integral number beyond it came from a float (e.g. beyond int64).
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) <= 2 ** 53 ? 'integer' : 'number';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

function typeMatches(type: string, value: unknown): boolean {
  const actual = jsonTypeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const patterns = new Map<string, RegExp | null>();

function tryRegExp(pattern: string, flags: string): RegExp | null {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}

/** Compiles a schema pattern once (Unicode mode first, plain mode for patterns it rejects). */
function compile(pattern: string): RegExp | null {
  if (!patterns.has(pattern)) patterns.set(pattern, tryRegExp(pattern, 'u') ?? tryRegExp(pattern, ''));
  return patterns.get(pattern) ?? null;
}

/** A JSON value as text with sorted keys (Go's json.Marshal of a decoded value): equal values, equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) return `{${Object.keys(value).sort(compareKeys).map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? 'null';
}

/** A numeric schema keyword (a bigint when the CRD gave an integer beyond 2^53), or undefined. */
function bound(value: unknown): number | bigint | undefined {
  return typeof value === 'number' || typeof value === 'bigint' ? value : undefined;
}

/**
 * A bound as kube-openapi prints it: for integer data and an integral bound within int64 it compares and
 * prints int64 (`9007199254740992`), otherwise float64 (`%v`, e.g. `1.5`, `1e+21`).
 */
function boundText(limit: number | bigint, integer: boolean): string {
  if (integer && (typeof limit === 'bigint' || (Number.isInteger(limit) && isInt64(limit)))) return BigInt(limit).toString();
  return goNumber(limit);
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * kube-openapi's range check of an `integer` value (IsValueValidAgainstRange): int32 for format int32,
 * int64 otherwise (which every integer that passed the type check fits).
 */
function integerInRange(value: number | bigint, format: unknown): boolean {
  if (format === 'int32') return value >= INT32_MIN && value <= INT32_MAX;
  return isInt64(value);
}

class Validator {
  readonly causes: Cause[] = [];

  private detail(path: string, text: string): string {
    return path === '' ? `in body ${text}` : `${path} in body ${text}`;
  }

  value(value: unknown, schema: JsonSchema, path: string, resourceRoot: boolean): void {
    if (value === null && schema.nullable === true) {
      // kube-openapi still runs the enum check on null: a nullable enum must list null.
      this.enumCheck(value, schema, path);
      return;
    }
    if (schema['x-kubernetes-int-or-string'] === true) {
      const t = jsonTypeOf(value);
      if (t !== 'integer' && t !== 'string') {
        this.causes.push(causeTypeInvalid(path, t, `${this.detail(path, 'must be of type integer,string')}: ${goQuote(t)}`));
        return;
      }
    } else if (schema.type !== undefined && !typeMatches(schema.type, value)) {
      const t = jsonTypeOf(value);
      this.causes.push(causeTypeInvalid(path, t, `${this.detail(path, `must be of type ${schema.type}`)}: ${goQuote(t)}`));
      return;
    }
    if (typeof value === 'string') this.string(value, schema, path);
    if (typeof value === 'number' || typeof value === 'bigint') this.number(value, schema, path);
    if (Array.isArray(value)) this.array(value, schema, path);
    if (isPlainObject(value)) this.object(value, schema, path, resourceRoot);
    this.enumCheck(value, schema, path);
    this.junctors(value, schema, path);
  }

  /** allOf / anyOf / oneOf / not, with kube-openapi's messages; the int-or-string anyOf is the type check above. */
  private junctors(value: unknown, schema: JsonSchema, path: string): void {
    const trial = (sub: JsonSchema): Cause[] => {
      const v = new Validator();
      v.value(value, sub, path, false);
      return v.causes;
    };
    const subs = (list: unknown): JsonSchema[] => (Array.isArray(list) ? list.filter(isSchema) : []);
    for (const sub of subs(schema.allOf)) this.causes.push(...trial(sub));
    const anyOf = subs(schema.anyOf);
    const intOrStringPair = anyOf.length === 2 && anyOf[0]?.type === 'integer' && anyOf[1]?.type === 'string';
    if (anyOf.length > 0 && !intOrStringPair) {
      const results = anyOf.map(trial);
      if (!results.some((r) => r.length === 0)) {
        this.causes.push(causeInvalid(path, '', this.detail(path, 'must validate at least one schema (anyOf)')), ...(results[0] ?? []));
      }
    }
    const oneOf = subs(schema.oneOf);
    if (oneOf.length > 0) {
      const valid = oneOf.map(trial).filter((r) => r.length === 0).length;
      if (valid !== 1) {
        const why = valid === 0 ? 'Found none valid' : `Found ${valid} valid alternatives`;
        this.causes.push(causeInvalid(path, '', `${this.detail(path, 'must validate one and only one schema (oneOf)')}. ${why}`));
      }
    }
    if (isSchema(schema.not) && trial(schema.not).length === 0) this.causes.push(causeInvalid(path, '', this.detail(path, 'must not validate the schema (not)')));
  }

  private enumCheck(value: unknown, schema: JsonSchema, path: string): void {
    if (Array.isArray(schema.enum) && !schema.enum.some((e) => jsonEqual(e, value))) {
      const allowed = schema.enum.map((e) => (typeof e === 'string' ? e : canonical(e)));
      this.causes.push(causeNotSupported(path, value, allowed));
    }
  }

  private string(value: string, schema: JsonSchema, path: string): void {
    const length = [...value].length;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) this.causes.push(causeTooLong(path, schema.maxLength));
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      this.causes.push(causeInvalid(path, value, this.detail(path, `should be at least ${schema.minLength} chars long`)));
    }
    if (typeof schema.pattern === 'string') {
      const re = compile(schema.pattern);
      if (re !== null && !re.test(value)) this.causes.push(causeInvalid(path, value, this.detail(path, `should match '${schema.pattern}'`)));
    }
    if (typeof schema.format === 'string' && !stringFormatValid(schema.format, value)) {
      this.causes.push(causeTypeInvalid(path, value, `${this.detail(path, `must be of type ${schema.format}`)}: ${goQuote(value)}`));
    }
  }

  private number(value: number | bigint, schema: JsonSchema, path: string): void {
    const integer = typeof value === 'bigint' || Number.isInteger(value);
    if (schema.type === 'integer' && integer && !integerInRange(value, schema.format)) {
      // A plain Go error in kube-openapi, so apiextensions reports it on the nil path with an empty value.
      const format = schema.format === 'int32' || schema.format === 'int64' ? `with format ${schema.format}` : '(default format)';
      this.causes.push(causeInvalid('<nil>', '', `Checked value must be of type integer ${format} in ${path}`));
    }
    const multipleOf = bound(schema.multipleOf);
    if (multipleOf !== undefined && multipleOf > 0 && !isMultiple(value, multipleOf)) {
      this.causes.push(causeInvalid(path, value, this.detail(path, `should be a multiple of ${boundText(multipleOf, integer)}`)));
    }
    const maximum = bound(schema.maximum);
    if (maximum !== undefined) {
      const ex = schema.exclusiveMaximum === true;
      const order = compareNumbers(value, maximum);
      if (ex ? order >= 0 : order > 0) {
        this.causes.push(causeInvalid(path, value, this.detail(path, `should be less than ${ex ? '' : 'or equal to '}${boundText(maximum, integer)}`)));
      }
    }
    const minimum = bound(schema.minimum);
    if (minimum !== undefined) {
      const ex = schema.exclusiveMinimum === true;
      const order = compareNumbers(value, minimum);
      if (ex ? order <= 0 : order < 0) {
        this.causes.push(causeInvalid(path, value, this.detail(path, `should be greater than ${ex ? '' : 'or equal to '}${boundText(minimum, integer)}`)));
      }
    }
  }

  private array(value: unknown[], schema: JsonSchema, path: string): void {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      this.causes.push(causeInvalid(path, value.length, this.detail(path, `should have at least ${schema.minItems} items`)));
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) this.causes.push(causeTooMany(path, value.length, schema.maxItems));
    if (schema.uniqueItems === true && new Set(value.map(canonical)).size !== value.length) {
      this.causes.push(causeInvalid(path, '', this.detail(path, "shouldn't contain duplicates")));
    }
    const items = isSchema(schema.items) ? schema.items : undefined;
    if (items !== undefined) value.forEach((v, i) => this.value(v, items, indexPath(path, i), false));
    this.listType(value, schema, path);
  }

  private listType(value: unknown[], schema: JsonSchema, path: string): void {
    const type = schema['x-kubernetes-list-type'];
    if (type === 'set') {
      const seen = new Set<string>();
      value.forEach((v, i) => {
        const key = canonical(v);
        if (seen.has(key)) this.causes.push(causeDuplicate(indexPath(path, i), v));
        seen.add(key);
      });
    } else if (type === 'map') {
      const keys = schema['x-kubernetes-list-map-keys'] ?? [];
      const seen = new Set<string>();
      value.forEach((v, i) => {
        if (!isPlainObject(v)) return;
        const tuple: Record<string, unknown> = {};
        for (const k of keys) if (v[k] !== undefined) tuple[k] = v[k];
        const key = canonical(tuple);
        if (seen.has(key)) this.causes.push(causeDuplicate(indexPath(path, i), tuple));
        seen.add(key);
      });
    }
  }

  /** A root schema may only restrict metadata.name and metadata.generateName (strings). */
  private rootMetadata(meta: unknown, schema: unknown): void {
    if (!isPlainObject(meta) || !isSchema(schema)) return;
    for (const key of ['name', 'generateName']) {
      const prop = schema.properties?.[key];
      if (isSchema(prop) && typeof meta[key] === 'string') this.value(meta[key], prop, `metadata.${key}`, false);
    }
  }

  private object(value: Record<string, unknown>, schema: JsonSchema, path: string, resourceRoot: boolean): void {
    const count = Object.keys(value).length;
    if (typeof schema.maxProperties === 'number' && count > schema.maxProperties) this.causes.push(causeTooMany(path, count, schema.maxProperties));
    if (typeof schema.minProperties === 'number' && count < schema.minProperties) {
      this.causes.push(causeInvalid(path, count, this.detail(path, `should have at least ${schema.minProperties} properties`)));
    }
    if (schema['x-kubernetes-embedded-resource'] === true && !resourceRoot) {
      for (const key of ['apiVersion', 'kind']) {
        if (typeof value[key] !== 'string' || value[key] === '') this.causes.push(causeRequired(childPath(path, key), 'must not be empty'));
      }
    }
    for (const key of schema.required ?? []) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) this.causes.push(causeRequired(childPath(path, key)));
    }
    const additional = isSchema(schema.additionalProperties) ? schema.additionalProperties : undefined;
    if (resourceRoot) this.rootMetadata(value['metadata'], schema.properties?.['metadata']);
    for (const [key, v] of Object.entries(value)) {
      if (resourceRoot && (key === 'apiVersion' || key === 'kind' || key === 'metadata')) continue;
      const prop = schema.properties?.[key];
      if (isSchema(prop)) this.value(v, prop, childPath(path, key), false);
      else if (additional !== undefined) this.value(v, additional, childPath(path, key), false);
    }
  }
}

/**
 * Whether `value` is a multiple of `factor`: exactly for integers (int64 arithmetic, as kube-openapi's
 * MultipleOfInt), within float tolerance otherwise.
 */
function isMultiple(value: number | bigint, factor: number | bigint): boolean {
  const integers = (typeof value === 'bigint' || Number.isInteger(value)) && (typeof factor === 'bigint' || Number.isInteger(factor));
  if (integers) return BigInt(value) % BigInt(factor) === 0n;
  const q = Number(value) / Number(factor);
  return Math.abs(q - Math.round(q)) <= 1e-9;
}

/**
 * Validates a (pruned, defaulted) custom resource against its version's schema and returns the
 * causes for a 422 Invalid answer, with kube's field paths (`spec.items[0].name`) and messages
 * (`Invalid value: "string": spec.size in body must be of type integer: "string"`). The root's
 * apiVersion, kind and metadata are not checked here (see `validateObjectMeta`).
 *
 * @example
 * validateObject({ spec: { size: 'x' } }, schema);
 * // [{ reason: 'FieldValueTypeInvalid', field: 'spec.size', message: 'Invalid value: "string": spec.size in body must be of type integer: "string"' }]
 */
export function validateObject(obj: unknown, schema: JsonSchema | undefined): Cause[] {
  if (schema === undefined) return [];
  const v = new Validator();
  v.value(obj, schema, '', true);
  return v.causes;
}

/**
 * Validates any value (not a resource root) against a schema node; `path` prefixes field paths and
 * may be empty (as for CRD `default` values).
 *
 * @example
 * validateValue('x', { type: 'integer' }, ''); // [{ field: '', message: 'Invalid value: "string": in body must be of type integer: "string"', … }]
 */
export function validateValue(value: unknown, schema: JsonSchema, path: string): Cause[] {
  const v = new Validator();
  v.value(value, schema, path, false);
  return v.causes;
}
