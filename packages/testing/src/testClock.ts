// Fake time for operator tests: one clock shared by the operators a test runs (their backoffs, retries,
// handler delays, timers, daemons, watch stall detection, client retries) and by the embedded API server
// (bookmarks, periodic faults), so a test of a 60 s stall or a retry storm finishes without waiting
// 60 s. Real I/O still takes real time: by default the clock jumps to its next timer only once nothing
// has happened for a short real while (no timer set or cleared, no request of an operator answered, no
// feed event, no change handler running), so time moves on when the system would otherwise just wait.
import type { Clock } from '@opkit/core';

/** Options of {@link TestClock}. */
export interface TestClockOptions {
  /** The starting time, in ms since the epoch. @defaultValue the real time at creation */
  readonly start?: number;
  /**
   * Jump to the next timer by itself once nothing has happened for {@link TestClockOptions.quietMs}; false:
   * time moves only through {@link TestClock.advance}. @defaultValue true
   */
  readonly autoAdvance?: boolean;
  /** Real milliseconds without activity before an automatic jump. @defaultValue 10 */
  readonly quietMs?: number;
  /**
   * Real milliseconds a running change handler may hold automatic jumps back (a handler that waits on
   * this clock itself must not stop time for ever). @defaultValue 5000
   */
  readonly maxHoldMs?: number;
}

interface FakeTimer {
  readonly at: number;
  readonly seq: number;
  readonly fn: () => void;
}

/**
 * A fake {@link Clock}: `now()` and timers move only when the clock advances — by itself when the system
 * is quiet (the default), or by {@link TestClock.advance}. Timers due at the current time fire at once
 * (on the next turn of the event loop); timers due at the same time fire in the order they were set.
 *
 * @example
 * ```ts
 * await using env = await startTestEnv({ crds, fakeTime: { autoAdvance: false } });
 * const op = await env.run(operator);
 * env.faults.inject({ stallWatches: true });
 * await env.clock!.advance(130_000); // two bookmark intervals and then some, at once
 * await op.waitForFeed((e) => e.type === 'watch' && e.phase === 'stalled');
 * ```
 */
export class TestClock implements Clock {
  #now: number;
  #seq = 0;
  readonly #timers = new Set<FakeTimer>();
  #activity = 0;
  #holds = 0;
  #heldSince: number | undefined;
  #driver: ReturnType<typeof setTimeout> | undefined;
  #flush: ReturnType<typeof setImmediate> | undefined;
  #lastSeen = -1;
  #disposed = false;
  #advanced = 0;
  #jumps = 0;
  readonly #quietMs: number;
  readonly #maxHoldMs: number;
  readonly #auto: boolean;

  constructor(options: TestClockOptions = {}) {
    const quietMs = options.quietMs ?? 10;
    const maxHoldMs = options.maxHoldMs ?? 5000;
    if (!(Number.isFinite(quietMs) && quietMs > 0)) throw new TypeError(`fakeTime.quietMs must be a positive number of ms, got ${String(quietMs)}`);
    if (!(Number.isFinite(maxHoldMs) && maxHoldMs >= 0)) throw new TypeError(`fakeTime.maxHoldMs must be a non-negative number of ms, got ${String(maxHoldMs)}`);
    if (options.start !== undefined && !Number.isFinite(options.start)) throw new TypeError(`fakeTime.start must be ms since the epoch, got ${String(options.start)}`);
    this.#now = options.start ?? Date.now();
    this.#quietMs = quietMs;
    this.#maxHoldMs = maxHoldMs;
    this.#auto = options.autoAdvance ?? true;
    if (this.#auto) this.#drive();
  }

  /** The fake time, in ms since the epoch. */
  now(): number {
    return this.#now;
  }

  /** Schedules `fn` at `now() + ms` of fake time. */
  setTimeout(fn: () => void, ms: number): unknown {
    const delay = Number.isFinite(ms) && ms > 0 ? ms : 0;
    const timer: FakeTimer = { at: this.#now + delay, seq: this.#seq++, fn };
    this.#timers.add(timer);
    this.#activity++;
    if (delay === 0) this.#flushSoon();
    return timer;
  }

  /** Cancels a timer of {@link TestClock.setTimeout}; unknown or fired handles are ignored. */
  clearTimeout(handle: unknown): void {
    if (this.#timers.delete(handle as FakeTimer)) this.#activity++;
  }

  /** How many timers are pending. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Fake milliseconds this clock moved forward so far (by {@link TestClock.advance} and automatic jumps). */
  get elapsed(): number {
    return this.#advanced;
  }

  /** How many automatic jumps it made. */
  get jumps(): number {
    return this.#jumps;
  }

  /**
   * Moves fake time forward by `ms`, firing the timers due on the way in order, each at its own time and
   * after the event loop has run what the previous one started (I/O callbacks, promise chains).
   *
   * @example
   * await clock.advance(60_000);
   */
  async advance(ms: number): Promise<void> {
    if (!(Number.isFinite(ms) && ms >= 0)) throw new TypeError(`advance() needs a non-negative number of ms, got ${String(ms)}`);
    const until = this.#now + ms;
    for (;;) {
      const next = this.#earliest();
      if (next === undefined || next.at > until) break;
      this.#fire(next);
      await turn();
    }
    this.#move(until);
  }

  /**
   * Tells the clock something happened (a request answered, a feed event): an automatic jump waits for
   * quiet again. The test environment calls it; a test rarely needs to.
   */
  activity(): void {
    this.#activity++;
  }

  /** Holds automatic jumps back until the returned function is called (at most `maxHoldMs` of real time). */
  hold(): () => void {
    this.#holds++;
    this.#heldSince ??= Date.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
      this.#activity++;
      if (this.#holds === 0) this.#heldSince = undefined;
    };
  }

  /** Stops automatic jumps and forgets every timer. Idempotent. */
  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#driver);
    if (this.#flush !== undefined) clearImmediate(this.#flush);
    this.#timers.clear();
  }

  #earliest(): FakeTimer | undefined {
    let best: FakeTimer | undefined;
    for (const timer of this.#timers) if (best === undefined || timer.at < best.at || (timer.at === best.at && timer.seq < best.seq)) best = timer;
    return best;
  }

  #move(to: number): void {
    if (to > this.#now) {
      this.#advanced += to - this.#now;
      this.#now = to;
    }
  }

  #fire(timer: FakeTimer): void {
    this.#timers.delete(timer);
    this.#move(timer.at);
    this.#activity++;
    try {
      timer.fn();
    } catch (error) {
      // As a real timer's exception would: uncaught, reported by the test runner.
      queueMicrotask(() => { throw error; });
    }
  }

  /** Fires the timers due now on the next turn of the event loop (a zero delay must not wait for quiet). */
  #flushSoon(): void {
    if (this.#flush !== undefined || this.#disposed) return;
    this.#flush = setImmediate(() => {
      this.#flush = undefined;
      for (;;) {
        const next = this.#earliest();
        if (next === undefined || next.at > this.#now) return;
        this.#fire(next);
      }
    });
    this.#flush.unref();
  }

  /** The automatic jumps: every `quietMs` of real time, if nothing happened since the last look, fire the next timer. */
  #drive(): void {
    if (this.#disposed) return;
    this.#driver = setTimeout(() => {
      this.#driver = undefined;
      if (this.#disposed) return;
      const held = this.#holds > 0 && this.#heldSince !== undefined && Date.now() - this.#heldSince < this.#maxHoldMs;
      if (this.#activity === this.#lastSeen && !held) {
        const next = this.#earliest();
        if (next !== undefined) {
          this.#jumps++;
          // Every timer due at that same instant fires together, in order.
          const at = next.at;
          for (let timer = this.#earliest(); timer !== undefined && timer.at <= at; timer = this.#earliest()) this.#fire(timer);
        }
      }
      this.#lastSeen = this.#activity;
      this.#drive();
    }, this.#quietMs);
    // The driver never keeps a process alive: whatever waits for a timer of this clock has I/O open or awaits it.
    this.#driver.unref();
  }
}

/** One turn of the event loop: pending I/O callbacks and promise chains run. */
function turn(): Promise<void> {
  return new Promise((resolve) => { setImmediate(resolve); });
}
