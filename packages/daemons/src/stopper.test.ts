import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler.js';
import { DaemonStopper } from './stopper.js';

describe('DaemonStopper', () => {
  beforeEach(() => { vi.useFakeTimers({ now: 0 }); });
  afterEach(() => { vi.useRealTimers(); });

  it('keeps the first reason, gathers later ones, and aborts its signal once with the first', () => {
    const stopper = new DaemonStopper(new Scheduler());
    expect([stopper.isSet, stopper.reason, stopper.reasons, stopper.signal.aborted]).toEqual([false, undefined, [], false]);
    vi.setSystemTime(2000);
    expect(stopper.set('resource-deleted')).toBe(true);
    expect(stopper.set('signalled')).toBe(true);
    expect(stopper.set('signalled')).toBe(false);
    expect(stopper.reason).toBe('resource-deleted');
    expect(stopper.reasons).toEqual(['resource-deleted', 'signalled']);
    expect(stopper.has('signalled')).toBe(true);
    expect(stopper.signal.aborted).toBe(true);
    expect(stopper.signal.reason).toMatchObject({ name: 'AbortError', message: 'Asked to stop (resource-deleted).' });
    expect(stopper.when).toBe(2000);
  });

  it('wait(seconds) resolves false after the time, true as soon as the flag is set', async () => {
    const scheduler = new Scheduler();
    const stopper = new DaemonStopper(scheduler);
    const results: [boolean, number][] = [];
    void stopper.wait(1).then((set) => results.push([set, Date.now()]));
    await vi.advanceTimersByTimeAsync(1000);
    void stopper.wait(10).then((set) => results.push([set, Date.now()]));
    void stopper.wait().then((set) => results.push([set, Date.now()]));
    await vi.advanceTimersByTimeAsync(2000);
    stopper.set('operator-exiting');
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([[false, 1000], [true, 3000], [true, 3000]]);
    expect(scheduler.size).toBe(0);
    expect(await stopper.wait(5)).toBe(true);
  });

  it('sleeps overlapping each other: each resolves at its own time, and all false at once when the flag is set', async () => {
    const scheduler = new Scheduler();
    const stopper = new DaemonStopper(scheduler);
    const results: [string, boolean, number][] = [];
    const sleep = (name: string, due: number): void => { void stopper.sleepUntil(due).then((slept) => results.push([name, slept, Date.now()])); };
    sleep('a', 1000); // the first takes the stopper's own slot, the ones beside it the general path
    sleep('b', 500);
    await vi.advanceTimersByTimeAsync(1000);
    sleep('c', 3000); // the slot is free again
    sleep('d', 4000);
    expect(scheduler.size).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    stopper.set('resource-deleted');
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([['b', true, 500], ['a', true, 1000], ['c', false, 1500], ['d', false, 1500]]);
    expect(scheduler.size).toBe(0);
    expect(await stopper.sleepUntil(9000)).toBe(false);
  });
});
