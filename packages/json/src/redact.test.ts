// Secret redaction: values gone, keys kept, everything else untouched, the input never changed.
import { describe, expect, it } from 'vitest';
import { LAST_APPLIED_ANNOTATION, REDACTED, isSecret, parseJson, redactSecret, redactSecretDiff, redactSecretPatch, redactSecrets, redactSecretValue, stringifyJson } from './index.js';

const VALUE = 'aHVudGVyMg==';
const PLAIN = 'hunter2';
const secret = (): Record<string, any> => ({
  apiVersion: 'v1', kind: 'Secret', type: 'Opaque',
  metadata: {
    name: 's', namespace: 'default', labels: { a: 'b' },
    annotations: { note: 'kept', 'kopf.zalando.org/last-handled-configuration': JSON.stringify({ data: { password: VALUE } }), [LAST_APPLIED_ANNOTATION]: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { password: PLAIN } }) },
  },
  data: { password: VALUE, big: 12345678901234567890n },
  stringData: { token: PLAIN },
});

describe('redactSecret', () => {
  it('replaces every data, stringData and last-applied value with the marker, keeps the keys and the rest', () => {
    const body = secret();
    const text = stringifyJson(redactSecret(body));
    expect(text).not.toContain(VALUE);
    expect(text).not.toContain(PLAIN);
    expect(text).not.toContain('12345678901234567890');
    const redacted = redactSecret(body);
    expect(redacted.data).toEqual({ password: REDACTED, big: REDACTED });
    expect(redacted.stringData).toEqual({ token: REDACTED });
    expect(redacted.metadata).toMatchObject({ name: 's', labels: { a: 'b' }, annotations: { note: 'kept' } });
    expect(parseJson(redacted.metadata.annotations[LAST_APPLIED_ANNOTATION] as string)).toEqual({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { password: REDACTED } });
    expect(parseJson(redacted.metadata.annotations['kopf.zalando.org/last-handled-configuration'] as string)).toEqual({ data: { password: REDACTED } });
    expect(body.data.password).toBe(VALUE); // a copy: the caller's object is untouched
  });

  it('leaves other kinds alone, and a last-applied annotation that is not JSON becomes the marker', () => {
    const map = { apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'b' } };
    expect(redactSecret(map)).toBe(map);
    expect(isSecret({ apiVersion: 'example.com/v1', kind: 'Secret' })).toBe(false);
    expect(redactSecretValue(['metadata', 'annotations', LAST_APPLIED_ANNOTATION], `{not json ${PLAIN}`)).toBe(REDACTED);
  });
});

describe('redactSecretDiff and redactSecretPatch', () => {
  it('redacts old and new by path, in objects and in Kopf tuples', () => {
    const diff = [
      { op: 'change', path: ['data', 'password'], old: VALUE, new: 'b3RoZXI=' },
      { op: 'add', path: ['data'], old: null, new: { token: VALUE } },
      ['add', [], null, secret()],
      { op: 'change', path: ['type'], old: 'Opaque', new: 'kubernetes.io/tls' },
    ];
    const redacted = redactSecretDiff(diff);
    expect(stringifyJson(redacted)).not.toMatch(/aHVudGVyMg|b3RoZXI|hunter2/);
    expect(redacted[0]).toEqual({ op: 'change', path: ['data', 'password'], old: REDACTED, new: REDACTED });
    expect(redacted[1]).toEqual({ op: 'add', path: ['data'], old: null, new: { token: REDACTED } });
    expect(redacted[3]).toEqual(diff[3]);
  });

  it('redacts merge patches (removals stay null) and JSON patches by pointer', () => {
    expect(redactSecretPatch({ data: { a: VALUE, gone: null }, metadata: { labels: { x: 'y' } } })).toEqual({ data: { a: REDACTED, gone: null }, metadata: { labels: { x: 'y' } } });
    expect(redactSecretPatch([
      { op: 'add', path: '/stringData/a~1b', value: PLAIN },
      { op: 'replace', path: '/data', value: { c: VALUE } },
      { op: 'remove', path: '/data/d' },
      { op: 'replace', path: '/metadata/labels/x', value: 'y' },
    ])).toEqual([
      { op: 'add', path: '/stringData/a~1b', value: REDACTED },
      { op: 'replace', path: '/data', value: { c: REDACTED } },
      { op: 'remove', path: '/data/d' },
      { op: 'replace', path: '/metadata/labels/x', value: 'y' },
    ]);
  });
});

describe('redactSecrets', () => {
  it('finds Secrets anywhere inside a value and returns values without one as they are', () => {
    const list = { kind: 'SecretList', items: [secret()], events: [{ type: 'ADDED', object: secret() }] };
    const text = stringifyJson(redactSecrets(list));
    expect(text).not.toMatch(/aHVudGVyMg|hunter2/);
    expect(text).toContain('"password"');
    const other = { a: [1, { b: 2n }], kind: 'ConfigMap' };
    expect(redactSecrets(other)).toBe(other);
  });
});
