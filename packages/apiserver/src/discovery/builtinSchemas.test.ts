// Unit tests for the built-in kinds' OpenAPI schemas: kube's names, the GVK extension, and closed $refs.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TYPES } from '../resources/builtins.js';
import { builtinSchemaName, builtinSchemas, withStandardFields } from './builtinSchemas.js';

function refsOf(value: unknown): string[] {
  return (JSON.stringify(value).match(/#\/components\/schemas\/[^"]+/g) ?? []).map((ref) => ref.slice('#/components/schemas/'.length));
}

describe('builtinSchemaName', () => {
  it('names schemas as kube-apiserver does', () => {
    expect(builtinSchemaName({ group: '', version: 'v1', kind: 'ConfigMap' })).toBe('io.k8s.api.core.v1.ConfigMap');
    expect(builtinSchemaName({ group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'Role' })).toBe('io.k8s.api.rbac.v1.Role');
    expect(builtinSchemaName({ group: 'apiextensions.k8s.io', version: 'v1', kind: 'CustomResourceDefinition' })).toBe(
      'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition',
    );
  });
});

describe('builtinSchemas', () => {
  it('gives every built-in kind its GVK, apiVersion, kind, ObjectMeta and its top-level fields, with every $ref included', () => {
    expect(BUILTIN_TYPES.length).toBeGreaterThan(20);
    for (const type of BUILTIN_TYPES) {
      const schemas = builtinSchemas(type);
      const root = schemas[builtinSchemaName(type)] as { properties: Record<string, unknown>; 'x-kubernetes-group-version-kind': unknown };
      expect(root['x-kubernetes-group-version-kind']).toEqual([{ group: type.group, version: type.version, kind: type.kind }]);
      expect(Object.keys(root.properties)).toEqual(['apiVersion', 'kind', 'metadata', ...(type.topLevelFields ?? ['spec', 'status'])]);
      // Every kind refers at least to ObjectMeta, so the check below never runs over nothing.
      expect(refsOf(schemas), type.kind).toContain('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
      for (const name of refsOf(schemas)) expect(schemas[name], `${type.kind} refers to ${name}`).toBeDefined();
    }
  });
});

describe('withStandardFields', () => {
  it('adds apiVersion, kind and metadata as ObjectMeta to a CRD schema and returns ObjectMeta and what it refers to', () => {
    const { schema, referenced } = withStandardFields({ type: 'object', properties: { spec: { type: 'object' } } });
    expect(Object.keys(schema.properties as object)).toEqual(['spec', 'apiVersion', 'kind', 'metadata']);
    expect(Object.keys(referenced)).toEqual(expect.arrayContaining(['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', 'io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference']));
  });
});
