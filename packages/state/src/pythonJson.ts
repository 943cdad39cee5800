// JSON exactly as Kopf writes it: Python's `json.dumps(value, separators=(',', ':'))` with its default
// `ensure_ascii=True`, for values read from an API server. Byte-identical values are what let an Opkit
// operator and a Kopf operator take over each other's objects. The encoder itself is @opkit/json's
// (bigints with every digit, maps with integer-like keys in the server's byte order); this file gives
// it the state package's error type.
import { encodePythonJson, encodePythonNumber, encodePythonString, JsonError } from '@opkit/json';
import { UnsupportedValueError } from './errors.js';

function asStateError<T>(encode: () => T): T {
  try {
    return encode();
  } catch (error) {
    if (error instanceof JsonError) throw new UnsupportedValueError(error.message, { cause: error });
    throw error;
  }
}

/**
 * Encode a JSON value exactly as Python's `json.dumps(value, separators=(',', ':'))` does.
 *
 * @param value - objects, arrays, strings, finite numbers, bigints, booleans, null. `undefined` object
 *   properties are skipped (they have no JSON form).
 * @returns the compact JSON text, ASCII only (everything else as `\uXXXX` escapes).
 * @throws UnsupportedValueError for NaN, Infinity, functions, symbols and cycles.
 * @example
 * ```ts
 * encodeJson({ a: 'é', b: [1, 0.5], c: { 2: 'x', 10: 'y' } }); // '{"a":"\\u00e9","b":[1,0.5],"c":{"10":"y","2":"x"}}'
 * ```
 */
export function encodeJson(value: unknown): string {
  return asStateError(() => encodePythonJson(value));
}

/**
 * Encode a string as Python's json module does with `ensure_ascii=True`.
 *
 * @example
 * ```ts
 * encodeString('a"é'); // '"a\\"\\u00e9"'
 * ```
 */
export function encodeString(text: string): string {
  return encodePythonString(text);
}

/**
 * Encode a number as Kopf writes it back: integral numbers below 1e21 and bigints as digits, others as
 * Python's `repr(float)` (`0.5`, `1e-05`, `1e+21`).
 *
 * @throws UnsupportedValueError for NaN and infinities.
 * @example
 * ```ts
 * encodeNumber(0.00001); // '1e-05'
 * ```
 */
export function encodeNumber(value: number | bigint, where = '$'): string {
  return asStateError(() => encodePythonNumber(value, where));
}
