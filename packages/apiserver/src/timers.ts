// The server's periodic work (watch bookmarks, the periodic faults) runs on a clock a test can drive:
// with `clock.setTimeout`, a test on fake time sees a minute of bookmarks or watch drops at once; without
// it, real unref'd timers, which never keep a process alive.

/** The part of a clock the server schedules on. */
export interface ServerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Runs `fn` every `ms` until the returned function is called: on `timers` when given (each run
 * schedules the next, so a fake clock sees one timer at a time), else a real unref'd interval.
 *
 * @example
 * const stop = every(undefined, 60_000, () => watches.bookmarkAll());
 * stop();
 */
export function every(timers: ServerTimers | undefined, ms: number, fn: () => void): () => void {
  if (!timers) {
    const interval = setInterval(fn, ms);
    interval.unref();
    return () => clearInterval(interval);
  }
  let stopped = false;
  let handle: unknown;
  const tick = (): void => {
    if (stopped) return;
    handle = timers.setTimeout(() => {
      if (stopped) return;
      tick();
      fn();
    }, ms);
  };
  tick();
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
}

/** The timers of a clock option, when it has them. */
export function timersOf(clock: { now(): number; setTimeout?: unknown; clearTimeout?: unknown } | undefined): ServerTimers | undefined {
  return clock && typeof clock.setTimeout === 'function' && typeof clock.clearTimeout === 'function' ? clock as ServerTimers : undefined;
}
