// The deep merge that turns one key's values across the applicable config sets into the configuration
// of one node: later sets win for scalars, maps merge key by key, lists replace or concatenate. When
// two values of different types meet, the error names both sources, so that users find the set to fix.

import { InvalidConfigError, MergeConflictError } from './errors.js';
import type { TransposedValues } from './transposeConfig.js';
import { keyPath } from './transposeConfig.js';

/** How lists merge: the later list replaces the earlier one, or is appended to it. */
export type ListMergeMode = 'replace' | 'concat';

/** Options of {@link mergeConfigs}. */
export interface MergeConfigsOptions {
  /**
   * How two lists at the same place merge.
   * @defaultValue 'replace'
   */
  lists?: ListMergeMode;
  /**
   * The source of each value, named in conflict errors (e.g. `configSets[1].agentConfig`). Ignored
   * when `values` come from {@link transposeConfig}, which carries its own.
   * @defaultValue `values[0]`, `values[1]`, …
   */
  sources?: readonly string[];
}

type Kind = 'map' | 'list' | 'scalar' | 'null';

function isMap(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return isMap(value) ? 'map' : 'scalar';
}

/** The type as errors show it; numbers and bigints (exact integers) are one type. */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (isMap(value)) return 'a map';
  if (typeof value === 'bigint') return 'a number';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Scalar types that may replace each other: the same type, or null on either side. */
function sameScalarType(a: unknown, b: unknown): boolean {
  return a === null || b === null || typeName(a) === typeName(b);
}

/** A deep copy of plain data (maps and lists); other values are kept as they are. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isMap(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) define(out, key, copy(item));
    return out;
  }
  return value;
}

/** Sets a key without invoking setters (a `__proto__` key stays a key). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

class Merger {
  /** The source that last wrote each path: named as the earlier side of a conflict. */
  readonly #origins = new Map<string, string>();
  constructor(readonly lists: ListMergeMode) {}

  /** `next` (from `source`) merged over `base` at `path`; `base` is already a copy owned by the merge. */
  merge(base: unknown, next: unknown, source: string, path: string): unknown {
    const earlier = this.#origins.get(path);
    this.#origins.set(path, source);
    if (base === undefined) return this.#record(copy(next), source, path);
    const [baseKind, nextKind] = [kindOf(base), kindOf(next)];
    const conflict = baseKind === 'map' || nextKind === 'map' || baseKind === 'list' || nextKind === 'list'
      ? baseKind !== nextKind
      : !sameScalarType(base, next);
    if (conflict) {
      throw new MergeConflictError({ source: `${earlier ?? '(earlier)'}${path}`, type: typeName(base) }, { source: `${source}${path}`, type: typeName(next) });
    }
    if (nextKind === 'map') {
      const target = base as Record<string, unknown>;
      for (const [key, item] of Object.entries(next as Record<string, unknown>)) {
        if (item === undefined) continue;
        const at = `${path}${keyPath(key)}`;
        define(target, key, this.merge(Object.hasOwn(target, key) ? target[key] : undefined, item, source, at));
      }
      return target;
    }
    if (nextKind === 'list' && this.lists === 'concat') return [...(base as unknown[]), ...(copy(next) as unknown[])];
    return this.#record(copy(next), source, path);
  }

  /** Notes `source` as the writer of every path inside a value taken whole. */
  #record(value: unknown, source: string, path: string): unknown {
    this.#origins.set(path, source);
    if (isMap(value)) for (const [key, item] of Object.entries(value)) this.#record(item, source, `${path}${keyPath(key)}`);
    return value;
  }
}

/**
 * Deep-merges `values` in order into a new value: later values win for scalars, maps merge key by key
 * (keys in order of first appearance), lists are replaced or concatenated (`options.lists`). `undefined`
 * values are skipped; `null` replaces and is replaced by any scalar. Inputs are never modified.
 * Returns `undefined` for no values.
 *
 * Caveats: list items are never merged with each other; values other than plain maps, lists and
 * scalars (a Date, a class instance) are taken as scalars.
 *
 * @throws MergeConflictError when two values of different types meet (a map and a list, a string and
 *   a number …), naming both sources and the path, e.g. `cannot merge configSets[1].agentConfig.foo (a list) over configSets[0].agentConfig.foo (a map)`
 * @example
 * const { agentConfig } = transposeConfig(extractLabeledConfigs(spec.configSets, labels), ['agentConfig']);
 * const config = mergeConfigs(agentConfig, { lists: 'concat' });
 */
export function mergeConfigs<T = unknown>(values: readonly unknown[] | TransposedValues, options: MergeConfigsOptions = {}): T | undefined {
  const transposed = !Array.isArray(values);
  const list = transposed ? (values as TransposedValues).values : (values as readonly unknown[]);
  const sources = transposed ? (values as TransposedValues).sources : options.sources;
  const lists = options.lists ?? 'replace';
  if (lists !== 'replace' && lists !== 'concat') throw new InvalidConfigError('options.lists', `${JSON.stringify(lists)} is not one of replace, concat`);
  if (!Array.isArray(list)) throw new InvalidConfigError('values', 'expected a list of values (or transposeConfig output)');
  if (sources !== undefined && sources.length !== list.length) {
    throw new InvalidConfigError('options.sources', `expected one source per value (${list.length}), got ${sources.length}`);
  }
  const merger = new Merger(lists);
  let result: unknown;
  list.forEach((value, i) => {
    if (value !== undefined) result = merger.merge(result, value, sources?.[i] ?? `values[${i}]`, '');
  });
  return result as T | undefined;
}
