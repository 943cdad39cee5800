// Checks Kopf's timestamp forms: isoformat(timespec='microseconds') with +00:00, naive legacy ones.
import { describe, expect, it } from 'vitest';
import { formatTimestamp, formatTouchValue, parseTimestamp, toEpochMicros } from './timestamps.js';
import { InvalidStateArgumentError } from './errors.js';

describe('timestamps', () => {
  it('formats as Python isoformat(timespec=microseconds) of an aware UTC datetime', () => {
    expect(formatTimestamp(toEpochMicros(Date.UTC(2020, 0, 1)))).toBe('2020-01-01T00:00:00.000000+00:00');
    expect(formatTimestamp(1581699505396364)).toBe('2020-02-14T16:58:25.396364+00:00');
    expect(formatTimestamp(1581699505396364, { naive: true })).toBe('2020-02-14T16:58:25.396364');
  });

  it('parses aware, Z, offset and naive (UTC) forms to the microsecond', () => {
    expect(parseTimestamp('2020-02-14T16:58:25.396364')).toBe(1581699505396364);
    expect(parseTimestamp('2020-02-14T16:58:25.396364+00:00')).toBe(1581699505396364);
    expect(parseTimestamp('2020-02-14T17:58:25.396364+01:00')).toBe(1581699505396364);
    expect(parseTimestamp('2020-02-14T16:58:25Z')).toBe(1581699505000000);
    expect(parseTimestamp('2020-02-14T16:58:25.3963649')).toBe(1581699505396364);
  });

  it('round-trips every microsecond', () => {
    for (const micros of [0, 1, 999, 1581699505396364, 1_700_000_000_123_456]) {
      expect(parseTimestamp(formatTimestamp(micros))).toBe(micros);
    }
  });

  it('writes touch values like datetime.now(utc).isoformat(), without a zero fraction', () => {
    expect(formatTouchValue(1_500_000)).toBe('1970-01-01T00:00:01.500000+00:00');
    expect(formatTouchValue(2_000_000)).toBe('1970-01-01T00:00:02+00:00');
  });

  it('rejects text that is not a timestamp, showing the expected form', () => {
    expect(() => parseTimestamp('yesterday')).toThrow(InvalidStateArgumentError);
    expect(() => parseTimestamp('yesterday')).toThrow(/2020-01-01T00:00:00.000000\+00:00/);
  });
});
