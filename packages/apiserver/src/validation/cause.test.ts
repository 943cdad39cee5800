// Tests of the field-error causes and their kube-apiserver wording.
import { describe, expect, it } from 'vitest';
import {
  causeDuplicate,
  causeForbidden,
  causeInvalid,
  causeNotSupported,
  causeRequired,
  causeToString,
  causeTooLong,
  causeTooMany,
  causeTypeInvalid,
  invalidMessage,
} from './cause.js';
import { goBadValue, goJson, goNumber, goPrint, goQuote, goSyntax } from './goFormat.js';

describe('cause constructors', () => {
  it('words Invalid values like field.Invalid', () => {
    expect(causeInvalid('metadata.name', 'A', 'bad')).toEqual({ reason: 'FieldValueInvalid', field: 'metadata.name', message: 'Invalid value: "A": bad' });
    expect(causeInvalid('spec.n', 3, 'bad').message).toBe('Invalid value: 3: bad');
    expect(causeInvalid('spec.n', null, 'bad').message).toBe('Invalid value: "null": bad');
    expect(causeInvalid('spec.l', ['a'], 'bad').message).toBe('Invalid value: []string{"a"}: bad');
  });

  it('words the other reasons like apimachinery', () => {
    expect(causeRequired('spec.size').message).toBe('Required value');
    expect(causeRequired('metadata.name', 'name or generateName is required').message).toBe('Required value: name or generateName is required');
    expect(causeNotSupported('spec.color', 'x', ['a', 'b'])).toEqual({
      reason: 'FieldValueNotSupported',
      field: 'spec.color',
      message: 'Unsupported value: "x": supported values: "a", "b"',
    });
    expect(causeForbidden('metadata.namespace', 'not allowed on this type').message).toBe('Forbidden: not allowed on this type');
    expect(causeTooLong('metadata.annotations', 262144).message).toBe('Too long: may not be more than 262144 bytes');
    expect(causeTooLong('x', 1).message).toBe('Too long: may not be more than 1 byte');
    expect(causeTooMany('spec.items', 3, 2).message).toBe('Too many: 3: must have at most 2 items');
    expect(causeDuplicate('spec.tags[1]', 'a').message).toBe('Duplicate value: "a"');
    expect(causeTypeInvalid('spec.size', 'string', 'd').reason).toBe('FieldValueTypeInvalid');
  });

  it('prints a cause as field: message', () => {
    expect(causeToString(causeRequired('spec.size'))).toBe('spec.size: Required value');
  });
});

describe('invalidMessage', () => {
  it('names the kind and object and lists one cause bare', () => {
    const c = causeTypeInvalid('spec.size', 'string', 'spec.size in body must be of type integer: "string"');
    expect(invalidMessage('Widget.example.com', 'w1', [c])).toBe(
      'Widget.example.com "w1" is invalid: spec.size: Invalid value: "string": spec.size in body must be of type integer: "string"',
    );
  });

  it('brackets several causes and drops duplicates', () => {
    const a = causeRequired('spec.a');
    const b = causeRequired('spec.b');
    expect(invalidMessage('Widget.example.com', 'w1', [a, b, a])).toBe('Widget.example.com "w1" is invalid: [spec.a: Required value, spec.b: Required value]');
  });
});

describe('Go formatting', () => {
  it('quotes like %q', () => {
    expect(goQuote('a"b\\c\n')).toBe('"a\\"b\\\\c\\n"');
    expect(goQuote('\u0001')).toBe('"\\x01"');
  });

  it('prints numbers like Go', () => {
    expect(goNumber(3)).toBe('3');
    expect(goNumber(1.5)).toBe('1.5');
    expect(goNumber(1e-7)).toBe('1e-07');
    expect(goNumber(1e21)).toBe('1e+21');
    // int64 (a bigint beyond 2^53) in decimal; a float64 (an integral number beyond 2^53) as %v prints it.
    expect(goNumber(-9223372036854775808n)).toBe('-9223372036854775808');
    expect(goNumber(18446744073709552000)).toBe('1.8446744073709552e+19');
    expect(goNumber(1234567.5)).toBe('1.2345675e+06');
    expect(goBadValue(9007199254740993n)).toBe('9007199254740993');
    expect(goPrint({ n: 9007199254740993n })).toBe('map[n:9007199254740993]');
    expect(goJson({ n: 9007199254740993n, m: { 2: 'b', 10: 'a' } })).toBe('{"m":{"10":"a","2":"b"},"n":9007199254740993}');
  });

  it('prints values like %v and %#v', () => {
    expect(goPrint({ b: 1, a: 'x' })).toBe('map[a:x b:1]');
    expect(goPrint(['a', 2, true, null])).toBe('[a 2 true <nil>]');
    expect(goSyntax({ name: 'a', port: 80 })).toBe('map[string]interface {}{"name":"a", "port":80}');
    expect(goSyntax([1, 'x'])).toBe('[]interface {}{1, "x"}');
    expect(goBadValue(true)).toBe('true');
    expect(goJson({ z: null, a: [1, 2.5, 'q'] })).toBe('{"a":[1,2.5,"q"],"z":null}');
    expect(goJson('a<b')).toBe('"a\\u003cb"');
  });
});
