// An abortable sleep: the only way Opkit code waits. An abort is a shutdown, so the promise
// rejects with the signal's reason at once and the timer is cleared (nothing keeps running). A
// sleep someone awaits keeps the process alive (the system clock's timers are ordinary timers): a
// script that awaits it must not end early.

import { systemClock, type Clock } from './clock.js';

/** Options of {@link sleep}. */
export interface SleepOptions {
  /** Rejects the sleep with `signal.reason` when aborted. */
  signal?: AbortSignal;
  /** @defaultValue systemClock */
  clock?: Clock;
}

/**
 * Resolves after `ms` milliseconds, or rejects with `signal.reason` as soon as `signal` aborts.
 *
 * @example
 * await sleep(1_000, { signal });
 */
export function sleep(ms: number, options: SleepOptions = {}): Promise<void> {
  const { signal, clock = systemClock } = options;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(handle);
      reject(signal?.reason);
    };
    const done = (): void => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const handle = clock.setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
