// Numbers in request bodies, read as kube-apiserver reads them. Its decoder (sigs.k8s.io/json with
// integers preserved) keeps every integer in the int64 range exactly, turns a larger integer into the
// nearest float64, and refuses a number beyond the float64 range (`1e400`). JSON.parse would round every
// integer beyond 2^53 instead, so bodies go through @opkit/json's parseJson in its 'float' mode; YAML
// bodies are parsed with every integer as a bigint and brought to the same forms here. Every integer
// the server holds is thus canonical: a number up to 2^53 − 1 in magnitude, a bigint beyond (int64),
// and a plain (float) number beyond int64.
import { INT64_MAX, INT64_MIN, JsonError, parseJson } from '@opkit/json';

/** A JSON number a float64 cannot hold (`1e400`): kube-apiserver refuses the body. */
export class NumberOutOfRangeError extends Error {
  override readonly name = 'NumberOutOfRangeError';
  constructor(
    /** The number as the body wrote it. */
    readonly text: string,
    options?: { cause?: unknown },
  ) {
    super(`json: cannot unmarshal number ${text} into Go value of type float64`, options);
  }
}

/**
 * Parses a JSON request body as kube-apiserver decodes it: int64 exact (a bigint beyond 2^53), larger
 * integers as float64.
 *
 * @throws SyntaxError for malformed JSON, as JSON.parse; NumberOutOfRangeError for a number beyond
 *   float64, whose message is the one kube-apiserver's decoder gives.
 * @example
 * parseRequestJson('{"a":9007199254740993}'); // { a: 9007199254740993n }
 */
export function parseRequestJson(text: string): unknown {
  try {
    return parseJson(text, { beyondInt64: 'float' });
  } catch (error) {
    if (error instanceof JsonError && error.code === 'number-out-of-range') throw new NumberOutOfRangeError(error.source ?? '', { cause: error });
    throw error;
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A value parsed from YAML with every integer as a bigint (`intAsBigInt`), with its integers brought
 * to the server's forms: a number when safe, a bigint in int64, a float64 beyond. Changes the value in
 * place and returns it (the parse result is owned by the caller).
 *
 * @example
 * canonicalYamlIntegers({ a: 1n, b: [2n ** 60n, 2n ** 70n] }); // { a: 1, b: [1152921504606846976n, 1.1805916207174113e21] }
 */
export function canonicalYamlIntegers(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value >= -MAX_SAFE && value <= MAX_SAFE) return Number(value);
    return value >= INT64_MIN && value <= INT64_MAX ? value : Number(value);
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = canonicalYamlIntegers(value[index]);
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      // Objects and arrays change in place; only a bigint member is replaced (`__proto__` as data).
      if (typeof item === 'bigint') Object.defineProperty(record, key, { value: canonicalYamlIntegers(item), writable: true, enumerable: true, configurable: true });
      else canonicalYamlIntegers(item);
    }
  }
  return value;
}
