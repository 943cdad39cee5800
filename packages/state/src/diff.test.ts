// Checks Kopf's diff semantics, field reduction, and (property-based) that the merge patch derived
// from diff(a, b) turns a into b.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diff, mergePatchFromDiff, reduceDiff } from './diff.js';
import { applyMergePatch } from './diff.js';

describe('diff', () => {
  it('recurses into objects and compares lists and scalars whole', () => {
    expect(diff({ spec: { x: 1, l: [1, 2], gone: 'a' } }, { spec: { x: 2, l: [1, 2, 3], new: true } })).toEqual([
      { op: 'add', path: ['spec', 'new'], old: null, new: true },
      { op: 'remove', path: ['spec', 'gone'], old: 'a', new: null },
      { op: 'change', path: ['spec', 'x'], old: 1, new: 2 },
      { op: 'change', path: ['spec', 'l'], old: [1, 2], new: [1, 2, 3] },
    ]);
  });

  it('treats a whole-object create or delete as one item with an empty path', () => {
    expect(diff(null, { a: 1 })).toEqual([{ op: 'add', path: [], old: null, new: { a: 1 } }]);
    expect(diff({ a: 1 }, undefined)).toEqual([{ op: 'remove', path: [], old: { a: 1 }, new: null }]);
    expect(diff(null, null)).toEqual([]);
  });

  it('treats null as absent and ignores key order', () => {
    expect(diff({ a: null, b: 1, c: 2 }, { c: 2, b: 1 })).toEqual([]);
    expect(diff({ a: 1 }, { a: null })).toEqual([{ op: 'remove', path: ['a'], old: 1, new: null }]);
  });

  it('reports a type change as a change of the whole value', () => {
    expect(diff({ a: { b: 1 } }, { a: [1] })).toEqual([{ op: 'change', path: ['a'], old: { b: 1 }, new: [1] }]);
  });
});

describe('reduceDiff', () => {
  it('shortens paths inside the field and re-diffs a replaced parent', () => {
    const changes = diff({ spec: { x: { y: 1 } } }, { spec: { x: { y: 2 } }, other: 1 });
    expect(reduceDiff(changes, 'spec.x')).toEqual([{ op: 'change', path: ['y'], old: 1, new: 2 }]);
    expect(reduceDiff(diff(null, { spec: { field: 'value' } }), 'spec.field'))
      .toEqual([{ op: 'add', path: [], old: null, new: 'value' }]);
    expect(reduceDiff(diff({ spec: { a: 1 } }, { spec: { a: 1 }, other: 2 }), ['spec', 'a'])).toEqual([]);
    expect(reduceDiff(changes, [])).toEqual(changes);
  });
});

/** JSON documents whose objects never hold null (for Kopf's diff, null equals absent). */
const jsonWithoutNullFields = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tie('scalar'), tie('array'), tie('object')),
  scalar: fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()),
  array: fc.array(fc.oneof(tie('value'), fc.constant(null)), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 5 }),
})).object;

function stripNullFields(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null).map(([key, item]) => [key, stripNullFields(item)]));
  }
  return value;
}

describe('mergePatchFromDiff', () => {
  it('applied to a, the merge patch derived from diff(a, b) yields b (random JSON documents)', () => {
    fc.assert(fc.property(jsonWithoutNullFields, jsonWithoutNullFields, (a, b) => {
      expect(applyMergePatch(a, mergePatchFromDiff(diff(a, b)))).toEqual(b);
    }), { numRuns: 500 });
  });

  it('also holds with null fields, modulo nulls (which Kopf and merge patches treat as absent)', () => {
    const withNulls = fc.jsonValue({ maxDepth: 4 }).filter((value) => typeof value === 'object' && value !== null && !Array.isArray(value));
    fc.assert(fc.property(withNulls, withNulls, (a, b) => {
      expect(stripNullFields(applyMergePatch(a, mergePatchFromDiff(diff(a, b))))).toEqual(stripNullFields(b));
    }), { numRuns: 300 });
  });

  it('turns a root removal into null and a root addition into the whole value', () => {
    expect(mergePatchFromDiff(diff({ a: 1 }, null))).toBeNull();
    expect(mergePatchFromDiff(diff(null, { a: 1 }))).toEqual({ a: 1 });
  });
});
