import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyedQueue, type KeyedWorkContext } from './keyedQueue.js';
import type { Logger } from './logger.js';

/** A promise with its resolve handle, to hold a worker "running" for as long as a test wants. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await vi.advanceTimersByTimeAsync(0);
  expect(condition()).toBe(true);
}

/** A logger that records its lines. */
function recordingLogger(lines: [string, string, Record<string, unknown>][]): Logger {
  const log = (level: string) => (message: string, fields: Record<string, unknown> = {}) => void lines.push([level, message, fields]);
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), child: () => logger };
  return logger;
}

describe('KeyedQueue', () => {
  const queues: KeyedQueue<unknown>[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.close();
    vi.useRealTimers();
  });
  function make<T>(...args: ConstructorParameters<typeof KeyedQueue<T>>): KeyedQueue<T> {
    const queue = new KeyedQueue<T>(...args);
    queues.push(queue as KeyedQueue<unknown>);
    return queue;
  }

  it('starts keys in the order they were added, one at a time by default', async () => {
    const order: string[] = [];
    const queue = make<string>((item) => void order.push(item));
    for (const key of ['c', 'a', 'b']) queue.add(key, key.toUpperCase());
    await queue.drain();
    expect(order).toEqual(['C', 'A', 'B']);
    expect(queue.idle).toBe(true);
  });

  it('dedupes: an item added while its key waits is merged into the waiting one, which keeps its place', async () => {
    const runs: string[] = [];
    const gate = deferred();
    const queue = make<string>(async (item) => {
      runs.push(item);
      await gate.promise;
    });
    queue.add('busy', 'busy');
    queue.add('x', 'x1');
    queue.add('y', 'y1');
    queue.add('x', 'x2');
    queue.add('x', 'x3');
    expect(queue.stats()).toMatchObject({ ready: 2, running: 1 });
    gate.resolve();
    await queue.drain();
    expect(runs).toEqual(['busy', 'x3', 'y1']);
  });

  it('merges with the merge function (a count of coalesced items, say)', async () => {
    const seen: { value: number; merged: number }[] = [];
    const gate = deferred();
    const queue = make<{ value: number; merged: number }>(
      async (item) => {
        seen.push(item);
        await gate.promise;
      },
      { merge: (waiting, added) => ({ value: added.value, merged: waiting.merged + 1 + added.merged }) },
    );
    queue.add('k', { value: 1, merged: 0 });
    for (let value = 2; value <= 5; value++) queue.add('k', { value, merged: 0 });
    gate.resolve();
    await queue.drain();
    expect(seen).toEqual([{ value: 1, merged: 0 }, { value: 5, merged: 3 }]);
  });

  it('latest wins: an item added while its key runs runs once more afterwards, never concurrently, and aborts `newer`', async () => {
    const gate = deferred();
    const runs: string[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    let firstNewer: AbortSignal | undefined;
    const queue = make<string>(
      async (item, { newer }) => {
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        runs.push(item);
        if (item === 'first') {
          firstNewer = newer;
          await gate.promise;
        }
        concurrent -= 1;
      },
      { concurrency: 4 },
    );
    queue.add('x', 'first');
    await until(() => runs.length === 1);
    expect(firstNewer?.aborted).toBe(false);
    queue.add('x', 'second');
    queue.add('x', 'third');
    expect(firstNewer?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['first']);
    gate.resolve();
    await queue.drain();
    expect(runs).toEqual(['first', 'third']);
    expect(maxConcurrent).toBe(1);
  });

  it('`newer` read only after the newer item arrived is aborted already', async () => {
    const gate = deferred();
    let context: { readonly newer: AbortSignal } | undefined;
    const queue = make<string>(async (item, runContext) => {
      if (item === 'first') {
        context = runContext;
        await gate.promise;
      }
    });
    queue.add('x', 'first');
    await until(() => context !== undefined);
    queue.add('x', 'second');
    expect(context!.newer.aborted).toBe(true);
    gate.resolve();
    await queue.drain();
  });

  it("with coalesce 'none' keeps every item in order, and a key with more work goes to the back of the line", async () => {
    const runs: string[] = [];
    const queue = make<string>((item) => void runs.push(item), { coalesce: 'none' });
    queue.add('hot', 'hot1');
    queue.add('hot', 'hot2');
    queue.add('hot', 'hot3');
    queue.add('cold', 'cold1');
    await queue.drain();
    expect(runs).toEqual(['hot1', 'cold1', 'hot2', 'hot3']);
  });

  it('bounds concurrency across keys and starts the next key as soon as a slot frees', async () => {
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const queue = make<number>(
      async (i) => {
        started.push(i);
        await gates[i]!.promise;
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 3; i++) queue.add(`k${i}`, i);
    await until(() => started.length === 2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toMatchObject({ ready: 1, delayed: 0, running: 2 });
    gates[1]!.resolve();
    await until(() => started.length === 3);
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await queue.drain();
    expect(queue.stats()).toMatchObject({ ready: 0, delayed: 0, running: 0, started: 3 });
  });

  it('reports each start with what waits, what runs and how long the item waited (in fake time)', async () => {
    const gate = deferred();
    const starts: { waiting: number; running: number; waitMs: number }[] = [];
    const queue = make<string>(async (item) => {
      if (item === 'a') await gate.promise;
    }, { onStart: (stats) => starts.push(stats) });
    queue.add('a', 'a');
    queue.add('b', 'b');
    queue.add('c', 'c');
    await vi.advanceTimersByTimeAsync(250);
    gate.resolve();
    await queue.drain();
    expect(starts).toEqual([
      { waiting: 0, running: 1, waitMs: 0 },
      { waiting: 1, running: 1, waitMs: 250 },
      { waiting: 0, running: 1, waitMs: 250 },
    ]);
    expect(queue.stats().waitedMs).toBe(500);
  });

  it('retries a failing key with exponential backoff at exact times, reporting every failure, without blocking other keys', async () => {
    const attempts: [number, number][] = [];
    const others: number[] = [];
    const failures: { attempt: number; retryInMs: number | undefined; message: string }[] = [];
    const queue = make<string>(
      (item, { attempt }) => {
        if (item === 'other') {
          others.push(Date.now());
          return;
        }
        attempts.push([Date.now(), attempt]);
        if (attempts.length < 5) throw new Error(`boom ${attempts.length}`);
      },
      {
        concurrency: 2,
        retry: { start: 1000, base: 2, max: 4000 },
        onError: (error, { attempt, retryInMs }) => failures.push({ attempt, retryInMs, message: (error as Error).message }),
      },
    );
    queue.add('failing', 'failing');
    queue.add('other', 'other');
    await until(() => others.length === 1);
    expect(others).toEqual([0]);
    expect(queue.stats().delayed).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempts).toEqual([[0, 0], [1000, 1], [3000, 2], [7000, 3], [11000, 4]]);
    expect(failures).toEqual([
      { attempt: 1, retryInMs: 1000, message: 'boom 1' },
      { attempt: 2, retryInMs: 2000, message: 'boom 2' },
      { attempt: 3, retryInMs: 4000, message: 'boom 3' },
      { attempt: 4, retryInMs: 4000, message: 'boom 4' },
    ]);
    expect(queue.idle).toBe(true);
  });

  it('retries the latest item of a key: an item added during the backoff replaces the failed one and keeps its retry time', async () => {
    const runs: [string, number][] = [];
    const queue = make<string>(
      (item) => {
        runs.push([item, Date.now()]);
        if (item === 'old') throw new Error('boom');
      },
      { retry: { start: 1000 }, onError: () => undefined },
    );
    queue.add('x', 'old');
    await until(() => runs.length === 1);
    await vi.advanceTimersByTimeAsync(500);
    queue.add('x', 'new');
    expect(queue.stats()).toMatchObject({ ready: 0, delayed: 1 });
    await vi.advanceTimersByTimeAsync(499);
    expect(runs).toEqual([['old', 0]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([['old', 0], ['new', 1000]]);
  });

  it('logs a failure when no onError is given: warn when retried, error when not', async () => {
    const lines: [string, string, Record<string, unknown>][] = [];
    const logger = recordingLogger(lines);
    let fails = 1;
    const retrying = make<string>(() => {
      if (fails-- > 0) throw new Error('conflict');
    }, { retry: { start: 5 }, logger });
    retrying.add('a', 'a');
    await vi.advanceTimersByTimeAsync(5);
    await retrying.drain();
    const once = make<string>(() => {
      throw new Error('bad item');
    }, { logger });
    once.add('b', 'b');
    await once.drain();
    expect(lines).toEqual([
      ['warn', 'keyed work failed; retrying', { key: 'a', attempt: 1, error: 'Error: conflict', delayMs: 5 }],
      ['error', 'keyed work failed', { key: 'b', attempt: 1, error: 'Error: bad item' }],
    ]);
  });

  it('resets the backoff of a key after a success', async () => {
    const times: number[] = [];
    let fail = 2;
    const queue = make<string>(() => {
      times.push(Date.now());
      if (fail-- > 0) throw new Error('boom');
    }, { retry: { start: 1000 }, onError: () => undefined });
    queue.add('x', 'x');
    await vi.advanceTimersByTimeAsync(3000);
    expect(times).toEqual([0, 1000, 3000]);
    fail = 1;
    queue.add('x', 'x');
    await vi.advanceTimersByTimeAsync(2000);
    expect(times).toEqual([0, 1000, 3000, 3000, 4000]);
  });

  it('close() mid-run: nothing new starts, running workers see the signal, retry timers go, undone work is handed back', async () => {
    const seen: string[] = [];
    let context: KeyedWorkContext | undefined;
    const queue = make<string>(
      (item, ctx) => {
        seen.push(item);
        if (item === 'failing') throw new Error('boom');
        context = ctx;
        return new Promise<void>((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
      },
      { concurrency: 2, retry: { start: 1000 }, onError: () => undefined },
    );
    queue.add('failing', 'failing');
    queue.add('long', 'long');
    queue.add('waiting', 'waiting');
    queue.add('queued', 'queued');
    await until(() => seen.length === 3 && queue.stats().delayed === 1);
    expect(queue.stats()).toMatchObject({ ready: 1, delayed: 1, running: 2 });
    expect(vi.getTimerCount()).toBe(1);
    const closed = queue.close(new Error('stop'));
    expect(context?.signal.aborted).toBe(true);
    expect(queue.add('late', 'late')).toBe(false);
    expect(await closed).toEqual([['failing', 'failing'], ['long', 'long'], ['waiting', 'waiting'], ['queued', 'queued']]);
    expect(vi.getTimerCount()).toBe(0);
    expect(seen).toEqual(['failing', 'long', 'waiting']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual(['failing', 'long', 'waiting']);
    expect(queue.closed).toBe(true);
    expect(queue.close()).toBe(closed);
  });

  it('closes when its signal aborts; a worker that finishes after the abort is done, not handed back', async () => {
    const controller = new AbortController();
    const gate = deferred();
    let workerSignal: AbortSignal | undefined;
    const queue = make<string>(async (_item, { signal }) => {
      workerSignal = signal;
      await gate.promise;
    }, { signal: controller.signal });
    queue.add('a', 'a');
    await until(() => workerSignal !== undefined);
    controller.abort(new Error('shutdown'));
    expect(queue.closed).toBe(true);
    expect(workerSignal?.aborted).toBe(true);
    expect((workerSignal?.reason as Error).message).toBe('shutdown');
    gate.resolve();
    expect(await queue.close()).toEqual([]);
    expect(() => new KeyedQueue(() => undefined, { signal: AbortSignal.abort() }).add('x', 1)).not.toThrow();
  });

  it('drain() waits for work added while draining, and for retries', async () => {
    const runs: string[] = [];
    let fail = true;
    const queue = make<string>((item) => {
      runs.push(item);
      if (item === 'a' && fail) {
        fail = false;
        throw new Error('once');
      }
      if (item === 'a') queue.add('b', 'b');
    }, { retry: { start: 100 }, onError: () => undefined });
    let drained = false;
    queue.add('a', 'a');
    void queue.drain().then(() => (drained = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(drained).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => drained);
    expect(runs).toEqual(['a', 'a', 'b']);
  });

  it('adds a scheduled item at its clock time; scheduling again replaces it, unschedule() cancels it', async () => {
    const runs: [number, string][] = [];
    const queue = make<string>((item) => void runs.push([Date.now(), item]));
    expect(queue.schedule('a', 'a@1000', 1000)).toBe(true);
    queue.schedule('b', 'b@500', 500);
    queue.schedule('b', 'b@2000', 2000);
    queue.schedule('c', 'c@700', 700);
    expect(queue.stats()).toMatchObject({ scheduled: 3, ready: 0 });
    // Scheduled items are not work yet: the queue is idle and drains at once.
    expect(queue.idle).toBe(true);
    await queue.drain();
    expect(queue.unschedule('c')).toBe(true);
    expect(queue.unschedule('c')).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([[1000, 'a@1000']]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual([[1000, 'a@1000'], [2000, 'b@2000']]);
    expect(queue.stats().scheduled).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('merges a scheduled item that comes due into the waiting one of its key, as any add', async () => {
    const runs: string[] = [];
    const gate = deferred();
    const queue = make<string>(async (item) => {
      runs.push(item);
      await gate.promise;
    }, { merge: (waiting, added) => (added.startsWith('wake') ? waiting : added) });
    queue.add('k', 'event-1');
    queue.add('k', 'event-2');
    queue.schedule('k', 'wake', 0);
    await vi.advanceTimersByTimeAsync(0);
    gate.resolve();
    await queue.drain();
    expect(runs).toEqual(['event-1', 'event-2']);
  });

  it('drops scheduled items on close and refuses new ones', async () => {
    const runs: string[] = [];
    const queue = make<string>((item) => void runs.push(item));
    queue.schedule('a', 'a', 100);
    expect(await queue.close()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(queue.schedule('b', 'b', 0)).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual([]);
  });

  it('runs any number of keys at once with concurrency Infinity', async () => {
    const gate = deferred();
    let running = 0;
    const queue = make<number>(async () => {
      running++;
      await gate.promise;
    }, { concurrency: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 50; i++) queue.add(`k${i}`, i);
    await until(() => running === 50);
    expect(queue.stats()).toMatchObject({ running: 50, ready: 0 });
    gate.resolve();
    await queue.drain();
  });

  it('cancel() aborts one key\'s running worker and waits for it; its failure is not reported and the key goes on', async () => {
    const errors: unknown[] = [];
    const seen: string[] = [];
    const signals = new Map<string, AbortSignal>();
    const queue = make<string>((item, { key, signal }) => {
      seen.push(item);
      signals.set(key, signal);
      return new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    }, { cancellable: true, concurrency: 2, retry: { start: 100 }, onError: (error) => errors.push(error) });
    queue.add('a', 'a1');
    queue.add('b', 'b1');
    await until(() => signals.size === 2);
    expect([...queue.running()]).toEqual([['a', 'a1'], ['b', 'b1']]);
    queue.add('a', 'a2');
    await queue.cancel('a', new Error('not ours'));
    expect(signals.get('b')!.aborted).toBe(false);
    await until(() => seen.includes('a2'));
    await queue.cancel('nothing'); // nothing runs for it: resolves at once
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([]);
    expect(seen).toEqual(['a1', 'b1', 'a2']);
  });

  it('close() aborts a cancellable queue\'s running workers with its reason and hands back the item of one that fails then', async () => {
    const errors: unknown[] = [];
    let signal: AbortSignal | undefined;
    const queue = make<string>((_item, context) => {
      signal = context.signal;
      return new Promise<void>((_, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason)));
    }, { cancellable: true, onError: (error) => errors.push(error) });
    queue.add('a', 'a1');
    await until(() => signal !== undefined);
    const reason = new Error('shutting down');
    const left = await queue.close(reason);
    expect(signal!.reason).toBe(reason);
    expect(left).toEqual([['a', 'a1']]);
    expect(errors).toEqual([]);
  });

  it('refuses an invalid concurrency or backoff up front', () => {
    expect(() => new KeyedQueue(() => undefined, { concurrency: 0 })).toThrow(/KeyedQueue concurrency must be a finite number ≥ 1, got 0/);
    expect(() => new KeyedQueue(() => undefined, { retry: { start: 10, max: 5 } })).toThrow(/ExponentialBackOff max/);
  });
});
