// The stream reports its life to an observer: the list, bookmarks, and a relist after 410 — so an
// operator's feed (and a test) can count what the stream went through.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchResource } from '../src/index.js';
import type { WatchPhase } from '../src/index.js';
import { configmaps, fast, startHarness } from './harness.js';
import type { Harness } from './harness.js';

describe('watchResource onPhase', () => {
  let h: Harness;
  afterEach(async () => { await h.close(); });

  it('reports the list and the bookmarks', async () => {
    h = await startHarness({ bookmarkIntervalMs: 100 });
    const phases: WatchPhase[] = [];
    const subscription = watchResource(h.client, configmaps, { namespace: 'default', settings: fast, onPhase: (phase) => phases.push(phase) }).subscribe();
    try {
      await vi.waitFor(() => expect(phases.filter((p) => p.phase === 'bookmark').length).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 });
      expect(phases[0]).toMatchObject({ phase: 'listed', namespace: 'default' });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('reports the relist after a 410', async () => {
    h = await startHarness();
    const phases: WatchPhase[] = [];
    const subscription = watchResource(h.client, configmaps, { namespace: 'default', settings: fast, onPhase: (phase) => phases.push(phase) }).subscribe();
    try {
      await vi.waitFor(() => expect(phases.map((p) => p.phase)).toEqual(['listed']), { timeout: 10_000, interval: 20 });
      // Hold the watch back while the history moves on and is compacted: its resume then gets 410.
      h.server.faults.set({ stallWatches: true });
      await h.client.create(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'moved-on', namespace: 'default' } }, { namespace: 'default' });
      h.server.faults.compactNow();
      h.server.faults.dropWatches();
      h.server.faults.set({ stallWatches: false });
      await vi.waitFor(() => expect(phases.map((p) => p.phase)).toEqual(['listed', 'relist', 'listed']), { timeout: 10_000, interval: 20 });
    } finally {
      subscription.unsubscribe();
    }
  });
});
