// Go's `%v` rendering of decoded JSON values (`map[a:1 b:[x y]]`), so that error messages the
// strategic-merge code copies from apimachinery read exactly as kube-apiserver's do.

import { isJsonObject } from './json.js';

/**
 * The text Go's `fmt.Sprintf("%v", v)` gives for a JSON value decoded into `interface{}`: maps as
 * `map[k:v …]` with sorted keys, slices as `[a b]`, null as `<nil>`, integers in decimal and other
 * numbers as Go prints a float64 (`1.5`, `1.2345675e+06`, `1e-05`).
 *
 * @example
 * ```ts
 * goValueText({ name: 'a', ports: [80, 443] }); // 'map[name:a ports:[80 443]]'
 * ```
 */
export function goValueText(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return goNumberText(value);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map((item) => goValueText(item)).join(' ')}]`;
  if (isJsonObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${key}:${goValueText(value[key])}`);
    return `map[${entries.join(' ')}]`;
  }
  return String(value);
}

/**
 * int64 values in decimal; float64 values as `%v` prints them (exponent form outside 1e-4..1e6). An int64
 * beyond 2^53 is a bigint (see codec.ts), so an integral number beyond that came from a float.
 */
function goNumberText(value: number): string {
  if (Number.isSafeInteger(value)) return String(value);
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  if (exponent < -4 || exponent >= 6) {
    const [mantissa, power = '0'] = value.toExponential().split('e');
    const sign = power.startsWith('-') ? '-' : '+';
    return `${mantissa}e${sign}${power.replace(/^[+-]/, '').padStart(2, '0')}`;
  }
  return String(value);
}
