// Test deadlines scaled by OPKIT_TEST_TIME_SCALE: the default factor, a chosen one, and a clear error for a bad one.
import { describe, expect, it } from 'vitest';
import { deadline, DEFAULT_TIME_SCALE, timeScale } from './index.js';

describe('deadlines', () => {
  it('multiplies by 3 when the variable is unset or empty', () => {
    expect(DEFAULT_TIME_SCALE).toBe(3);
    expect(timeScale({})).toBe(3);
    expect(timeScale({ OPKIT_TEST_TIME_SCALE: ' ' })).toBe(3);
    expect(deadline(30_000, {})).toBe(90_000);
  });

  it('multiplies by the factor given, fractions included', () => {
    expect(deadline(30_000, { OPKIT_TEST_TIME_SCALE: '1' })).toBe(30_000);
    expect(deadline(1_001, { OPKIT_TEST_TIME_SCALE: '1.5' })).toBe(1_502);
    expect(deadline(120_000, { OPKIT_TEST_TIME_SCALE: '2' })).toBe(240_000);
  });

  it('says what was wrong with a factor that is not a positive number', () => {
    for (const bad of ['0', '-2', 'fast', 'Infinity']) {
      expect(() => timeScale({ OPKIT_TEST_TIME_SCALE: bad }))
        .toThrow(`OPKIT_TEST_TIME_SCALE="${bad}": expected a positive number, the factor every test deadline is multiplied by (default 3)`);
    }
  });
});
