// `metav1.MicroTime` (Event eventTime, Lease acquireTime/renewTime) is RFC 3339 with exactly six
// fractional digits. A real kube-apiserver rejects `Date#toISOString()` output (three digits); the
// server reproduces that behind `strictMicroTime`, using this check.

const MICRO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}(Z|[+-](\d{2}):(\d{2}))$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/i;

function fieldsValid(m: RegExpExecArray, zoneHourIndex: number): boolean {
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  const zh = m[zoneHourIndex];
  const zm = m[zoneHourIndex + 1];
  if (zh !== undefined && (Number(zh) > 23 || Number(zm) > 59)) return false;
  return true;
}

/**
 * Whether `text` is a valid MicroTime: `2026-01-02T03:04:05.123456Z` (or with a numeric offset).
 *
 * @example
 * microTimeValid('2026-01-02T03:04:05.123456Z'); // true
 * microTimeValid(new Date().toISOString());       // false (3 digits)
 */
export function microTimeValid(text: string): boolean {
  const m = MICRO_TIME.exec(text);
  return m !== null && fieldsValid(m, 8);
}

/**
 * Whether `text` is a valid RFC 3339 date-time (`metav1.Time` accepts any fraction).
 *
 * @example
 * timeValid('2026-01-02T03:04:05Z'); // true
 */
export function timeValid(text: string): boolean {
  const m = TIME.exec(text);
  return m !== null && fieldsValid(m, 9);
}

/**
 * The message kube-apiserver gives for a MicroTime that does not parse (400 BadRequest body).
 *
 * @example
 * microTimeError('2026-01-02T03:04:05.123Z');
 */
export function microTimeError(text: string): string {
  return `parsing time "${text}" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "${/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(text) ? text.slice(19) : text}" as ".000000"`;
}
