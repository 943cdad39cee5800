// PatchError carries a Status answer and belongs to the package's error family.
import { describe, expect, it } from 'vitest';
import { PatchError, badRequest, internalError } from './patchError.js';
import { ApiServerError } from '../errors.js';

describe('PatchError', () => {
  it('is an ApiServerError with code Status, carrying status, reason, causes and detail', () => {
    const error = new PatchError(409, 'Conflict', 'Apply failed with 1 conflict: conflict with "a": .x', {
      causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "a"', field: '.x' }],
      detail: 'why',
    });
    expect(error).toBeInstanceOf(ApiServerError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('Status');
    expect(error.name).toBe('PatchError');
    expect([error.status, error.reason, error.message, error.detail]).toEqual([409, 'Conflict', 'Apply failed with 1 conflict: conflict with "a": .x', 'why']);
    expect(error.causes).toHaveLength(1);
  });

  it('leaves causes and detail out when there are none', () => {
    const error = badRequest('bad');
    expect([error.status, error.reason]).toEqual([400, 'BadRequest']);
    expect(error.causes).toBeUndefined();
    expect(error.detail).toBeUndefined();
  });

  it('answers plain Go errors as kube-apiserver does: 500, reason Unknown, message as is', () => {
    const error = internalError('map: map[a:1] does not contain declared merge key: name');
    expect([error.status, error.reason, error.message]).toEqual([500, '', 'map: map[a:1] does not contain declared merge key: name']);
  });
});
