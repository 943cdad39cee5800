// The stop flag of one daemon or timer: what its function sees as `stopped`. It is set once, with the
// reason the stop was requested, and gathers the later steps (signalled, cancelled, abandoned, done) as
// the stop escalates. Waiting on it costs one entry in the shared scheduler, not a timer of its own,
// and its AbortSignal exists only once someone asks for it (ten thousand idle daemons need none).
import type { DaemonStopped, DaemonStoppingReason } from '@opkit/handlers';
import type { ScheduledEntry, Scheduler } from './scheduler.js';

function notSlept(slept: boolean): boolean {
  return !slept;
}

/**
 * A daemon's stop flag.
 *
 * Guarantees: `reason` never changes once set; `signal` is aborted exactly when the flag is first set
 * (with an `AbortError` naming that first reason), or at once when read later; every pending `wait()`
 * and `onSet()` callback runs at that moment.
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
  readonly #reasons: DaemonStoppingReason[] = [];
  /** The first reason (read on every run of every timer: a field, not the list). */
  #reason: DaemonStoppingReason | undefined;
  #waiters: Set<() => void> | undefined;
  #controller: AbortController | undefined;
  /** When the flag was first set (clock ms). */
  #when: number | undefined;
  /**
   * The sleep that allocates nothing (a timer's loop sleeps once at a time, every interval, on every object):
   * who to wake, and one scheduler entry, put back in the queue at every sleep, which calls the shared
   * {@link DaemonStopper.#slept}. Other sleeps at the same time take the general path.
   */
  #sleeper: ((slept: boolean) => void) | undefined;
  #sleeperEntry: ScheduledEntry | undefined;
  readonly #slept = (): void => {
    const wake = this.#sleeper!;
    this.#sleeper = undefined;
    wake(true);
  };

  constructor(scheduler: Scheduler) {
    this.#scheduler = scheduler;
  }

  get isSet(): boolean {
    return this.#reason !== undefined;
  }

  get reason(): DaemonStoppingReason | undefined {
    return this.#reason;
  }

  get reasons(): readonly DaemonStoppingReason[] {
    return [...this.#reasons];
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.isSet) this.#controller.abort(this.#abortReason());
    }
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
    if (this.#reason === undefined) {
      this.#reason = reason;
      this.#when = this.#scheduler.now();
      this.#controller?.abort(this.#abortReason());
      const sleeper = this.#sleeper;
      if (sleeper) {
        this.#scheduler.cancel(this.#sleeperEntry);
        this.#sleeper = undefined;
        sleeper(false);
      }
      const waiters = this.#waiters;
      this.#waiters = undefined;
      if (waiters) for (const wake of waiters) wake();
    }
    return true;
  }

  /** Call `fn` once when the flag is set (at once if it is), unless {@link DaemonStopper.offSet} comes first. */
  onSet(fn: () => void): void {
    if (this.isSet) fn();
    else (this.#waiters ??= new Set()).add(fn);
  }

  /** Forget a callback given to {@link DaemonStopper.onSet}. */
  offSet(fn: () => void): void {
    this.#waiters?.delete(fn);
  }

  /** Sleep until `due` (clock ms) unless the flag is set first; resolves whether it slept through. */
  sleepUntil(due: number): Promise<boolean> {
    if (this.isSet) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => this.#sleepThen(due, resolve));
  }

  /**
   * {@link DaemonStopper.sleepUntil} with a callback: `wake(true)` at `due`, or `wake(false)` as soon as the
   * flag is set — at once, before this returns, if it is set already.
   */
  #sleepThen(due: number, wake: (slept: boolean) => void): void {
    if (this.isSet) {
      wake(false);
      return;
    }
    if (this.#sleeper === undefined) {
      this.#sleeper = wake;
      this.#sleeperEntry = this.#sleeperEntry === undefined ? this.#scheduler.at(due, this.#slept) : this.#scheduler.again(this.#sleeperEntry, due);
      return;
    }
    // Two callbacks per sleep (one in the scheduler, one here) and nothing else.
    const woken = (): void => {
      this.#scheduler.cancel(entry);
      wake(false);
    };
    const entry = this.#scheduler.at(due, () => {
      this.offSet(woken);
      wake(true);
    });
    this.onSet(woken);
  }

  wait(seconds?: number): Promise<boolean> {
    if (this.isSet) return Promise.resolve(true);
    if (seconds === undefined) return new Promise<boolean>((resolve) => { this.onSet(() => resolve(true)); });
    return this.sleepUntil(this.#scheduler.now() + Math.max(0, seconds) * 1000).then(notSlept);
  }

  #abortReason(): DOMException {
    return new DOMException(`Asked to stop (${this.reason}).`, 'AbortError');
  }
}
