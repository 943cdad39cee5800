import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskQueue } from './taskQueue.js';
import { TasksError } from './errors.js';

/** A promise with its resolve handle, to hold a task "running" for as long as a test wants. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function sleepFor(ms: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await vi.advanceTimersByTimeAsync(0);
  expect(condition()).toBe(true);
}

describe('TaskQueue', () => {
  let controller: AbortController;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    controller = new AbortController();
  });
  afterEach(() => {
    controller.abort();
    vi.useRealTimers();
  });

  it('does nothing until run() runs, then starts tasks in enqueue order', async () => {
    const queue = new TaskQueue({ jitter: 0 });
    const order: string[] = [];
    for (const key of ['c', 'a', 'b']) queue.enqueue(key, () => void order.push(key));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(order).toEqual([]);
    const running = queue.run(controller.signal);
    await until(() => queue.idle);
    expect(order).toEqual(['c', 'a', 'b']);
    controller.abort();
    await running;
  });

  it('merges a task enqueued while its twin waits into it: the latest work runs once, in the first place', async () => {
    const queue = new TaskQueue({ jitter: 0 });
    const runs: string[] = [];
    queue.enqueue('x', () => void runs.push('x1'));
    queue.enqueue('y', () => void runs.push('y1'));
    queue.enqueue('x', () => void runs.push('x2'));
    expect(queue.stats()).toEqual({ ready: 2, delayed: 0, running: 0 });
    const running = queue.run(controller.signal);
    await until(() => queue.idle);
    expect(runs).toEqual(['x2', 'y1']);
    controller.abort();
    await running;
  });

  it('runs a task enqueued while its twin runs once more afterwards, never concurrently', async () => {
    const queue = new TaskQueue({ jitter: 0, concurrency: 4 });
    const gate = deferred();
    const runs: string[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const task = (name: string, wait?: Promise<void>) => async () => {
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      runs.push(name);
      await wait;
      concurrent -= 1;
    };
    queue.enqueue('x', task('first', gate.promise));
    const running = queue.run(controller.signal);
    await until(() => runs.length === 1);
    queue.enqueue('x', task('second'));
    queue.enqueue('x', task('third'));
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['first']);
    gate.resolve();
    await until(() => queue.idle);
    expect(runs).toEqual(['first', 'third']);
    expect(maxConcurrent).toBe(1);
    controller.abort();
    await running;
  });

  it('retries a failing task with exponential backoff at exact times without blocking other tasks', async () => {
    const queue = new TaskQueue({ jitter: 0, backoffStart: 1000, backoffBase: 2, backoffMax: 4000 });
    const attempts: number[] = [];
    const others: number[] = [];
    queue.enqueue('failing', () => {
      attempts.push(Date.now());
      if (attempts.length < 5) throw new Error('boom');
    });
    queue.enqueue('other', () => void others.push(Date.now()));
    const running = queue.run(controller.signal);
    await until(() => others.length === 1);
    expect(others).toEqual([0]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempts).toEqual([0, 1000, 3000, 7000, 11000]);
    expect(queue.idle).toBe(true);
    controller.abort();
    await running;
  });

  it('keeps the retry time of a delayed task when it is enqueued again, and runs the newer work', async () => {
    const queue = new TaskQueue({ jitter: 0, backoffStart: 1000 });
    const runs: [string, number][] = [];
    queue.enqueue('x', () => {
      runs.push(['old', Date.now()]);
      throw new Error('boom');
    });
    const running = queue.run(controller.signal);
    await until(() => runs.length === 1);
    await vi.advanceTimersByTimeAsync(500);
    queue.enqueue('x', () => void runs.push(['new', Date.now()]));
    expect(queue.stats().delayed).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toEqual([['old', 0], ['new', 1000]]);
    controller.abort();
    await running;
  });

  it('resets the backoff of a key after a success', async () => {
    const queue = new TaskQueue({ jitter: 0, backoffStart: 1000 });
    const times: number[] = [];
    let fail = 2;
    const fn = () => {
      times.push(Date.now());
      if (fail-- > 0) throw new Error('boom');
    };
    queue.enqueue('x', fn);
    const running = queue.run(controller.signal);
    await vi.advanceTimersByTimeAsync(3000);
    expect(times).toEqual([0, 1000, 3000]);
    fail = 1;
    queue.enqueue('x', fn);
    await vi.advanceTimersByTimeAsync(2000);
    expect(times).toEqual([0, 1000, 3000, 3000, 4000]);
    controller.abort();
    await running;
  });

  it('bounds concurrency and starts the next task as soon as a slot frees', async () => {
    const queue = new TaskQueue({ concurrency: 2 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    gates.forEach((gate, i) =>
      queue.enqueue(`k${i}`, async () => {
        started.push(i);
        await gate.promise;
      }),
    );
    const running = queue.run(controller.signal);
    await until(() => started.length === 2);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toEqual({ ready: 1, delayed: 0, running: 2 });
    gates[1]!.resolve();
    await until(() => started.length === 3);
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await until(() => queue.idle);
    controller.abort();
    await running;
  });

  it('settles run() on abort after aborting running tasks, leaving no timers and keeping unfinished work', async () => {
    const queue = new TaskQueue({ jitter: 0 });
    let seenAbort = false;
    queue.enqueue('long', (signal) => new Promise<void>((_, reject) => signal.addEventListener('abort', () => {
      seenAbort = true;
      reject(signal.reason);
    })));
    queue.enqueue('failing', () => {
      throw new Error('boom');
    });
    const running = queue.run(controller.signal);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await running;
    expect(seenAbort).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(queue.idle).toBe(false);
  });

  it('drain() resolves once every task of the run is done, at once outside a run', async () => {
    const queue = new TaskQueue();
    const done: number[] = [];
    queue.enqueue('a', () => sleepFor(1000).then(() => void done.push(Date.now())));
    await queue.drain();
    expect(done).toEqual([]);
    const running = queue.run(controller.signal);
    queue.enqueue('b', () => sleepFor(500).then(() => void done.push(Date.now())));
    let drained = -1;
    void queue.drain().then(() => (drained = Date.now()));
    await vi.advanceTimersByTimeAsync(1500);
    expect(done).toEqual([1000, 1500]);
    expect(drained).toBe(1500);
    controller.abort();
    await running;
  });

  it('refuses a second concurrent run() and an invalid concurrency', async () => {
    const queue = new TaskQueue();
    const running = queue.run(controller.signal);
    await expect(queue.run(controller.signal)).rejects.toThrow(TasksError);
    controller.abort();
    await running;
    expect(() => new TaskQueue({ concurrency: 0 })).toThrow(/concurrency must be a finite number ≥ 1, got 0/);
  });
});
