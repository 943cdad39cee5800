// Why this file exists: an operator with ten thousand objects and a timer on each must not hold ten
// thousand JavaScript timers, nor wake ten thousand sleeping loops to check the time. Every wait of
// every daemon and timer goes into one queue ordered by due time, and the queue keeps exactly one clock
// timer armed: for its earliest entry. Firing runs everything that is due, in due order.
// The scheduler is itself a Clock, so the task primitives (RestartingTask, sleep) wait in it too.
//
// The queue is a list per delay (the time from scheduling to due, in whole milliseconds) and a small
// binary heap of those lists by their first entry — Node's own timers are built the same way. A timer of
// interval 1 s schedules every run 1000 ms ahead, so its runs append to one list, already in due order:
// scheduling and firing touch the list's ends and a heap of a handful of lists, not a heap of every
// entry (at ten thousand entries a heap's sift read thirteen entries scattered in memory per run).
import { systemClock } from '@opkit/tasks';
import type { Clock } from '@opkit/tasks';
import { DaemonsError } from './errors.js';

/** A scheduled callback, as returned by {@link Scheduler.at}; pass it to {@link Scheduler.cancel}. */
export interface ScheduledEntry {
  /** When it is due (clock milliseconds). */
  readonly due: number;
}

/**
 * What a scheduled entry runs: a function, or an object whose `fire()` is called — a loop that sleeps
 * every interval passes itself, and firing then reads no closure of its own.
 */
export type ScheduledCallback = (() => void) | { fire(): void };

/** A scheduled callback, in the list of its delay. */
interface Entry extends ScheduledEntry {
  due: number;
  /** Scheduling order: callbacks due at the same time run in it. */
  seq: number;
  readonly fn: ScheduledCallback;
  /** The list it waits in; undefined once fired or cancelled. */
  list: DelayList | undefined;
  prev: Entry | undefined;
  next: Entry | undefined;
}

/** The entries scheduled with one delay, in due order (then scheduling order). */
interface DelayList {
  readonly delay: number;
  head: Entry | undefined;
  tail: Entry | undefined;
  /** Its place in the heap of lists. */
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
 * One timer for many: callbacks ordered by due time, one clock timer armed for the earliest.
 *
 * Guarantees: a callback never runs before its due time (by the clock); callbacks due at the same time
 * run in the order they were scheduled; scheduling and cancelling take constant time for the delays
 * a loop repeats (O(log d) in the number d of distinct delays waiting); a cancelled callback never runs;
 * what a callback schedules runs on a later turn, never in the same one; with nothing scheduled, no
 * clock timer is pending. As a {@link Clock}, its `setTimeout` is {@link Scheduler.after} and its
 * `clearTimeout` {@link Scheduler.cancel}.
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
  /** The lists that hold an entry, by delay. */
  readonly #lists = new Map<number, DelayList>();
  /** The same lists, a binary heap by their first entry. */
  readonly #heap: DelayList[] = [];
  /** The list the last entry went to (-1 as its index once out of the heap). */
  #last: DelayList | undefined;
  #size = 0;
  #seq = 0;
  #timer: unknown;
  /** The due time the clock timer is armed for (NaN when none). */
  #armedFor = Number.NaN;
  /** While due entries run: what they schedule or cancel arms no clock timer; the firing arms it once, at its end. */
  #firing = false;

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
    return this.#size;
  }

  /** Whether a clock timer is pending (only while something is scheduled). */
  get armed(): boolean {
    return this.#timer !== undefined;
  }

  /** Run `fn` (or its `fire()`) at `due` (clock milliseconds); a time in the past means "as soon as possible". */
  at(due: number, fn: ScheduledCallback): ScheduledEntry {
    checkDue(due);
    const entry: Entry = { due, seq: 0, fn, list: undefined, prev: undefined, next: undefined };
    this.#insert(entry);
    this.#arm();
    return entry;
  }

  /**
   * Run an entry's callback again at `due`: the entry itself goes back in the queue (waiting already: it
   * moves), so a loop that waits every interval allocates nothing for it. `entry` is one this scheduler
   * returned. Returns the entry.
   */
  again(entry: ScheduledEntry, due: number): ScheduledEntry {
    checkDue(due);
    const item = entry as Entry;
    if (item.list !== undefined) this.#unlink(item);
    item.due = due;
    this.#insert(item);
    this.#arm();
    return item;
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
    if (item?.list === undefined) return false;
    this.#unlink(item);
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
    for (const list of this.#heap) {
      for (let entry = list.head; entry !== undefined;) {
        const next = entry.next;
        entry.list = entry.prev = entry.next = undefined;
        entry = next;
      }
    }
    this.#heap.length = 0;
    this.#lists.clear();
    this.#last = undefined;
    this.#size = 0;
    this.#arm();
  }

  #fire = (): void => {
    this.#timer = undefined;
    this.#armedFor = Number.NaN;
    const now = this.#clock.now();
    // Only what was scheduled before this turn and is due: what the callbacks schedule runs on a later turn.
    const before = this.#seq;
    this.#firing = true;
    try {
      for (;;) {
        const entry = this.#heap[0]?.head;
        if (entry === undefined || entry.due > now || entry.seq >= before) break;
        this.#unlink(entry);
        try {
          const fn = entry.fn;
          if (typeof fn === 'function') fn();
          else fn.fire();
        } catch (error) {
          this.#onError(error);
        }
      }
    } finally {
      this.#firing = false;
    }
    this.#arm();
  };

  /** Put an entry (in no list) in the list of its delay, in due order, after the entries due at the same time. */
  #insert(entry: Entry): void {
    entry.seq = this.#seq++;
    const delay = Math.max(0, Math.round(entry.due - this.#clock.now()));
    // The list of the last insertion is usually the one (every timer of an interval has the same delay).
    let list = this.#last;
    if (list === undefined || list.delay !== delay || list.index < 0) {
      list = this.#lists.get(delay);
      if (list === undefined) {
        list = { delay, head: undefined, tail: undefined, index: this.#heap.length };
        this.#lists.set(delay, list);
        this.#heap.push(list);
      }
      this.#last = list;
    }
    entry.list = list;
    this.#size++;
    // Almost always the end of the list: its entries were scheduled earlier with the same delay. Walking
    // back is for a clock that went back, or a due that rounds into another list's range.
    let after = list.tail;
    while (after !== undefined && after.due > entry.due) after = after.prev;
    entry.prev = after;
    entry.next = after === undefined ? list.head : after.next;
    if (entry.next === undefined) list.tail = entry;
    else entry.next.prev = entry;
    if (after === undefined) {
      list.head = entry;
      this.#up(list.index); // a new first entry can only be earlier
    } else {
      after.next = entry;
    }
  }

  /** Take a waiting entry out of its list (and an emptied list out of the heap). */
  #unlink(entry: Entry): void {
    const list = entry.list!;
    const { prev, next } = entry;
    if (prev === undefined) list.head = next;
    else prev.next = next;
    if (next === undefined) list.tail = prev;
    else next.prev = prev;
    entry.list = entry.prev = entry.next = undefined;
    this.#size--;
    if (prev !== undefined) return; // the list's first entry is the same
    if (list.head === undefined) {
      this.#lists.delete(list.delay);
      this.#removeAt(list.index);
    } else {
      this.#down(list.index); // its first entry is later now
    }
  }

  #arm(): void {
    if (this.#firing) return;
    const first = this.#heap[0]?.head;
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

  #less(a: DelayList, b: DelayList): boolean {
    const x = a.head!;
    const y = b.head!;
    return x.due < y.due || (x.due === y.due && x.seq < y.seq);
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

function checkDue(due: number): void {
  if (typeof due !== 'number' || Number.isNaN(due)) throw new DaemonsError('invalid-option', `A due time must be a number of milliseconds; got ${String(due)}.`);
}
