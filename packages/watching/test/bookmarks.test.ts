// Bookmarks: they keep a quiet stream alive (no inactivity reconnects) and move its resume point, so
// that a reconnect after compaction resumes instead of relisting.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchResource } from '../src/index.js';
import { configmaps, fast, namespaces, Recorder, startHarness, waitFor, watchRequests } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ bookmarkIntervalMs: 100 });
});
afterEach(async () => h.close());

/** Count the bookmarks a raw watch of namespaces receives: a clock driven by the server. */
async function bookmarkClock(signal: AbortSignal): Promise<{ count: () => number }> {
  let count = 0;
  const stream = await h.client.watch(namespaces, { resourceVersion: '0', signal });
  void (async () => {
    for await (const event of stream) if (event.type === 'BOOKMARK') count++;
  })().catch(() => undefined);
  return { count: () => count };
}

describe('watchResource with bookmarks', () => {
  it('is not reconnected while bookmarks keep arriving on a quiet stream', async () => {
    const { client, server } = h;
    const inactivityTimeoutMs = 400;
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: { ...fast, inactivityTimeoutMs } }));
    await waitFor(() => r.synced === 1 && watchRequests(server) === 1, 5000, 'watching');
    const controller = new AbortController();
    const clock = await bookmarkClock(controller.signal);
    // 15 bookmarks at 100 ms ≈ 1.5 s, almost four inactivity timeouts.
    await waitFor(() => clock.count() >= 15, 10_000, 'bookmarks');
    controller.abort();
    expect(watchRequests(server)).toBe(1);
    r.subscription.unsubscribe();
  });

  it('resumes from the bookmark after compaction instead of relisting', async () => {
    const { client, server } = h;
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: fast }));
    await waitFor(() => r.synced === 1 && watchRequests(server) === 1, 5000, 'watching');
    // Move the global resourceVersion far beyond the list's, with changes the stream does not see.
    for (let i = 0; i < 20; i++) await client.create(namespaces, { metadata: { name: `elsewhere-${i}` } });
    const controller = new AbortController();
    const clock = await bookmarkClock(controller.signal);
    const target = clock.count() + 3;
    await waitFor(() => clock.count() >= target, 5000, 'bookmarks after the writes');
    controller.abort();
    const lists = server.stats().requests['list configmaps'];
    server.faults.compactNow();
    server.faults.dropWatches();
    await waitFor(() => watchRequests(server) >= 2, 5000, 'the reconnect');
    await client.create(configmaps, { metadata: { name: 'after', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/after'), 5000, 'the event after the reconnect');
    expect(server.stats().requests['list configmaps']).toBe(lists);
    r.subscription.unsubscribe();
  });
});
