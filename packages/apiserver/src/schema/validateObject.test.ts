// Tests of schema validation: kube's field paths, reasons and messages for each keyword.
import { describe, expect, it } from 'vitest';
import { listMapKeys, listType, schemaAt } from './types.js';
import type { JsonSchema } from './types.js';
import { validateObject } from './validateObject.js';

const spec = (properties: Record<string, JsonSchema>, extra: Partial<JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: { spec: { type: 'object', properties, ...extra } },
});

describe('validateObject', () => {
  it('accepts a valid object and ignores the root resource fields', () => {
    const s = spec({ size: { type: 'integer' }, name: { type: 'string' } });
    expect(validateObject({ apiVersion: 'x/v1', kind: 'W', metadata: { name: 'w' }, spec: { size: 1, name: 'a' } }, s)).toEqual([]);
  });

  it('reports a type mismatch with kube’s exact wording', () => {
    const s = spec({ size: { type: 'integer' } });
    expect(validateObject({ spec: { size: 'x' } }, s)).toEqual([
      { reason: 'FieldValueTypeInvalid', field: 'spec.size', message: 'Invalid value: "string": spec.size in body must be of type integer: "string"' },
    ]);
  });

  it('distinguishes integer from number', () => {
    const s = spec({ count: { type: 'integer' }, ratio: { type: 'number' } });
    expect(validateObject({ spec: { count: 1.5, ratio: 2 } }, s)).toEqual([
      { reason: 'FieldValueTypeInvalid', field: 'spec.count', message: 'Invalid value: "number": spec.count in body must be of type integer: "number"' },
    ]);
  });

  it('rejects null unless nullable', () => {
    const s = spec({ a: { type: 'string' }, b: { type: 'string', nullable: true } });
    expect(validateObject({ spec: { a: null, b: null } }, s).map((c) => c.message)).toEqual(['Invalid value: "null": spec.a in body must be of type string: "null"']);
  });

  it('checks enums of nullable fields against null too', () => {
    const s = spec({ a: { type: 'string', nullable: true, enum: ['x'] }, b: { type: 'string', nullable: true, enum: ['x', null] } });
    expect(validateObject({ spec: { a: null, b: null } }, s)).toEqual([
      { reason: 'FieldValueNotSupported', field: 'spec.a', message: 'Unsupported value: "null": supported values: "x"' },
    ]);
  });

  it('reports missing required fields', () => {
    const s = spec({ size: { type: 'integer' } }, { required: ['size', 'name'] });
    expect(validateObject({ spec: {} }, s)).toEqual([
      { reason: 'FieldValueRequired', field: 'spec.size', message: 'Required value' },
      { reason: 'FieldValueRequired', field: 'spec.name', message: 'Required value' },
    ]);
    expect(validateObject({}, { type: 'object', required: ['spec'] })).toEqual([{ reason: 'FieldValueRequired', field: 'spec', message: 'Required value' }]);
  });

  it('reports enum violations as Unsupported value', () => {
    const s = spec({ color: { type: 'string', enum: ['red', 'blue'] }, n: { type: 'integer', enum: [1, 2] } });
    expect(validateObject({ spec: { color: 'x', n: 3 } }, s)).toEqual([
      { reason: 'FieldValueNotSupported', field: 'spec.color', message: 'Unsupported value: "x": supported values: "red", "blue"' },
      { reason: 'FieldValueNotSupported', field: 'spec.n', message: 'Unsupported value: 3: supported values: "1", "2"' },
    ]);
  });

  it('checks string limits, patterns and formats', () => {
    const s = spec({
      short: { type: 'string', maxLength: 3 },
      long: { type: 'string', minLength: 3 },
      code: { type: 'string', pattern: '^[a-z]+$' },
      when: { type: 'string', format: 'date-time' },
      id: { type: 'string', format: 'uuid' },
      fine: { type: 'string', format: 'int-or-whatever' },
    });
    const causes = validateObject({ spec: { short: 'abcd', long: 'ab', code: 'A1', when: 'yesterday', id: 'nope', fine: 'x' } }, s);
    expect(causes).toEqual([
      { reason: 'FieldValueTooLong', field: 'spec.short', message: 'Too long: may not be more than 3 bytes' },
      { reason: 'FieldValueInvalid', field: 'spec.long', message: 'Invalid value: "ab": spec.long in body should be at least 3 chars long' },
      { reason: 'FieldValueInvalid', field: 'spec.code', message: "Invalid value: \"A1\": spec.code in body should match '^[a-z]+$'" },
      { reason: 'FieldValueTypeInvalid', field: 'spec.when', message: 'Invalid value: "yesterday": spec.when in body must be of type date-time: "yesterday"' },
      { reason: 'FieldValueTypeInvalid', field: 'spec.id', message: 'Invalid value: "nope": spec.id in body must be of type uuid: "nope"' },
    ]);
    expect(validateObject({ spec: { when: '2026-01-02T03:04:05Z', id: '123e4567-e89b-12d3-a456-426614174000', short: 'äöü' } }, s)).toEqual([]);
  });

  it('checks numeric bounds, exclusive bounds and multipleOf', () => {
    const s = spec({
      a: { type: 'integer', minimum: 1, maximum: 10 },
      b: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true },
      c: { type: 'integer', multipleOf: 5 },
    });
    expect(validateObject({ spec: { a: 11, b: 1, c: 7 } }, s).map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.a: Invalid value: 11: spec.a in body should be less than or equal to 10',
      'spec.b: Invalid value: 1: spec.b in body should be less than 1',
      'spec.c: Invalid value: 7: spec.c in body should be a multiple of 5',
    ]);
    expect(validateObject({ spec: { a: 0, b: 0 } }, s).map((c) => c.message)).toEqual([
      'Invalid value: 0: spec.a in body should be greater than or equal to 1',
      'Invalid value: 0: spec.b in body should be greater than 0',
    ]);
    expect(validateObject({ spec: { a: 10, b: 0.5, c: 10 } }, s)).toEqual([]);
  });

  it('checks array sizes, uniqueness and items with indexed paths', () => {
    const s = spec({
      few: { type: 'array', minItems: 2, items: { type: 'string' } },
      many: { type: 'array', maxItems: 1, items: { type: 'string' } },
      uniq: { type: 'array', uniqueItems: true, items: { type: 'integer' } },
      objs: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    });
    expect(validateObject({ spec: { few: ['a'], many: ['a', 'b'], uniq: [1, 1], objs: [{ name: 'a' }, {}, { name: 3 }] } }, s).map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.few: Invalid value: 1: spec.few in body should have at least 2 items',
      'spec.many: Too many: 2: must have at most 1 item',
      'spec.uniq: Invalid value: "": spec.uniq in body shouldn\'t contain duplicates',
      'spec.objs[1].name: Required value',
      'spec.objs[2].name: Invalid value: "integer": spec.objs[2].name in body must be of type string: "integer"',
    ]);
  });

  it('checks object property counts and additionalProperties values', () => {
    const s = spec({
      m: { type: 'object', maxProperties: 1, minProperties: 1, additionalProperties: { type: 'integer' } },
    });
    expect(validateObject({ spec: { m: { a: 1, b: 'x' } } }, s).map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.m: Too many: 2: must have at most 1 item',
      'spec.m.b: Invalid value: "string": spec.m.b in body must be of type integer: "string"',
    ]);
    expect(validateObject({ spec: { m: {} } }, s).map((c) => c.message)).toEqual(['Invalid value: 0: spec.m in body should have at least 1 properties']);
  });

  it('accepts integers and strings for x-kubernetes-int-or-string only', () => {
    const s = spec({ port: { 'x-kubernetes-int-or-string': true } });
    expect(validateObject({ spec: { port: 80 } }, s)).toEqual([]);
    expect(validateObject({ spec: { port: 'http' } }, s)).toEqual([]);
    expect(validateObject({ spec: { port: true } }, s)).toEqual([
      { reason: 'FieldValueTypeInvalid', field: 'spec.port', message: 'Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"' },
    ]);
  });

  it('applies allOf, anyOf, oneOf and not as value validations', () => {
    const s = spec({
      all: { type: 'string', allOf: [{ minLength: 2 }, { pattern: '^a' }] },
      any: { type: 'integer', anyOf: [{ minimum: 10 }, { maximum: 0 }] },
      one: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] },
      no: { type: 'string', not: { enum: ['forbidden'] } },
      port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
    });
    expect(validateObject({ spec: { all: 'ab', any: 11, one: { a: 1 }, no: 'ok', port: 'http' } }, s)).toEqual([]);
    expect(validateObject({ spec: { all: 'b', any: 5, one: { a: 1, b: 2 }, no: 'forbidden', port: 8080 } }, s).map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.all: Invalid value: "b": spec.all in body should be at least 2 chars long',
      "spec.all: Invalid value: \"b\": spec.all in body should match '^a'",
      'spec.any: Invalid value: "": spec.any in body must validate at least one schema (anyOf)',
      'spec.any: Invalid value: 5: spec.any in body should be greater than or equal to 10',
      'spec.one: Invalid value: "": spec.one in body must validate one and only one schema (oneOf). Found 2 valid alternatives',
      'spec.no: Invalid value: "": spec.no in body must not validate the schema (not)',
    ]);
  });

  it('skips type checks below preserve-unknown-fields nodes without a type', () => {
    expect(validateObject({ spec: { anything: [1, 'a'] } }, spec({ anything: { 'x-kubernetes-preserve-unknown-fields': true } }))).toEqual([]);
  });

  it('requires apiVersion and kind in embedded resources', () => {
    const s = spec({ template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } });
    expect(validateObject({ spec: { template: { metadata: {} } } }, s)).toEqual([
      { reason: 'FieldValueRequired', field: 'spec.template.apiVersion', message: 'Required value: must not be empty' },
      { reason: 'FieldValueRequired', field: 'spec.template.kind', message: 'Required value: must not be empty' },
    ]);
  });

  it('reports duplicates in set and map lists', () => {
    const s = spec({
      tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: { type: 'object', properties: { name: { type: 'string' }, port: { type: 'integer' } } },
      },
    });
    const causes = validateObject({ spec: { tags: ['a', 'b', 'a'], ports: [{ name: 'http', port: 80 }, { name: 'http', port: 81 }] } }, s);
    expect(causes).toEqual([
      { reason: 'FieldValueDuplicate', field: 'spec.tags[2]', message: 'Duplicate value: "a"' },
      { reason: 'FieldValueDuplicate', field: 'spec.ports[1]', message: 'Duplicate value: map[string]interface {}{"name":"http"}' },
    ]);
  });

  it('checks metadata.name against a root metadata schema', () => {
    const s: JsonSchema = { type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 5 } } } } };
    expect(validateObject({ metadata: { name: 'toolong' } }, s)).toEqual([
      { reason: 'FieldValueTooLong', field: 'metadata.name', message: 'Too long: may not be more than 5 bytes' },
    ]);
    expect(validateObject({ metadata: { name: 'ok' } }, s)).toEqual([]);
  });

  it('returns nothing without a schema', () => {
    expect(validateObject({ spec: 1 }, undefined)).toEqual([]);
  });
});

describe('schema lookups', () => {
  const s = spec({
    ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name', 'protocol'], items: { type: 'object', properties: { name: { type: 'string' } } } },
    tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
    plain: { type: 'array', items: { type: 'string' } },
    byName: { type: 'object', additionalProperties: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['id'], items: { type: 'object' } } },
  });

  it('finds list-map keys for server-side apply', () => {
    expect(listMapKeys(s, ['spec', 'ports'])).toEqual(['name', 'protocol']);
    expect(listMapKeys(s, ['spec', 'byName', 'anyKey'])).toEqual(['id']);
    expect(listMapKeys(s, ['spec', 'tags'])).toBeUndefined();
    expect(listMapKeys(s, ['spec', 'missing'])).toBeUndefined();
  });

  it('reports list types, atomic by default', () => {
    expect(listType(s, ['spec', 'tags'])).toBe('set');
    expect(listType(s, ['spec', 'plain'])).toBe('atomic');
  });

  it('walks into array items by index', () => {
    expect(schemaAt(s, ['spec', 'ports', 0, 'name'])).toEqual({ type: 'string' });
  });
});
