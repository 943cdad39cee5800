// Tests of ObjectMeta validation: names, namespace, labels, annotations, finalizers, owner references.
import { describe, expect, it } from 'vitest';
import { microTimeError, microTimeValid, timeValid } from './microTime.js';
import { TOTAL_ANNOTATION_SIZE_LIMIT, validateObjectMeta } from './objectMeta.js';

const ns = { namespaced: true, nameValidation: 'dns1123-subdomain' } as const;
const cluster = { namespaced: false, nameValidation: 'dns1123-subdomain' } as const;

describe('validateObjectMeta', () => {
  it('accepts a well-formed namespaced object', () => {
    expect(
      validateObjectMeta(
        {
          name: 'w1',
          namespace: 'default',
          labels: { app: 'web', 'example.com/tier': '' },
          annotations: { 'Example.com/Note': 'x' },
          finalizers: ['kopf.zalando.org/KopfFinalizerMarker'],
          ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'p', uid: 'u', controller: true }],
        },
        ns,
      ),
    ).toEqual([]);
  });

  it('requires a name or generateName', () => {
    expect(validateObjectMeta({ namespace: 'default' }, ns)).toEqual([
      { reason: 'FieldValueRequired', field: 'metadata.name', message: 'Required value: name or generateName is required' },
    ]);
  });

  it('validates generateName with its trailing dash masked', () => {
    expect(validateObjectMeta({ generateName: 'web-', name: 'web-abc12', namespace: 'default' }, ns)).toEqual([]);
    const causes = validateObjectMeta({ generateName: 'Web-', name: 'x', namespace: 'default' }, ns);
    expect(causes.map((c) => c.field)).toEqual(['metadata.generateName']);
  });

  it('reports an invalid name with kube’s message', () => {
    const [cause] = validateObjectMeta({ name: 'Bad_Name', namespace: 'default' }, ns);
    expect(cause?.field).toBe('metadata.name');
    expect(cause?.reason).toBe('FieldValueInvalid');
    expect(cause?.message).toMatch(/^Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of/);
  });

  it('requires a namespace for namespaced kinds and forbids it for cluster kinds', () => {
    expect(validateObjectMeta({ name: 'a' }, ns)).toEqual([{ reason: 'FieldValueRequired', field: 'metadata.namespace', message: 'Required value' }]);
    expect(validateObjectMeta({ name: 'a', namespace: 'x' }, cluster)).toEqual([
      { reason: 'FieldValueForbidden', field: 'metadata.namespace', message: 'Forbidden: not allowed on this type' },
    ]);
    expect(validateObjectMeta({ name: 'a', namespace: 'Bad.NS' }, ns)[0]?.field).toBe('metadata.namespace');
  });

  it('validates label keys and values', () => {
    const causes = validateObjectMeta({ name: 'a', namespace: 'd', labels: { 'bad key': 'ok', good: 'bad value' } }, ns);
    expect(causes.map((c) => [c.field, c.message.slice(0, 27)])).toEqual([
      ['metadata.labels', 'Invalid value: "bad key": n'],
      ['metadata.labels', 'Invalid value: "bad value":'],
    ]);
  });

  it('limits the total annotation size to 256 KiB', () => {
    const big = { 'a/b': 'x'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT - 3) };
    expect(validateObjectMeta({ name: 'a', namespace: 'd', annotations: big }, ns)).toEqual([]);
    const tooBig = { 'a/b': 'x'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT - 2) };
    expect(validateObjectMeta({ name: 'a', namespace: 'd', annotations: tooBig }, ns)).toEqual([
      { reason: 'FieldValueTooLong', field: 'metadata.annotations', message: 'Too long: may not be more than 262144 bytes' },
    ]);
  });

  it('validates finalizer names and the orphan/foreground exclusion', () => {
    expect(validateObjectMeta({ name: 'a', namespace: 'd', finalizers: ['bad name'] }, ns)[0]?.field).toBe('metadata.finalizers');
    const both = validateObjectMeta({ name: 'a', namespace: 'd', finalizers: ['orphan', 'foregroundDeletion'] }, ns);
    expect(both.map((c) => c.message)).toEqual(['Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set']);
  });

  it('validates owner references and allows one controller', () => {
    const causes = validateObjectMeta(
      {
        name: 'a',
        namespace: 'd',
        ownerReferences: [
          { apiVersion: 'v1', kind: 'ConfigMap', name: 'x', uid: '1', controller: true },
          { apiVersion: '', kind: '', name: '', uid: '', controller: true },
        ],
      },
      ns,
    );
    expect(causes.map((c) => c.field)).toEqual([
      'metadata.ownerReferences.apiVersion',
      'metadata.ownerReferences.kind',
      'metadata.ownerReferences.name',
      'metadata.ownerReferences.uid',
      'metadata.ownerReferences',
    ]);
    expect(causes[4]?.message).toContain('Only one reference can have Controller set to true. Found "true" in references for ConfigMap/x and /');
  });

  it('applies the path-segment rule when asked', () => {
    expect(validateObjectMeta({ name: 'Any:Thing' }, { namespaced: false, nameValidation: 'path-segment' })).toEqual([]);
    expect(validateObjectMeta({ name: 'a/b' }, { namespaced: false, nameValidation: 'path-segment' })[0]?.message).toBe("Invalid value: \"a/b\": may not contain '/'");
  });
});

describe('microTimeValid', () => {
  it('requires exactly six fractional digits', () => {
    expect(microTimeValid('2026-01-02T03:04:05.123456Z')).toBe(true);
    expect(microTimeValid('2026-01-02T03:04:05.123456+02:00')).toBe(true);
    expect(microTimeValid('2026-01-02T03:04:05.123Z')).toBe(false);
    expect(microTimeValid(new Date().toISOString())).toBe(false);
    expect(microTimeValid('2026-01-02T03:04:05Z')).toBe(false);
    expect(microTimeValid('2026-02-30T03:04:05.123456Z')).toBe(false);
    expect(microTimeValid('2026-01-02T24:04:05.123456Z')).toBe(false);
  });

  it('explains the failure like Go’s time parser', () => {
    expect(microTimeError('2026-01-02T03:04:05.123Z')).toBe(
      'parsing time "2026-01-02T03:04:05.123Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse ".123Z" as ".000000"',
    );
  });
});

describe('timeValid', () => {
  it('accepts RFC 3339 with or without fractions', () => {
    expect(timeValid('2026-01-02T03:04:05Z')).toBe(true);
    expect(timeValid('2026-01-02T03:04:05.1-07:00')).toBe(true);
    expect(timeValid('2026-01-02 03:04:05Z')).toBe(false);
  });
});
