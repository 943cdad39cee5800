// Tests of the JSONPath subset used by printer columns and selectable fields.
import { describe, expect, it } from 'vitest';
import { JsonPathError } from '../validation/errors.js';
import { evaluateJsonPath, evaluateJsonPathAll, parseJsonPath } from './jsonPath.js';

const obj = {
  metadata: { name: 'w1', labels: { 'app.kubernetes.io/name': 'web' }, annotations: { 'example.com/x': 'y' } },
  spec: { replicas: 3, ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }], flag: false, empty: null },
  status: {
    conditions: [
      { type: 'Ready', status: 'True', observedGeneration: 2 },
      { type: 'Progressing', status: 'False', observedGeneration: 1 },
    ],
  },
};

describe('evaluateJsonPath', () => {
  it('follows dotted fields', () => {
    expect(evaluateJsonPath(obj, '.spec.replicas')).toBe(3);
    expect(evaluateJsonPath(obj, '.metadata.name')).toBe('w1');
    expect(evaluateJsonPath(obj, '.spec.flag')).toBe(false);
    expect(evaluateJsonPath(obj, '.spec.empty')).toBeNull();
  });

  it('gives undefined for missing keys instead of failing', () => {
    expect(evaluateJsonPath(obj, '.spec.nothing.deeper')).toBeUndefined();
    expect(evaluateJsonPath(obj, '.spec.replicas.x')).toBeUndefined();
    expect(evaluateJsonPath(obj, '.spec.ports[5].name')).toBeUndefined();
  });

  it('accepts braces, $ and a missing leading dot', () => {
    expect(evaluateJsonPath(obj, '{.spec.replicas}')).toBe(3);
    expect(evaluateJsonPath(obj, '$.spec.replicas')).toBe(3);
    expect(evaluateJsonPath(obj, 'spec.replicas')).toBe(3);
  });

  it('indexes arrays, including negative indexes and slices', () => {
    expect(evaluateJsonPath(obj, '.spec.ports[0].port')).toBe(80);
    expect(evaluateJsonPath(obj, '.spec.ports[-1].name')).toBe('https');
    expect(evaluateJsonPathAll(obj, '.spec.ports[0:2].port')).toEqual([80, 443]);
    expect(evaluateJsonPathAll(obj, '.spec.ports[*].name')).toEqual(['http', 'https']);
    expect(evaluateJsonPathAll(obj, '.spec.ports.*.port')).toEqual([80, 443]);
  });

  it('reads keys with dots and slashes in brackets or with escapes', () => {
    expect(evaluateJsonPath(obj, ".metadata.labels['app.kubernetes.io/name']")).toBe('web');
    expect(evaluateJsonPath(obj, '.metadata.labels["app.kubernetes.io/name"]')).toBe('web');
    expect(evaluateJsonPath(obj, '.metadata.annotations.example\\.com/x')).toBe('y');
  });

  it('filters by equality, inequality and comparison', () => {
    expect(evaluateJsonPath(obj, '.status.conditions[?(@.type=="Ready")].status')).toBe('True');
    expect(evaluateJsonPath(obj, ".status.conditions[?(@.type == 'Progressing')].status")).toBe('False');
    expect(evaluateJsonPathAll(obj, '.status.conditions[?(@.type!="Ready")].type')).toEqual(['Progressing']);
    expect(evaluateJsonPathAll(obj, '.status.conditions[?(@.observedGeneration>1)].type')).toEqual(['Ready']);
    expect(evaluateJsonPathAll(obj, '.spec.ports[?(@.port<=80)].name')).toEqual(['http']);
    expect(evaluateJsonPath(obj, '.status.conditions[?(@.type=="Missing")].status')).toBeUndefined();
  });

  it('filters by existence', () => {
    expect(evaluateJsonPathAll({ a: [{ x: 1 }, { y: 2 }] }, '.a[?(@.x)]')).toEqual([{ x: 1 }]);
  });

  it('descends recursively', () => {
    expect(evaluateJsonPathAll(obj, '..port')).toEqual([80, 443]);
  });

  it('throws JsonPathError on bad syntax', () => {
    expect(() => parseJsonPath('.spec[0')).toThrow(JsonPathError);
    expect(() => parseJsonPath('.spec[?(x==1)]')).toThrow('filter must start with @');
    expect(() => parseJsonPath('.spec[abc]')).toThrow("unsupported array expression '[abc]'");
    expect(() => parseJsonPath('.a[?(@.b==nope)]')).toThrow("unsupported literal 'nope'");
  });
});
