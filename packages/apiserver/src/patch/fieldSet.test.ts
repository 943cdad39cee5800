// Managed-field sets: FieldsV1 encoding (with `.` for nodes that are members and have children),
// decoding, Kubernetes' text form of paths, and lookups by path element.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { childAt, formatFieldPath, fromFieldsV1, pathKey, toFieldsV1, valueAtPath } from './fieldSet.js';

describe('toFieldsV1 / fromFieldsV1', () => {
  it('writes leaves as {} and marks members with children with "."', () => {
    const set = new Set([
      pathKey(['f:spec', 'f:replicas']),
      pathKey(['f:spec', 'f:containers', 'k:{"name":"app"}']),
      pathKey(['f:spec', 'f:containers', 'k:{"name":"app"}', 'f:image']),
    ]);
    expect(toFieldsV1(set)).toEqual({
      'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:image': {} } }, 'f:replicas': {} },
    });
    expect(Object.keys((toFieldsV1(set) as any)['f:spec']['f:containers']['k:{"name":"app"}'])[0]).toBe('.');
  });

  it('reads back exactly the set it wrote (property)', () => {
    const element = fc.oneof(
      fc.string({ minLength: 1 }).map((name) => `f:${name}`),
      fc.string().map((name) => `k:${JSON.stringify({ name })}`),
      fc.jsonValue().map((value) => `v:${JSON.stringify(value)}`),
    );
    fc.assert(
      fc.property(fc.uniqueArray(fc.array(element, { minLength: 1, maxLength: 4 }), { selector: pathKey }), (paths) => {
        const set = new Set(paths.map(pathKey));
        expect(fromFieldsV1(toFieldsV1(set))).toEqual(set);
      }),
    );
  });

  it('skips malformed input', () => {
    expect(fromFieldsV1('nope')).toEqual(new Set());
    expect(fromFieldsV1({ 'f:a': 'x', 'f:b': {} })).toEqual(new Set([pathKey(['f:b'])]));
  });
});

describe('formatFieldPath', () => {
  it('writes paths as kube-apiserver does in conflicts', () => {
    expect(formatFieldPath(['f:spec', 'f:replicas'])).toBe('.spec.replicas');
    expect(formatFieldPath(['f:spec', 'f:containers', 'k:{"name":"app"}', 'f:image'])).toBe('.spec.containers[name="app"].image');
    expect(formatFieldPath(['f:ports', 'k:{"containerPort":80,"protocol":"TCP"}'])).toBe('.ports[containerPort=80,protocol="TCP"]');
    expect(formatFieldPath(['f:metadata', 'f:finalizers', 'v:"a"'])).toBe('.metadata.finalizers[="a"]');
  });
});

describe('valueAtPath / childAt', () => {
  const object = { spec: { list: [{ name: 'a', v: 1 }, { name: 'b', v: 2 }], set: ['x', 'y'] } };

  it('finds fields, keyed items and set values', () => {
    expect(valueAtPath(object, ['f:spec', 'f:list', 'k:{"name":"b"}', 'f:v'])).toEqual({ found: true, value: 2 });
    expect(childAt(object.spec.set, 'v:"y"')).toEqual({ value: 'y', index: 1 });
    expect(childAt(object.spec.list, 'i:0')).toEqual({ value: { name: 'a', v: 1 }, index: 0 });
  });

  it('reports what is not there', () => {
    expect(valueAtPath(object, ['f:spec', 'f:list', 'k:{"name":"c"}']).found).toBe(false);
    expect(valueAtPath(object, ['f:spec', 'f:missing']).found).toBe(false);
    expect(childAt(object.spec, 'k:{"name":"a"}')).toBeUndefined();
    expect(childAt(object.spec.list, 'k:not json')).toBeUndefined();
  });
});
