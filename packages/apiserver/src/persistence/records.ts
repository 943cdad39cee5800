// The shapes of the lines in a data directory, checked on open. A line that parses as JSON but is not a
// record (`{"foo":1}`, an array, a change without its object, an rv that is a string) is corruption like
// unparsable text: replaying it would put something into the store that no write ever stored, so the
// start stops with the file, the line, what is wrong and what a line looks like.

/** What a journal line must be: one change. */
export const JOURNAL_RECORD_SHAPE = '{"rv":<resourceVersion, a positive integer>,"key":"<storage key>","object":{…} or null}';
/** What a snapshot line after the header must be: one live object. */
export const SNAPSHOT_RECORD_SHAPE = '["<storage key>",{…object…}]';

/** One change as the journal holds it. */
export interface JournalRecord {
  rv: number;
  key: string;
  object: Record<string, unknown> | null;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const JOURNAL_FIELDS = new Set(['rv', 'key', 'object']);

/**
 * What is wrong with a parsed journal line, or undefined when it is a change record.
 *
 * @example
 * journalRecordProblem({ foo: 1 }); // 'unknown field "foo"; missing "rv", "key", "object"'
 * journalRecordProblem({ rv: 3, key: 'k', object: null }); // undefined
 */
export function journalRecordProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `it is ${kindOf(value)}, not a change record`;
  const problems: string[] = [];
  const unknown = Object.keys(value).filter((field) => !JOURNAL_FIELDS.has(field));
  if (unknown.length > 0) problems.push(unknown.map((field) => `unknown field ${JSON.stringify(field)}`).join(', '));
  const missing = [...JOURNAL_FIELDS].filter((field) => !(field in value));
  if (missing.length > 0) problems.push(`missing ${missing.map((field) => JSON.stringify(field)).join(', ')}`);
  const { rv, key, object } = value;
  if ('rv' in value && !(typeof rv === 'number' && Number.isSafeInteger(rv) && rv > 0)) problems.push(`"rv" is ${kindOf(rv)} (${String(rv)}), not a positive integer`);
  if ('key' in value && !(typeof key === 'string' && key !== '')) problems.push(`"key" is ${kindOf(key)}, not a non-empty string`);
  if ('object' in value && object !== null && !isPlainObject(object)) problems.push(`"object" is ${kindOf(object)}, not an object or null`);
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/**
 * What is wrong with a parsed snapshot line (after the header), or undefined when it is `[key, object]`.
 *
 * @example
 * snapshotRecordProblem(['k', { metadata: {} }]); // undefined
 * snapshotRecordProblem({ key: 'k' }); // 'it is an object, not a [key, object] pair'
 */
export function snapshotRecordProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length !== 2) {
    return Array.isArray(value) ? `it is an array of ${value.length} items, not a [key, object] pair` : `it is ${kindOf(value)}, not a [key, object] pair`;
  }
  const [key, object] = value as [unknown, unknown];
  const problems: string[] = [];
  if (!(typeof key === 'string' && key !== '')) problems.push(`the key is ${kindOf(key)}, not a non-empty string`);
  if (!isPlainObject(object)) problems.push(`the object is ${kindOf(object)}, not an object`);
  return problems.length > 0 ? problems.join('; ') : undefined;
}
