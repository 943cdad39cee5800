// The query decoder against apimachinery's url.Values conversions: booleans (Convert_Slice_string_To_bool),
// int64s (strconv.ParseInt and its error text), repeated and empty values, and unknown parameters.
import { describe, expect, it } from 'vitest';
import { StatusError } from '../errors.js';
import { QueryParams, decodeBool, parseInt64 } from './query.js';

const q = (text: string): QueryParams => new QueryParams(new URLSearchParams(text));

describe('decodeBool', () => {
  it('is false only for no value, 0 and false in any case', () => {
    expect(decodeBool([])).toBe(false);
    for (const value of ['0', 'false', 'False', 'FALSE', 'fAlSe']) expect(decodeBool([value])).toBe(false);
  });

  it('is true for every other value, the empty one included', () => {
    for (const value of ['true', 'True', 'TRUE', '1', 't', 'T', 'yes', 'no', 'f', '', ' false', '00', 'maybe']) expect(decodeBool([value])).toBe(true);
  });

  it('reads the first of repeated values only', () => {
    expect(decodeBool(['false', 'true'])).toBe(false);
    expect(decodeBool(['true', 'false'])).toBe(true);
  });
});

describe('parseInt64', () => {
  it('accepts what strconv.ParseInt(s, 10, 64) accepts', () => {
    expect(parseInt64('0')).toEqual({ value: 0 });
    expect(parseInt64('500')).toEqual({ value: 500 });
    expect(parseInt64('+7')).toEqual({ value: 7 });
    expect(parseInt64('-3')).toEqual({ value: -3 });
    expect(parseInt64('007')).toEqual({ value: 7 });
    expect(parseInt64('9223372036854775807')).toEqual({ value: Number(2n ** 63n - 1n) });
  });

  it('refuses everything else with Go error text', () => {
    expect(parseInt64('abc')).toEqual({ error: 'strconv.ParseInt: parsing "abc": invalid syntax' });
    expect(parseInt64('')).toEqual({ error: 'strconv.ParseInt: parsing "": invalid syntax' });
    for (const text of ['1.5', '1e3', '0x10', ' 1', '1 ', '5s', '-', '1_000']) expect(parseInt64(text)).toHaveProperty('error', `strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
    expect(parseInt64('9223372036854775808')).toEqual({ error: 'strconv.ParseInt: parsing "9223372036854775808": value out of range' });
    expect(parseInt64('-9223372036854775809')).toHaveProperty('error', 'strconv.ParseInt: parsing "-9223372036854775809": value out of range');
  });
});

describe('QueryParams', () => {
  it('decodes booleans, optional booleans, strings and lists', () => {
    const query = q('watch=True&allowWatchBookmarks&sendInitialEvents=0&dryRun=All&dryRun=All&fieldManager=&labelSelector=a%3Db');
    expect(query.bool('watch')).toBe(true);
    expect(query.bool('allowWatchBookmarks')).toBe(true);
    expect(query.optionalBool('sendInitialEvents')).toBe(false);
    expect(query.optionalBool('force')).toBeUndefined();
    expect(query.bool('force')).toBe(false);
    expect(query.strings('dryRun')).toEqual(['All', 'All']);
    expect(query.string('fieldManager')).toBe('');
    expect(query.string('labelSelector')).toBe('a=b');
    expect(query.string('continue')).toBeUndefined();
    expect(query.has('fieldManager')).toBe(true);
  });

  it('decodes integers and answers a malformed one with a 400 naming the parameter', () => {
    expect(q('limit=10').int('limit')).toBe(10);
    expect(q('limit=10&limit=x').int('limit')).toBe(10);
    expect(q('other=1').int('limit')).toBeUndefined();
    let caught: unknown;
    try {
      q('limit=abc').int('limit');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StatusError);
    expect((caught as StatusError).toStatus()).toMatchObject({
      kind: 'Status',
      code: 400,
      reason: 'BadRequest',
      message: 'strconv.ParseInt: parsing "abc": invalid syntax',
      details: { causes: [{ field: 'limit', reason: 'FieldValueInvalid' }] },
    });
    expect(() => q('timeoutSeconds=').int('timeoutSeconds')).toThrow('strconv.ParseInt: parsing "": invalid syntax');
  });

  it('ignores a malformed parameter nobody reads', () => {
    expect(q('limit=abc&pretty=maybe&unknown=1').bool('watch')).toBe(false);
  });
});
