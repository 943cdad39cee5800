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
 * The real clock. Timers are `unref`'d: a pending retry never keeps a process alive on its own.
 *
 * @example
 * const started = systemClock.now();
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const handle = globalThis.setTimeout(fn, ms);
    if (typeof handle === 'object' && handle !== null && 'unref' in handle) handle.unref();
    return handle;
  },
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
