// RFC 7386 conformance (every Appendix A example and the §3 example) plus properties that must hold
// for any document and patch: idempotence, purity, and "what the patch sets is what you get".
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMergePatch } from './mergePatch.js';
import { isJsonObject, jsonClone } from './json.js';

const appendixA: [unknown, unknown, unknown][] = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

describe('applyMergePatch', () => {
  it.each(appendixA)('RFC 7386 appendix A: %j + %j', (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it('applies the RFC 7386 section 3 example', () => {
    const target = {
      title: 'Goodbye!',
      author: { givenName: 'John', familyName: 'Doe' },
      tags: ['example', 'sample'],
      content: 'This will be unchanged',
    };
    const patch = { title: 'Hello!', phoneNumber: '+01-123-456-7890', author: { familyName: null }, tags: ['example'] };
    expect(applyMergePatch(target, patch)).toEqual({
      title: 'Hello!',
      author: { givenName: 'John' },
      tags: ['example'],
      content: 'This will be unchanged',
      phoneNumber: '+01-123-456-7890',
    });
  });

  it('returns a result that shares no structure with its inputs', () => {
    const target = { spec: { nested: { a: 1 } }, list: [{ x: 1 }] };
    const patch = { added: { deep: [1, 2] } };
    const result = applyMergePatch(target, patch) as Record<string, any>;
    result.spec.nested.a = 99;
    result.list[0].x = 99;
    result.added.deep.push(3);
    expect(target).toEqual({ spec: { nested: { a: 1 } }, list: [{ x: 1 }] });
    expect(patch).toEqual({ added: { deep: [1, 2] } });
  });

  it('treats __proto__ as an ordinary member name', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    const result = applyMergePatch({}, patch) as Record<string, unknown>;
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never mutates its inputs (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (target, patch) => {
        const before = [jsonClone(target), jsonClone(patch)];
        applyMergePatch(target, patch);
        expect([target, patch]).toEqual(before);
      }),
    );
  });

  it('prunes nulls inside values it copies, also inside arrays, as kube-apiserver does', () => {
    expect(applyMergePatch({}, { a: 1, b: [{ b: null, c: 1 }, null] })).toEqual({ a: 1, b: [{ c: 1 }, null] });
    expect(applyMergePatch({ b: 'x' }, { b: { a: [{ a: { c: 1 }, b: null }] } })).toEqual({ b: { a: [{ a: { c: 1 } }] } });
    // Replacing an object member with an array keeps the array as sent (evanphx/json-patch).
    expect(applyMergePatch({ b: { x: 1 } }, { b: [{ c: null }] })).toEqual({ b: [{ c: null }] });
  });

  it('is idempotent: applying a patch twice equals applying it once (property)', () => {
    const noNullsInArrays = (value: unknown, inArray = false): boolean => {
      if (Array.isArray(value)) return value.every((item) => noNullsInArrays(item, true));
      if (isJsonObject(value)) return Object.values(value).every((item) => !(inArray && item === null) && noNullsInArrays(item, inArray));
      return true;
    };
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue().filter((patch) => noNullsInArrays(patch)), (target, patch) => {
        const once = applyMergePatch(target, patch);
        expect(applyMergePatch(once, patch)).toEqual(once);
      }),
    );
  });

  it('sets every non-null scalar member of the patch and deletes every null one (property)', () => {
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(fc.string(), scalar), (target, patch) => {
        const result = applyMergePatch(target, patch) as Record<string, unknown>;
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) expect(Object.hasOwn(result, key)).toBe(false);
          else expect(result[key]).toEqual(value);
        }
      }),
    );
  });

  it('keeps every member of the target the patch does not name (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()), (target, patch) => {
        const result = applyMergePatch(target, patch) as Record<string, unknown>;
        for (const [key, value] of Object.entries(target)) {
          if (!Object.hasOwn(patch, key)) expect(result[key]).toEqual(value);
        }
      }),
    );
  });
});
