// Timestamps in the form Kopf stores them. Progress records hold Python's
// `datetime.isoformat(timespec='microseconds')` of an aware UTC time (`2020-01-01T00:00:00.000000+00:00`);
// older records are naive UTC (no offset). Time is kept as integer microseconds since the epoch so
// that a record read and written again keeps every digit Kopf wrote.
import { InvalidStateArgumentError } from './errors.js';

/** Microseconds since the Unix epoch (UTC), an integer. */
export type EpochMicros = number;

/** A clock: the current time in milliseconds since the epoch (like `Date.now`); a fraction counts to the microsecond. */
export type Clock = () => number;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Convert a Date or epoch milliseconds to epoch microseconds. */
export function toEpochMicros(time: Date | number): EpochMicros {
  const ms = time instanceof Date ? time.getTime() : time;
  return Math.round(ms * 1000);
}

/**
 * Format a time as Kopf writes progress timestamps: `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`.
 *
 * @example
 * ```ts
 * formatTimestamp(0); // '1970-01-01T00:00:00.000000+00:00'
 * ```
 */
export function formatTimestamp(micros: EpochMicros, options: { readonly naive?: boolean } = {}): string {
  const ms = Math.floor(micros / 1000);
  const fraction = micros - ms * 1000;
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  const seconds = iso.slice(0, 19);
  const digits = `${iso.slice(20, 23)}${String(fraction).padStart(3, '0')}`;
  return `${seconds}.${digits}${options.naive ? '' : '+00:00'}`;
}

/**
 * The touch value Kopf writes to wake an object up: Python's `datetime.now(timezone.utc).isoformat()`,
 * where the fraction is left out when it is zero.
 *
 * @example
 * ```ts
 * formatTouchValue(1_500_000); // '1970-01-01T00:00:01.500000+00:00'
 * ```
 */
export function formatTouchValue(micros: EpochMicros): string {
  const text = formatTimestamp(micros);
  return micros % 1_000_000 === 0 ? text.replace('.000000', '') : text;
}

/**
 * Parse an ISO 8601 timestamp as Kopf's records hold them (with `+00:00`, `Z`, another offset, or
 * naive, which means UTC) into epoch microseconds; fractions beyond microseconds are truncated.
 *
 * @throws InvalidStateArgumentError when the text is not such a timestamp.
 * @example
 * ```ts
 * parseTimestamp('2020-02-14T16:58:25.396364'); // 1581699505396364
 * ```
 */
export function parseTimestamp(text: string): EpochMicros {
  const match = typeof text === 'string' ? PATTERN.exec(text) : null;
  if (!match) {
    throw new InvalidStateArgumentError(
      `Not an ISO 8601 timestamp: ${JSON.stringify(text)}; expected e.g. '2020-01-01T00:00:00.000000+00:00'.`,
    );
  }
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone = ''] = match;
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const micros = Number(fraction.slice(0, 6).padEnd(6, '0'));
  let offsetMinutes = 0;
  if (zone !== '' && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2, 4) || '0');
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  return (ms - offsetMinutes * 60_000) * 1000 + micros;
}
