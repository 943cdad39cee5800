// Tests of the fieldValidation directive: Strict rejects, Warn warns, Ignore ignores, bad values 422.
import { describe, expect, it } from 'vitest';
import { fieldValidationMode, fieldValidationOutcome, validateFieldValidationParam, warningHeader } from './fieldValidation.js';

describe('fieldValidationOutcome', () => {
  it('rejects unknown fields under Strict with kube’s message', () => {
    expect(fieldValidationOutcome('Strict', ['spec.a', 'spec.b'])).toEqual({
      reject: 'strict decoding error: unknown field "spec.a", unknown field "spec.b"',
      warnings: [],
    });
  });

  it('warns per field under Warn and by default', () => {
    expect(fieldValidationOutcome('Warn', ['spec.a'])).toEqual({ warnings: ['unknown field "spec.a"'] });
    expect(fieldValidationOutcome(undefined, ['spec.a'])).toEqual({ warnings: ['unknown field "spec.a"'] });
  });

  it('says nothing under Ignore or without unknown fields', () => {
    expect(fieldValidationOutcome('Ignore', ['spec.a'])).toEqual({ warnings: [] });
    expect(fieldValidationOutcome('Strict', [])).toEqual({ warnings: [] });
  });
});

describe('validateFieldValidationParam', () => {
  it('accepts the three modes and empty', () => {
    for (const v of [undefined, '', 'Ignore', 'Warn', 'Strict']) expect(validateFieldValidationParam(v)).toEqual([]);
    expect(fieldValidationMode('Strict')).toBe('Strict');
    expect(fieldValidationMode('')).toBe('Warn');
  });

  it('rejects other values as unsupported', () => {
    expect(validateFieldValidationParam('strict')).toEqual([
      { reason: 'FieldValueNotSupported', field: 'fieldValidation', message: 'Unsupported value: "strict": supported values: "", "Ignore", "Strict", "Warn"' },
    ]);
  });
});

describe('warningHeader', () => {
  it('quotes the text as a 299 warning', () => {
    expect(warningHeader('unknown field "spec.foo"')).toBe('299 - "unknown field \\"spec.foo\\""');
  });
});
