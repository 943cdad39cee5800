// Tests of the Kubernetes name rules and their messages.
import { describe, expect, it } from 'vitest';
import { isDns1035Label, isDns1123Label, isDns1123Subdomain, isQualifiedName, isValidLabelValue, isValidPathSegmentName, validateName } from './names.js';

describe('isDns1123Subdomain', () => {
  it('accepts lowercase dotted names up to 253 characters', () => {
    expect(isDns1123Subdomain('example.com')).toEqual([]);
    expect(isDns1123Subdomain('a-1.b-2')).toEqual([]);
    expect(isDns1123Subdomain(`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`)).toEqual([]);
  });

  it('rejects uppercase, underscores, edge dashes and overlong names with kube’s message', () => {
    expect(isDns1123Subdomain('Bad')).toEqual([
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ]);
    expect(isDns1123Subdomain('a_b')).toHaveLength(1);
    expect(isDns1123Subdomain('-a')).toHaveLength(1);
    expect(isDns1123Subdomain('a.')).toHaveLength(1);
    expect(isDns1123Subdomain('a'.repeat(254))).toContain('must be no more than 253 characters');
  });
});

describe('isDns1123Label', () => {
  it('rejects dots and more than 63 characters', () => {
    expect(isDns1123Label('my-name')).toEqual([]);
    expect(isDns1123Label('a.b')[0]).toBe(
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    );
    expect(isDns1123Label('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
  });
});

describe('isDns1035Label', () => {
  it('requires a leading letter', () => {
    expect(isDns1035Label('v1')).toEqual([]);
    expect(isDns1035Label('1v')).toHaveLength(1);
  });
});

describe('isQualifiedName', () => {
  it('accepts names with an optional DNS prefix', () => {
    expect(isQualifiedName('app')).toEqual([]);
    expect(isQualifiedName('MyName')).toEqual([]);
    expect(isQualifiedName('example.com/my_key.x')).toEqual([]);
    expect(isQualifiedName('kopf.zalando.org/KopfFinalizerMarker')).toEqual([]);
  });

  it('reports each bad part', () => {
    expect(isQualifiedName('/a')).toEqual(['prefix part must be non-empty']);
    expect(isQualifiedName('Ex.com/a')[0]).toMatch(/^prefix part a lowercase RFC 1123 subdomain/);
    expect(isQualifiedName('a/')).toContain('name part must be non-empty');
    expect(isQualifiedName('a/b/c')[0]).toMatch(/^a qualified name must consist of alphanumeric characters.* with an optional DNS subdomain prefix and '\/' \(e\.g\. 'example\.com\/MyName'\)$/);
    expect(isQualifiedName('x'.repeat(64))).toContain('name part must be no more than 63 characters');
    expect(isQualifiedName('-a')[0]).toBe(
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    );
  });
});

describe('isValidLabelValue', () => {
  it('accepts empty and well-formed values', () => {
    expect(isValidLabelValue('')).toEqual([]);
    expect(isValidLabelValue('my_value.1')).toEqual([]);
    expect(isValidLabelValue('a b')).toHaveLength(1);
    expect(isValidLabelValue('x'.repeat(64))).toContain('must be no more than 63 characters');
  });
});

describe('isValidPathSegmentName', () => {
  it('rejects . .. / and %', () => {
    expect(isValidPathSegmentName('.')).toEqual(["may not be '.'"]);
    expect(isValidPathSegmentName('..')).toEqual(["may not be '..'"]);
    expect(isValidPathSegmentName('a/b%')).toEqual(["may not contain '/'", "may not contain '%'"]);
    expect(isValidPathSegmentName('.', true)).toEqual([]);
  });
});

describe('validateName', () => {
  it('allows a trailing dash in a generateName prefix only', () => {
    expect(validateName('web-', 'dns1123-subdomain', true)).toEqual([]);
    expect(validateName('web-', 'dns1123-subdomain')).toHaveLength(1);
    expect(validateName('Web', 'dns1123-label')).toHaveLength(1);
    expect(validateName('a:b', 'path-segment')).toEqual([]);
    expect(validateName('1svc', 'dns1035-label')).toHaveLength(1);
    expect(validateName('svc-', 'dns1035-label', true)).toEqual([]);
  });
});
