// The fake clock on its own: timers fire in order and only as time moves, zero delays fire at once,
// automatic jumps wait for quiet and for held work, and dispose leaves nothing running.
import { describe, expect, it } from 'vitest';
import { TestClock } from './testClock.js';
import { deadline } from '@opkit/test-tools';

describe('TestClock', () => {
  it('fires timers in time order (same time: the order they were set) only as advance() reaches them', async () => {
    const clock = new TestClock({ start: 1_000, autoAdvance: false });
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b@300'), 300);
    clock.setTimeout(() => fired.push('a@100'), 100);
    clock.setTimeout(() => fired.push('c@300'), 300);
    const cancelled = clock.setTimeout(() => fired.push('never'), 200);
    clock.clearTimeout(cancelled);
    clock.clearTimeout({}); // unknown handles are ignored
    await clock.advance(99);
    expect(fired).toEqual([]);
    expect(clock.now()).toBe(1_099);
    await clock.advance(201);
    expect(fired).toEqual(['a@100', 'b@300', 'c@300']);
    expect(clock.now()).toBe(1_300);
    expect(clock.elapsed).toBe(300);
    expect(clock.pending).toBe(0);
    clock.dispose();
  });

  it('fires a timer set by a firing timer within the same advance, at its own time', async () => {
    const clock = new TestClock({ start: 0, autoAdvance: false });
    const at: number[] = [];
    const tick = (): void => {
      at.push(clock.now());
      if (at.length < 5) clock.setTimeout(tick, 1_000);
    };
    clock.setTimeout(tick, 1_000);
    await clock.advance(60_000);
    expect(at).toEqual([1_000, 2_000, 3_000, 4_000, 5_000]);
    clock.dispose();
  });

  it('fires zero delays without any advance', async () => {
    const clock = new TestClock({ autoAdvance: false });
    const fired = await new Promise<number>((resolve) => { clock.setTimeout(() => resolve(clock.now()), 0); });
    expect(fired).toBe(clock.now());
    clock.dispose();
  });

  it('jumps to the next timer by itself once quiet, and not while work is held', async () => {
    const clock = new TestClock({ start: 0, quietMs: 5 });
    const release = clock.hold();
    let fired = false;
    clock.setTimeout(() => { fired = true; }, 3_600_000);
    // Held: however long the test waits, the hour does not pass (checked after many quiet periods).
    await new Promise((resolve) => { setTimeout(resolve, 100); });
    expect(fired).toBe(false);
    release();
    await expect.poll(() => fired, { timeout: deadline(30_000) }).toBe(true);
    expect(clock.now()).toBe(3_600_000);
    expect(clock.jumps).toBeGreaterThanOrEqual(1);
    clock.dispose();
  });

  it('rejects bad options and advances', async () => {
    expect(() => new TestClock({ quietMs: 0 })).toThrow(/quietMs/);
    const clock = new TestClock({ autoAdvance: false });
    await expect(clock.advance(-1)).rejects.toThrow(/non-negative/);
    clock.dispose();
  });
});
