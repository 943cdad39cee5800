import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestartingTask } from './restartingTask.js';
import type { Logger } from './logger.js';

function recordingLogger(lines: { level: string; message: string; fields?: Record<string, unknown> }[]): Logger {
  const logger: Logger = {
    debug: (message, fields) => void lines.push({ level: 'debug', message, fields }),
    info: (message, fields) => void lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => void lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => void lines.push({ level: 'error', message, fields }),
    child: () => logger,
  };
  return logger;
}

describe('RestartingTask', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('starts stopped and runs fn only after start()', async () => {
    const fn = vi.fn(async () => undefined);
    const task = new RestartingTask(fn);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fn).not.toHaveBeenCalled();
    expect(task.running).toBe(false);
    task.start();
    expect(task.running).toBe(true);
    await task.waitForTermination();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('restarts a crashing task with growing delays, capped at the maximum', async () => {
    const starts: number[] = [];
    const task = new RestartingTask(async () => {
      starts.push(Date.now());
      throw new Error('crash');
    }, { backoff: { start: 1000, max: 8000 } });
    task.start();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(starts).toEqual([0, 1000, 3000, 7000, 15000, 23000, 31000]);
    expect(task.restarts).toBe(6);
    await task.waitForTermination();
    expect(task.running).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses 1 s doubling up to 120 s by default', async () => {
    const starts: number[] = [];
    const task = new RestartingTask(async () => {
      starts.push(Date.now());
      throw new Error('crash');
    });
    task.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000 + 32000 + 64000 + 120000 + 120000);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 120000, 120000]);
    await task.waitForTermination();
  });

  it('does not restart after a clean return', async () => {
    const fn = vi.fn(async () => undefined);
    const task = new RestartingTask(fn);
    task.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(task.running).toBe(false);
  });

  it('does not restart after stop(), and waitForTermination() logs the final error instead of throwing', async () => {
    const lines: { level: string; message: string }[] = [];
    const fn = vi.fn((signal: AbortSignal) => new Promise<void>((_, reject) =>
      signal.addEventListener('abort', () => reject(new Error('cleanup failed'))),
    ));
    const task = new RestartingTask(fn, { logger: recordingLogger(lines) });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    await expect(task.waitForTermination()).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'task failed while stopping' }));
  });

  it('stops during a backoff wait without another run', async () => {
    const fn = vi.fn(async () => {
      throw new Error('crash');
    });
    const task = new RestartingTask(fn);
    task.start();
    await vi.advanceTimersByTimeAsync(500);
    await task.waitForTermination();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('start() while running only resets the backoff', async () => {
    const starts: number[] = [];
    const task = new RestartingTask(async () => {
      starts.push(Date.now());
      throw new Error('crash');
    });
    task.start();
    await vi.advanceTimersByTimeAsync(7000);
    expect(starts).toEqual([0, 1000, 3000, 7000]);
    task.start();
    await vi.advanceTimersByTimeAsync(8000);
    // The wait already scheduled (8 s) stands; the backoff after it starts again at 1 s.
    expect(starts).toEqual([0, 1000, 3000, 7000, 15000]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toEqual([0, 1000, 3000, 7000, 15000, 16000]);
    await task.waitForTermination();
  });

  it('restart() stops the running task and starts it afresh', async () => {
    const signals: AbortSignal[] = [];
    const task = new RestartingTask((signal) => {
      signals.push(signal);
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    await task.restart();
    await vi.advanceTimersByTimeAsync(0);
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    expect(task.running).toBe(true);
    await task.waitForTermination();
    expect(signals[1]!.aborted).toBe(true);
  });
  it('restarts after the delay a crash asks for, without advancing the backoff, and logs it at debug', async () => {
    const lines: { level: string; message: string }[] = [];
    const starts: number[] = [];
    class Retry extends Error {
      constructor(readonly ms: number) {
        super('retry');
      }
    }
    const task = new RestartingTask(async () => {
      starts.push(Date.now());
      if (starts.length <= 2) throw new Retry(60_000);
      if (starts.length === 3) throw new Error('crash');
    }, { logger: recordingLogger(lines), backoff: { start: 1000 }, delayOf: (error) => (error instanceof Retry ? error.ms : undefined) });
    task.start();
    await vi.advanceTimersByTimeAsync(121_000);
    await task.finished();
    expect(starts).toEqual([0, 60_000, 120_000, 121_000]);
    expect(task.restarts).toBe(3);
    expect(task.running).toBe(false);
    expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['task crashed; restarting']);
    expect(lines.filter((line) => line.message === 'task restarting as asked')).toHaveLength(2);
  });

  it('finished() waits for the end without stopping the task', async () => {
    let release!: () => void;
    const task = new RestartingTask(() => new Promise<void>((resolve) => { release = resolve; }));
    await task.finished();
    task.start();
    let done = false;
    void task.finished().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
