// Query parameters decoded the way kube-apiserver's parameter codec (apimachinery's url.Values
// conversions) decodes them, so that every client is understood alike: the Python client sends
// `watch=True`, curl users write `watch=1` or a bare `?watch`. Only the first value of a repeated
// parameter counts (except list parameters such as `dryRun`); a boolean is false only when absent, `0`
// or a case-insensitive `false`; an integer must parse as Go's `strconv.ParseInt(s, 10, 64)` or the
// request is answered 400 with Go's wording; a parameter nobody asked about is ignored.
import { StatusError } from '../errors.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A boolean query value as apimachinery decodes it: no value at all is false; otherwise the first value
 * is false when it is `0` or `false` in any case, and true for anything else (`true`, `True`, `t`, `yes`, ``).
 *
 * @example
 * decodeBool(['True']); // true
 * decodeBool(['']); // true (a bare `?watch`)
 * decodeBool(['FALSE', 'true']); // false (the first value counts)
 * decodeBool([]); // false
 */
export function decodeBool(values: readonly string[]): boolean {
  if (values.length === 0) return false;
  const first = values[0]!;
  return first !== '0' && first.toLowerCase() !== 'false';
}

/**
 * Go's `strconv.ParseInt(text, 10, 64)`: an optional sign and decimal digits within int64. Returns the
 * value, or the error text Go gives (`strconv.ParseInt: parsing "abc": invalid syntax`).
 *
 * @example
 * parseInt64('500'); // { value: 500 }
 * parseInt64('1.5'); // { error: 'strconv.ParseInt: parsing "1.5": invalid syntax' }
 */
export function parseInt64(text: string): { value: number } | { error: string } {
  if (!/^[+-]?\d+$/.test(text)) return { error: `strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax` };
  const big = BigInt(text);
  if (big < INT64_MIN || big > INT64_MAX) return { error: `strconv.ParseInt: parsing ${JSON.stringify(text)}: value out of range` };
  return { value: Number(big) };
}

/**
 * The 400 for an integer parameter that is not an int64. The message is kube-apiserver's, word for
 * word (Go's strconv error); the Status's `details.causes` names the parameter, which the message does not.
 */
function invalidInteger(name: string, text: string, error: string): StatusError {
  return new StatusError(400, 'BadRequest', error, { causes: [{ reason: 'FieldValueInvalid', field: name, message: `Invalid value: ${JSON.stringify(text)}: ${name} must be an integer` }] });
}

/**
 * The query of one request, read as kube-apiserver reads it. Every handler reads its parameters through
 * one of these; values are decoded on demand, so an unused malformed parameter is no error (as in kube,
 * where only the options struct of the verb is decoded).
 *
 * @example
 * const q = new QueryParams(new URL('http://x/api/v1/pods?watch=True&limit=10').searchParams);
 * q.bool('watch'); // true
 * q.int('limit'); // 10
 * q.string('continue'); // undefined
 */
export class QueryParams {
  constructor(private readonly params: URLSearchParams) {}

  /** Whether the parameter is present at all (with any value, even empty). */
  has(name: string): boolean {
    return this.params.has(name);
  }

  /** The first value of a string parameter, `undefined` when absent (an empty value stays ''). */
  string(name: string): string | undefined {
    return this.params.get(name) ?? undefined;
  }

  /** Every value of a list parameter (`dryRun=All&dryRun=All`), in order. */
  strings(name: string): string[] {
    return this.params.getAll(name);
  }

  /** A boolean parameter: false when absent, else {@link decodeBool} of its values. */
  bool(name: string): boolean {
    return decodeBool(this.params.getAll(name));
  }

  /** A `*bool` parameter: `undefined` when absent, else {@link decodeBool} of its values. */
  optionalBool(name: string): boolean | undefined {
    const values = this.params.getAll(name);
    return values.length === 0 ? undefined : decodeBool(values);
  }

  /**
   * An int64 parameter (`limit`, `timeoutSeconds`, `gracePeriodSeconds`): `undefined` when absent;
   * a first value that is not an int64 (including an empty one) is a 400 Status.
   */
  int(name: string): number | undefined {
    const text = this.params.get(name);
    if (text === null) return undefined;
    const parsed = parseInt64(text);
    if ('error' in parsed) throw invalidInteger(name, text, parsed.error);
    return parsed.value;
  }
}
