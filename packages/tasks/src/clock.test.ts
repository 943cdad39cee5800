// The system clock's microseconds: Kopf's progress timestamps carry six digits of fraction, so the
// clock that stamps them must have more than Date.now()'s milliseconds, and still tell the wall time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nowMicros, systemClock, type Clock } from './clock.js';

describe('systemClock.nowMicros', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the wall time to within a few milliseconds, in integer microseconds', () => {
    for (let i = 0; i < 100; i++) {
      const before = Date.now();
      const micros = systemClock.nowMicros!();
      const after = Date.now();
      expect(Number.isInteger(micros)).toBe(true);
      expect(micros).toBeGreaterThanOrEqual((before - 2) * 1000);
      expect(micros).toBeLessThan((after + 2) * 1000);
    }
  });

  it('has digits below the millisecond (not every reading a multiple of 1000)', () => {
    // A millisecond clock gives multiples of 1000 only; a microsecond one does so once in a thousand.
    const readings = Array.from({ length: 50 }, () => systemClock.nowMicros!());
    expect(readings.some((micros) => micros % 1000 !== 0)).toBe(true);
  });

  it('uses the fake time as it is while fake timers replace Date', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 10, 0, 0, 123) });
    expect(systemClock.nowMicros!()).toBe(Date.UTC(2026, 10, 28, 10, 0, 0, 123) * 1000);
  });
});

describe('nowMicros', () => {
  it('reads a clock without microseconds as its milliseconds × 1000', () => {
    const clock: Clock = { now: () => 1_500.25, setTimeout: () => undefined, clearTimeout: () => undefined };
    expect(nowMicros(clock)).toBe(1_500_250);
  });

  it('prefers the clock\'s own microseconds', () => {
    const clock: Clock = { now: () => 1_500, nowMicros: () => 1_500_123, setTimeout: () => undefined, clearTimeout: () => undefined };
    expect(nowMicros(clock)).toBe(1_500_123);
  });
});
