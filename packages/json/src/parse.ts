// Lossless JSON parsing. JSON.parse rounds every integer beyond 2^53 to the nearest double, silently
// changing ids, byte sizes and epoch nanoseconds that a Kubernetes API server keeps exactly as int64.
// Node's source-text access (the reviver's `context.source`) gives the digits back, so such integers
// become `bigint`s. The reviver is slow, so it runs only when the text has a run of 16 digits: no
// shorter integer can be unsafe, and no other text is parsed differently from JSON.parse.

import { JsonError } from './errors.js';

/** Options of {@link parseJson}. */
export interface JsonParseOptions {
  /**
   * What integers beyond the int64 range become. `'bigint'` keeps every digit. `'float'` rounds them to
   * the nearest double, as a Kubernetes API server does (it decodes int64 and falls back to float64),
   * and refuses numbers beyond the double range (`1e400`) as the server does.
   *
   * @defaultValue 'bigint'
   */
  readonly beyondInt64?: 'bigint' | 'float';
}

interface ReviverContext {
  readonly source?: string;
}

/** 16 digits in a row: the shortest text that can hold an unsafe integer (2^53 has 16 digits). */
const MAYBE_UNSAFE = /\d{16}/;
/**
 * The same, or a number with an exponent of three digits (which may overflow a double). Only a number
 * position counts (after `:`, `,`, `[` or at the start), so uids and names like `f8e123` stay on the fast
 * path; a match inside a string only costs speed, never correctness.
 */
const MAYBE_UNSAFE_OR_HUGE = /\d{16}|(?:^|[:,[])\s*-?\d+(?:\.\d+)?[eE][+-]?\d{3}/;
const INTEGER_TEXT = /^-?\d+$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function reviveBigints(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  return source !== undefined && INTEGER_TEXT.test(source) ? BigInt(source) : value;
}

function reviveInt64(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  if (source === undefined) return value;
  if (!Number.isFinite(value)) {
    throw new JsonError('number-out-of-range', `The number ${source} is out of range: a JSON number must fit into a 64-bit float.`, { source });
  }
  if (!INTEGER_TEXT.test(source)) return value;
  const exact = BigInt(source);
  return exact >= INT64_MIN && exact <= INT64_MAX ? exact : value;
}

/**
 * Parse JSON text like JSON.parse, but integers beyond `Number.MAX_SAFE_INTEGER` become `bigint`s with
 * every digit kept. Integers up to 2^53 − 1 stay `number`s, so a value has one form (compare with `===`).
 * Object keys: JavaScript lists integer-like keys (`"10"`, `"2"`) first whatever the text's order;
 * {@link stringifyJson} and {@link encodePythonJson} write such objects in byte order, as a server does.
 *
 * @throws SyntaxError for malformed text, as JSON.parse; JsonError (`number-out-of-range`, with the number's
 *   `source`) in `'float'` mode for a number beyond float64.
 * @example
 * ```ts
 * parseJson('{"big":9007199254740993,"small":1}'); // { big: 9007199254740993n, small: 1 }
 * ```
 */
export function parseJson(text: string, options: JsonParseOptions = {}): unknown {
  if (options.beyondInt64 === 'float') {
    return MAYBE_UNSAFE_OR_HUGE.test(text) ? JSON.parse(text, reviveInt64) : JSON.parse(text);
  }
  return MAYBE_UNSAFE.test(text) ? JSON.parse(text, reviveBigints) : JSON.parse(text);
}
