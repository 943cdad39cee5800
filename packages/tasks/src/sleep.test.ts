import { spawnSync } from 'node:child_process';
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

  it('keeps the process alive while someone awaits it', () => {
    vi.useRealTimers();
    // A script whose only pending work is an awaited sleep must run to its end (it used to exit early with code 13).
    const url = new URL('../dist/index.js', import.meta.url).href;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', `import { sleep } from '${url}'; await sleep(50); console.log('done');`], { encoding: 'utf8' });
    expect(result.stdout.trim()).toBe('done');
    expect(result.status).toBe(0);
  });
});
