import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '@opkit/tasks';
import { Scheduler } from './scheduler.js';

describe('Scheduler', () => {
  beforeEach(() => { vi.useFakeTimers({ now: 0 }); });
  afterEach(() => { vi.useRealTimers(); });

  it('runs callbacks at their due times, in due order, with one clock timer for all of them', async () => {
    const scheduler = new Scheduler();
    const fired: string[] = [];
    for (const [due, name] of [[3000, 'c'], [1000, 'a'], [2000, 'b'], [1000, 'a2']] as const) {
      scheduler.at(due, () => fired.push(`${name}@${Date.now()}`));
    }
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual(['a@1000', 'a2@1000']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fired).toEqual(['a@1000', 'a2@1000', 'b@2000', 'c@3000']);
    expect(scheduler.size).toBe(0);
    expect(scheduler.armed).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps ten thousand waits in one clock timer and fires them all on time', async () => {
    const scheduler = new Scheduler();
    const late: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const due = 1000 + ((i * 7919) % 5000);
      scheduler.at(due, () => late.push(Date.now() - due));
    }
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(late).toHaveLength(10_000);
    expect(Math.max(...late)).toBe(0);
  });

  it('arms its clock timer once per firing, however many due callbacks schedule themselves again', () => {
    let now = 0;
    let armed: (() => void) | undefined;
    let sets = 0;
    let clears = 0;
    const clock = { now: () => now, setTimeout: (fn: () => void) => { sets++; armed = fn; return fn; }, clearTimeout: () => { clears++; armed = undefined; } };
    const scheduler = new Scheduler({ clock });
    // A hundred loops due at the same time, each sleeping a second again when it runs (as timers do).
    const loops = Array.from({ length: 100 }, (_, i) => ({ runs: 0, entry: undefined as ReturnType<Scheduler['at']> | undefined, fire() { this.runs++; scheduler.again(this.entry!, now + 1000 + i); } }));
    for (const loop of loops) loop.entry = scheduler.at(1000, loop);
    expect(sets).toBe(1);
    now = 1000;
    armed!();
    expect(loops.every((loop) => loop.runs === 1)).toBe(true);
    // One timer, set when the firing ends (for the earliest new due time): none set and cleared while callbacks run.
    expect({ sets, clears }).toEqual({ sets: 2, clears: 0 });
    expect(scheduler.armed).toBe(true);
  });

  it('fires in (due, scheduling) order whatever the mix of delays, moves, cancels and clock steps back', () => {
    // A clock the test steps by hand (a step back too), and a reference model: every waiting entry with its
    // due time and scheduling order; whatever is due must fire exactly in that order.
    let now = 0;
    let armed: (() => void) | undefined;
    const clock = { now: () => now, setTimeout: (fn: () => void) => { armed = fn; return fn; }, clearTimeout: () => { armed = undefined; } };
    const scheduler = new Scheduler({ clock });
    let seed = 7;
    const random = (n: number): number => Math.floor(((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * n);
    const waiting = new Map<number, { due: number; order: number; entry: ReturnType<Scheduler['at']> }>();
    const fired: number[] = [];
    let order = 0;
    let moves = 0;
    let cancels = 0;
    for (let round = 0; round < 300; round++) {
      for (let k = 0; k < 20; k++) {
        const id = round * 100 + k;
        // Mostly a few repeated delays (loops), sometimes any due time, sometimes one already past.
        const due = now + [1000, 1000, 1000, 250, 5000, random(3000), -random(50)][random(7)]!;
        // Half of the callbacks are objects whose fire() runs (as a timer's loop schedules itself).
        const run = (): void => { fired.push(id); waiting.delete(id); };
        waiting.set(id, { due, order: order++, entry: scheduler.at(due, k % 2 === 0 ? run : { fire: run }) });
      }
      for (const [id, item] of waiting) {
        const dice = random(20);
        if (dice === 0) {
          expect(scheduler.cancel(item.entry)).toBe(true);
          waiting.delete(id);
          cancels++;
        } else if (dice === 1) {
          item.due = now + random(4000);
          item.order = order++;
          scheduler.again(item.entry, item.due);
          moves++;
        }
      }
      expect(scheduler.size).toBe(waiting.size);
      // Time moves on (one step in ten goes back: a clock set back); then the armed timer fires.
      now += random(10) === 0 ? -random(300) : random(400);
      const due = [...waiting].filter(([, item]) => item.due <= now).sort(([, a], [, b]) => a.due - b.due || a.order - b.order).map(([id]) => id);
      fired.length = 0;
      armed?.();
      expect(fired).toEqual(due);
    }
    expect(moves).toBeGreaterThan(100);
    expect(cancels).toBeGreaterThan(100);
    scheduler.clear();
    expect(scheduler.size).toBe(0);
    expect(armed).toBeUndefined();
  });

  it('never runs a cancelled callback and re-arms for the next one', async () => {
    const scheduler = new Scheduler();
    const fired: number[] = [];
    const first = scheduler.at(1000, () => fired.push(1));
    const second = scheduler.at(2000, () => fired.push(2));
    scheduler.at(3000, () => fired.push(3));
    expect(scheduler.cancel(first)).toBe(true);
    expect(scheduler.cancel(first)).toBe(false);
    expect(scheduler.cancel(second)).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([3]);
  });

  it('runs what a callback schedules for "now" on the next turn, not in the same loop', async () => {
    const scheduler = new Scheduler();
    const fired: string[] = [];
    scheduler.at(1000, () => {
      fired.push('first');
      scheduler.at(Date.now(), () => fired.push('again'));
      scheduler.at(Date.now() - 500, () => fired.push('overdue'));
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fired).toEqual(['first']); // not in the loop that ran 'first', though due
    await vi.advanceTimersByTimeAsync(1); // the next turn of the clock (Node's shortest timer)
    expect(fired).toEqual(['first', 'overdue', 'again']);
  });

  it('sleeps until due, or returns false at once when the signal aborts (cancelling its entry)', async () => {
    const scheduler = new Scheduler();
    const controller = new AbortController();
    const results: [string, boolean, number][] = [];
    void scheduler.sleep(5000).then((slept) => results.push(['long', slept, Date.now()]));
    void scheduler.sleep(5000, { signal: controller.signal }).then((slept) => results.push(['woken', slept, Date.now()]));
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([['woken', false, 1000]]);
    expect(scheduler.size).toBe(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(results).toEqual([['woken', false, 1000], ['long', true, 5000]]);
    expect(await scheduler.sleep(1000, { signal: controller.signal })).toBe(false);
  });

  it('reports a throwing callback and carries on; clear() drops everything', async () => {
    const errors: unknown[] = [];
    const scheduler = new Scheduler({ onError: (error) => errors.push(error) });
    const fired: number[] = [];
    scheduler.at(1000, () => { throw new Error('boom'); });
    scheduler.at(1000, () => fired.push(1));
    scheduler.at(5000, () => fired.push(5));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fired).toEqual([1]);
    expect((errors[0] as Error).message).toBe('boom');
    scheduler.clear();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fired).toEqual([1]);
    expect(() => scheduler.at(Number.NaN, () => undefined)).toThrow(/A due time must be a number of milliseconds/);
  });
  it('is a Clock: the task primitives wait in it, in its one clock timer', async () => {
    const scheduler = new Scheduler();
    const woke: number[] = [];
    void sleep(2000, { clock: scheduler }).then(() => woke.push(Date.now()));
    void sleep(1000, { clock: scheduler }).then(() => woke.push(Date.now()));
    const cancelled = scheduler.setTimeout(() => woke.push(-1), 500);
    scheduler.clearTimeout(cancelled);
    expect(scheduler.size).toBe(2);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(woke).toEqual([1000, 2000]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
