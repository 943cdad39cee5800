// The progress record of one handler and its exact stored form. Kopf writes the record as compact
// JSON with the fields in a fixed order and null fields left out (success and failure are written
// even when false); reading accepts whatever JSON object is there, as Kopf does.
import { parseJson } from '@opkit/json';
import { CorruptedStateError } from './errors.js';
import { encodeJson } from './pythonJson.js';
import { isObject, setKey } from './internal/fields.js';

/**
 * What is stored per handler while a cause is in flight. Timestamps are ISO 8601 strings in UTC
 * (`2020-01-01T00:00:00.000000+00:00`; older Kopf records have no offset).
 */
export interface ProgressRecord {
  /** When the handler was first attempted for this cause. */
  started?: string | null;
  /** When it finished (succeeded or failed for good). */
  stopped?: string | null;
  /** When it is due again after a temporary failure. */
  delayed?: string | null;
  /** The cause it runs for: `create`, `update`, `delete` or `resume`. */
  purpose?: string | null;
  /** How many attempts were made. */
  retries?: number | null;
  /** Whether it finished successfully. */
  success?: boolean | null;
  /** Whether it finished with a permanent failure. */
  failure?: boolean | null;
  /** The message of the last error. */
  message?: string | null;
  /** The ids of its sub-handlers, sorted. */
  subrefs?: readonly string[] | null;
}

/** The record fields in the order Kopf writes them. */
export const PROGRESS_RECORD_FIELDS = [
  'started', 'stopped', 'delayed', 'purpose', 'retries', 'success', 'failure', 'message', 'subrefs',
] as const;

/**
 * Encode a record as Kopf stores it in an annotation: compact JSON, fields in Kopf's order, null
 * and absent fields left out (all kept with `verbose`), unknown extra fields after the known ones.
 *
 * @example
 * ```ts
 * encodeProgressRecord({ started: '2020-01-01T00:00:00.000000+00:00', retries: 0, success: false, failure: false });
 * // '{"started":"2020-01-01T00:00:00.000000+00:00","retries":0,"success":false,"failure":false}'
 * ```
 */
export function encodeProgressRecord(record: ProgressRecord, options: { readonly verbose?: boolean } = {}): string {
  const source = record as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  const keys = [...PROGRESS_RECORD_FIELDS, ...Object.keys(source).filter((key) => !(PROGRESS_RECORD_FIELDS as readonly string[]).includes(key))];
  for (const key of keys) {
    if (!Object.hasOwn(source, key)) continue;
    const value = source[key];
    if (value === undefined) continue;
    if (value === null && !options.verbose) continue;
    setKey(ordered, key, value);
  }
  return encodeJson(ordered);
}

/**
 * Decode a stored record. `null` stays `null` (absent); anything but a JSON object is corrupted.
 *
 * @throws CorruptedStateError naming `location` when the text is not a JSON object.
 * @example
 * ```ts
 * decodeProgressRecord('{"retries":1}', 'opkit.dev/create_fn'); // { retries: 1 }
 * ```
 */
export function decodeProgressRecord(text: unknown, location: string): ProgressRecord | null {
  if (text === null || text === undefined) return null;
  if (isObject(text)) return text;
  if (typeof text !== 'string') {
    throw new CorruptedStateError(location, `The progress record at ${location} is a ${typeof text}; expected a JSON object in a string.`);
  }
  let decoded: unknown;
  try {
    decoded = parseJson(text);
  } catch (error) {
    throw new CorruptedStateError(location, `The progress record at ${location} is not valid JSON: ${JSON.stringify(text.slice(0, 80))}. Remove the annotation to restart this handler.`, { cause: error });
  }
  if (decoded === null) return null;
  if (!isObject(decoded)) {
    throw new CorruptedStateError(location, `The progress record at ${location} is ${JSON.stringify(decoded)}; expected a JSON object such as {"retries":0}.`);
  }
  return decoded;
}
