// defineResource(): identity and plural, the CRD, validation, definition errors, isTypedResource and the body type.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { k } from './builders.js';
import { defineResource, isTypedResource, RESOURCE_IDENTITY } from './defineResource.js';
import type { ResourceBody } from './defineResource.js';
import { SchemaError } from './errors.js';

const Greeting = defineResource({
  group: 'example.com', version: 'v1alpha1', kind: 'Greeting', shortNames: ['gr'],
  spec: k.object({ name: k.string({ default: 'world' }), replicas: k.optional(k.integer({ minimum: 0 })) }),
  status: k.status({ message: k.optional(k.string()) }),
  printerColumns: [{ name: 'Message', type: 'string', jsonPath: '.status.message' }],
});
type Greeting = ResourceBody<typeof Greeting>;

describe('defineResource', () => {
  it('derives the identity: plural, singular, scope, apiVersion', () => {
    expect(Greeting).toMatchObject({
      group: 'example.com', version: 'v1alpha1', kind: 'Greeting', plural: 'greetings', singular: 'greeting',
      scope: 'Namespaced', namespaced: true, apiVersion: 'example.com/v1alpha1', shortNames: ['gr'], categories: [],
    });
    expect(Greeting[RESOURCE_IDENTITY]).toEqual({ group: 'example.com', version: 'v1alpha1', plural: 'greetings' });
    const policy = defineResource({ group: 'example.com', version: 'v1', kind: 'NetworkPolicy', scope: 'Cluster', spec: k.object({}) });
    expect([policy.plural, policy.namespaced]).toEqual(['networkpolicies', false]);
    const custom = defineResource({ group: 'example.com', version: 'v1', kind: 'Octopus', plural: 'octopodes', singular: 'octo', spec: k.object({}) });
    expect([custom.plural, custom.singular]).toEqual(['octopodes', 'octo']);
  });

  it('makes a structural CRD with the status subresource and one served storage version', () => {
    const crd = Greeting.toCRD();
    expect(crd).toMatchObject({
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'greetings.example.com' },
      spec: {
        group: 'example.com', scope: 'Namespaced',
        names: { kind: 'Greeting', listKind: 'GreetingList', plural: 'greetings', singular: 'greeting', shortNames: ['gr'] },
        versions: [{ name: 'v1alpha1', served: true, storage: true, subresources: { status: {} }, additionalPrinterColumns: [{ name: 'Message', type: 'string', jsonPath: '.status.message' }] }],
      },
    });
    const schema = (crd.spec['versions'] as { schema: { openAPIV3Schema: Record<string, any> } }[])[0]!.schema.openAPIV3Schema;
    expect(schema['properties'].status['x-kubernetes-preserve-unknown-fields']).toBe(true);
    expect(schema['properties'].spec).toEqual({ type: 'object', default: {}, properties: { name: { type: 'string', default: 'world' }, replicas: { type: 'integer', minimum: 0 } } });
    expect(schema['required']).toBeUndefined();
    expect(Greeting.toCRD()).not.toBe(crd);
    expect(Greeting.toCRD()).toEqual(crd);
  });

  it('requires the spec when it has required fields without defaults, and gives a default status', () => {
    const Job = defineResource({ group: 'example.com', version: 'v1', kind: 'Job', spec: k.object({ image: k.string() }) });
    expect(Job.schema['required']).toEqual(['spec']);
    expect((Job.schema['properties'] as Record<string, unknown>)['status']).toEqual({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true });
  });

  it('validates bodies as the API server would: defaults, apiVersion and kind, the schema', () => {
    expect(Greeting.validate({ apiVersion: 'example.com/v1alpha1', kind: 'Greeting', metadata: { name: 'a' } })).toEqual({ ok: true });
    expect(Greeting.validate({ apiVersion: 'example.com/v1', kind: 'Greeting', metadata: {}, spec: { replicas: -1, unknown: true } })).toEqual({
      ok: false, errors: [
        { path: 'apiVersion', message: 'must be "example.com/v1alpha1"; got "example.com/v1"' },
        { path: 'spec.replicas', message: 'must be greater than or equal to 0' },
      ],
    });
    expect(Greeting.validate('nope')).toEqual({ ok: false, errors: [{ path: '', message: 'must be an object; got string' }] });
  });

  it('throws a SchemaError listing every invalid name', () => {
    try {
      defineResource({ group: 'example', version: 'V1', kind: 'my-kind', shortNames: ['Gr'], scope: 'Everywhere' as never, spec: k.object({}) });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as SchemaError).code).toBe('invalid-definition');
      expect((error as SchemaError).issues.map((i) => i.path)).toEqual(['group', 'version', 'kind', 'scope', 'shortNames[0]']);
      expect((error as SchemaError).message).toContain("group: must be a DNS subdomain with at least one dot, e.g. 'example.com'; got \"example\"");
    }
    expect(() => defineResource({ group: 'example.com', version: 'v1', kind: 'A', spec: k.string() as never })).toThrow(/spec: must be an object schema/);
    expect(() => defineResource({ group: 'example.com', version: 'v1', kind: 'A', spec: k.object({}), printerColumns: [{ name: 'X', type: 'text' as never, jsonPath: 'status' }] }))
      .toThrow(/printerColumns\[0\]: type must be one of string, integer, number, boolean, date/);
  });

  it('throws a SchemaError naming the JSON path when the schema is not structural', () => {
    const bad = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } } };
    try {
      defineResource({ group: 'example.com', version: 'v1', kind: 'Widget', spec: bad as never });
      expect.unreachable();
    } catch (error) {
      expect((error as SchemaError).code).toBe('not-structural');
      expect((error as SchemaError).issues).toEqual([{ path: 'spec.properties.tags', message: "uniqueItems is not allowed in a structural schema — use k.list(T, { type: 'set' })" }]);
    }
  });

  it('is recognised by isTypedResource, and nothing else is', () => {
    expect(isTypedResource(Greeting)).toBe(true);
    expect(isTypedResource({ ...Greeting })).toBe(true);
    expect(isTypedResource({ group: 'example.com', version: 'v1', plural: 'greetings' })).toBe(false);
    expect(isTypedResource('greetings')).toBe(false);
    expect(isTypedResource(null)).toBe(false);
  });

  it('types the objects: spec fields, optional status fields, and an error for a wrong property', () => {
    expectTypeOf<Greeting['spec']['name']>().toEqualTypeOf<string>();
    expectTypeOf<Greeting['spec']['replicas']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<Greeting['status']>['message']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Greeting['apiVersion']>().toEqualTypeOf<string>();
    const body = { apiVersion: 'example.com/v1alpha1', kind: 'Greeting', metadata: { name: 'a' }, spec: { name: 'x' } } satisfies Greeting;
    // @ts-expect-error: Greeting's spec has no such field
    expect(body.spec.nmae).toBeUndefined();
    // @ts-expect-error: name is a string
    const wrong: Greeting = { apiVersion: 'example.com/v1alpha1', kind: 'Greeting', metadata: {}, spec: { name: 1 } };
    // The type checks above hold at `typecheck` time; at run time the validator refuses what the type refuses.
    expect(Greeting.validate(wrong)).toMatchObject({ ok: false, errors: [{ path: 'spec.name' }] });
  });
});
