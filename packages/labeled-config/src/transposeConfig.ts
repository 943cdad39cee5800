// Yaook's `transpose_config`: from the applicable config sets (a list of maps), each key's values
// across the sets in order — the form a caller merges with its own precedence rules. Each value
// carries its source (`configSets[1].agentConfig`) so that a merge error can say where it came from.

import { InvalidConfigError } from './errors.js';
import type { ConfigSet } from './extractLabeledConfigs.js';

/** One key's values across the config sets, in order, with where each came from. */
export interface TransposedValues {
  /** The key's values, in the sets' order; sets without the key are skipped. */
  readonly values: unknown[];
  /** For each value, its source, e.g. `configSets[1].agentConfig` (same length as `values`). */
  readonly sources: string[];
}

/** Options of {@link transposeConfig}. */
export interface TransposeConfigOptions {
  /**
   * How sources name the list of sets, e.g. `spec.configSets`.
   * @defaultValue 'configSets'
   */
  name?: string;
  /**
   * The full list the sets were picked from (what {@link extractLabeledConfigs} was given): sources
   * then name each set by its index there rather than its position among the picked ones.
   */
  from?: readonly ConfigSet[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** `.key` for plain keys, `["odd key"]` otherwise: how sources and merge paths name a map key. */
export function keyPath(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/**
 * For each of `keys`, the values of that key across `configSets`, in order, skipping sets that lack it
 * (or hold `undefined`); `null` is a value. Values are not copied.
 *
 * @throws InvalidConfigError when a set is not a map
 * @example
 * const { agentConfig } = transposeConfig(applicable, ['agentConfig'], { from: spec.configSets, name: 'spec.configSets' });
 * const merged = mergeConfigs(agentConfig);
 */
export function transposeConfig<K extends string>(configSets: readonly ConfigSet[], keys: readonly K[], options: TransposeConfigOptions = {}): Record<K, TransposedValues> {
  const name = options.name ?? 'configSets';
  const result = Object.create(null) as Record<K, TransposedValues>;
  for (const key of keys) {
    if (typeof key !== 'string') throw new InvalidConfigError('keys', `expected config keys (strings), got ${JSON.stringify(key)}`);
    result[key] = { values: [], sources: [] };
  }
  configSets.forEach((set, position) => {
    const found = options.from ? options.from.indexOf(set) : position;
    const index = found >= 0 ? found : position;
    if (set === null || typeof set !== 'object' || Array.isArray(set)) throw new InvalidConfigError(`${name}[${index}]`, 'expected a config set (a map)');
    for (const key of keys) {
      if (!Object.hasOwn(set, key) || set[key] === undefined) continue;
      result[key].values.push(set[key]);
      result[key].sources.push(`${name}[${index}]${keyPath(key)}`);
    }
  });
  return result;
}
