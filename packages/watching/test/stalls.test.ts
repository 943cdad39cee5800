// A watch that stalls silently (no events, no bookmarks) is restarted after twice the bookmark interval —
// long before the inactivity timeout — but only once bookmarks are known to come, so a server that sends
// them every minute (or never) is not taken for stalled.
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock, Logger } from '@opkit/tasks';
import type { WatchPhase } from '../src/index.js';
import { watchResource } from '../src/index.js';
import { configmaps, fast, Recorder, startHarness, waitFor, watchRequests, initialReads } from './harness.js';
import type { Harness } from './harness.js';

/** A clock whose timers fire only when told (its now() is real: intervals are still measured). */
class ManualClock implements Clock {
  readonly timers = new Map<number, { fn: () => void; ms: number }>();
  #next = 1;
  now(): number {
    return Date.now();
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.timers.set(id, { fn, ms });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  armed(): number[] {
    return [...this.timers.values()].map((t) => t.ms);
  }
}

function recordingLogger(lines: string[]): Logger {
  const logger: Logger = {
    debug: () => undefined, info: () => undefined, error: () => undefined,
    warn: (message: string) => void lines.push(message),
    child: () => logger,
  };
  return logger;
}

let h: Harness;
afterEach(async () => h.close());

describe('watchResource stall detection', () => {
  it('restarts a watch that sends neither events nor bookmarks for twice the learned interval, before the inactivity timeout', async () => {
    h = await startHarness({ bookmarkIntervalMs: 300 });
    const { client, server } = h;
    const phases: WatchPhase[] = [];
    const warnings: string[] = [];
    // The default inactivity timeout (70 s) is longer than every wait below: only the stall detector can restart the watch in time.
    const r = new Recorder(watchResource(client, configmaps, {
      namespace: 'default', settings: fast, logger: recordingLogger(warnings), onPhase: (phase) => void phases.push(phase),
    }));
    await waitFor(() => r.synced === 1 && phases.filter((p) => p.phase === 'bookmark').length >= 3, 10_000, 'bookmarks (the interval learned)');
    expect(phases.some((p) => p.phase === 'stalled')).toBe(false);
    server.faults.set({ stallWatches: true });
    await client.create(configmaps, { metadata: { name: 'two', namespace: 'default' } });
    await waitFor(() => phases.some((p) => p.phase === 'stalled'), 30_000, 'the stall detected');
    server.faults.set({ stallWatches: false });
    await waitFor(() => r.latest.has('default/two'), 30_000, 'the restarted watch delivering the change');
    const stalled = phases.find((p) => p.phase === 'stalled')!;
    expect(stalled.message).toMatch(/^no events or bookmarks for \d+ ms; bookmarks come every \d+ ms$/);
    expect(phases.some((p) => p.phase === 'inactivity')).toBe(false);
    expect(warnings).toContain('watch stalled: no events or bookmarks for twice the bookmark interval; restarting it');
    expect(watchRequests(server)).toBeGreaterThanOrEqual(2);
    expect(initialReads(server)).toBe(1);
    r.subscription.unsubscribe();
  });

  it('arms only after a bookmark was seen, with twice the configured interval (on an injected clock)', async () => {
    h = await startHarness({ bookmarkIntervalMs: 100 });
    const { client, server } = h;
    const clock = new ManualClock();
    const phases: WatchPhase[] = [];
    const r = new Recorder(watchResource(client, configmaps, {
      namespace: 'default', settings: { ...fast, clock, bookmarkIntervalMs: 5_000 }, onPhase: (phase) => void phases.push(phase),
    }));
    await waitFor(() => r.synced === 1 && watchRequests(server) === 1 && clock.timers.size === 1, 10_000, 'watching');
    // Before any bookmark: the inactivity timeout alone (a server may send none).
    if (!phases.some((p) => p.phase === 'bookmark')) expect(clock.armed()).toEqual([70_000]);
    await waitFor(() => phases.some((p) => p.phase === 'bookmark'), 10_000, 'a bookmark');
    await waitFor(() => clock.armed().length === 1 && clock.armed()[0] === 10_000, 10_000, 'the stall window armed');
    // Firing it restarts the watch and says so.
    const [id, timer] = [...clock.timers][0]!;
    clock.timers.delete(id);
    timer.fn();
    await waitFor(() => phases.some((p) => p.phase === 'stalled') && watchRequests(server) === 2, 10_000, 'the restart');
    expect(phases.find((p) => p.phase === 'stalled')?.message).toBe('no events or bookmarks for 10000 ms; bookmarks come every 5000 ms');
    r.subscription.unsubscribe();
    await waitFor(() => server.stats().watches === 0, 10_000, 'closed');
  });

  it('never takes a server with minute-long bookmarks for stalled before its inactivity timeout', async () => {
    h = await startHarness();
    const clock = new ManualClock();
    const r = new Recorder(watchResource(h.client, configmaps, { namespace: 'default', settings: { ...fast, clock } }));
    await waitFor(() => r.synced === 1 && watchRequests(h.server) === 1 && clock.timers.size === 1, 10_000, 'watching');
    await h.client.create(configmaps, { metadata: { name: 'one', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/one'), 10_000, 'an event');
    expect(clock.armed()).toEqual([70_000]);
    r.subscription.unsubscribe();
  });
});
