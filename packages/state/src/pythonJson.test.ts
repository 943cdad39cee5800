// Checks the encoder against output captured from CPython 3's json.dumps(value, separators=(',', ':')).
import { describe, expect, it } from 'vitest';
import { encodeJson, encodeNumber } from './pythonJson.js';
import { UnsupportedValueError } from './errors.js';

describe('encodeJson', () => {
  it('escapes strings exactly as Python with ensure_ascii=True', () => {
    const value = { s: 'plain', q: 'a"b\\c/d', ctl: '\n\r\t\b\f\u0000\u001f\u007f', uni: 'é中😀', lone: '\ud800x' };
    expect(encodeJson(value)).toBe(
      String.raw`{"s":"plain","q":"a\"b\\c/d","ctl":"\n\r\t\b\f\u0000\u001f\u007f","uni":"\u00e9\u4e2d\ud83d\ude00","lone":"\ud800x"}`,
    );
  });

  it('writes non-integer floats as Python repr does', () => {
    const value = [0.5, 1e-05, 0.0001, 123456.789, -2.5e-7, 1e22, 3.141592653589793, 1e15 + 0.5];
    expect(encodeJson(value)).toBe('[0.5,1e-05,0.0001,123456.789,-2.5e-07,1e+22,3.141592653589793,1000000000000000.5]');
  });

  it('writes integer-valued numbers as integers (the documented choice for 1 vs 1.0)', () => {
    expect(encodeJson([1, -42, 0, -0, 1.5e16])).toBe('[1,-42,0,0,15000000000000000]');
    expect(encodeNumber(2 ** 64)).toBe('18446744073709552000');
    expect(encodeNumber(1e21)).toBe('1e+21');
  });

  it('writes big integers with the digits the API server sent, as far as a double keeps them', () => {
    expect(encodeJson(JSON.parse('[111949685945231490,-680327907299389000]'))).toBe('[111949685945231490,-680327907299389000]');
  });

  it('keeps key insertion order, compact separators, nulls and booleans', () => {
    const value = { n: null, t: true, f: false, i: 0, neg: -42, nested: { x: [1, { y: [] }], e: {} } };
    expect(encodeJson(value)).toBe('{"n":null,"t":true,"f":false,"i":0,"neg":-42,"nested":{"x":[1,{"y":[]}],"e":{}}}');
    expect(encodeJson({ b: 1, a: 2 })).toBe('{"b":1,"a":2}');
  });

  it('skips undefined properties and writes undefined array items as null', () => {
    expect(encodeJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });

  it('refuses values Kubernetes cannot store, naming where they are', () => {
    expect(() => encodeJson({ spec: { x: Number.NaN } })).toThrow(UnsupportedValueError);
    expect(() => encodeJson({ spec: { x: Infinity } })).toThrow(/\$\.spec\.x/);
    expect(() => encodeJson({ f: () => 1 })).toThrow(/function/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeJson(cyclic)).toThrow(/cyclic/);
  });
});
