// The one place where @opkit/tasks (and everything built on it) reads time. Code takes a `Clock`
// instead of calling `setTimeout`/`Date.now` directly, so that tests can drive time explicitly
// (vitest fake timers work with `systemClock` because it looks the globals up on every call).

/** A source of time and timers. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Microseconds since the epoch, an integer, when the clock has that precision (timestamps that Kopf
   * writes with microseconds). Clocks without it are read through {@link nowMicros} as `now() * 1000`.
   */
  nowMicros?(): number;
  /** Schedule `fn` after `ms` milliseconds; returns a handle for {@link Clock.clearTimeout}. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancel a timer made by {@link Clock.setTimeout}. Unknown or fired handles are ignored. */
  clearTimeout(handle: unknown): void;
}

/**
 * The real clock. Its timers keep the process alive like any `setTimeout`: a timer someone awaits —
 * a `sleep`, a retry's backoff, a queue's retry, the wait between two lease renewals inside an
 * awaited `run()` — must not let a script end early (Node ends a script whose top-level await can no
 * longer settle with exit code 13). Whoever starts long-running work stops it with its signal, which
 * clears the timers.
 *
 * @example
 * const started = systemClock.now();
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  nowMicros: () => preciseEpochMicros(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The Date of the process, to tell when fake timers replaced it. */
const REAL_DATE = Date;
/** Epoch milliseconds at `performance.now() === 0`, corrected when the wall clock is stepped. */
let anchor: number | undefined;

/**
 * The wall clock to the microsecond: `performance.now()` (sub-millisecond, monotonic) on an anchor that
 * agrees with `Date.now()`. When the two part by more than a millisecond (the system clock was set), the
 * anchor follows `Date.now()`. While fake timers replace `Date`, their time is used as it is.
 */
function preciseEpochMicros(): number {
  const wall = Date.now();
  if (globalThis.Date !== REAL_DATE || typeof performance === 'undefined') return wall * 1000;
  const elapsed = performance.now();
  anchor ??= performance.timeOrigin;
  let precise = anchor + elapsed;
  // Date.now() truncates to the millisecond: the precise time lies in [wall, wall + 1), give or take rounding.
  if (precise < wall - 1 || precise >= wall + 2) {
    anchor = wall - elapsed;
    precise = wall;
  }
  return Math.floor(precise * 1000);
}

/**
 * The clock's time in epoch microseconds: its `nowMicros()` when it has one, else `now() * 1000`.
 *
 * @example
 * const started = nowMicros(systemClock); // e.g. 1795780862123456
 */
export function nowMicros(clock: Clock): number {
  return clock.nowMicros ? clock.nowMicros() : Math.round(clock.now() * 1000);
}
