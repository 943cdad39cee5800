// Unit tests for the 1 MiB data limit of ConfigMaps and Secrets: what counts, and the exact cause.
import { describe, expect, it } from 'vitest';
import { MAX_DATA_SIZE_BYTES, configMapDataSize, configMapSizeCauses, secretDataSize, secretSizeCauses } from './dataSize.js';

describe('configMapDataSize', () => {
  it('counts data as UTF-8 bytes and binaryData decoded, ignoring keys and non-strings', () => {
    expect(configMapDataSize({ data: { a: 'é', b: 'xy' }, binaryData: { c: Buffer.from([1, 2, 3]).toString('base64') } })).toBe(2 + 2 + 3);
    expect(configMapDataSize({ data: null, binaryData: ['x'] })).toBe(0);
  });
});

describe('secretDataSize', () => {
  it('counts data decoded with stringData merged over it', () => {
    expect(secretDataSize({ data: { a: Buffer.from('12345').toString('base64'), b: Buffer.from('1').toString('base64') }, stringData: { a: 'é' } })).toBe(2 + 1);
  });
});

describe('configMapSizeCauses and secretSizeCauses', () => {
  it('accept exactly 1 MiB and give kube’s TooLong cause for one byte more', () => {
    expect(MAX_DATA_SIZE_BYTES).toBe(1048576);
    expect(configMapSizeCauses({ data: { a: 'x'.repeat(1048576) } })).toEqual([]);
    expect(configMapSizeCauses({ data: { a: 'x'.repeat(1048576) }, binaryData: { b: 'AA==' } })).toEqual([
      { reason: 'FieldValueTooLong', field: '[]', message: 'Too long: may not be more than 1048576 bytes' },
    ]);
    expect(secretSizeCauses({ stringData: { a: 'x'.repeat(1048576) } })).toEqual([]);
    expect(secretSizeCauses({ stringData: { a: 'x'.repeat(1048577) } })).toEqual([
      { reason: 'FieldValueTooLong', field: 'data', message: 'Too long: may not be more than 1048576 bytes' },
    ]);
  });
});
