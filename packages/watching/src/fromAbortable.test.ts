import { describe, expect, it } from 'vitest';
import { firstValueFrom, take, toArray } from 'rxjs';
import { sleep } from '@opkit/tasks';
import { fromAbortable, fromAbortableIterable } from './fromAbortable.js';
import { deadline } from '@opkit/test-tools';

describe('fromAbortable', () => {
  it('aborts the producer synchronously on unsubscribe and delivers nothing after', async () => {
    let signal: AbortSignal | undefined;
    const seen: number[] = [];
    const subscription = fromAbortable<number>(async (emit, s) => {
      signal = s;
      emit(1);
      await sleep(60_000, { signal: s });
      emit(2);
    }).subscribe((v) => seen.push(v));
    expect(signal?.aborted).toBe(false);
    subscription.unsubscribe();
    expect(signal?.aborted).toBe(true);
    await Promise.resolve();
    expect(seen).toEqual([1]);
  });

  it('completes when the producer resolves and errors when it rejects', async () => {
    await expect(firstValueFrom(fromAbortable<number>(async (emit) => emit(7)))).resolves.toBe(7);
    await expect(firstValueFrom(fromAbortable<number>(async () => Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
  });
});

describe('fromAbortableIterable', () => {
  it('runs the iterator finally block when unsubscribed while it waits', async () => {
    let closed = false;
    async function* numbers(signal: AbortSignal): AsyncGenerator<number> {
      try {
        for (let i = 0; ; i++) {
          yield i;
          await sleep(10, { signal });
        }
      } finally {
        closed = true;
      }
    }
    const values = await firstValueFrom(fromAbortableIterable((signal) => numbers(signal)).pipe(take(3), toArray()));
    expect(values).toEqual([0, 1, 2]);
    await expect.poll(() => closed, { timeout: deadline(30_000), interval: 5 }).toBe(true);
  });
});
