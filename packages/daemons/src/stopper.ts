// The stop flag of one daemon or timer: what its function sees as `stopped`. It is set once, with the
// reason the stop was requested, and gathers the later steps (signalled, cancelled, abandoned, done) as
// the stop escalates. Waiting on it costs one entry in the shared scheduler, not a timer of its own.
import type { DaemonStopped, DaemonStoppingReason } from '@opkit/handlers';
import type { Scheduler } from './scheduler.js';

/**
 * A daemon's stop flag.
 *
 * Guarantees: `reason` never changes once set; `signal` aborts exactly when the flag is first set (with
 * an `AbortError` naming that first reason); every pending `wait()` resolves `true` at that moment.
 *
 * @example
 * ```ts
 * const stopper = new DaemonStopper(scheduler);
 * void stopper.wait(5).then((stopped) => console.log(stopped ? 'asked to stop' : '5 s passed'));
 * stopper.set('resource-deleted');
 * stopper.reason; // 'resource-deleted'
 * ```
 */
export class DaemonStopper implements DaemonStopped {
  readonly #scheduler: Scheduler;
  readonly #controller = new AbortController();
  readonly #reasons: DaemonStoppingReason[] = [];
  /** When the flag was first set (clock ms). */
  #when: number | undefined;

  constructor(scheduler: Scheduler) {
    this.#scheduler = scheduler;
  }

  get isSet(): boolean {
    return this.#reasons.length > 0;
  }

  get reason(): DaemonStoppingReason | undefined {
    return this.#reasons[0];
  }

  get reasons(): readonly DaemonStoppingReason[] {
    return [...this.#reasons];
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** When the stop was first requested (clock milliseconds), if it was. */
  get when(): number | undefined {
    return this.#when;
  }

  /** Whether `reason` is among the reasons so far. */
  has(reason: DaemonStoppingReason): boolean {
    return this.#reasons.includes(reason);
  }

  /** Add a reason; the first one sets the flag. Returns whether it was new. */
  set(reason: DaemonStoppingReason): boolean {
    if (this.#reasons.includes(reason)) return false;
    this.#reasons.push(reason);
    if (this.#reasons.length === 1) {
      this.#when = this.#scheduler.now();
      this.#controller.abort(new DOMException(`Asked to stop (${reason}).`, 'AbortError'));
    }
    return true;
  }

  async wait(seconds?: number): Promise<boolean> {
    if (this.isSet) return true;
    const signal = this.#controller.signal;
    if (seconds === undefined) {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      return true;
    }
    await this.#scheduler.sleep(Math.max(0, seconds) * 1000, { signal });
    return this.isSet;
  }
}
