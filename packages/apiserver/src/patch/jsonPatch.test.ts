// RFC 6902 conformance (every Appendix A example), kube-apiserver's status split (400 malformed,
// 413 too many operations, 422 cannot apply — with its exact message), JSON Pointer escaping and
// index rules, atomicity, and properties over random documents.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSON_PATCH_FAILED_MESSAGE, applyJsonPatch } from './jsonPatch.js';
import { PatchError } from './patchError.js';
import { jsonClone } from './json.js';
import { formatJsonPointer, parseArrayIndex, parseJsonPointer } from './jsonPointer.js';

function failure(run: () => unknown): PatchError {
  try {
    run();
  } catch (error) {
    if (error instanceof PatchError) return error;
    throw error;
  }
  throw new Error('expected a PatchError');
}

const appendixA: [string, unknown, unknown[], unknown][] = [
  ['A.1 adding an object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { baz: 'qux', foo: 'bar' }],
  ['A.2 adding an array element', { foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
  ['A.3 removing an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  ['A.4 removing an array element', { foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
  ['A.5 replacing a value', { baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
  [
    'A.6 moving a value',
    { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
  ],
  [
    'A.7 moving an array element',
    { foo: ['all', 'grass', 'cows', 'eat'] },
    [{ op: 'move', from: '/foo/1', path: '/foo/3' }],
    { foo: ['all', 'cows', 'eat', 'grass'] },
  ],
  [
    'A.8 testing a value: success',
    { baz: 'qux', foo: ['a', 2, 'c'] },
    [
      { op: 'test', path: '/baz', value: 'qux' },
      { op: 'test', path: '/foo/1', value: 2 },
    ],
    { baz: 'qux', foo: ['a', 2, 'c'] },
  ],
  ['A.10 adding a nested member object', { foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }], { foo: 'bar', child: { grandchild: {} } }],
  ['A.11 ignoring unrecognized elements', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux', xyz: 123 }], { foo: 'bar', baz: 'qux' }],
  ['A.14 ~ escape ordering', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }], { '/': 9, '~1': 10 }],
  ['A.16 adding an array value', { foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], { foo: ['bar', ['abc', 'def']] }],
];

describe('applyJsonPatch', () => {
  it.each(appendixA)('RFC 6902 %s', (_name, target, operations, expected) => {
    expect(applyJsonPatch(target, operations)).toEqual(expected);
  });

  it.each([
    ['A.9 testing a value: error', { baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }]],
    ['A.12 adding to a nonexistent target', { foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]],
    // A.13's duplicate "op" member decodes (like Go's decoder) as its last value: remove of a missing path.
    ['A.13 invalid JSON patch document', { foo: 'bar' }, JSON.parse('[{"op":"add","path":"/baz","value":"qux","op":"remove"}]') as unknown[]],
    ['A.15 comparing strings and numbers', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }]],
  ])('RFC 6902 %s fails with 422 and kube-apiserver\'s message', (_name, target, operations) => {
    const error = failure(() => applyJsonPatch(target, operations));
    expect(error.status).toBe(422);
    expect(error.reason).toBe('Invalid');
    expect(error.message).toBe(JSON_PATCH_FAILED_MESSAGE);
    expect(error.causes).toBeUndefined();
  });

  it('fails a test of resourceVersion with 422 and a detail naming the path (what Kopf relies on)', () => {
    const error = failure(() =>
      applyJsonPatch({ metadata: { resourceVersion: '8' } }, [{ op: 'test', path: '/metadata/resourceVersion', value: '7' }]),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe('the server rejected our request due to an error in our request');
    expect(error.detail).toContain('testing value /metadata/resourceVersion failed');
  });

  it('compares objects in test by value, whatever their key order', () => {
    const target = { spec: { a: 1, b: { c: [1, { d: 2, e: 3 }] } } };
    expect(applyJsonPatch(target, [{ op: 'test', path: '/spec', value: { b: { c: [1, { e: 3, d: 2 }] }, a: 1 } }])).toEqual(target);
    expect(failure(() => applyJsonPatch(target, [{ op: 'test', path: '/spec', value: { a: 1 } }])).status).toBe(422);
  });

  it('answers 400 with the Go decoder wording when the body is not an array', () => {
    const error = failure(() => applyJsonPatch({}, { op: 'add', path: '/a', value: 1 }));
    expect(error.status).toBe(400);
    expect(error.reason).toBe('BadRequest');
    expect(error.message).toBe('error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp');
    expect(failure(() => applyJsonPatch({}, 'x')).message).toContain('cannot unmarshal string into');
  });

  it.each([
    ['an operation that is not an object', [1], 'json: cannot unmarshal number into Go value of type handlers.jsonPatchOp'],
    ['an op that is not a string', [{ op: 5, path: '/a' }], 'json: cannot unmarshal number into Go struct field jsonPatchOp.op of type string'],
    ['a path that is not a string', [{ op: 'remove', path: 3 }], 'json: cannot unmarshal number into Go struct field jsonPatchOp.path of type string'],
    ['a from that is not a string', [{ op: 'move', from: {}, path: '/b' }], 'json: cannot unmarshal object into Go struct field jsonPatchOp.from of type string'],
  ])('answers 400 when the body does not decode: %s', (_name, operations, goError) => {
    const error = failure(() => applyJsonPatch({ a: 1 }, operations));
    expect(error.status).toBe(400);
    expect(error.reason).toBe('BadRequest');
    expect(error.message).toBe(`error decoding patch: ${goError}`);
  });

  it.each([
    ['a missing op', [{ path: '/a', value: 1 }], 'Unexpected kind: unknown'],
    ['an unknown op', [{ op: 'merge', path: '/a', value: 1 }], 'Unexpected kind: merge'],
    ['a missing path', [{ op: 'remove' }], 'doc is missing path'],
    ['a path without a leading slash', [{ op: 'remove', path: 'a' }], 'must be empty or start with'],
    ['a path with a bad ~ escape', [{ op: 'remove', path: '/a~2' }], 'not followed by'],
    ['a move without from', [{ op: 'move', path: '/a/b' }], 'doc is missing from'],
  ])('answers 422 (as kube-apiserver applies, then fails) for %s', (_name, operations, detail) => {
    const error = failure(() => applyJsonPatch({ a: 1 }, operations));
    expect(error.status).toBe(422);
    expect(error.message).toBe(JSON_PATCH_FAILED_MESSAGE);
    expect(error.detail).toContain(detail);
  });

  it('reads a missing value as null, as Go decodes it', () => {
    expect(applyJsonPatch({ a: 1 }, [{ op: 'add', path: '/b' }])).toEqual({ a: 1, b: null });
    expect(applyJsonPatch({ a: null }, [{ op: 'test', path: '/a' }])).toEqual({ a: null });
  });

  it('decodes the whole body before applying anything: a later undecodable operation is a 400', () => {
    const target = { a: 1 };
    const error = failure(() => applyJsonPatch(target, [{ op: 'test', path: '/a', value: 2 }, 7]));
    expect(error.status).toBe(400);
    expect(target).toEqual({ a: 1 });
  });

  it('answers 413 above 10,000 operations and accepts exactly 10,000', () => {
    const ops = (n: number) => Array.from({ length: n }, () => ({ op: 'test', path: '/a', value: 1 }));
    expect(applyJsonPatch({ a: 1 }, ops(10_000))).toEqual({ a: 1 });
    const error = failure(() => applyJsonPatch({ a: 1 }, ops(10_001)));
    expect(error.status).toBe(413);
    expect(error.reason).toBe('RequestEntityTooLarge');
    expect(error.message).toBe('The allowed maximum operations in a JSON patch is 10000, got 10001');
  });

  it('treats a null body as no operations, as Go decodes it', () => {
    expect(applyJsonPatch({ a: 1 }, null)).toEqual({ a: 1 });
  });

  it('follows the array index rules: index == length appends, beyond fails, leading zeros and negatives fail', () => {
    expect(applyJsonPatch({ l: [1, 2] }, [{ op: 'add', path: '/l/2', value: 3 }])).toEqual({ l: [1, 2, 3] });
    expect(applyJsonPatch({ l: [1, 2] }, [{ op: 'add', path: '/l/0', value: 0 }])).toEqual({ l: [0, 1, 2] });
    for (const path of ['/l/3', '/l/01', '/l/-1', '/l/x']) {
      expect(failure(() => applyJsonPatch({ l: [1, 2] }, [{ op: 'add', path, value: 3 }])).status).toBe(422);
    }
    for (const path of ['/l/2', '/l/-', '/l/00']) {
      expect(failure(() => applyJsonPatch({ l: [1, 2] }, [{ op: 'remove', path }])).status).toBe(422);
    }
  });

  it('unescapes ~1 and ~0 in paths (in that order)', () => {
    expect(applyJsonPatch({ 'a/b': 1, 'm~n': 2 }, [
      { op: 'replace', path: '/a~1b', value: 10 },
      { op: 'remove', path: '/m~0n' },
      { op: 'add', path: '/~01', value: 'tilde-one' },
    ])).toEqual({ 'a/b': 10, '~1': 'tilde-one' });
  });

  it('refuses the empty path (the whole document) with 422, as kube-apiserver does', () => {
    for (const op of ['add', 'replace', 'test', 'remove']) {
      expect(failure(() => applyJsonPatch({ a: 1 }, [{ op, path: '', value: { a: 1 } }])).status).toBe(422);
    }
    expect(failure(() => applyJsonPatch({ a: 1 }, [{ op: 'copy', from: '', path: '/b' }])).status).toBe(422);
  });

  it('fails remove of a missing member, but replaces a missing object member by adding it, as kube-apiserver does', () => {
    expect(failure(() => applyJsonPatch({ a: 1 }, [{ op: 'remove', path: '/b' }])).status).toBe(422);
    expect(applyJsonPatch({ a: 1 }, [{ op: 'replace', path: '/b', value: 2 }])).toEqual({ a: 1, b: 2 });
    expect(failure(() => applyJsonPatch({ l: [1] }, [{ op: 'replace', path: '/l/1', value: 2 }])).status).toBe(422);
    expect(failure(() => applyJsonPatch({ a: 1 }, [{ op: 'replace', path: '/x/y', value: 2 }])).status).toBe(422);
  });

  it('copies null from a missing object member and tests a missing member equal to null, as kube-apiserver does', () => {
    expect(applyJsonPatch({ a: 1 }, [{ op: 'copy', from: '/missing', path: '/b' }])).toEqual({ a: 1, b: null });
    expect(applyJsonPatch({ a: 1 }, [{ op: 'test', path: '/missing', value: null }])).toEqual({ a: 1 });
    expect(failure(() => applyJsonPatch({ a: 1 }, [{ op: 'test', path: '/missing', value: 1 }])).status).toBe(422);
    expect(failure(() => applyJsonPatch({ l: [] }, [{ op: 'copy', from: '/l/0', path: '/b' }])).status).toBe(422);
  });

  it('copies deeply, so a later change to the copy leaves the source alone', () => {
    expect(applyJsonPatch({ a: { x: [1] } }, [
      { op: 'copy', from: '/a', path: '/b' },
      { op: 'add', path: '/b/x/-', value: 2 },
    ])).toEqual({ a: { x: [1] }, b: { x: [1, 2] } });
  });

  it('refuses to move a value into its own child', () => {
    expect(failure(() => applyJsonPatch({ a: { b: 1 } }, [{ op: 'move', from: '/a', path: '/a/b/c' }])).status).toBe(422);
    expect(applyJsonPatch({ a: { b: 1 } }, [{ op: 'move', from: '/a', path: '/a' }])).toEqual({ a: { b: 1 } });
  });

  it('is atomic: a failing operation leaves the input untouched and returns nothing half-applied', () => {
    const target = { metadata: { labels: { a: '1' } }, spec: { list: [1, 2, 3] } };
    const snapshot = jsonClone(target);
    const error = failure(() =>
      applyJsonPatch(target, [
        { op: 'add', path: '/metadata/labels/b', value: '2' },
        { op: 'remove', path: '/spec/list/0' },
        { op: 'test', path: '/spec/list/0', value: 1 },
      ]),
    );
    expect(error.status).toBe(422);
    expect(target).toEqual(snapshot);
  });

  it('never mutates its input, even when operations succeed (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), fc.jsonValue(), (target, key, value) => {
        const snapshot = jsonClone(target);
        const result = applyJsonPatch(target, [{ op: 'add', path: formatJsonPointer([key]), value }]) as Record<string, unknown>;
        expect(target).toEqual(snapshot);
        expect(result[key]).toEqual(value);
      }),
    );
  });

  it('passes a test of any value read back from the document (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), (target) => {
        for (const [key, value] of Object.entries(target)) {
          expect(applyJsonPatch(target, [{ op: 'test', path: formatJsonPointer([key]), value: jsonClone(value) }])).toEqual(target);
        }
      }),
    );
  });

  it('restores the document after add then remove of a new member (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), fc.jsonValue(), (target, key, value) => {
        fc.pre(!Object.hasOwn(target, key));
        const path = formatJsonPointer([key]);
        expect(applyJsonPatch(target, [{ op: 'add', path, value }, { op: 'remove', path }])).toEqual(target);
      }),
    );
  });
});

describe('parseJsonPointer', () => {
  it('round-trips any tokens through formatJsonPointer (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (tokens) => {
        expect(parseJsonPointer(formatJsonPointer(tokens))).toEqual(tokens);
      }),
    );
  });

  it('rejects pointers without a leading slash and bad escapes', () => {
    expect(parseJsonPointer('a')).toHaveProperty('error');
    expect(parseJsonPointer('/a~')).toHaveProperty('error');
    expect(parseJsonPointer('/a~2')).toHaveProperty('error');
    expect(parseJsonPointer('/')).toEqual(['']);
  });
});

describe('parseArrayIndex', () => {
  it('accepts canonical decimals and "-" only where the end is allowed', () => {
    expect(parseArrayIndex('0', 3, false)).toBe(0);
    expect(parseArrayIndex('12', 3, false)).toBe(12);
    expect(parseArrayIndex('-', 3, true)).toBe(3);
    expect(parseArrayIndex('-', 3, false)).toBeUndefined();
    expect(parseArrayIndex('01', 3, false)).toBeUndefined();
    expect(parseArrayIndex('-1', 3, false)).toBeUndefined();
    expect(parseArrayIndex('1e1', 3, false)).toBeUndefined();
    expect(parseArrayIndex('99999999999999999999', 3, false)).toBeUndefined();
  });
});
