import { describe, expect, it } from 'vitest';
import type { Clock } from '@opkit/tasks';
import { ProbeCache } from './probeCache.js';

function manualClock(): Clock & { advance(ms: number): void } {
  let now = 1_000_000;
  return { now: () => now, setTimeout: () => undefined, clearTimeout: () => undefined, advance: (ms) => { now += ms; } };
}

/** A probe run the test finishes by hand. */
function gatedRuns(): { run: () => Promise<Record<string, unknown>>; count: () => number; finish: (value: Record<string, unknown>) => void; fail: (error: Error) => void } {
  const pending: { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }[] = [];
  return {
    run: () => new Promise((resolve, reject) => { pending.push({ resolve, reject }); }),
    count: () => pending.length,
    finish: (value) => pending.at(-1)!.resolve(value),
    fail: (error) => pending.at(-1)!.reject(error),
  };
}

describe('ProbeCache', () => {
  it('serves results for 10 s from the end of the run, then runs the probes again', async () => {
    const clock = manualClock();
    let runs = 0;
    const cache = new ProbeCache({ run: async () => ({ runs: ++runs }), clock });
    expect(await cache.get()).toEqual({ runs: 1 });
    clock.advance(9_999);
    expect(await cache.get()).toEqual({ runs: 1 });
    clock.advance(1);
    expect(await cache.get()).toEqual({ runs: 2 });
    expect(runs).toBe(2);
  });

  it('runs one refresh at a time: requests during a refresh share it', async () => {
    const gate = gatedRuns();
    const cache = new ProbeCache({ run: gate.run, clock: manualClock() });
    const first = cache.get();
    const second = cache.get();
    expect(gate.count()).toBe(1);
    gate.finish({ now: 'x' });
    expect(await first).toEqual({ now: 'x' });
    expect(await second).toEqual({ now: 'x' });
    expect(gate.count()).toBe(1);
  });

  it('does not cache a failure: the next request runs the probes again', async () => {
    const gate = gatedRuns();
    const cache = new ProbeCache({ run: gate.run, clock: manualClock() });
    const failing = cache.get();
    gate.fail(new Error("Probe 'db' failed: down"));
    await expect(failing).rejects.toThrow("Probe 'db' failed: down");
    const next = cache.get();
    expect(gate.count()).toBe(2);
    gate.finish({ db: 'up' });
    expect(await next).toEqual({ db: 'up' });
  });

  it('honours maxAge, and aborts the run in flight on close', async () => {
    const clock = manualClock();
    let seen: AbortSignal | undefined;
    let runs = 0;
    const cache = new ProbeCache({
      maxAge: 0, clock,
      run: ({ signal }) => {
        runs++;
        seen = signal;
        return runs === 1 ? Promise.resolve({}) : new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    });
    await cache.get();
    const pending = cache.get();
    expect(runs).toBe(2);
    cache.close();
    expect(seen?.aborted).toBe(true);
    await expect(pending).rejects.toThrow('aborted');
    await expect(cache.get()).rejects.toThrow('closed');
    expect(() => new ProbeCache({ run: async () => ({}), maxAge: -1 })).toThrow('maxAge must be a number of seconds >= 0; got -1.');
  });
});
