// watchResource against the embedded API server: paging, SYNCED, live events, closing, resuming, relisting,
// inactivity and errors. Deadlines of the waits are generous (see harness.ts); no test asserts a duration.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchResource } from '../src/index.js';
import { configmaps, fast, namespaces, Recorder, startHarness, waitFor, watchRequests, initialReads } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => h.close());

describe('watchResource', () => {
  it('lists page by page, emits SYNCED, then live events', async () => {
    const { client } = h;
    for (let i = 0; i < 120; i++) await client.create(configmaps, { metadata: { name: `cm${i}`, namespace: 'default' } });
    // The paged list (WatchList streams are tested in watchList.test.ts).
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: { ...fast, watchList: false } }));
    await waitFor(() => r.synced === 1, 5000, 'SYNCED');
    const initial = r.events.filter((e) => e.type === 'ADDED' && e.initial);
    expect(initial).toHaveLength(120);
    expect(r.events[120]?.type).toBe('SYNCED');
    await client.create(configmaps, { metadata: { name: 'live', namespace: 'default' } });
    await client.delete(configmaps, 'cm0', { namespace: 'default' });
    await waitFor(() => r.deleted.has('default/cm0') && r.latest.has('default/live'), 5000, 'live events');
    expect(r.events.filter((e) => e.type !== 'SYNCED' && !e.initial).map((e) => (e.type === 'SYNCED' ? '' : `${e.type} ${e.object.metadata.name}`))).toEqual(['ADDED live', 'DELETED cm0']);
    expect(h.server.stats().requests['list configmaps']).toBeGreaterThanOrEqual(3);
    r.subscription.unsubscribe();
  });

  // How soon the server sees the watch closed is measured by apps/bench (`bench timing`), not asserted here.
  it('closes its watch on the server when unsubscribed', async () => {
    const { client, server } = h;
    const r = new Recorder(watchResource(client, configmaps, { settings: fast }));
    await waitFor(() => server.stats().watches === 1, 5000, 'the watch to open');
    r.subscription.unsubscribe();
    await waitFor(() => server.stats().watches === 0, 1000, 'zero open watches');
  });

  it('stops when its signal aborts, closing the connection', async () => {
    const { client, server } = h;
    const controller = new AbortController();
    let completed = false;
    watchResource(client, configmaps, { settings: fast, signal: controller.signal }).subscribe({ complete: () => (completed = true) });
    await waitFor(() => server.stats().watches === 1, 5000, 'the watch to open');
    controller.abort();
    await waitFor(() => server.stats().watches === 0 && completed, 1000, 'closed and completed');
  });

  it('resumes from the last resourceVersion after a dropped connection without relisting', async () => {
    const { client, server } = h;
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: fast }));
    await waitFor(() => r.synced === 1 && server.stats().watches === 1, 5000, 'watching');
    const lists = server.stats().requests['list configmaps'];
    server.faults.dropWatches();
    await client.create(configmaps, { metadata: { name: 'after-drop', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/after-drop'), 5000, 'the event after the drop');
    expect(server.stats().requests['list configmaps']).toBe(lists);
    expect(r.names()).toEqual(['ADDED after-drop']);
    r.subscription.unsubscribe();
  });

  it('relists after 410 and emits only the real differences', async () => {
    const { client, server } = h;
    for (const name of ['gone', 'changed', 'same']) await client.create(configmaps, { metadata: { name, namespace: 'default' }, data: { v: '1' } });
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: fast }));
    await waitFor(() => r.synced === 1 && server.stats().watches === 1, 5000, 'watching');
    server.faults.set({ stallWatches: true });
    await client.delete(configmaps, 'gone', { namespace: 'default' });
    const changed = await client.get(configmaps, 'changed', { namespace: 'default' });
    await client.replace(configmaps, { ...changed, data: { v: '2' } });
    await client.create(configmaps, { metadata: { name: 'new', namespace: 'default' } });
    server.faults.compactNow();
    server.faults.dropWatches();
    server.faults.set({ stallWatches: false });
    await waitFor(() => r.latest.has('default/new') && r.deleted.has('default/gone'), 5000, 'the relist');
    const after = r.events.filter((e) => e.type !== 'SYNCED' && !e.initial).map((e) => (e.type === 'SYNCED' ? '' : `${e.type} ${e.object.metadata.name}`));
    expect(after.sort()).toEqual(['ADDED new', 'DELETED gone', 'MODIFIED changed']);
    expect((r.latest.get('default/changed')?.data as { v: string }).v).toBe('2');
    expect(r.synced).toBe(1);
    r.subscription.unsubscribe();
  });

  // The timeout itself runs on the injected clock (inactivity.test.ts fires it without waiting); how soon
  // a stall is detected in real time is measured by apps/bench (`bench timing`), not asserted here.
  it('detects a stalled stream by its inactivity timeout, reconnects, and loses no events', async () => {
    const { client, server } = h;
    const inactivityTimeoutMs = 800;
    const phases: string[] = [];
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: { ...fast, inactivityTimeoutMs }, onPhase: (p) => phases.push(p.phase) }));
    await waitFor(() => r.synced === 1 && server.stats().watches === 1, 5000, 'watching');
    const before = watchRequests(server);
    server.faults.set({ stallWatches: true });
    const inactiveBefore = phases.filter((p) => p === 'inactivity').length;
    await client.create(configmaps, { metadata: { name: 'during-stall-1', namespace: 'default' } });
    await client.create(configmaps, { metadata: { name: 'during-stall-2', namespace: 'default' } });
    await waitFor(() => watchRequests(server) > before && phases.filter((p) => p === 'inactivity').length > inactiveBefore, inactivityTimeoutMs + 1000, 'a reconnect after the inactivity timeout');
    server.faults.set({ stallWatches: false });
    await waitFor(() => r.latest.has('default/during-stall-1') && r.latest.has('default/during-stall-2'), 3 * inactivityTimeoutMs + 2000, 'the events from the stall');
    expect(r.names()).toEqual(['ADDED during-stall-1', 'ADDED during-stall-2']);
    r.subscription.unsubscribe();
  });

  it('never gives up: keeps retrying through errors and recovers', async () => {
    const { client, server } = h;
    server.faults.set({ errorRate: 1, errorCode: 503, retryAfterSeconds: 0 });
    const r = new Recorder(watchResource(client, namespaces, { settings: { ...fast, backoffMaxMs: 100 } }));
    await waitFor(() => server.requests().filter((a) => a.code === 503).length > 25, 10_000, 'many failed attempts');
    expect(r.synced).toBe(0);
    server.faults.clear();
    await waitFor(() => r.synced === 1, 5000, 'recovery');
    expect(r.latest.has('/default')).toBe(true);
    r.subscription.unsubscribe();
  });

  it('re-watches from its resourceVersion when the server ends a watch at timeoutSeconds (no relist)', async () => {
    const { client, server } = h;
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: { ...fast, serverTimeoutSeconds: 1 } }));
    await waitFor(() => r.synced === 1, 5000, 'SYNCED');
    await waitFor(() => watchRequests(server) >= 2, 5000, 'a watch ended by the server and reopened');
    await client.create(configmaps, { metadata: { name: 'after-timeout', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/after-timeout'), 5000, 'the event');
    expect(initialReads(server)).toBe(1);
    r.subscription.unsubscribe();
  });
});
