// Checks key forming against vectors computed with Kopf's own rules in CPython (hashlib.blake2b).
import { describe, expect, it } from 'vitest';
import { annotationKeys, diffBaseKeys, makeHashSuffix, makeV1Key, makeV2Key, progressKeys } from './annotationKeys.js';
import { blake2b } from './internal/blake2b.js';
import { InvalidStateArgumentError } from './errors.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('blake2b', () => {
  it('matches hashlib.blake2b with digest_size=4 and 64', () => {
    expect(hex(blake2b(bytes(''), 4))).toBe('1271cf25');
    expect(hex(blake2b(bytes('abc'), 4))).toBe('63906248');
    expect(hex(blake2b(bytes('create_fn/item1'), 4))).toBe('531a4b27');
    expect(hex(blake2b(bytes('x'.repeat(200)), 4))).toBe('01d7de14');
    expect(hex(blake2b(bytes('é😀'), 4))).toBe('001b98ea');
    expect(hex(blake2b(bytes('abc'), 64)).slice(0, 16)).toBe('ba80a53f981c4d0d');
    expect(hex(blake2b(bytes(''), 64)).slice(0, 16)).toBe('786a02f742015903');
  });
});

describe('progressKeys', () => {
  it('gives kopf.zalando.org/create_fn.item1 for create_fn/item1 in the kopf profile', () => {
    expect(progressKeys('create_fn/item1', { profile: 'kopf' })).toEqual(['kopf.zalando.org/create_fn.item1']);
  });

  it('uses opkit.dev by default and writes no legacy keys there', () => {
    expect(progressKeys('create_fn/item1')).toEqual(['opkit.dev/create_fn.item1']);
    expect(progressKeys('x'.repeat(63))).toEqual([`opkit.dev/${'x'.repeat(63)}`]);
  });

  it('replaces / < > as Kopf does', () => {
    expect(progressKeys('<lambda>:file.py:12', { profile: 'kopf' })).toEqual(['kopf.zalando.org/_lambda_:file.py:12']);
  });

  it('returns the v2 key first, then the hashed v1 key when they differ (kopf profile)', () => {
    const cases: [string, string, string][] = [
      ['handler_with_a_rather_long_name/spec.some.field',
        'kopf.zalando.org/handler_with_a_rather_long_name.spec.some.field',
        'kopf.zalando.org/handler_with_a_rather_long_name.spec.so-661xXA'],
      ['x'.repeat(63), `kopf.zalando.org/${'x'.repeat(63)}`, `kopf.zalando.org/${'x'.repeat(39)}-GINbRg`],
      ['y'.repeat(64), `kopf.zalando.org/${'y'.repeat(56)}-0d251g`, `kopf.zalando.org/${'y'.repeat(39)}-0d251g`],
      ['a/'.repeat(40), `kopf.zalando.org/${'a.'.repeat(28)}-VkP9Ag`, `kopf.zalando.org/${'a.'.repeat(19)}a-OZE4aA`],
      ['é'.repeat(70), `kopf.zalando.org/${'é'.repeat(56)}-ccPs2g`, `kopf.zalando.org/${'é'.repeat(39)}-ccPs2g`],
    ];
    for (const [id, v2, v1] of cases) expect(progressKeys(id, { profile: 'kopf' })).toEqual([v2, v1]);
  });

  it('cuts v1 keys like Python slicing when the prefix leaves no room', () => {
    const prefix = 'a'.repeat(200);
    expect(makeV1Key(prefix, 'create_fn/sub')).toBe(`${prefix}/-O1KwNA`);
    expect(makeV2Key(prefix, 'create_fn/sub')).toBe(`${prefix}/create_fn.sub`);
    expect(makeHashSuffix('create_fn.sub')).toBe('-O1KwNA');
  });

  it('gives the same keys again, whatever a caller did to an earlier answer, and tells the v1 setting apart', () => {
    const id = 'handler_with_a_rather_long_name/spec.some.field';
    const first = progressKeys(id, { profile: 'kopf' });
    first.length = 0;
    expect(progressKeys(id, { profile: 'kopf' })).toEqual([
      'kopf.zalando.org/handler_with_a_rather_long_name.spec.some.field', 'kopf.zalando.org/handler_with_a_rather_long_name.spec.so-661xXA',
    ]);
    expect(progressKeys(id, { profile: 'kopf', v1: false })).toEqual(['kopf.zalando.org/handler_with_a_rather_long_name.spec.some.field']);
  });

  it('marks keys of ReplicaSets owned by Deployments with -ofDRS', () => {
    const body = { kind: 'ReplicaSet', metadata: { ownerReferences: [{ kind: 'Deployment', name: 'web' }] } };
    expect(progressKeys('create_fn', { profile: 'kopf', body })).toEqual(['kopf.zalando.org/create_fn-ofDRS']);
    expect(progressKeys('create_fn', { profile: 'kopf', body: { kind: 'ReplicaSet', metadata: {} } }))
      .toEqual(['kopf.zalando.org/create_fn']);
  });

  it('rejects an empty handler id and an empty prefix with a clear error', () => {
    expect(() => progressKeys('')).toThrow(InvalidStateArgumentError);
    expect(() => annotationKeys('x', { prefix: '' })).toThrow(/prefix/);
  });
});

describe('diffBaseKeys', () => {
  it('names the diff-base annotation per profile', () => {
    expect(diffBaseKeys({ profile: 'kopf' })).toEqual(['kopf.zalando.org/last-handled-configuration']);
    expect(diffBaseKeys()).toEqual(['opkit.dev/last-handled-configuration']);
  });
});
