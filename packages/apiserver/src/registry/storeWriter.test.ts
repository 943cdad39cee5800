// Unit tests of the one store writer: the guard that refuses a commit computed from an object that has
// changed since (what protects a write while admission webhooks run), and the precondition wordings.
import { describe, expect, it } from 'vitest';
import { StatusError } from '../errors.js';
import { BUILTIN_TYPES } from '../resources/index.js';
import { ObjectStore } from '../storage/index.js';
import { StoreWriter, checkPreconditions } from './storeWriter.js';

const configMaps = BUILTIN_TYPES.find((t) => t.plural === 'configmaps' && t.group === '');
if (!configMaps) throw new Error('configmaps missing');
const type = configMaps;

function failure(run: () => unknown): { code: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof StatusError) return { code: error.httpStatus, message: error.message };
    throw error;
  }
  throw new Error('expected a StatusError');
}

describe('StoreWriter', () => {
  it('commits a change computed from the stored object, and refuses one computed from an older state (409)', () => {
    const store = new ObjectStore({ historySize: 10 });
    const writer = new StoreWriter(store);
    const a = writer.write(type, { op: 'create', object: { metadata: { name: 'a', namespace: 'ns', uid: 'u1' }, data: { x: '1' } } });
    const b = writer.write(type, { op: 'update', previous: a, next: { ...a, data: { x: '2' } } });
    expect(b.metadata?.resourceVersion).toBe('2');
    // Computed from `a` while `b` was committed (e.g. while webhooks ran): refused, nothing committed.
    expect(failure(() => writer.write(type, { op: 'update', previous: a, next: { ...a, data: { x: '3' } } }))).toEqual({
      code: 409,
      message: 'Operation cannot be fulfilled on configmaps "a": the object has been modified; please apply your changes to the latest version and try again',
    });
    expect(failure(() => writer.write(type, { op: 'delete', previous: a })).code).toBe(409);
    expect(store.resourceVersion).toBe(2);
    expect(failure(() => writer.write(type, { op: 'create', object: { metadata: { name: 'a', namespace: 'ns' } } }))).toEqual({ code: 409, message: 'configmaps "a" already exists' });
    writer.write(type, { op: 'delete', previous: b });
    expect(failure(() => writer.write(type, { op: 'update', previous: b, next: b })).code).toBe(404);
  });

  it('checks the uid first, then the resourceVersion, in the words of an object or of DeleteOptions', () => {
    const stored = { metadata: { name: 'a', namespace: 'ns', uid: 'u1', resourceVersion: '5' } };
    expect(failure(() => checkPreconditions(type, stored, { uid: 'u2', resourceVersion: '4' }, 'object')).message).toBe(
      'Operation cannot be fulfilled on configmaps "a": Precondition failed: UID in precondition: u2, UID in object meta: u1',
    );
    expect(failure(() => checkPreconditions(type, stored, { resourceVersion: '4' }, 'object')).message).toContain('the object has been modified');
    expect(failure(() => checkPreconditions(type, stored, { resourceVersion: '4' }, 'deleteOptions')).message).toBe(
      'Operation cannot be fulfilled on configmaps "a": Precondition failed: ResourceVersion in precondition: 4, ResourceVersion in object meta: 5',
    );
    expect(() => checkPreconditions(type, stored, { uid: 'u1', resourceVersion: '5' }, 'deleteOptions')).not.toThrow();
    expect(() => checkPreconditions(type, stored, { uid: null, resourceVersion: undefined }, 'object')).not.toThrow();
  });
});
