import { describe, expect, it } from 'vitest';
import { formatKopfTime, parseKopfTime } from './kopfTime.js';

const at = (iso: string, micros = 0): number => Date.parse(iso) * 1000 + micros;

describe('formatKopfTime', () => {
  it('writes Python isoformat of an aware UTC time, six digits', () => {
    expect(formatKopfTime(at('2020-12-31T23:59:59.123Z', 456))).toBe('2020-12-31T23:59:59.123456+00:00');
    expect(formatKopfTime(at('2026-01-02T03:04:05.000Z', 7))).toBe('2026-01-02T03:04:05.000007+00:00');
  });

  it('leaves the fraction out when it is zero, as Python does', () => {
    expect(formatKopfTime(at('2020-12-31T23:59:59.000Z'))).toBe('2020-12-31T23:59:59+00:00');
    expect(formatKopfTime(0)).toBe('1970-01-01T00:00:00+00:00');
  });

  it('keeps an offset in local time', () => {
    expect(formatKopfTime(at('2020-12-31T23:30:00.500Z'), 120)).toBe('2021-01-01T01:30:00.500000+02:00');
    expect(formatKopfTime(at('2020-12-31T23:30:00Z'), -330)).toBe('2020-12-31T18:00:00-05:30');
  });
});

describe('parseKopfTime', () => {
  it('reads aware, Z and naive (UTC) timestamps', () => {
    expect(parseKopfTime('2020-12-31T23:59:59.123456+00:00')).toEqual({ micros: at('2020-12-31T23:59:59.123Z', 456), offsetMinutes: 0 });
    expect(parseKopfTime('2020-12-31T23:59:59.123456Z').micros).toBe(at('2020-12-31T23:59:59.123Z', 456));
    expect(parseKopfTime('2020-01-01T12:34:56.789123').micros).toBe(at('2020-01-01T12:34:56.789Z', 123));
    expect(parseKopfTime('2020-01-01T12:34:56').micros).toBe(at('2020-01-01T12:34:56Z'));
  });

  it('applies offsets and cuts fractions beyond microseconds', () => {
    expect(parseKopfTime('2021-01-01T01:30:00.5+02:00')).toEqual({ micros: at('2020-12-31T23:30:00.500Z'), offsetMinutes: 120 });
    expect(parseKopfTime('2020-01-01T00:00:00.1234567+00:00').micros).toBe(at('2020-01-01T00:00:00.123Z', 456));
  });

  it('round-trips what it formats', () => {
    for (const text of ['2020-12-31T23:59:59.123456+00:00', '2020-12-31T23:59:59+00:00', '2021-01-01T01:30:00.500000+02:00']) {
      const parsed = parseKopfTime(text);
      expect(formatKopfTime(parsed.micros, parsed.offsetMinutes)).toBe(text);
    }
  });

  it('rejects what is not a timestamp, saying what was expected', () => {
    expect(() => parseKopfTime('yesterday')).toThrow(/Not an ISO 8601 timestamp: "yesterday"; expected e.g. '2020-12-31T23:59:59.123456\+00:00'/);
  });
});
