// Kubernetes error messages print values with Go's fmt verbs (`%q`, `%v`, `%#v`). Clients and tests
// match on those messages, so values are rendered here the way Go would render the decoded JSON
// (strings, int64, float64, bool, nil, map[string]interface{} and []interface{}). An int64 beyond 2^53
// is held as a bigint (see codec.ts); an integral number beyond 2^53 came from a float64.
import { sortKeysDeep, stringifyJson } from '@opkit/json';

/**
 * Go's `%q` of a string: double-quoted with Go escapes.
 *
 * @example
 * goQuote('a"b'); // '"a\\"b"'
 */
export function goQuote(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/**
 * Go's `%v` of a JSON number decoded by apimachinery: an int64 (a bigint, or a safe integer) in decimal,
 * else a float64 as `%v` prints it (the shortest digits; exponent form below 1e-4 and from 1e6 on).
 *
 * @example
 * goNumber(1e21); // '1e+21'
 * goNumber(9007199254740993n); // '9007199254740993'
 * goNumber(1234567.5); // '1.2345675e+06'
 */
export function goNumber(value: number | bigint): string {
  if (typeof value === 'bigint' || Number.isSafeInteger(value)) return String(value);
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';
  const [mantissa = '', power = '0'] = value.toExponential().split('e');
  const exponent = Number(power);
  if (exponent >= -4 && exponent < 6) return String(value);
  // Go writes at least two exponent digits: 1e-07, 1e+21.
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

/**
 * Go's `%v` of a decoded JSON value (`map[a:1 b:x]`, `[a b]`, `<nil>`), as `fmt.Print` writes it.
 *
 * @example
 * goPrint({ b: 1, a: 'x' }); // 'map[a:x b:1]'
 */
export function goPrint(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return goNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(goPrint).join(' ')}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${k}:${goPrint((value as Record<string, unknown>)[k])}`);
    return `map[${entries.join(' ')}]`;
  }
  return String(value);
}

/**
 * Go's `%#v` of a decoded JSON value (`map[string]interface {}{"a":1}`, `[]interface {}{"x"}`).
 *
 * @example
 * goSyntax(['a', 1]); // '[]interface {}{"a", 1}'
 */
export function goSyntax(value: unknown): string {
  if (value === null || value === undefined) return 'interface {}(nil)';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'bigint') return goNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === 'string')) return `[]string{${value.map((v) => goQuote(v)).join(', ')}}`;
    return `[]interface {}{${value.map(goSyntax).join(', ')}}`;
  }
  if (typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${goQuote(k)}:${goSyntax((value as Record<string, unknown>)[k])}`);
    return `map[string]interface {}{${entries.join(', ')}}`;
  }
  return String(value);
}

/**
 * The "bad value" part of a field error (`field.Error.ErrorBody`): `%q` for strings, `%v` for
 * numbers and booleans, `%#v` for the rest, and `"null"` for null.
 *
 * @example
 * goBadValue('x'); // '"x"'
 * goBadValue(3);   // '3'
 */
export function goBadValue(value: unknown): string {
  if (value === null || value === undefined) return '"null"';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'bigint') return goNumber(value);
  if (typeof value === 'boolean') return String(value);
  return goSyntax(value);
}

/**
 * Go's `json.Marshal` of a decoded JSON value: compact, map keys sorted, and `<`, `>`, `&`, U+2028,
 * U+2029 escaped. kube's JSONPath printer uses it for maps and lists (printer column cells).
 *
 * @example
 * goJson({ b: 1, a: ['<x>'] }); // '{"a":["\\u003cx\\u003e"],"b":1}'
 */
export function goJson(value: unknown): string {
  // Keys in byte order (stringifyJson also writes integer-like keys so), int64 values with every digit.
  const text = value === undefined ? 'null' : stringifyJson(sortKeysDeep(value));
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
