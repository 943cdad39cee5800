import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from './sleep.js';

describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves after exactly the given virtual time', async () => {
    let done = false;
    const slept = sleep(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await slept;
    expect(done).toBe(true);
  });

  it('rejects with the signal reason on abort and leaves no timer behind', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, { signal: controller.signal });
    const reason = new Error('shutdown');
    controller.abort(reason);
    await expect(slept).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(sleep(10, { signal: AbortSignal.abort('gone') })).rejects.toBe('gone');
    expect(vi.getTimerCount()).toBe(0);
  });
});
