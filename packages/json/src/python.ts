// JSON exactly as Kopf writes it: Python's `json.dumps(value, separators=(',', ':'))` with its default
// `ensure_ascii=True`. Byte-identical values are what let an Opkit operator and a Kopf operator take
// over each other's objects (the diff-base annotation is compared as text by neither, but written by
// both), so this encoder exists instead of JSON.stringify.
//
// Numbers: Kopf writes back what it read from the API server. The server writes integers as digits
// (Python reads an int) and floats as Go does — digits without an exponent below 1e21 even when
// integral (Python reads an int again) — so an integral number below 1e21 is written as an integer, a
// bigint with all its digits, and other numbers as Python's float repr (`0.5`, `1e-05`, `1.5e+16`).
// Keys: Python keeps the server's order; see keys.ts for how it is restored for integer-like keys.
import { JsonError } from './errors.js';
import { orderedKeys } from './keys.js';

/** Below 1e21, Go writes an integral float64 as plain digits, which Python then reads as an int. */
const PLAIN_INTEGER_LIMIT = 1e21;

/**
 * Encode a JSON value exactly as Python's `json.dumps(value, separators=(',', ':'))` does for the same
 * value read from an API server.
 *
 * @param value - objects, arrays, strings, finite numbers, bigints, booleans, null. `undefined` object
 *   members are skipped and `undefined` array items written as null.
 * @returns compact, ASCII-only JSON (everything else as `\uXXXX` escapes).
 * @throws JsonError (`unsupported-value`) for NaN, infinities, functions and symbols; (`cycle`) for cycles.
 * @example
 * ```ts
 * encodePythonJson({ a: 'é', b: [1, 0.5], big: 9007199254740993n }); // '{"a":"\\u00e9","b":[1,0.5],"big":9007199254740993}'
 * ```
 */
export function encodePythonJson(value: unknown): string {
  const parts: string[] = [];
  writePython(value, parts, new Set(), '$');
  return parts.join('');
}

/**
 * Encode an object's members in the given key order (for objects whose order is not the server's, such
 * as an essence's top level), each value with {@link encodePythonJson}.
 *
 * @example
 * ```ts
 * encodePythonObject({ spec: 1, metadata: 2 }, ['spec', 'metadata']); // '{"spec":1,"metadata":2}'
 * ```
 */
export function encodePythonObject(value: Readonly<Record<string, unknown>>, keys: readonly string[]): string {
  const parts: string[] = ['{'];
  const seen = new Set<object>([value]);
  let first = true;
  for (const key of keys) {
    const item = value[key];
    if (item === undefined || !Object.hasOwn(value, key)) continue;
    if (!first) parts.push(',');
    first = false;
    parts.push(encodePythonString(key), ':');
    writePython(item, parts, seen, `$.${key}`);
  }
  parts.push('}');
  return parts.join('');
}

function writePython(value: unknown, out: string[], seen: Set<object>, where: string): void {
  if (value === null) {
    out.push('null');
  } else if (typeof value === 'string') {
    out.push(encodePythonString(value));
  } else if (typeof value === 'number') {
    out.push(encodePythonNumber(value, where));
  } else if (typeof value === 'bigint') {
    out.push(value.toString());
  } else if (typeof value === 'boolean') {
    out.push(value ? 'true' : 'false');
  } else if (Array.isArray(value)) {
    enter(value, seen, where);
    out.push('[');
    value.forEach((item, index) => {
      if (index > 0) out.push(',');
      writePython(item === undefined ? null : item, out, seen, `${where}[${index}]`);
    });
    out.push(']');
    seen.delete(value);
  } else if (typeof value === 'object') {
    enter(value, seen, where);
    out.push('{');
    let first = true;
    for (const key of orderedKeys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      if (!first) out.push(',');
      first = false;
      out.push(encodePythonString(key), ':');
      writePython(item, out, seen, `${where}.${key}`);
    }
    out.push('}');
    seen.delete(value);
  } else {
    throw new JsonError('unsupported-value',
      `Cannot encode a ${typeof value} at ${where} as JSON: expected an object, array, string, finite number, bigint, boolean or null.`);
  }
}

function enter(value: object, seen: Set<object>, where: string): void {
  if (seen.has(value)) throw new JsonError('cycle', `Cannot encode a cyclic structure at ${where} as JSON.`);
  seen.add(value);
}

/**
 * Encode a string as Python's json module does with `ensure_ascii=True`: `"` and `\` escaped, the
 * short escapes for \n \r \t \b \f, and every other character outside space..tilde as `\uXXXX`
 * (lowercase hex; characters beyond the BMP as a surrogate pair).
 *
 * @example
 * ```ts
 * encodePythonString('a"é'); // '"a\\"\\u00e9"'
 * ```
 */
export function encodePythonString(text: string): string {
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
 * Encode a number as Kopf writes it back: an integral number below 1e21 as an integer (the API server
 * sends those as digits, which Python reads as an int), a bigint with all its digits, others as
 * Python's `repr(float)`: the shortest round-tripping digits, positional for exponents −4..15,
 * scientific (`1e-05`, `1.5e+16`) otherwise.
 *
 * @throws JsonError (`unsupported-value`) for NaN and infinities (Kubernetes refuses them).
 * @example
 * ```ts
 * encodePythonNumber(0.00001); // '1e-05'
 * encodePythonNumber(2 ** 60); // '1152921504606846976'
 * ```
 */
export function encodePythonNumber(value: number | bigint, where = '$'): string {
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isFinite(value)) {
    throw new JsonError('unsupported-value', `Cannot encode ${value} at ${where} as JSON: Kubernetes accepts finite numbers only.`);
  }
  if (Number.isInteger(value) && Math.abs(value) < PLAIN_INTEGER_LIMIT) {
    // String() gives the shortest digits that read back as this double, padded with zeros: the same
    // digits Go writes for it (e.g. 18446744073709552000 for 2**64).
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
