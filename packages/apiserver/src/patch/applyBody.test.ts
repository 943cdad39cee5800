// Apply-patch bodies: JSON and YAML, YAML 1.1 scalars as kube-apiserver reads them, timestamps kept
// as strings, and 400 for anything that is not one YAML object.
import { describe, expect, it } from 'vitest';
import { parseApplyBody } from './applyBody.js';
import { PatchError } from './patchError.js';

function status(text: string): number | undefined {
  try {
    parseApplyBody(text);
  } catch (error) {
    if (error instanceof PatchError) return error.status;
    throw error;
  }
  return undefined;
}

describe('parseApplyBody', () => {
  it('reads the JSON kubectl sends', () => {
    expect(parseApplyBody('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"x":"1"}}')).toEqual({
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { x: '1' },
    });
  });

  it('reads YAML 1.1 as sigs.k8s.io/yaml does (yes → true, an unquoted key n → "false"), timestamps as strings', () => {
    const body = parseApplyBody([
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: a',
      '  annotations:',
      '    at: 2026-01-02T03:04:05Z',
      'data:',
      '  "n": "1"',
      '  n: "2"',
      '  flag: "yes"',
      'spec:',
      '  replicas: 3',
      '  enabled: yes',
    ].join('\n'));
    expect(body).toEqual({
      apiVersion: 'v1', kind: 'ConfigMap',
      metadata: { name: 'a', annotations: { at: '2026-01-02T03:04:05Z' } },
      data: { n: '1', false: '2', flag: 'yes' },
      spec: { replicas: 3, enabled: true },
    });
  });

  it.each([
    ['broken YAML', 'a: [1, 2'],
    ['a duplicate key', 'a: 1\na: 2'],
    ['several documents', 'a: 1\n---\nb: 2'],
    ['a list', '- a\n- b'],
    ['a scalar', 'just text'],
    ['an empty body', ''],
    ['an infinite number', 'spec:\n  x: .inf'],
    ['a YAML set', 'spec: !!set {a, b}'],
    ['binary data', 'spec: !!binary aGVsbG8='],
  ])('answers 400 for %s', (_name, text) => {
    expect(status(text)).toBe(400);
  });

  it('names the problem in the message', () => {
    try {
      parseApplyBody('- a');
    } catch (error) {
      expect((error as PatchError).message).toBe(
        'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}',
      );
      expect((error as PatchError).reason).toBe('BadRequest');
    }
    expect.assertions(2);
  });
});
