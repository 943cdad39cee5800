// Why this file exists: an operator with ten thousand objects and a timer on each must not hold ten
// thousand JavaScript timers, nor wake ten thousand sleeping loops to check the time. Every wait of
// every daemon and timer goes into one priority queue ordered by due time, and the queue keeps exactly
// one clock timer armed: for its earliest entry. Firing pops everything that is due, in due order.
// The scheduler is itself a Clock, so the task primitives (RestartingTask, sleep) wait in it too.
import { systemClock } from '@opkit/tasks';
import type { Clock } from '@opkit/tasks';
import { DaemonsError } from './errors.js';

/** A scheduled callback, as returned by {@link Scheduler.at}; pass it to {@link Scheduler.cancel}. */
export interface ScheduledEntry {
  /** When it is due (clock milliseconds). */
  readonly due: number;
}

interface Entry extends ScheduledEntry {
  readonly seq: number;
  readonly fn: () => void;
  /** Its place in the heap; -1 once fired or cancelled. */
  index: number;
}

/** Options of {@link Scheduler}. */
export interface SchedulerOptions {
  /** @defaultValue systemClock (stop the scheduler to clear its timer) */
  readonly clock?: Clock;
  /** Called with what a callback threw (the scheduler carries on). @defaultValue ignore */
  readonly onError?: (error: unknown) => void;
}

/**
 * One timer for many: callbacks ordered by due time in a binary heap, one clock timer armed for the
 * earliest.
 *
 * Guarantees: a callback never runs before its due time (by the clock); callbacks due at the same time
 * run in the order they were scheduled; cancelling is O(log n) and a cancelled callback never runs;
 * with nothing scheduled, no clock timer is pending. As a {@link Clock}, its `setTimeout` is
 * {@link Scheduler.after} and its `clearTimeout` {@link Scheduler.cancel}.
 *
 * @example
 * ```ts
 * const scheduler = new Scheduler();
 * const entry = scheduler.after(1_000, () => console.log('a second later'));
 * scheduler.cancel(entry); // never mind
 * await scheduler.sleep(500, { signal }); // true: slept; false: woken by the signal
 * ```
 */
export class Scheduler implements Clock {
  readonly #clock: Clock;
  readonly #onError: (error: unknown) => void;
  readonly #heap: Entry[] = [];
  #seq = 0;
  #timer: unknown;
  /** The due time the clock timer is armed for (NaN when none). */
  #armedFor = Number.NaN;

  constructor(options: SchedulerOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#onError = options.onError ?? (() => undefined);
  }

  /** The clock's current time (milliseconds). */
  now(): number {
    return this.#clock.now();
  }

  /** How many callbacks are waiting. */
  get size(): number {
    return this.#heap.length;
  }

  /** Whether a clock timer is pending (only while something is scheduled). */
  get armed(): boolean {
    return this.#timer !== undefined;
  }

  /** Run `fn` at `due` (clock milliseconds); a time in the past means "as soon as possible". */
  at(due: number, fn: () => void): ScheduledEntry {
    if (typeof due !== 'number' || Number.isNaN(due)) throw new DaemonsError('invalid-option', `A due time must be a number of milliseconds; got ${String(due)}.`);
    const entry: Entry = { due, seq: this.#seq++, fn, index: this.#heap.length };
    this.#heap.push(entry);
    this.#up(entry.index);
    this.#arm();
    return entry;
  }

  /** Run `fn` after `ms` milliseconds. */
  after(ms: number, fn: () => void): ScheduledEntry {
    return this.at(this.#clock.now() + Math.max(0, ms), fn);
  }

  /** {@link Clock.setTimeout}: {@link Scheduler.after}. */
  setTimeout(fn: () => void, ms: number): ScheduledEntry {
    return this.after(ms, fn);
  }

  /** {@link Clock.clearTimeout}: {@link Scheduler.cancel}. */
  clearTimeout(handle: unknown): void {
    this.cancel(handle as ScheduledEntry | undefined);
  }

  /** Cancel a callback; returns whether it was still waiting. */
  cancel(entry: ScheduledEntry | undefined): boolean {
    const item = entry as Entry | undefined;
    if (!item || item.index < 0 || this.#heap[item.index] !== item) return false;
    this.#removeAt(item.index);
    this.#arm();
    return true;
  }

  /**
   * Wait until `due` (clock milliseconds); resolves `true` then, or `false` as soon as `signal` aborts
   * (an abort is not an error here: it is how daemons are woken to stop).
   */
  sleepUntil(due: number, options: { readonly signal?: AbortSignal | undefined } = {}): Promise<boolean> {
    const { signal } = options;
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const onAbort = (): void => {
        this.cancel(entry);
        resolve(false);
      };
      const entry = this.at(due, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Wait `ms` milliseconds; see {@link Scheduler.sleepUntil}. */
  sleep(ms: number, options: { readonly signal?: AbortSignal | undefined } = {}): Promise<boolean> {
    return this.sleepUntil(this.#clock.now() + Math.max(0, ms), options);
  }

  /** Drop every waiting callback (they never run) and the clock timer. */
  clear(): void {
    for (const entry of this.#heap) entry.index = -1;
    this.#heap.length = 0;
    this.#arm();
  }

  #fire = (): void => {
    this.#timer = undefined;
    this.#armedFor = Number.NaN;
    const now = this.#clock.now();
    // Only what was due when the timer fired: callbacks scheduling "now" again run on the next turn.
    while (this.#heap.length > 0 && this.#heap[0]!.due <= now) {
      const entry = this.#heap[0]!;
      this.#removeAt(0);
      try {
        entry.fn();
      } catch (error) {
        this.#onError(error);
      }
    }
    this.#arm();
  };

  #arm(): void {
    const first = this.#heap[0];
    if (first === undefined) {
      if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#armedFor = Number.NaN;
      return;
    }
    if (this.#timer !== undefined && this.#armedFor === first.due) return;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#armedFor = first.due;
    this.#timer = this.#clock.setTimeout(this.#fire, Math.max(0, first.due - this.#clock.now()));
  }

  #less(a: Entry, b: Entry): boolean {
    return a.due < b.due || (a.due === b.due && a.seq < b.seq);
  }

  #swap(i: number, j: number): void {
    const heap = this.#heap;
    const a = heap[i]!;
    const b = heap[j]!;
    heap[i] = b;
    heap[j] = a;
    b.index = i;
    a.index = j;
  }

  #up(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#less(this.#heap[i]!, this.#heap[parent]!)) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  #down(index: number): void {
    const heap = this.#heap;
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && this.#less(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && this.#less(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === i) return;
      this.#swap(i, smallest);
      i = smallest;
    }
  }

  #removeAt(index: number): void {
    const heap = this.#heap;
    const removed = heap[index]!;
    const last = heap.pop()!;
    removed.index = -1;
    if (last === removed) return;
    heap[index] = last;
    last.index = index;
    this.#down(index);
    this.#up(last.index);
  }
}
