// Content-Type → patch type, including parameters, letter case and the unsupported CBOR apply.
import { describe, expect, it } from 'vitest';
import { patchTypeFromContentType } from './contentType.js';

describe('patchTypeFromContentType', () => {
  it.each([
    ['application/merge-patch+json', 'merge'],
    ['application/json-patch+json', 'json'],
    ['application/strategic-merge-patch+json', 'strategic'],
    ['application/apply-patch+yaml', 'apply'],
    ['application/merge-patch+json; charset=utf-8', 'merge'],
    ['  Application/JSON-Patch+JSON ;charset=UTF-8', 'json'],
  ])('maps %s to %s', (contentType, expected) => {
    expect(patchTypeFromContentType(contentType)).toBe(expected);
  });

  it.each(['application/apply-patch+cbor', 'application/json', 'text/plain', '', 'application/merge-patch+jsonx', 'toString'])(
    'answers undefined (415) for %j',
    (contentType) => {
      expect(patchTypeFromContentType(contentType)).toBeUndefined();
    },
  );
});
