// Unit tests of the encoder key order: built-in kinds in Go's declared order with sorted maps, custom
// resources sorted at every level, and the stored-object arranger's choice between the two.
import { stringifyJson } from '@opkit/json';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TYPES } from './builtins.js';
import { arrangeBuiltin, arrangeObjectMeta, storedArranger } from './keyOrder.js';
import type { ResourceType } from './types.js';

const type = (plural: string): ResourceType => {
  const found = BUILTIN_TYPES.find((t) => t.plural === plural && t.group === '');
  if (!found) throw new Error(plural);
  return found;
};

describe('arrangeBuiltin', () => {
  it('writes TypeMeta, ObjectMeta in declared order, the declared fields, then anything else; maps sorted', () => {
    const secret = arrangeBuiltin(type('secrets'), {
      extra: 1,
      type: 'Opaque',
      stringData: { b: '2', a: '1' },
      data: { z: 'eA==', 10: 'eQ==', 2: 'eg==' },
      metadata: { managedFields: [], labels: { b: '1', a: '2' }, uid: 'u', name: 'n', custom: true },
      apiVersion: 'v1',
      kind: 'Secret',
      immutable: true,
    });
    expect(stringifyJson(secret)).toBe(
      '{"kind":"Secret","apiVersion":"v1","metadata":{"name":"n","uid":"u","labels":{"a":"2","b":"1"},"managedFields":[],"custom":true},' +
        '"immutable":true,"data":{"10":"eQ==","2":"eg==","z":"eA=="},"stringData":{"a":"1","b":"2"},"type":"Opaque","extra":1}',
    );
  });

  it('orders owner references and managed fields entries as their structs', () => {
    const meta = arrangeObjectMeta({
      ownerReferences: [{ uid: 'u', controller: true, name: 'o', kind: 'K', apiVersion: 'v1' }],
      managedFields: [{ time: 't', fieldsV1: { 'f:data': {} }, manager: 'm', apiVersion: 'v1', fieldsType: 'FieldsV1', operation: 'Update' }],
    });
    expect(stringifyJson(meta)).toBe(
      '{"ownerReferences":[{"apiVersion":"v1","kind":"K","name":"o","uid":"u","controller":true}],' +
        '"managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","time":"t","fieldsType":"FieldsV1","fieldsV1":{"f:data":{}}}]}',
    );
  });

  it('keeps a __proto__ member as data', () => {
    const cm = arrangeBuiltin(type('configmaps'), JSON.parse('{"data":{"__proto__":"x","a":"y"},"__proto__":{"polluted":true}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(cm)).toBe(Object.prototype);
    expect(stringifyJson(cm)).toBe('{"data":{"__proto__":"x","a":"y"},"__proto__":{"polluted":true}}');
  });
});

describe('storedArranger', () => {
  it('arranges stored built-ins by their type and anything else as a custom resource (every level sorted)', () => {
    const arrange = storedArranger(BUILTIN_TYPES);
    expect(Object.keys(arrange('/configmaps', { data: {}, metadata: {}, apiVersion: 'v1', kind: 'ConfigMap' }))).toEqual(['kind', 'apiVersion', 'metadata', 'data']);
    // Core events are stored in core form: the core Event's field order, not the events.k8s.io view's.
    expect(Object.keys(arrange('/events', { note: 'n', reason: 'r', involvedObject: {}, kind: 'Event' }))).toEqual(['kind', 'involvedObject', 'reason', 'note']);
    const widget = arrange('example.com/widgets', { spec: { z: 1, a: { y: [{ b: 1, a: 2 }], b: 0 } }, metadata: { uid: 'u', name: 'w' }, kind: 'Widget', apiVersion: 'example.com/v1' });
    expect(stringifyJson(widget)).toBe('{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","uid":"u"},"spec":{"a":{"b":0,"y":[{"a":2,"b":1}]},"z":1}}');
  });
});
