// lintStructural: one test per structural-schema rule, each asserting the JSON path and the fix in the message.
import { describe, expect, it } from 'vitest';
import { lintStructural } from './lintStructural.js';

/** A root schema with `node` as spec.properties.x. */
function rootWith(node: unknown): Record<string, unknown> {
  return { type: 'object', properties: { spec: { type: 'object', properties: { x: node } } } };
}

/** The issues of `node` placed at spec.properties.x, as `path: message`. */
function lint(node: unknown): string[] {
  return lintStructural(rootWith(node)).map((issue) => `${issue.path}: ${issue.message}`);
}

function expectOne(node: unknown, path: string, fragment: string): void {
  const issues = lint(node);
  expect(issues, issues.join('\n')).toHaveLength(1);
  expect(issues[0]).toContain(`${path}: `);
  expect(issues[0]).toContain(fragment);
}

describe('lintStructural', () => {
  it('passes a structural schema', () => {
    expect(lintStructural({
      type: 'object',
      properties: {
        apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 20 } } },
        spec: {
          type: 'object', required: ['a'], properties: {
            a: { type: 'string', pattern: '^a', enum: ['ab', 'ac'] },
            n: { type: 'integer', minimum: 0, exclusiveMinimum: true, nullable: true },
            m: { type: 'object', additionalProperties: { type: 'string' } },
            l: { type: 'array', items: { type: 'object', required: ['k'], properties: { k: { type: 'string' } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'] },
            s: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
            i: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
            p: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            free: { 'x-kubernetes-preserve-unknown-fields': true },
            e: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
            j: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
            d: { type: 'string', default: 'x' },
            c: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self > 0', message: 'positive' }] },
          },
        },
        status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
    })).toEqual([]);
  });

  it('reports a node without type, naming its path and the builders that fix it', () => {
    expectOne({ description: 'untyped' }, 'spec.properties.x', 'has no type');
    expect(lint({ type: 'array', items: {} })[0]).toContain('spec.properties.x.items: has no type');
    expect(lint({ type: 'object', additionalProperties: { minLength: 1 } })[0]).toContain('spec.properties.x.additionalProperties: has no type');
    expect(lintStructural({ properties: {} })[0]).toEqual(expect.objectContaining({ path: '(root)', message: expect.stringContaining('has no type') }));
  });

  it('reports uniqueItems with the set list as the fix', () => {
    expect(lint({ type: 'array', items: { type: 'string' }, uniqueItems: true })).toEqual([
      "spec.properties.x: uniqueItems is not allowed in a structural schema — use k.list(T, { type: 'set' })",
    ]);
  });

  it('reports $ref, definitions, $defs, id, $schema, patternProperties, dependencies, additionalItems and const', () => {
    expectOne({ type: 'object', $ref: '#/definitions/a' }, 'spec.properties.x', '$ref is not supported');
    expectOne({ type: 'object', definitions: { a: { type: 'string' } } }, 'spec.properties.x', 'definitions are not supported');
    expectOne({ type: 'object', $defs: { a: { type: 'string' } } }, 'spec.properties.x', '$defs are not supported');
    expectOne({ type: 'string', id: 'x' }, 'spec.properties.x', 'id is not supported');
    expectOne({ type: 'string', $schema: 'http://json-schema.org/draft-07/schema#' }, 'spec.properties.x', '$schema');
    expectOne({ type: 'object', patternProperties: { '^a': { type: 'string' } } }, 'spec.properties.x', 'use k.map(T)');
    expectOne({ type: 'object', dependencies: { a: ['b'] } }, 'spec.properties.x', 'dependencies is not supported');
    expectOne({ type: 'array', items: { type: 'string' }, additionalItems: false }, 'spec.properties.x', 'additionalItems is not supported');
    expectOne({ type: 'string', const: 'a' }, 'spec.properties.x', 'use k.enum([value])');
  });

  it('reports keywords that CRD schemas do not have', () => {
    expectOne({ type: 'string', readOnly: true }, 'spec.properties.x', 'readOnly is not a keyword of CRD schemas');
    expectOne({ type: 'string', examples: ['a'] }, 'spec.properties.x', 'examples is not a keyword');
  });

  it('reports tuple items and arrays without items', () => {
    expectOne({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }, 'spec.properties.x', 'items is a list (a tuple)');
    expectOne({ type: 'array' }, 'spec.properties.x', 'array without items');
  });

  it('reports type null, type lists and unknown type names', () => {
    expectOne({ type: 'null' }, 'spec.properties.x', 'use k.nullable(T)');
    expect(lint({ type: ['string', 'null'] })[0]).toContain('type must be one type name, not a list');
    expectOne({ type: 'text' }, 'spec.properties.x', 'is not one of array, boolean, integer, number, object, string');
  });

  it('reports properties together with an additionalProperties schema, and additionalProperties: false', () => {
    expectOne({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } }, 'spec.properties.x', 'mutually exclusive');
    expectOne({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, 'spec.properties.x', 'additionalProperties: false is not allowed');
  });

  it('reports junctors that declare structure, and fields they restrict that are not declared outside', () => {
    expectOne({ type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ type: 'object' }] }, 'spec.properties.x.anyOf[0]', 'type is not allowed inside anyOf');
    expectOne({ type: 'string', allOf: [{ description: 'd' }] }, 'spec.properties.x.allOf[0]', 'description is not allowed inside allOf');
    expectOne({ type: 'string', oneOf: [{ default: 'a' }] }, 'spec.properties.x.oneOf[0]', 'default is not allowed inside oneOf');
    expectOne({ type: 'string', not: { nullable: true } }, 'spec.properties.x.not', 'nullable is not allowed inside not');
    expectOne({ type: 'object', anyOf: [{ additionalProperties: { type: 'string' } }] }, 'spec.properties.x.anyOf[0]', 'additionalProperties is not allowed inside anyOf');
    expectOne({ type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ properties: { b: { minLength: 1 } } }] }, 'spec.properties.x.anyOf[0].properties.b', "declare 'b' in its properties too");
    expectOne({ type: 'string', anyOf: [{ 'x-kubernetes-list-type': 'set' }] }, 'spec.properties.x.anyOf[0]', 'x-kubernetes-list-type is not allowed inside anyOf');
    expect(lint({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] })).toEqual([]);
    expect(lint({ 'x-kubernetes-int-or-string': true, allOf: [{ anyOf: [{ type: 'integer' }, { type: 'string' }] }, { pattern: '^a' }] })).toEqual([]);
  });

  it('limits the root metadata to name and generateName, and requires apiVersion and kind to be strings', () => {
    const issues = lintStructural({ type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } }, kind: { type: 'integer' } } });
    expect(issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'metadata: may only constrain name and generateName (the API server defines the rest of metadata) — remove properties',
      'kind: must be of type string',
    ]);
    expect(lintStructural({ type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string', default: 'a' } } } } })
      .map((i) => `${i.path}: ${i.message}`)).toEqual(['metadata.properties.name: default is not allowed in top-level metadata — the API server sets it']);
  });

  it('enforces the root rules: object, not nullable, no additionalProperties, only status-compatible keywords', () => {
    expect(lintStructural({ type: 'string' }).map((i) => i.message)).toContain('the root must be of type object');
    expect(lintStructural({ type: 'object', nullable: true }).map((i) => i.message)).toContain('nullable is not allowed at the root');
    expect(lintStructural({ type: 'object', additionalProperties: { type: 'string' } }).map((i) => i.message)).toContain('additionalProperties is not allowed at the root — put the map under spec or status');
    expect(lintStructural({ type: 'object', minProperties: 1 }).map((i) => i.message)[0]).toContain('minProperties is not allowed at the root of a CRD schema with the status subresource');
    expect(lintStructural({ type: 'object', minProperties: 1 }, { statusSubresource: false })).toEqual([]);
    expect(lintStructural({ type: 'string' }, { root: false })).toEqual([]);
  });

  it('enforces the list-type rules', () => {
    expectOne({ type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'bag' }, 'spec.properties.x', "must be 'atomic', 'set' or 'map'");
    expectOne({ type: 'object', 'x-kubernetes-list-type': 'set' }, 'spec.properties.x', 'needs type: array');
    expectOne({ type: 'array', items: { type: 'object', properties: { k: { type: 'string' } }, required: ['k'] }, 'x-kubernetes-list-type': 'map' }, 'spec.properties.x', 'needs x-kubernetes-list-map-keys');
    expectOne({ type: 'array', items: { type: 'string' }, 'x-kubernetes-list-map-keys': ['k'] }, 'spec.properties.x', 'needs x-kubernetes-list-type: map');
    expectOne({ type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'] }, 'spec.properties.x.items', 'must be objects');
    expectOne({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'] }, 'spec.properties.x', "list map key 'k' is not a property");
    expectOne({ type: 'array', items: { type: 'object', properties: { k: { type: 'string' } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'] },
      'spec.properties.x.items.properties.k', 'must be required or have a default');
    expect(lint({ type: 'array', items: { type: 'object', properties: { k: { type: 'string', nullable: true } }, required: ['k'] }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'] }))
      .toEqual(["spec.properties.x.items.properties.k: list map key 'k' cannot be nullable — remove k.nullable()"]);
    expectOne({ type: 'array', items: { type: 'object', properties: { k: { type: 'object' } }, required: ['k'] }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'] },
      'spec.properties.x.items.properties.k', 'must be a scalar');
    expectOne({ type: 'array', items: { type: 'object', properties: { k: { type: 'string' } }, required: ['k'] }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k', 'k'] },
      'spec.properties.x', "names 'k' twice");
    expectOne({ type: 'array', items: { type: 'string', nullable: true }, 'x-kubernetes-list-type': 'set' }, 'spec.properties.x.items', 'cannot be nullable');
    expectOne({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } }, 'x-kubernetes-list-type': 'set' }, 'spec.properties.x.items', 'must be atomic objects');
  });

  it('enforces the int-or-string, preserve-unknown, embedded and map-type rules', () => {
    expectOne({ type: 'object', 'x-kubernetes-preserve-unknown-fields': false }, 'spec.properties.x', 'must be true or absent');
    expectOne({ 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true }, 'spec.properties.x', 'exclude each other');
    expectOne({ type: 'string', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true }, 'spec.properties.x', 'needs type: object');
    expectOne({ type: 'object', 'x-kubernetes-embedded-resource': true }, 'spec.properties.x', 'needs properties or x-kubernetes-preserve-unknown-fields');
    expectOne({ type: 'object', 'x-kubernetes-map-type': 'partial' }, 'spec.properties.x', "must be 'atomic' or 'granular'");
  });

  it('checks patterns, exclusive bounds, enums, required lists and CEL rules', () => {
    expectOne({ type: 'string', pattern: '([a-z' }, 'spec.properties.x', 'pattern is not a valid regular expression');
    expectOne({ type: 'integer', minimum: 0, exclusiveMinimum: 0 }, 'spec.properties.x', 'exclusiveMinimum must be true or false');
    expectOne({ type: 'string', enum: [] }, 'spec.properties.x', 'enum must be a non-empty list');
    expectOne({ type: 'object', required: 'a' }, 'spec.properties.x', 'required must be a list of property names');
    expectOne({ type: 'string', 'x-kubernetes-validations': [{ rule: ' ' }] }, 'spec.properties.x.x-kubernetes-validations[0]', 'needs a rule');
  });

  it('checks that defaults match their schema and have no fields the server would prune', () => {
    expectOne({ type: 'integer', minimum: 1, default: 0 }, 'spec.properties.x', 'the default must be greater than or equal to 1');
    expectOne({ type: 'object', properties: { a: { type: 'string' } }, default: { a: 'x', b: 1 } }, 'spec.properties.x', 'the default at b is not declared by the schema');
    // The API server checks a default as written: a required field inside it is not filled in by its own default.
    expectOne({ type: 'object', properties: { a: { type: 'string', default: 'x' } }, required: ['a'], default: {} }, 'spec.properties.x', 'the default at a is required');
    expect(lint({ type: 'object', properties: { a: { type: 'string', default: 'x' } }, default: {} })).toEqual([]);
  });

  it('names odd property keys in brackets', () => {
    const issues = lintStructural({ type: 'object', properties: { spec: { type: 'object', properties: { 'a.b': {} } } } });
    expect(issues[0]!.path).toBe('spec.properties["a.b"]');
  });
});
