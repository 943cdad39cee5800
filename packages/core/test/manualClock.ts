// A Clock whose time moves only when a test advances it: registered as the operator's CLOCK, it
// drives every retry, timer, daemon restart and feed timestamp, so a test of an hour of virtual
// time runs in no real time and asserts the virtual times exactly.
import type { Clock } from '../src/index.js';

/** A manual clock, with what a test needs to drive it. */
export interface ManualClock extends Clock {
  /** The due times (virtual ms) of the timers pending now, earliest first. */
  dueTimes(): number[];
  /** Move time to `at` (never backwards), running every timer due on the way, in order, each at its own time. */
  advanceTo(at: number): void;
}

/**
 * A clock starting at `start` (virtual epoch ms) that only moves when told.
 *
 * @example
 * ```ts
 * const clock = manualClock();
 * clock.setTimeout(() => console.log('an hour later'), 3_600_000);
 * clock.advanceTo(clock.now() + 3_600_000);
 * ```
 */
export function manualClock(start = Date.parse('2030-01-01T00:00:00Z')): ManualClock {
  let now = start;
  let sequence = 0;
  const timers = new Map<number, { readonly at: number; readonly fn: () => void }>();
  const earliest = (): [number, { at: number; fn: () => void }] | undefined => {
    let found: [number, { at: number; fn: () => void }] | undefined;
    for (const entry of timers) if (!found || entry[1].at < found[1].at || (entry[1].at === found[1].at && entry[0] < found[0])) found = entry;
    return found;
  };
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++sequence;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    dueTimes: () => [...timers.values()].map((timer) => timer.at).sort((a, b) => a - b),
    advanceTo(at) {
      for (let next = earliest(); next && next[1].at <= at; next = earliest()) {
        timers.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].fn();
      }
      now = Math.max(now, at);
    },
  };
}
