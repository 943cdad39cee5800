// The one place where @opkit/tasks (and everything built on it) reads time. Code takes a `Clock`
// instead of calling `setTimeout`/`Date.now` directly, so that tests can drive time explicitly
// (vitest fake timers work with `systemClock` because it looks the globals up on every call).

/** A source of time and timers. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
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
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
