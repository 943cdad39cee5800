// JSON exactly as Kopf writes it: Python's `json.dumps(value, separators=(',', ':'))` with its default
// `ensure_ascii=True`. Byte-identical values are what let an Opkit operator and a Kopf operator take
// over each other's objects, so this encoder exists instead of JSON.stringify.
//
// Numbers: JavaScript cannot tell 1 from 1.0, so an integer-valued number below 1e21 is
// written as an integer (`1`), which is what Kopf writes for every integer it reads from the API;
// past 2**53 with the shortest digits that read back as the same double.
// Other numbers follow Python's float repr (`0.5`, `1e-05`, `1.5e+16`). Keys keep insertion order, as
// Python dicts do (JavaScript orders integer-like keys such as "1" first; see docs/state.md).
import { UnsupportedValueError } from './errors.js';

// Below 1e21, the API server (Go) writes integer-valued numbers as plain digits, which Python then
// reads as an int; from 1e21 on it writes an exponent, which Python reads as a float.
const PLAIN_INTEGER_LIMIT = 1e21;

/**
 * Encode a JSON value exactly as Python's `json.dumps(value, separators=(',', ':'))` does.
 *
 * @param value - a JSON-compatible value: objects, arrays, strings, finite numbers, booleans, null.
 *   `undefined` object properties are skipped (they have no JSON form).
 * @returns the compact JSON text, ASCII only (everything else as `\uXXXX` escapes).
 * @throws UnsupportedValueError for NaN, Infinity, bigint, functions, symbols and cycles.
 * @example
 * ```ts
 * encodeJson({ a: 'é', b: [1, 0.5] }); // '{"a":"\\u00e9","b":[1,0.5]}'
 * ```
 */
export function encodeJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts, new Set(), '$');
  return parts.join('');
}

function write(value: unknown, out: string[], seen: Set<object>, where: string): void {
  if (value === null) {
    out.push('null');
  } else if (typeof value === 'string') {
    out.push(encodeString(value));
  } else if (typeof value === 'number') {
    out.push(encodeNumber(value, where));
  } else if (typeof value === 'boolean') {
    out.push(value ? 'true' : 'false');
  } else if (Array.isArray(value)) {
    enter(value, seen, where);
    out.push('[');
    value.forEach((item, index) => {
      if (index > 0) out.push(',');
      write(item === undefined ? null : item, out, seen, `${where}[${index}]`);
    });
    out.push(']');
    seen.delete(value);
  } else if (typeof value === 'object') {
    enter(value, seen, where);
    out.push('{');
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      if (!first) out.push(',');
      first = false;
      out.push(encodeString(key), ':');
      write(item, out, seen, `${where}.${key}`);
    }
    out.push('}');
    seen.delete(value);
  } else {
    throw new UnsupportedValueError(
      `Cannot encode a ${typeof value} at ${where} as JSON: expected an object, array, string, finite number, boolean or null.`,
    );
  }
}

function enter(value: object, seen: Set<object>, where: string): void {
  if (seen.has(value)) {
    throw new UnsupportedValueError(`Cannot encode a cyclic structure at ${where} as JSON.`);
  }
  seen.add(value);
}

/**
 * Encode a string as Python's json module does with `ensure_ascii=True`: `"` and `\` escaped, the
 * usual short escapes for \n \r \t \b \f, and every character outside space..tilde as `\uXXXX`
 * (lowercase hex; characters beyond the BMP as a surrogate pair).
 *
 * @example
 * ```ts
 * encodeString('a"é'); // '"a\\"\\u00e9"'
 * ```
 */
export function encodeString(text: string): string {
  let result = '"';
  let plainFrom = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x20 && code <= 0x7e && code !== 0x22 && code !== 0x5c) continue;
    result += text.slice(plainFrom, index) + escapeCodeUnit(code);
    plainFrom = index + 1;
  }
  return result + text.slice(plainFrom) + '"';
}

function escapeCodeUnit(code: number): string {
  switch (code) {
    case 0x22: return '\\"';
    case 0x5c: return '\\\\';
    case 0x0a: return '\\n';
    case 0x0d: return '\\r';
    case 0x09: return '\\t';
    case 0x08: return '\\b';
    case 0x0c: return '\\f';
    default: return '\\u' + code.toString(16).padStart(4, '0');
  }
}

/**
 * Encode a number as Kopf would write it: integer-valued numbers below 1e21 as integers, others
 * as Python's `repr(float)`: the shortest round-tripping digits, positional for exponents -4..15,
 * scientific (`1e-05`, `1.5e+16`) otherwise.
 *
 * @example
 * ```ts
 * encodeNumber(0.00001); // '1e-05'
 * ```
 */
export function encodeNumber(value: number, where = '$'): string {
  if (!Number.isFinite(value)) {
    throw new UnsupportedValueError(
      `Cannot encode ${value} at ${where} as JSON: Kubernetes accepts finite numbers only.`,
    );
  }
  if (Number.isInteger(value) && Math.abs(value) < PLAIN_INTEGER_LIMIT) {
    // String() gives the shortest digits that read back as this double: past 2**53 these are the
    // digits the API server sent (e.g. 111949685945231490), not the double's exact binary value.
    return Object.is(value, -0) ? '0' : String(value);
  }
  return pythonFloatRepr(value);
}

function pythonFloatRepr(value: number): string {
  // toExponential() without an argument gives the shortest digits that round-trip, like Python's repr.
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const exponent = Number(exponentText);
  const sign = negative ? '-' : '';
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const intPart = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    return `${sign}${intPart}.${fraction === '' ? '0' : fraction}`;
  }
  const head = digits.slice(0, 1);
  const tail = digits.slice(1);
  const expSign = exponent < 0 ? '-' : '+';
  const expDigits = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${head}${tail === '' ? '' : '.' + tail}e${expSign}${expDigits}`;
}
