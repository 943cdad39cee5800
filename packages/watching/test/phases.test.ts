// The stream reports its life to an observer: the list, bookmarks, and a relist after 410 or after a 504
// ResourceVersionTooLarge — so an operator's feed (and a test) can count what the stream went through.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchResource } from '../src/index.js';
import type { WatchPhase } from '../src/index.js';
import { startApiServer } from '@opkit/apiserver';
import { configmaps, fast, Recorder, startHarness } from './harness.js';
import type { Harness } from './harness.js';
import { deadline } from '@opkit/test-tools';

describe('watchResource onPhase', () => {
  let h: Harness;
  afterEach(async () => { await h.close(); });

  it('reports the list and the bookmarks', async () => {
    h = await startHarness({ bookmarkIntervalMs: 100 });
    const phases: WatchPhase[] = [];
    const subscription = watchResource(h.client, configmaps, { namespace: 'default', settings: fast, onPhase: (phase) => phases.push(phase) }).subscribe();
    try {
      await vi.waitFor(() => expect(phases.filter((p) => p.phase === 'bookmark').length).toBeGreaterThanOrEqual(2), { timeout: deadline(30_000), interval: 20 });
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
      await vi.waitFor(() => expect(phases.map((p) => p.phase)).toEqual(['listed']), { timeout: deadline(30_000), interval: 20 });
      // Hold the watch back while the history moves on and is compacted: its resume then gets 410.
      h.server.faults.set({ stallWatches: true });
      await h.client.create(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'moved-on', namespace: 'default' } }, { namespace: 'default' });
      h.server.faults.compactNow();
      h.server.faults.dropWatches();
      h.server.faults.set({ stallWatches: false });
      await vi.waitFor(() => expect(phases.map((p) => p.phase)).toEqual(['listed', 'relist', 'listed']), { timeout: deadline(30_000), interval: 20 });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('relists when its resourceVersion is ahead of the server (an in-memory server restarted: 504 ResourceVersionTooLarge)', async () => {
    h = await startHarness();
    const port = Number(new URL(h.server.url).port);
    for (let i = 0; i < 20; i++) {
      await h.client.create(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `old-${i}`, namespace: 'default' } }, { namespace: 'default' });
    }
    const phases: WatchPhase[] = [];
    const recorder = new Recorder(watchResource(h.client, configmaps, { namespace: 'default', settings: fast, onPhase: (phase) => phases.push(phase) }));
    const fresh: { server?: Awaited<ReturnType<typeof startApiServer>> } = {};
    try {
      await vi.waitFor(() => expect(recorder.latest.size).toBe(20), { timeout: deadline(30_000), interval: 20 });
      const aheadAt = Number(phases.at(-1)?.resourceVersion);
      await h.server.close();
      // The same address, a fresh in-memory server: its resourceVersions start again, below the stream's.
      fresh.server = await startApiServer({ port });
      const created = await h.client.create(configmaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'new-1', namespace: 'default' } }, { namespace: 'default' });
      expect(Number(created.metadata.resourceVersion)).toBeLessThan(aheadAt);
      await vi.waitFor(() => expect([...recorder.latest.keys()]).toEqual(['default/new-1']), { timeout: deadline(15_000), interval: 20 });
      // The watch from the old version got the 504 and the stream relisted: every old object reported gone.
      const relist = phases.findIndex((p) => p.phase === 'relist');
      expect(relist).toBeGreaterThan(0);
      expect(phases[relist]?.resourceVersion).toBe(String(aheadAt));
      expect(phases.slice(relist + 1).some((p) => p.phase === 'listed')).toBe(true);
      expect(recorder.names('DELETED')).toHaveLength(20);
    } finally {
      recorder.subscription.unsubscribe();
      await fresh.server?.close();
    }
  });
});
