// A fixed-capacity ring buffer: logs, API traffic and events are capped so that a chatty operator
// never grows op dev's memory or slows its rendering (the complaint most often made of k9s and Tilt).

/**
 * The last `capacity` items pushed, oldest first.
 *
 * @example
 * ```ts
 * const ring = new Ring<string>(2);
 * ring.push('a'); ring.push('b'); ring.push('c');
 * ring.toArray(); // ['b', 'c']
 * ```
 */
export class Ring<T> {
  readonly capacity: number;
  readonly #items: (T | undefined)[];
  #start = 0;
  #size = 0;
  /** How many items were ever pushed (an index that survives wrap-around). */
  #pushed = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`A ring needs a capacity of at least 1; got ${capacity}.`);
    this.capacity = capacity;
    this.#items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** The total number of items ever pushed. */
  get pushed(): number {
    return this.#pushed;
  }

  push(item: T): void {
    const index = (this.#start + this.#size) % this.capacity;
    this.#items[index] = item;
    if (this.#size < this.capacity) this.#size++;
    else this.#start = (this.#start + 1) % this.capacity;
    this.#pushed++;
  }

  /** The item at `index` (0 = oldest kept). */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.#size) return undefined;
    return this.#items[(this.#start + index) % this.capacity];
  }

  /** The last item pushed. */
  last(): T | undefined {
    return this.at(this.#size - 1);
  }

  clear(): void {
    this.#items.fill(undefined);
    this.#start = 0;
    this.#size = 0;
  }

  toArray(): T[] {
    const result: T[] = [];
    for (let i = 0; i < this.#size; i++) result.push(this.#items[(this.#start + i) % this.capacity]!);
    return result;
  }

  /** The kept items matching `predicate`, oldest first. */
  filter(predicate: (item: T) => boolean): T[] {
    const result: T[] = [];
    for (let i = 0; i < this.#size; i++) {
      const item = this.#items[(this.#start + i) % this.capacity]!;
      if (predicate(item)) result.push(item);
    }
    return result;
  }
}
