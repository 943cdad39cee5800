// Timestamps as Kopf writes them into peering records: Python's `datetime.isoformat()` of an aware
// UTC time — `2026-11-25T03:04:05.678000+00:00`, with the fraction left out entirely when it is zero
// (Python's rule) — and read back as Kopf's `iso8601.parse_date` reads them (a naive time is UTC).
// Kopf re-formats a parsed time in its log lines, keeping its offset, so the offset is kept too.
import { PeeringError } from './errors.js';

/** A point in time as read from a record: microseconds since the epoch, and the offset it was written with. */
export interface KopfTime {
  /** Microseconds since the Unix epoch (UTC). */
  readonly micros: number;
  /** The UTC offset of the text, in minutes (0 for `Z`, `+00:00` and naive times). */
  readonly offsetMinutes: number;
}

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * Format a time as Python's `datetime.isoformat()` does for an aware datetime: six fraction digits,
 * or none when the microseconds are zero, and the offset as `+HH:MM`.
 *
 * @example
 * ```ts
 * formatKopfTime(Date.UTC(2020, 11, 31, 23, 59, 59, 123) * 1000); // '2020-12-31T23:59:59.123000+00:00'
 * formatKopfTime(0);                                               // '1970-01-01T00:00:00+00:00'
 * ```
 */
export function formatKopfTime(micros: number, offsetMinutes = 0): string {
  const whole = Math.round(micros);
  const local = whole + offsetMinutes * 60_000_000;
  const ms = Math.floor(local / 1000);
  const fraction = local - Math.floor(local / 1_000_000) * 1_000_000;
  const date = new Date(ms);
  const text = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(offsetMinutes);
  return `${text}${fraction === 0 ? '' : `.${pad(fraction, 6)}`}${sign}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`;
}

/**
 * Read a timestamp of a peering record: ISO 8601 with `Z`, an offset, or none (UTC); fractions beyond
 * microseconds are cut.
 *
 * @throws PeeringError (`invalid-record`) when the text is not such a timestamp.
 * @example
 * ```ts
 * parseKopfTime('2020-12-31T23:59:59.123456+00:00'); // { micros: 1609459199123456, offsetMinutes: 0 }
 * ```
 */
export function parseKopfTime(text: string): KopfTime {
  const match = typeof text === 'string' ? PATTERN.exec(text.trim()) : null;
  if (!match) {
    throw new PeeringError('invalid-record', `Not an ISO 8601 timestamp: ${JSON.stringify(text)}; expected e.g. '2020-12-31T23:59:59.123456+00:00'.`);
  }
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = ''] = match;
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const micros = Number(fraction.slice(0, 6).padEnd(6, '0'));
  let offsetMinutes = 0;
  if (zone !== '' && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
  }
  return { micros: (ms - offsetMinutes * 60_000) * 1000 + micros, offsetMinutes };
}
