// A wait that ends at a time on the given clock, on an explicit wake-up, or on abort — the loops of
// leader election and shard membership sleep in it, so that a lease change seen by a watch ends the
// sleep early and fake clocks drive the tests.
import type { Clock } from '@opkit/tasks';

export class Waiter {
  readonly #clock: Clock;
  #wake: (() => void) | undefined;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Resolves after `ms`, at `wake()`, or at abort (never rejects). */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        this.#clock.clearTimeout(timer);
        signal.removeEventListener('abort', done);
        if (this.#wake === done) this.#wake = undefined;
        resolve();
      };
      const timer = this.#clock.setTimeout(done, Math.max(0, ms));
      signal.addEventListener('abort', done, { once: true });
      this.#wake = done;
    });
  }

  /** End the current wait now. */
  wake(): void {
    this.#wake?.();
  }
}

/** An AbortSignal that aborts after `ms` on `clock` or when `parent` aborts; `dispose()` clears the timer. */
export function deadlineSignal(clock: Clock, ms: number, parent: AbortSignal = new AbortController().signal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer = clock.setTimeout(() => controller.abort(new Error(`timed out after ${Math.round(ms)} ms`)), Math.max(0, ms));
  const onAbort = (): void => controller.abort(parent.reason);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clock.clearTimeout(timer);
      parent.removeEventListener('abort', onAbort);
    },
  };
}

/** Run `work` with a signal that aborts after `ms` on `clock` (a bounded request on exit), clearing the timer after. */
export async function withDeadline<T>(clock: Clock, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = deadlineSignal(clock, ms);
  try {
    return await work(deadline.signal);
  } finally {
    deadline.dispose();
  }
}
