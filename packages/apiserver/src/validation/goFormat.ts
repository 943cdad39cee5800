// Kubernetes error messages print values with Go's fmt verbs (`%q`, `%v`, `%#v`). Clients and tests
// match on those messages, so values are rendered here the way Go would render the decoded JSON
// (strings, int64, float64, bool, nil, map[string]interface{} and []interface{}).

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
 * Go's `%v` of a JSON number decoded by apimachinery (int64 when whole, else float64 with `%g`).
 *
 * @example
 * goNumber(1e21); // '1e+21'
 */
export function goNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';
  const text = String(value);
  // JS writes 1e-7 / 1e+21; Go's %g writes 1e-07 / 1e+21 (at least two exponent digits).
  return text.replace(/e([+-])(\d)$/, 'e$10$2');
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
  if (typeof value === 'number') return goNumber(value);
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
  if (typeof value === 'number') return goNumber(value);
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
  if (typeof value === 'number') return goNumber(value);
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
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) out[k] = sort((v as Record<string, unknown>)[k]);
      return out;
    }
    return v;
  };
  const text = JSON.stringify(sort(value)) ?? 'null';
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
