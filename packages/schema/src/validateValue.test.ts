// applyDefaults and checkValue: the API server's defaulting, pruning of nulls, and validation rules.
import { describe, expect, it } from 'vitest';
import { applyDefaults, checkValue } from './validateValue.js';

const paths = (schema: Record<string, unknown>, value: unknown): string[] => checkValue(schema, value).map((issue) => `${issue.path}: ${issue.message}`);

describe('applyDefaults', () => {
  it('fills missing fields, then their own defaults, without changing the input', () => {
    const schema = { type: 'object', properties: { a: { type: 'object', default: {}, properties: { b: { type: 'string', default: 'x' } } } } };
    const input = {};
    expect(applyDefaults(schema, input)).toEqual({ a: { b: 'x' } });
    expect(input).toEqual({});
  });

  it('replaces null on a non-nullable field by its default, or drops it; keeps null on a nullable one', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', default: 'x' }, b: { type: 'string' }, c: { type: 'string', nullable: true, default: 'y' } } };
    expect(applyDefaults(schema, { a: null, b: null, c: null })).toEqual({ a: 'x', c: null });
  });

  it('defaults list items and map values', () => {
    const item = { type: 'object', properties: { p: { type: 'integer', default: 80 } } };
    expect(applyDefaults({ type: 'array', items: item }, [{}, { p: 1 }])).toEqual([{ p: 80 }, { p: 1 }]);
    expect(applyDefaults({ type: 'object', additionalProperties: item }, { a: {} })).toEqual({ a: { p: 80 } });
  });
});

describe('checkValue', () => {
  it('checks types, with integers (and bigints) as numbers and int-or-string', () => {
    expect(paths({ type: 'integer' }, 1.5)).toEqual([': must be of type integer; got number']);
    expect(paths({ type: 'integer' }, 2n ** 60n)).toEqual([]);
    expect(paths({ type: 'number' }, 3)).toEqual([]);
    expect(paths({ type: 'string' }, null)).toEqual([': must be of type string; got null']);
    expect(paths({ type: 'string', nullable: true }, null)).toEqual([]);
    expect(paths({ 'x-kubernetes-int-or-string': true }, false)).toEqual([': must be an integer or a string; got boolean']);
  });

  it('checks string lengths in characters, patterns and formats', () => {
    expect(paths({ type: 'string', maxLength: 2 }, 'ää')).toEqual([]);
    expect(paths({ type: 'string', maxLength: 2, minLength: 1 }, 'abc')).toEqual([': may not be longer than 2 characters']);
    expect(paths({ type: 'string', minLength: 1 }, '')).toEqual([': must be at least 1 characters long']);
    expect(paths({ type: 'string', pattern: '^a' }, 'b')).toEqual([': must match the pattern ^a']);
    expect(paths({ type: 'string', format: 'date-time' }, '2026-01-02T03:04:05Z')).toEqual([]);
    expect(paths({ type: 'string', format: 'date-time' }, 'yesterday')).toEqual([': must be a valid date-time; got "yesterday"']);
    expect(paths({ type: 'string', format: 'ipv4' }, '10.0.0.300')).toHaveLength(1);
    expect(paths({ type: 'string', format: 'something-else' }, 'x')).toEqual([]);
  });

  it('checks bounds, exclusive bounds, multiples and int32', () => {
    expect(paths({ type: 'integer', minimum: 1, maximum: 3 }, 0)).toEqual([': must be greater than or equal to 1']);
    expect(paths({ type: 'integer', maximum: 3, exclusiveMaximum: true }, 3)).toEqual([': must be less than 3']);
    expect(paths({ type: 'integer', minimum: 2n ** 60n }, 2n ** 60n - 1n)).toHaveLength(1);
    expect(paths({ type: 'number', multipleOf: 0.5 }, 1.25)).toEqual([': must be a multiple of 0.5']);
    expect(paths({ type: 'integer', format: 'int32' }, 2 ** 31)).toEqual([': must fit in a 32-bit integer (format int32)']);
  });

  it('checks required fields and item counts, and ignores undeclared fields unless asked', () => {
    const schema = { type: 'object', required: ['a'], properties: { a: { type: 'string' }, l: { type: 'array', items: { type: 'string' }, maxItems: 1 } } };
    expect(paths(schema, { l: ['x', 'y'], z: 1 })).toEqual(['a: is required', 'l: must have at most 1 items']);
    expect(checkValue(schema, { a: 'x', z: 1 }, { reportUnknownFields: true }).map((i) => i.path)).toEqual(['z']);
    expect(checkValue({ ...schema, 'x-kubernetes-preserve-unknown-fields': true }, { a: 'x', z: 1 }, { reportUnknownFields: true })).toEqual([]);
  });

  it('finds duplicates in sets and map lists', () => {
    expect(paths({ type: 'array', items: { type: 'object' }, 'x-kubernetes-list-type': 'set' }, [{ a: 1, b: 2 }, { b: 2, a: 1 }])).toEqual(['[1]: duplicate value {"a":1,"b":2} (the list is a set)']);
    const mapList = { type: 'array', items: { type: 'object' }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k', 'p'] };
    expect(paths(mapList, [{ k: 'a', p: 1 }, { k: 'a', p: 2 }])).toEqual([]);
    expect(paths(mapList, [{ k: 'a', p: 1, x: 1 }, { k: 'a', p: 1, x: 2 }])).toHaveLength(1);
  });

  it('checks enums and junctors', () => {
    expect(paths({ type: 'string', enum: ['a', 'b'] }, 'c')).toEqual([': must be one of "a", "b"; got "c"']);
    const oneOf = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] };
    expect(paths(oneOf, { a: 'x' })).toEqual([]);
    expect(paths(oneOf, { a: 'x', b: 'y' })).toEqual([': must match exactly one schema of oneOf; matches 2']);
    expect(paths({ type: 'string', anyOf: [{ pattern: '^a' }, { pattern: '^b' }] }, 'c')).toHaveLength(1);
    expect(paths({ type: 'string', not: { pattern: '^a' } }, 'abc')).toEqual([': must not match the schema of not']);
    expect(paths({ type: 'integer', allOf: [{ minimum: 2 }] }, 1)).toEqual([': must be greater than or equal to 2']);
  });

  it('requires apiVersion and kind in embedded resources', () => {
    expect(paths({ type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true }, { kind: 'Pod' })).toEqual(['apiVersion: is required in an embedded resource']);
  });
});
