// The inactivity timeout runs on the injected clock: the default is 70 s, and firing it closes the
// silent connection and resumes — checked without waiting 70 real seconds.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '@opkit/tasks';
import { watchResource } from '../src/index.js';
import { configmaps, fast, Recorder, startHarness, waitFor, watchRequests, initialReads } from './harness.js';
import type { Harness } from './harness.js';

class ManualClock implements Clock {
  readonly timers = new Map<number, { fn: () => void; ms: number }>();
  /** Added to the real time: moved forward, it makes a timer fired now look as late as a stalled process would. */
  skewMs = 0;
  #next = 1;
  now(): number {
    return Date.now() + this.skewMs;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.timers.set(id, { fn, ms });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Fire (and remove) every pending timer of exactly `ms`. */
  fire(ms: number): number {
    const due = [...this.timers].filter(([, t]) => t.ms === ms);
    for (const [id, t] of due) {
      this.timers.delete(id);
      t.fn();
    }
    return due.length;
  }
}

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => h.close());

describe('watchResource inactivity timeout', () => {
  it('defaults to 70 s on the injected clock and reconnects from the last resourceVersion when it fires', async () => {
    const { client, server } = h;
    const clock = new ManualClock();
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: { ...fast, clock } }));
    await waitFor(() => r.synced === 1 && server.stats().watches === 1, 5000, 'watching');
    await client.create(configmaps, { metadata: { name: 'one', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/one'), 5000, 'the first event');
    expect([...clock.timers.values()].map((t) => t.ms)).toEqual([70_000]);
    server.faults.set({ stallWatches: true });
    await client.create(configmaps, { metadata: { name: 'two', namespace: 'default' } });
    server.faults.set({ stallWatches: false });
    // The window has passed since the last event (`one`): the timer firing now ends the connection.
    clock.skewMs += 70_000;
    expect(clock.fire(70_000)).toBe(1);
    await waitFor(() => watchRequests(server) === 2 && r.latest.has('default/two'), 5000, 'the resumed stream');
    expect(initialReads(server)).toBe(1);
    expect(r.names()).toEqual(['ADDED one', 'ADDED two']);
    r.subscription.unsubscribe();
    await waitFor(() => server.stats().watches === 0 && clock.timers.size === 0, 1000, 'closed, timers cleared');
  });

  it('counts the window from the last event: a timer that fires before that window has passed waits out the rest of it', async () => {
    const { client, server } = h;
    const clock = new ManualClock();
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: { ...fast, clock } }));
    await waitFor(() => r.synced === 1 && server.stats().watches === 1, 5000, 'watching');
    clock.skewMs += 30_000; // 30 s of silence, then an event
    await client.create(configmaps, { metadata: { name: 'one', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/one'), 5000, 'the event');
    clock.skewMs += 40_000; // the first window ends now, 40 s after the event
    expect(clock.fire(70_000)).toBe(1);
    const [rest] = [...clock.timers.values()].map((t) => t.ms);
    expect(rest).toBeGreaterThan(25_000);
    expect(rest).toBeLessThanOrEqual(30_000);
    expect(watchRequests(server)).toBe(1);
    clock.skewMs += 30_000; // 70 s after the event
    expect(clock.fire(rest!)).toBe(1);
    await waitFor(() => watchRequests(server) === 2, 5000, 'the reconnect after 70 s without an event');
    r.subscription.unsubscribe();
    await waitFor(() => server.stats().watches === 0 && clock.timers.size === 0, 1000, 'closed, timers cleared');
  });

  it('gives the stream more windows when its timer fires late (this process stalled), at most three in a row', async () => {
    const { client, server } = h;
    const clock = new ManualClock();
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: { ...fast, clock } }));
    await waitFor(() => r.synced === 1 && server.stats().watches === 1, 5000, 'watching');
    server.faults.set({ stallWatches: true });
    // Each firing comes 70 s after the window was armed plus 40 s more: later than half the window.
    for (let late = 1; late <= 3; late++) {
      clock.skewMs += 110_000;
      expect(clock.fire(70_000)).toBe(1);
      expect([...clock.timers.values()].map((t) => t.ms), `late firing ${late}: armed again`).toEqual([70_000]);
    }
    expect(watchRequests(server)).toBe(1);
    // An event resets the count: a late firing after it gets a window again.
    server.faults.set({ stallWatches: false });
    await client.create(configmaps, { metadata: { name: 'one', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/one'), 5000, 'the event');
    clock.skewMs += 110_000;
    expect(clock.fire(70_000)).toBe(1);
    expect(watchRequests(server)).toBe(1);
    // Three late firings in a row, then the fourth reconnects: a silent stream is never kept for long.
    server.faults.set({ stallWatches: true });
    for (let late = 2; late <= 3; late++) {
      clock.skewMs += 110_000;
      expect(clock.fire(70_000)).toBe(1);
    }
    clock.skewMs += 110_000;
    expect(clock.fire(70_000)).toBe(1);
    await waitFor(() => watchRequests(server) === 2, 5000, 'the reconnect after the fourth late firing');
    server.faults.set({ stallWatches: false });
    r.subscription.unsubscribe();
    await waitFor(() => server.stats().watches === 0 && clock.timers.size === 0, 1000, 'closed, timers cleared');
  });
});
