// @opkit/json: exact integers, the server's key order, Python's bytes, one equality.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalInteger, compareKeys, compareNumbers, encodePythonJson, encodePythonNumber, encodePythonObject, encodePythonString,
  isInt64, isIntegerKey, isJsonInteger, jsonEqual, JsonError, orderedKeys, parseJson, sortKeysDeep, stringifyJson,
} from './index.js';

describe('parseJson', () => {
  it('keeps integers beyond 2^53 exactly as bigints, and safe integers as numbers', () => {
    const value = parseJson('{"big":9007199254740993,"neg":-9223372036854775808,"safe":9007199254740991,"f":1.5,"e":1e300}') as Record<string, unknown>;
    expect(value.big).toBe(9007199254740993n);
    expect(value.neg).toBe(-9223372036854775808n);
    expect(value.safe).toBe(9007199254740991);
    expect(value.f).toBe(1.5);
    expect(value.e).toBe(1e300);
  });

  it('keeps integers beyond int64 too (the client side never rounds)', () => {
    expect(parseJson('[123456789012345678901234567890]')).toEqual([123456789012345678901234567890n]);
  });

  it('leaves digits inside strings alone and parses them like JSON.parse', () => {
    const text = '{"rv":"12345678901234567890","n":1}';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it("in 'float' mode rounds integers beyond int64 to a double and refuses numbers beyond a double, as an API server", () => {
    const value = parseJson('{"int64":9223372036854775807,"over":18446744073709551616}', { beyondInt64: 'float' }) as Record<string, unknown>;
    expect(value.int64).toBe(9223372036854775807n);
    expect(value.over).toBe(18446744073709551616);
    expect(() => parseJson('{"x":1e400}', { beyondInt64: 'float' })).toThrow(expect.objectContaining({ code: 'number-out-of-range', source: '1e400' }));
    expect(() => parseJson('[-1.5E+308, 2e308]', { beyondInt64: 'float' })).toThrow(/The number 2e308 is out of range/);
    // Exponent-like text in strings (uids, names) is read as is, and big exponents that fit are fine.
    expect(parseJson('{"uid":"5f8e123a","x":1e300}', { beyondInt64: 'float' })).toEqual({ uid: '5f8e123a', x: 1e300 });
  });

  it('throws SyntaxError for malformed text', () => {
    expect(() => parseJson('{"a":')).toThrow(SyntaxError);
    expect(() => parseJson('{"a":12345678901234567890')).toThrow(SyntaxError);
  });
});

describe('stringifyJson', () => {
  it('writes bigints with every digit', () => {
    expect(stringifyJson({ big: 9007199254740993n, list: [1n, -(2n ** 63n)] })).toBe('{"big":9007199254740993,"list":[1,-9223372036854775808]}');
  });

  it('writes an object with integer-like keys in byte order, as a server writes a map', () => {
    expect(stringifyJson({ data: { 2: 'b', 10: 'a', x: 'c' } })).toBe('{"data":{"10":"a","2":"b","x":"c"}}');
  });

  it('keeps insertion order for objects without integer-like keys (struct fields)', () => {
    expect(stringifyJson({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'x' } })).toBe('{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"x"}}');
  });

  it('is JSON.stringify for everything else: undefined members skipped, toJSON, non-finite as null', () => {
    const value = { a: undefined, d: new Date(0), n: Number.NaN, list: [undefined, () => 1] };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('does not mistake a string that looks like a key for a key', () => {
    const value = { note: '{"10":1,"2":2}', list: ['10', '2'] };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('reports cycles and values without JSON text', () => {
    const cyclic: Record<string, unknown> = { a: 1n };
    cyclic.self = cyclic;
    expect(() => stringifyJson(cyclic)).toThrow(JsonError);
    expect(() => stringifyJson(undefined)).toThrow(/Cannot write a undefined/);
  });

  it('round-trips any JSON with exact integers and byte-ordered maps (property)', () => {
    const key = fc.oneof(fc.string(), fc.nat({ max: 1000 }).map(String), fc.constantFrom('10', '2', '01', '-1', '4294967295'));
    const leaf = fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.integer(), // An integral double beyond 2^53 reads back as the bigint of its shortest digits (as in Go): not the same value.
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d) || Number.isSafeInteger(d)),
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(canonicalInteger));
    const { json } = fc.letrec((tie) => ({
      json: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('json')), fc.dictionary(key, tie('json'))),
    }));
    fc.assert(fc.property(json, (value) => {
      const text = stringifyJson(value);
      const back = parseJson(text);
      expect(jsonEqual(back, value)).toBe(true);
      expect(stringifyJson(back)).toBe(text);
    }), { numRuns: 500 });
  });
});

describe('key order', () => {
  it('knows which keys JavaScript orders numerically', () => {
    expect(['0', '10', '4294967294'].every(isIntegerKey)).toBe(true);
    expect(['', '01', '-1', '1.5', '4294967295', 'a1'].some(isIntegerKey)).toBe(false);
  });

  it('compares keys by UTF-8 bytes, as Go sorts map keys', () => {
    expect(['2', '10', 'a', 'B', '\u{1F600}', '\uFFFD'].sort(compareKeys)).toEqual(['10', '2', 'B', 'a', '\uFFFD', '\u{1F600}']);
    const bytes = (text: string): number[] => [...Buffer.from(text, 'utf8')];
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
      const byByte = Buffer.compare(Buffer.from(bytes(a)), Buffer.from(bytes(b)));
      expect(Math.sign(compareKeys(a, b))).toBe(byByte);
    }));
  });

  it('orders keys as a server wrote them', () => {
    expect(orderedKeys({ 2: 'b', 10: 'a' })).toEqual(['10', '2']);
    expect(orderedKeys({ spec: 1, metadata: 2 })).toEqual(['spec', 'metadata']);
  });

  it('sorts every level of a custom resource, arrays kept in order', () => {
    const sorted = sortKeysDeep({ spec: { b: 1, a: [{ z: 1, y: 2 }] }, apiVersion: 'v1', kind: 'X' });
    expect(JSON.stringify(sorted)).toBe('{"apiVersion":"v1","kind":"X","spec":{"a":[{"y":2,"z":1}],"b":1}}');
  });
});

describe('encodePythonJson', () => {
  it("writes Python's json.dumps(separators=(',', ':')) bytes", () => {
    expect(encodePythonJson({ s: 'é"\\\n\u0001\u{1F600}', n: [1, 0.5, 1e-5, 1.5e16, 1e21, -0, 2 ** 60, 1.5e-7, 123.456], big: 9007199254740993n }))
      .toBe('{"s":"\\u00e9\\"\\\\\\n\\u0001\\ud83d\\ude00","n":[1,0.5,1e-05,15000000000000000,1e+21,0,1152921504606847000,1.5e-07,123.456],"big":9007199254740993}');
  });

  it('writes maps with integer-like keys in byte order', () => {
    expect(encodePythonJson({ data: { 2: 'b', 10: 'a' } })).toBe('{"data":{"10":"a","2":"b"}}');
  });

  it('writes an object in a given key order', () => {
    expect(encodePythonObject({ metadata: 2, spec: 1 }, ['spec', 'metadata', 'absent'])).toBe('{"spec":1,"metadata":2}');
  });

  it('refuses non-finite numbers and cycles with the place named', () => {
    expect(() => encodePythonJson({ a: [Number.NaN] })).toThrow(/at \$\.a\[0\]/);
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(() => encodePythonJson(cyclic)).toThrow(/cyclic/);
  });

  it('escapes strings as Python with ensure_ascii', () => {
    expect(encodePythonString('\t\b\f\r\u007f')).toBe('"\\t\\b\\f\\r\\u007f"');
    expect(encodePythonNumber(123456789012345680000)).toBe('123456789012345680000');
    expect(encodePythonNumber(0.0001)).toBe('0.0001');
    expect(encodePythonNumber(1.5e300)).toBe('1.5e+300');
    expect(encodePythonNumber(12345678.5)).toBe('12345678.5');
  });
});

describe('integers and equality', () => {
  it('treats number and bigint as one integer type', () => {
    expect(jsonEqual(2n ** 60n, 2 ** 60)).toBe(true);
    expect(jsonEqual(9007199254740993n, 9007199254740992)).toBe(false);
    expect(jsonEqual({ a: [1n], b: 'x' }, { b: 'x', a: [1] })).toBe(true);
    // undefined has no JSON form: such a member is absent, as when the value is written; null is a value.
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });

  it('knows int64 and canonical forms', () => {
    expect(isInt64(2n ** 63n - 1n)).toBe(true);
    expect(isInt64(2n ** 63n)).toBe(false);
    expect(isJsonInteger(1.5)).toBe(false);
    expect(canonicalInteger(5n)).toBe(5);
    expect(canonicalInteger(2n ** 60n)).toBe(2n ** 60n);
    expect(compareNumbers(9007199254740993n, 9007199254740992)).toBe(1);
  });
});
