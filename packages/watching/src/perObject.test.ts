import { describe, expect, it } from 'vitest';
import { lastValueFrom, Subject, toArray } from 'rxjs';
import { sleep } from '@opkit/tasks';
import { perObject } from './perObject.js';
import type { ObjectEvent, WatchEvent } from './watchResource.js';

const event = (uid: string, seq: number): ObjectEvent => ({
  type: 'MODIFIED',
  object: { metadata: { uid, name: uid, namespace: 'ns', resourceVersion: String(seq) } },
  initial: false,
});

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function randomDelay(): Promise<void> {
  const r = Math.random();
  return r < 0.5 ? Promise.resolve() : r < 0.9 ? new Promise((res) => setImmediate(res)) : sleep(1);
}

describe('perObject', () => {
  it('with 10,000 events over 500 objects and concurrency 8: serial per object, last event last, bounded, completes', async () => {
    const events$ = new Subject<WatchEvent>();
    const active = new Set<string>();
    const lastProcessed = new Map<string, number>();
    const lastSent = new Map<string, number>();
    let running = 0;
    let maxRunning = 0;
    let overlaps = 0;
    let regressions = 0;
    const done = lastValueFrom(
      perObject(
        events$,
        async (e, { key }) => {
          if (active.has(key)) overlaps++;
          active.add(key);
          running++;
          maxRunning = Math.max(maxRunning, running);
          const seq = Number(e.object.metadata.resourceVersion);
          if ((lastProcessed.get(key) ?? -1) >= seq) regressions++;
          lastProcessed.set(key, seq);
          await randomDelay();
          running--;
          active.delete(key);
        },
        { concurrency: 8 },
      ).pipe(toArray()),
    );
    for (let seq = 0; seq < 10_000; seq++) {
      const uid = `obj-${Math.floor(Math.random() * 500)}`;
      lastSent.set(uid, seq);
      events$.next(event(uid, seq));
      if (seq % 97 === 0) await new Promise((res) => setImmediate(res));
    }
    events$.complete();
    const outcomes = await done;
    expect(overlaps).toBe(0);
    expect(regressions).toBe(0);
    expect(maxRunning).toBeLessThanOrEqual(8);
    expect(maxRunning).toBeGreaterThan(1);
    expect(lastProcessed).toEqual(lastSent);
    expect(outcomes.length).toBeGreaterThanOrEqual(500);
    expect(outcomes.reduce((n, o) => n + 1 + o.coalesced, 0)).toBe(10_000);
  });

  it("delivers every event in order with coalesce 'none'", async () => {
    const events$ = new Subject<WatchEvent>();
    const seen: number[] = [];
    const done = lastValueFrom(
      perObject(
        events$,
        async (e) => {
          seen.push(Number(e.object.metadata.resourceVersion));
          await sleep(1);
        },
        { concurrency: 2, coalesce: 'none' },
      ).pipe(toArray()),
    );
    for (let i = 0; i < 20; i++) events$.next(event('one', i));
    events$.complete();
    await done;
    expect(seen).toEqual([...Array(20).keys()]);
  });

  it('aborts the running worker’s `newer` signal when a newer event for its object arrives', async () => {
    const events$ = new Subject<WatchEvent>();
    const started = deferred<void>();
    let cutShort = false;
    const done = lastValueFrom(
      perObject(events$, async (e, { newer }) => {
        if (e.object.metadata.resourceVersion === '1') {
          started.resolve();
          await sleep(60_000, { signal: newer }).catch(() => (cutShort = true));
        }
      }).pipe(toArray()),
    );
    events$.next(event('a', 1));
    await started.promise;
    events$.next(event('a', 2));
    events$.complete();
    const outcomes = await done;
    expect(cutShort).toBe(true);
    expect(outcomes.map((o) => o.event.object.metadata.resourceVersion)).toEqual(['1', '2']);
  });

  it('gives every object a turn when there are more objects than slots (no starvation, no deadlock)', async () => {
    const events$ = new Subject<WatchEvent>();
    const order: string[] = [];
    const done = lastValueFrom(
      perObject(
        events$,
        async (e) => {
          order.push(e.object.metadata.uid!);
          await sleep(2);
        },
        { concurrency: 1, coalesce: 'none' },
      ).pipe(toArray()),
    );
    // "hot" gets three events up front; "cold" arrives later but must not wait for all of hot's.
    events$.next(event('hot', 1));
    events$.next(event('hot', 2));
    events$.next(event('hot', 3));
    events$.next(event('cold', 4));
    events$.complete();
    await done;
    expect(order.indexOf('cold')).toBeLessThan(3);
  });

  it('reports worker errors as outcomes and keeps going', async () => {
    const events$ = new Subject<WatchEvent>();
    const done = lastValueFrom(
      perObject(events$, (e) => {
        if (e.object.metadata.uid === 'bad') throw new Error('worker failed');
      }).pipe(toArray()),
    );
    events$.next(event('bad', 1));
    events$.next(event('good', 2));
    events$.complete();
    const outcomes = await done;
    expect(outcomes.find((o) => o.key === 'bad')?.error).toBeInstanceOf(Error);
    expect(outcomes.find((o) => o.key === 'good')?.error).toBeUndefined();
  });

  it('aborts running workers on unsubscribe', async () => {
    const events$ = new Subject<WatchEvent>();
    const started = deferred<AbortSignal>();
    const subscription = perObject(events$, async (_e, { signal }) => {
      started.resolve(signal);
      await sleep(60_000, { signal }).catch(() => undefined);
    }).subscribe();
    events$.next(event('a', 1));
    const signal = await started.promise;
    subscription.unsubscribe();
    expect(signal.aborted).toBe(true);
  });

  it('reports the queue at each start: objects waiting for a slot, workers running, time waited', async () => {
    const source = new Subject<WatchEvent>();
    const gates = [deferred<void>(), deferred<void>()];
    const stats: { waiting: number; running: number; waitMs: number }[] = [];
    let started = 0;
    const done = lastValueFrom(perObject(source, async () => { await gates[started++ % 2]!.promise; }, {
      concurrency: 1, onStart: (s) => stats.push(s),
    }).pipe(toArray()));
    source.next(event('a', 1));
    source.next(event('b', 1));
    source.next(event('c', 1));
    gates[0]!.resolve();
    gates[1]!.resolve();
    source.complete();
    await done;
    expect(stats.map(({ waiting, running }) => ({ waiting, running }))).toEqual([
      { waiting: 0, running: 1 }, // a starts at once
      { waiting: 1, running: 1 }, // b starts when a is done; c still waits
      { waiting: 0, running: 1 },
    ]);
    expect(stats.every((s) => s.waitMs >= 0)).toBe(true);
  });
});
