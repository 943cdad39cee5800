// Compact JSON as a Kubernetes API server writes it: bigints with every digit, and objects with
// integer-like keys (maps) in byte order (see keys.ts). JSON.stringify does neither — it throws on a
// bigint and lists "2" before "10" — but it is fast, so it runs first and its text is kept whenever it
// is already right; only text with a bigint or an integer-like key is written again by the slow writer.
import { JsonError } from './errors.js';
import { isRawJson, orderedKeys } from './keys.js';

/**
 * An integer-like key in JSON.stringify's output: `{"10":` or `,"10":`. Inside strings every `"` is
 * escaped, so this can only match a key.
 */
const INTEGER_KEY_IN_TEXT = /[{,]"(?:0|[1-9]\d*)":/;

/**
 * Write a value as compact JSON, exactly: like JSON.stringify (toJSON, `JSON.rawJSON` values, undefined
 * members skipped, non-finite numbers as `null`), plus `bigint`s as their digits and objects with
 * integer-like keys in byte order (`{"10":"a","2":"b"}`), as an API server writes maps.
 *
 * @throws JsonError with code `cycle` for a cyclic structure, `unsupported-value` for a value with no
 *   JSON text at all (`undefined`, a function or a symbol, where JSON.stringify returns undefined).
 * @example
 * ```ts
 * stringifyJson({ big: 9007199254740993n, data: { 2: 'b', 10: 'a' } });
 * // '{"big":9007199254740993,"data":{"10":"a","2":"b"}}'
 * ```
 */
export function stringifyJson(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // A bigint (or a cycle, which the exact writer reports in its own words).
    return writeExact(value);
  }
  if (text === undefined) return writeExact(value);
  return INTEGER_KEY_IN_TEXT.test(text) ? writeExact(value) : text;
}

function writeExact(value: unknown): string {
  const out: string[] = [];
  if (!write(value, '', out, new Set())) {
    throw new JsonError('unsupported-value', `Cannot write a ${typeof value} as JSON: expected an object, array, string, number, bigint, boolean or null.`);
  }
  return out.join('');
}

/** Writes one value; returns false when it has no JSON form (skipped in objects, null in arrays). */
function write(input: unknown, key: string, out: string[], seen: Set<object>): boolean {
  let value = input;
  if (value !== null && (typeof value === 'object' || typeof value === 'bigint') && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value));
      return true;
    case 'number':
      out.push(Number.isFinite(value) ? JSON.stringify(value) : 'null');
      return true;
    case 'bigint':
      out.push(value.toString());
      return true;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) {
    out.push('null');
    return true;
  }
  if (isRawJson(value)) {
    out.push(value.rawJSON);
    return true;
  }
  if (seen.has(value)) throw new JsonError('cycle', `Cannot write a cyclic structure as JSON (at key ${JSON.stringify(key)}).`);
  seen.add(value);
  if (Array.isArray(value)) {
    out.push('[');
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out.push(',');
      if (!write(value[index], String(index), out, seen)) out.push('null');
    }
    out.push(']');
  } else {
    const unboxed = unbox(value);
    if (unboxed !== undefined) {
      seen.delete(value);
      return write(unboxed, key, out, seen);
    }
    out.push('{');
    let first = true;
    for (const name of orderedKeys(value)) {
      const mark = out.length;
      if (!first) out.push(',');
      out.push(JSON.stringify(name), ':');
      if (write((value as Record<string, unknown>)[name], name, out, seen)) first = false;
      else out.length = mark;
    }
    out.push('}');
  }
  seen.delete(value);
  return true;
}

/** The primitive inside a boxed Number, String, Boolean or BigInt (JSON.stringify unboxes them). */
function unbox(value: object): unknown {
  if (value instanceof Number || value instanceof String || value instanceof Boolean || value instanceof BigInt) {
    return value.valueOf();
  }
  return undefined;
}
