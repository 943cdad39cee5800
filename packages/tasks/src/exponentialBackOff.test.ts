import { describe, expect, it } from 'vitest';
import { ExponentialBackOff } from './exponentialBackOff.js';
import { TasksError } from './errors.js';

function take(backoff: Iterable<number>, count: number): number[] {
  const out: number[] = [];
  for (const value of backoff) {
    out.push(value);
    if (out.length === count) break;
  }
  return out;
}

describe('ExponentialBackOff', () => {
  it('yields start, then multiplies by base, capped at max, then max forever', () => {
    expect(take(new ExponentialBackOff({ base: 2, start: 1, max: 8 }), 7)).toEqual([1, 2, 4, 8, 8, 8, 8]);
  });

  it('caps a step that would overshoot max at exactly max', () => {
    expect(take(new ExponentialBackOff({ base: 3, start: 2, max: 10 }), 4)).toEqual([2, 6, 10, 10]);
  });

  it('reset() returns to start', () => {
    const backoff = new ExponentialBackOff({ base: 2, start: 1, max: 8 });
    take(backoff, 3);
    backoff.reset();
    expect(take(backoff, 2)).toEqual([1, 2]);
  });

  it('is failing when created and after being iterated, not after reset()', () => {
    const backoff = new ExponentialBackOff({ base: 2, start: 1, max: 8 });
    expect(backoff.failing).toBe(true);
    backoff.reset();
    expect(backoff.failing).toBe(false);
    backoff.next();
    expect(backoff.failing).toBe(true);
  });

  it('spreads values by the jitter ratio around the nominal value', () => {
    const low = new ExponentialBackOff({ base: 2, start: 100, max: 800, jitter: 0.5, random: () => 0 });
    const high = new ExponentialBackOff({ base: 2, start: 100, max: 800, jitter: 0.5, random: () => 0.999999 });
    expect(take(low, 3)).toEqual([50, 100, 200]);
    expect(take(high, 3).map(Math.round)).toEqual([150, 300, 600]);
  });

  it('rejects nonsensical options with a message naming the option', () => {
    expect(() => new ExponentialBackOff({ base: 0.5 })).toThrow(TasksError);
    expect(() => new ExponentialBackOff({ start: 10, max: 5 })).toThrow(/max must be a finite number ≥ 10, got 5/);
    expect(() => new ExponentialBackOff({ jitter: 2 })).toThrow(/jitter must be a number from 0 to 1/);
  });
});
