// In-memory indices (`on.index`): per index, a read-only map from keys to stores of values, where each
// indexed object contributes at most one value per key. Each object's keys are remembered, so replacing
// or removing an object's values costs O(its keys), never a scan of the index. Keys compare by value
// (`['default', 'pod-1']` finds what `['default', 'pod-1']` stored), as Kopf's tuple keys do.
import { deepEqual } from './fields.js';

/**
 * The values stored under one key of an index: one per indexed object, in the order the objects were
 * first indexed under the key. Never empty (an empty store leaves the index).
 */
export interface Store<V = unknown> extends Iterable<V> {
  /** How many values. */
  readonly size: number;
  /** Whether a value deep-equal to `value` is stored. */
  has(value: V): boolean;
  /** The values, as an array (a copy). */
  toArray(): V[];
}

/**
 * An index: a read-only map from keys to stores of values. Keys are compared by value (strings,
 * numbers, booleans, `null`, arrays and plain objects of them).
 *
 * @example
 * ```ts
 * on.timer('kex', ({ indices }) => {
 *   const byLabel = indices.by_label as Index<[string, string], string>;
 *   for (const pod of byLabel.get(['app', 'web']) ?? []) console.log(pod);
 * }, { interval: 5 });
 * ```
 */
export type Index<K = unknown, V = unknown> = ReadonlyMap<K, Store<V>>;

/** Every index of an operator, by index id: what handlers receive as `indices`. */
export type Indices = Readonly<Record<string, Index<any, any>>>;

/** The comparable form of a key: equal for keys of equal value (object keys in any order). */
function keyOf(key: unknown): string {
  if (typeof key === 'string') return `s${key}`;
  return `c${canonical(key)}`;
}

function canonical(value: unknown): string {
  switch (typeof value) {
    case 'string': return JSON.stringify(value);
    case 'number': return Object.is(value, -0) ? '0' : String(value);
    case 'bigint': return String(value); // the same digits as an equal number
    case 'boolean': return String(value);
    case 'undefined': return 'undefined';
    default:
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return `{${Object.keys(value).sort().map((name) => `${JSON.stringify(name)}:${canonical((value as Record<string, unknown>)[name])}`).join(',')}}`;
  }
  throw new TypeError(`An index key must be a string, number, bigint, boolean, null, or an array or plain object of them; got ${String(value)}.`);
}

class StoreView<V> implements Store<V> {
  constructor(private readonly values: Map<string, V>) {}
  get size(): number {
    return this.values.size;
  }
  has(value: V): boolean {
    for (const stored of this.values.values()) if (deepEqual(stored, value)) return true;
    return false;
  }
  toArray(): V[] {
    return [...this.values.values()];
  }
  [Symbol.iterator](): Iterator<V> {
    return this.values.values();
  }
  toJSON(): V[] {
    return this.toArray();
  }
}

interface Slot<K, V> {
  readonly key: K;
  /** Object key → its value. */
  readonly values: Map<string, V>;
  readonly store: StoreView<V>;
}

/**
 * One index, writable by the runtime and read-only to handlers.
 *
 * Guarantees: `replace` and `remove` cost O(keys of the object before + after); a store never stays
 * empty; iteration follows the order in which keys first appeared.
 *
 * @example
 * ```ts
 * const index = new OperatorIndex<string, string>();
 * index.replace('uid-1', [['default', 'pod-1']]);
 * index.get('default')?.toArray(); // ['pod-1']
 * index.remove('uid-1');
 * index.size; // 0
 * ```
 */
export class OperatorIndex<K = unknown, V = unknown> implements Index<K, V> {
  readonly #slots = new Map<string, Slot<K, V>>();
  /** Object key → the comparable keys it has values under. */
  readonly #byObject = new Map<string, Set<string>>();

  /** Set an object's values: exactly `entries` (an empty list removes them all). A value kept under a key keeps its place. */
  replace(objectKey: string, entries: readonly (readonly [K, V])[]): void {
    const before = this.#byObject.get(objectKey);
    const keys = new Set<string>();
    for (const [key, value] of entries) {
      const comparable = keyOf(key);
      let slot = this.#slots.get(comparable);
      if (slot === undefined) {
        const values = new Map<string, V>();
        slot = { key, values, store: new StoreView(values) };
        this.#slots.set(comparable, slot);
      }
      keys.add(comparable);
      slot.values.set(objectKey, value);
    }
    if (before !== undefined) {
      for (const comparable of before) if (!keys.has(comparable)) this.#drop(comparable, objectKey);
    }
    if (keys.size > 0) this.#byObject.set(objectKey, keys);
    else this.#byObject.delete(objectKey);
  }

  /** Remove an object's values (and the stores they leave empty). */
  remove(objectKey: string): void {
    const keys = this.#byObject.get(objectKey);
    if (keys === undefined) return;
    this.#byObject.delete(objectKey);
    for (const comparable of keys) this.#drop(comparable, objectKey);
  }

  #drop(comparable: string, objectKey: string): void {
    const slot = this.#slots.get(comparable);
    if (slot === undefined) return;
    slot.values.delete(objectKey);
    if (slot.values.size === 0) this.#slots.delete(comparable);
  }

  /** Whether an object has values in this index. */
  holds(objectKey: string): boolean {
    return this.#byObject.has(objectKey);
  }

  get size(): number {
    return this.#slots.size;
  }
  get(key: K): Store<V> | undefined {
    return this.#slots.get(keyOf(key))?.store;
  }
  has(key: K): boolean {
    return this.#slots.has(keyOf(key));
  }
  *keys(): MapIterator<K> {
    for (const slot of this.#slots.values()) yield slot.key;
  }
  *values(): MapIterator<Store<V>> {
    for (const slot of this.#slots.values()) yield slot.store;
  }
  *entries(): MapIterator<[K, Store<V>]> {
    for (const slot of this.#slots.values()) yield [slot.key, slot.store];
  }
  [Symbol.iterator](): MapIterator<[K, Store<V>]> {
    return this.entries();
  }
  forEach(callback: (value: Store<V>, key: K, map: ReadonlyMap<K, Store<V>>) => void, thisArg?: unknown): void {
    for (const slot of this.#slots.values()) callback.call(thisArg, slot.store, slot.key, this);
  }
  toJSON(): [K, V[]][] {
    return [...this.#slots.values()].map((slot) => [slot.key, slot.store.toArray()]);
  }
}

/**
 * What an index function's result means: `undefined` or `null` — do not index, keep the old values;
 * a `Map` — its entries (keys of any comparable kind); a plain object — its properties (string keys);
 * anything else — one value under the key `null`.
 *
 * @example
 * ```ts
 * indexEntries({ default: 'pod-1' });              // [['default', 'pod-1']]
 * indexEntries(new Map([[['default', 'pod-1'], true]])); // [[['default', 'pod-1'], true]]
 * indexEntries('pod-1');                           // [[null, 'pod-1']]
 * indexEntries(undefined);                         // undefined
 * ```
 */
export function indexEntries(result: unknown): (readonly [unknown, unknown])[] | undefined {
  if (result === undefined || result === null) return undefined;
  if (result instanceof Map) return [...(result as Map<unknown, unknown>).entries()];
  if (typeof result === 'object' && Object.getPrototypeOf(result) === Object.prototype) return Object.entries(result);
  return [[null, result]];
}
