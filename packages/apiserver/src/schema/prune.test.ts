// Tests of structural pruning and defaulting, including preserve-unknown-fields and embedded resources.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDefaults } from './defaults.js';
import { pruneObject } from './prune.js';
import type { JsonSchema } from './types.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        size: { type: 'integer' },
        items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'object', properties: { a: { type: 'string' } } } } },
        port: { 'x-kubernetes-int-or-string': true },
        template: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object', properties: { x: { type: 'string' } } } } },
      },
    },
    status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
  },
};

const base = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default', labels: { a: 'b' } } };

describe('pruneObject', () => {
  it('keeps apiVersion, kind and metadata at the root and drops unknown root fields', () => {
    const { object, unknownFields } = pruneObject({ ...base, junk: 1, spec: { size: 1 } }, schema);
    expect(object).toEqual({ ...base, spec: { size: 1 } });
    expect(unknownFields).toEqual(['junk']);
  });

  it('drops unknown nested fields and reports their paths sorted', () => {
    const input = { ...base, spec: { size: 1, extra: true, items: [{ name: 'a', bad: 1 }, { name: 'b' }] } };
    const { object, unknownFields } = pruneObject(input, schema);
    expect(object['spec']).toEqual({ size: 1, items: [{ name: 'a' }, { name: 'b' }] });
    expect(unknownFields).toEqual(['spec.extra', 'spec.items[0].bad']);
  });

  it('does not change its input', () => {
    const input = { ...base, spec: { extra: true } };
    pruneObject(input, schema);
    expect(input.spec).toEqual({ extra: true });
  });

  it('keeps everything below x-kubernetes-preserve-unknown-fields but still prunes known properties', () => {
    const input = { ...base, status: { kopf: { progress: { a: 1 } } }, spec: { free: { anything: [1, 2], known: { a: 'x', b: 'y' } } } };
    const { object, unknownFields } = pruneObject(input, schema);
    expect(object['status']).toEqual({ kopf: { progress: { a: 1 } } });
    expect(object['spec']).toEqual({ free: { anything: [1, 2], known: { a: 'x' } } });
    expect(unknownFields).toEqual(['spec.free.known.b']);
  });

  it('keeps unknown fields of list items below a preserving node', () => {
    const s: JsonSchema = {
      type: 'object',
      properties: { p: { type: 'array', 'x-kubernetes-preserve-unknown-fields': true, items: { type: 'object', properties: { k: { type: 'object', properties: {} } } } } },
    };
    const { object, unknownFields } = pruneObject({ p: [{ extra: 1, k: { gone: 1 } }] }, s);
    expect(object['p']).toEqual([{ extra: 1, k: {} }]);
    expect(unknownFields).toEqual(['p[0].k.gone']);
  });

  it('walks additionalProperties schemas and int-or-string leaves', () => {
    const { object } = pruneObject({ ...base, spec: { labels: { x: 'y' }, port: 'http' } }, schema);
    expect(object['spec']).toEqual({ labels: { x: 'y' }, port: 'http' });
  });

  it('keeps apiVersion, kind and metadata in embedded resources', () => {
    const template = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', bogus: 1 }, spec: { x: 'a', y: 'b' }, other: 1 };
    const { object, unknownFields } = pruneObject({ ...base, spec: { template } }, schema);
    expect(object['spec']).toEqual({ template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { x: 'a' } } });
    expect(unknownFields).toEqual(['spec.template.metadata.bogus', 'spec.template.other', 'spec.template.spec.y']);
  });

  it('drops unknown ObjectMeta keys at the root', () => {
    const { object, unknownFields } = pruneObject({ ...base, metadata: { name: 'w', foo: 'bar' } }, schema);
    expect(object['metadata']).toEqual({ name: 'w' });
    expect(unknownFields).toEqual(['metadata.foo']);
  });

  it('prunes everything but the resource fields without a schema', () => {
    const { object, unknownFields } = pruneObject({ ...base, spec: { a: 1 } }, undefined);
    expect(object).toEqual(base);
    expect(unknownFields).toEqual(['spec']);
  });

  it('keeps unknown root fields when the root preserves them', () => {
    const { object, unknownFields } = pruneObject({ ...base, data: { x: 1 } }, { type: 'object', 'x-kubernetes-preserve-unknown-fields': true });
    expect(object['data']).toEqual({ x: 1 });
    expect(unknownFields).toEqual([]);
  });

  it('keeps empty objects and lists inside spec', () => {
    const { object } = pruneObject({ ...base, spec: { items: [], labels: {} } }, schema);
    expect(object['spec']).toEqual({ items: [], labels: {} });
  });
});

describe('pruneObject properties', () => {
  it('is idempotent and only ever removes fields', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('size', 'items', 'name', 'free', 'junk', 'labels', 'x'), tie('value'), { maxKeys: 4 })),
    })).value;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('spec', 'status', 'junk'), json, { maxKeys: 3 }), (body) => {
        const input = { ...base, ...body };
        const once = pruneObject(input, schema);
        const twice = pruneObject(once.object, schema);
        expect(twice.object).toEqual(once.object);
        expect(twice.unknownFields).toEqual([]);
        expect(once.object['metadata']).toEqual(base.metadata);
        expect(JSON.stringify(once.object).length).toBeLessThanOrEqual(JSON.stringify(input).length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('applyDefaults', () => {
  const defaulted: JsonSchema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        default: {},
        properties: {
          size: { type: 'integer', default: 1 },
          mode: { type: 'string', default: 'fast' },
          opt: { type: 'string' },
          nullableOpt: { type: 'string', nullable: true },
          nested: { type: 'object', default: {}, properties: { depth: { type: 'integer', default: 3 } } },
          list: { type: 'array', items: { type: 'object', properties: { w: { type: 'integer', default: 5 } } } },
          map: { type: 'object', additionalProperties: { type: 'object', properties: { v: { type: 'string', default: 'd' } } } },
        },
      },
    },
  };

  it('fills missing fields, including defaults inside defaults', () => {
    expect(applyDefaults({}, defaulted)).toEqual({ spec: { size: 1, mode: 'fast', nested: { depth: 3 } } });
  });

  it('keeps given values and fills list items and map values', () => {
    const out = applyDefaults({ spec: { size: 7, list: [{}, { w: 2 }], map: { a: {} } } }, defaulted);
    expect(out.spec).toEqual({ size: 7, mode: 'fast', nested: { depth: 3 }, list: [{ w: 5 }, { w: 2 }], map: { a: { v: 'd' } } });
  });

  it('replaces non-nullable nulls by the default and drops them when there is none', () => {
    const out = applyDefaults({ spec: { size: null, opt: null, nullableOpt: null } }, defaulted);
    expect(out.spec).toEqual({ size: 1, mode: 'fast', nested: { depth: 3 }, nullableOpt: null });
  });

  it('drops non-nullable nulls in maps and nested objects but keeps null list items', () => {
    const s: JsonSchema = {
      type: 'object',
      properties: {
        m: { type: 'object', additionalProperties: { type: 'string' } },
        l: { type: 'array', items: { type: 'string' } },
        o: { type: 'object', properties: { deep: { type: 'object', properties: { x: { type: 'string' } } } } },
      },
    };
    expect(applyDefaults({ m: { a: null, b: 'x' }, l: [null, 'y'], o: { deep: { x: null } } }, s)).toEqual({ m: { b: 'x' }, l: [null, 'y'], o: { deep: {} } });
  });

  it('copies defaults so that objects never share them', () => {
    const a: Record<string, unknown> = applyDefaults({}, defaulted);
    const b: Record<string, unknown> = applyDefaults({}, defaulted);
    (a.spec as { nested: { depth: number } }).nested.depth = 99;
    expect((b.spec as { nested: { depth: number } }).nested.depth).toBe(3);
  });
});
