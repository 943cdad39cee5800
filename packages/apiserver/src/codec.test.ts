// Unit tests of the request-body number rules: int64 exact, beyond int64 float64, beyond float64 refused.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NumberOutOfRangeError, canonicalYamlIntegers, parseRequestJson } from './codec.js';

describe('parseRequestJson', () => {
  it('keeps int64 exactly, rounds beyond int64 to float64 and keeps safe integers as numbers', () => {
    expect(parseRequestJson('{"a":9007199254740993,"b":-9223372036854775808,"c":18446744073709551616,"d":7,"e":1.5}')).toEqual({
      a: 9007199254740993n,
      b: -9223372036854775808n,
      c: 18446744073709552000,
      d: 7,
      e: 1.5,
    });
  });

  it('refuses a number beyond float64 with the message of kube-apiserver’s decoder', () => {
    const error = (() => {
      try {
        parseRequestJson('{"spec":{"x":[1,-1e400]}}');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(NumberOutOfRangeError);
    expect((error as NumberOutOfRangeError).message).toBe('json: cannot unmarshal number -1e400 into Go value of type float64');
  });

  it('throws the platform SyntaxError for malformed JSON', () => {
    expect(() => parseRequestJson('{"a":')).toThrow(SyntaxError);
  });
});

describe('canonicalYamlIntegers', () => {
  it('brings YAML bigints to the server forms, in place, also under a __proto__ key', () => {
    const parsed = parse('a: 1\nb: [9007199254740993, -9223372036854775809]\nc: {d: 2.5}\n__proto__: 3\n', { intAsBigInt: true }) as Record<string, unknown>;
    const result = canonicalYamlIntegers(parsed) as Record<string, unknown>;
    expect(result).toBe(parsed);
    expect(result.a).toBe(1);
    expect(result.b).toEqual([9007199254740993n, -9223372036854775808]);
    expect(result.c).toEqual({ d: 2.5 });
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe(3);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });
});
