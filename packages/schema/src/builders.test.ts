// The k.* builders: the exact JSON each emits, their option checks, and that they only emit structural schemas.
import { describe, expect, it } from 'vitest';
import { k } from './builders.js';
import { SchemaError } from './errors.js';
import { plainCopy } from './internal/json.js';
import { lintStructural } from './lintStructural.js';

/** What a builder emits, as the CRD will carry it. */
function json(schema: unknown): unknown {
  return plainCopy(schema);
}

describe('k', () => {
  it('builds scalars with their options', () => {
    expect(json(k.string({ description: 'd', default: 'x', minLength: 1, maxLength: 9, pattern: '^x', format: 'hostname' })))
      .toEqual({ type: 'string', description: 'd', default: 'x', minLength: 1, maxLength: 9, pattern: '^x', format: 'hostname' });
    expect(json(k.integer({ minimum: 0, maximum: 5, exclusiveMaximum: true, format: 'int32' }))).toEqual({ type: 'integer', minimum: 0, maximum: 5, exclusiveMaximum: true, format: 'int32' });
    expect(json(k.number({ multipleOf: 0.5 }))).toEqual({ type: 'number', multipleOf: 0.5 });
    expect(json(k.boolean({ default: false }))).toEqual({ type: 'boolean', default: false });
  });

  it('builds objects whose required list leaves out optional and defaulted fields', () => {
    expect(json(k.object({ a: k.string(), b: k.optional(k.string()), c: k.string({ default: 'c' }) }, { description: 'o', mapType: 'atomic' }))).toEqual({
      type: 'object', description: 'o', 'x-kubernetes-map-type': 'atomic', required: ['a'],
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string', default: 'c' } },
    });
    expect(json(k.object({ b: k.optional(k.string()) }))).toEqual({ type: 'object', properties: { b: { type: 'string' } } });
  });

  it('emits enum, never const, typed by the values', () => {
    expect(json(k.enum(['a']))).toEqual({ type: 'string', enum: ['a'] });
    expect(json(k.enum([1, 2], { default: 1 }))).toEqual({ type: 'integer', enum: [1, 2], default: 1 });
    expect(json(k.enum([0.5, 1]))).toEqual({ type: 'number', enum: [0.5, 1] });
    expect(() => k.enum([])).toThrow(/non-empty list/);
    expect(() => k.enum(['a', 1] as never)).toThrow(/all strings or all numbers/);
    expect(() => k.enum(['a', 'a'])).toThrow(/distinct/);
  });

  it('builds maps as additionalProperties', () => {
    expect(json(k.map(k.integer(), { maxProperties: 3 }))).toEqual({ type: 'object', additionalProperties: { type: 'integer' }, maxProperties: 3 });
  });

  it('builds lists with their list type, map keys, and atomic set items', () => {
    expect(json(k.list(k.string()))).toEqual({ type: 'array', items: { type: 'string' } });
    expect(json(k.list(k.string(), { type: 'set', maxItems: 4 }))).toEqual({ type: 'array', items: { type: 'string' }, maxItems: 4, 'x-kubernetes-list-type': 'set' });
    expect(json(k.list(k.object({ name: k.string() }), { type: 'map', keys: ['name'] }))).toEqual({
      type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'],
    });
    expect(json(k.list(k.object({ a: k.string() }), { type: 'set' }))).toEqual({
      type: 'array', items: { type: 'object', required: ['a'], properties: { a: { type: 'string' } }, 'x-kubernetes-map-type': 'atomic' }, 'x-kubernetes-list-type': 'set',
    });
    expect(() => k.list(k.object({ a: k.string() }), { type: 'map' })).toThrow(/type 'map' needs keys/);
    expect(() => k.list(k.string(), { keys: ['a'] })).toThrow(/keys apply only to type 'map'/);
    expect(() => k.list(k.string(), { type: 'bag' as never })).toThrow(/'atomic', 'set' or 'map'/);
  });

  it('builds int-or-string and quantities', () => {
    expect(json(k.intOrString())).toEqual({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] });
    const quantity = json(k.quantity()) as Record<string, unknown>;
    expect(quantity).toMatchObject({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] });
    const pattern = new RegExp(quantity['pattern'] as string);
    for (const ok of ['1', '500m', '1Gi', '2.5', '1e3', '.5', '+1Ki']) expect(pattern.test(ok), ok).toBe(true);
    for (const bad of ['lots', '1GB', '1.2.3', '']) expect(pattern.test(bad), bad).toBe(false);
  });

  it('builds nullable, preserve-unknown, embedded and status nodes', () => {
    expect(json(k.nullable(k.string({ description: 'd' })))).toEqual({ type: 'string', description: 'd', nullable: true });
    expect(json(k.preserveUnknown())).toEqual({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true });
    expect(json(k.preserveUnknown(k.object({ a: k.string() })))).toEqual({ type: 'object', required: ['a'], properties: { a: { type: 'string' } }, 'x-kubernetes-preserve-unknown-fields': true });
    expect(json(k.embedded())).toEqual({ type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true });
    expect(json(k.status({ message: k.optional(k.string()) }))).toEqual({ type: 'object', properties: { message: { type: 'string' } }, 'x-kubernetes-preserve-unknown-fields': true });
    expect(() => k.preserveUnknown(k.string() as never)).toThrow(/object schema/);
  });

  it('passes CEL rules through as x-kubernetes-validations', () => {
    expect(json(k.integer({ validations: [{ rule: 'self > 0', message: 'positive' }] }))).toEqual({ type: 'integer', 'x-kubernetes-validations': [{ rule: 'self > 0', message: 'positive' }] });
    expect(() => k.integer({ validations: [{ rule: '' }] })).toThrow(/validations must be a list/);
  });

  it('refuses unknown options and non-schemas with a SchemaError naming the builder', () => {
    expect(() => k.string({ maxlength: 3 } as never)).toThrow(SchemaError);
    expect(() => k.string({ maxlength: 3 } as never)).toThrow(/k\.string: unknown option 'maxlength'; expected one of/);
    expect(() => k.object({ a: 'string' } as never)).toThrow(/k\.object: property 'a': expected a schema/);
    expect(() => k.map(undefined as never)).toThrow(/k\.map: expected a schema/);
  });

  it('only ever emits structural schemas', () => {
    const everything = k.object({
      s: k.string(), i: k.integer(), n: k.number(), b: k.boolean(), e: k.enum(['x']), m: k.map(k.list(k.string())),
      l: k.list(k.object({ name: k.string(), v: k.optional(k.intOrString()) }), { type: 'map', keys: ['name'] }),
      set: k.list(k.object({ a: k.string() }), { type: 'set' }), q: k.quantity(), nn: k.nullable(k.integer()), p: k.preserveUnknown(),
      em: k.embedded(), st: k.status({}), o: k.optional(k.object({ deep: k.object({ deeper: k.list(k.map(k.boolean())) }) })),
    });
    expect(lintStructural(json(everything), { root: false })).toEqual([]);
  });

  it('accepts raw JSON Schema only when it is structural', () => {
    expect(json(k.raw({ type: 'object', properties: { a: { type: 'string' } } }))).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    try {
      k.raw({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true }, c: { const: 'x' } } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as SchemaError).code).toBe('not-structural');
      expect((error as SchemaError).issues.map((i) => i.path)).toEqual(['tags', 'c', 'c']);
      expect((error as SchemaError).message).toContain("tags: uniqueItems is not allowed in a structural schema — use k.list(T, { type: 'set' })");
    }
  });
});
