// The initial state streamed with WatchList, and the fallback to a paged list, against the embedded API
// server over real HTTP: a server that serves WatchList (the default), one started with `watchList: false`
// (it refuses `sendInitialEvents` with kube's 422), and one behind a proxy that drops the WatchList parameters
// (a server too old to know them: it answers a plain watch and never sends the initial-events-end bookmark).
import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { watchResource } from '../src/index.js';
import type { WatchPhase } from '../src/index.js';
import { configmaps, fast, initialReads, Recorder, startHarness, waitFor } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await h?.close();
  h = undefined;
});

const names = (r: Recorder, initial: boolean): string[] => r.events.filter((e) => e.type !== 'SYNCED' && e.initial === initial).map((e) => (e.type === 'SYNCED' ? '' : `${e.type} ${e.object.metadata.name}`));
const watchListRequests = (harness: Harness): string[] => harness.server.requests().filter((a) => a.verb === 'watch' && a.requestURI.includes('sendInitialEvents=true')).map((a) => `${a.code}`);
const lists = (harness: Harness): number => harness.server.stats().requests['list configmaps'] ?? 0;

async function seed(harness: Harness, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await harness.client.create(configmaps, { metadata: { name: `cm${String(i).padStart(3, '0')}`, namespace: 'default' }, data: { v: '1' } });
}

describe('watchResource with WatchList', () => {
  it('streams the initial state in one watch (no list), then SYNCED, then live events on the same connection', async () => {
    h = await startHarness();
    await seed(h, 120);
    const phases: WatchPhase[] = [];
    const r = new Recorder(watchResource(h.client, configmaps, { namespace: 'default', settings: fast, onPhase: (p) => void phases.push(p) }));
    await waitFor(() => r.synced === 1, 10_000, 'SYNCED');
    expect(r.events.slice(0, 120).every((e) => e.type === 'ADDED' && e.initial)).toBe(true);
    expect(r.events[120]?.type).toBe('SYNCED');
    expect(lists(h)).toBe(0);
    expect(watchListRequests(h)).toEqual(['200']);
    const listed = phases.find((p) => p.phase === 'listed');
    expect(listed?.resourceVersion).toBe(String(h.server.stats().resourceVersion));
    await h.client.create(configmaps, { metadata: { name: 'live', namespace: 'default' } });
    await h.client.delete(configmaps, 'cm000', { namespace: 'default' });
    await waitFor(() => r.deleted.has('default/cm000') && r.latest.has('default/live'), 10_000, 'live events');
    expect(names(r, false)).toEqual(['ADDED live', 'DELETED cm000']);
    // Still the first connection: the live events came after the initial-events-end bookmark on it.
    expect(h.server.stats().requests['watch configmaps']).toBe(1);
    r.subscription.unsubscribe();
  });

  it('resumes from the bookmark\'s resourceVersion after a drop, and re-streams the state after a 410, emitting only the differences', async () => {
    h = await startHarness();
    const { client, server } = h;
    for (const name of ['gone', 'changed', 'same']) await client.create(configmaps, { metadata: { name, namespace: 'default' }, data: { v: '1' } });
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: fast }));
    await waitFor(() => r.synced === 1 && server.stats().watches === 1, 10_000, 'watching');
    // A drop: the next watch resumes from the last version, without reading the state again.
    server.faults.dropWatches();
    await client.create(configmaps, { metadata: { name: 'after-drop', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/after-drop'), 10_000, 'the resumed watch');
    expect(initialReads(server)).toBe(1);
    // A 410: the state is streamed again and only what changed is emitted.
    server.faults.set({ stallWatches: true });
    await client.delete(configmaps, 'gone', { namespace: 'default' });
    const changed = await client.get(configmaps, 'changed', { namespace: 'default' });
    await client.replace(configmaps, { ...changed, data: { v: '2' } });
    await client.create(configmaps, { metadata: { name: 'new', namespace: 'default' } });
    server.faults.compactNow();
    server.faults.dropWatches();
    server.faults.set({ stallWatches: false });
    await waitFor(() => r.latest.has('default/new') && r.deleted.has('default/gone'), 10_000, 'the state streamed again');
    expect(names(r, false).sort()).toEqual(['ADDED after-drop', 'ADDED new', 'DELETED gone', 'MODIFIED changed']);
    expect((r.latest.get('default/changed')?.data as { v: string }).v).toBe('2');
    expect(r.synced).toBe(1);
    expect(lists(h)).toBe(0);
    expect(watchListRequests(h)).toEqual(['200', '200']);
    r.subscription.unsubscribe();
  });

  it('falls back to the paged list when the server refuses WatchList (422), and asks no more', async () => {
    h = await startHarness({ watchList: false });
    const { client, server } = h;
    await seed(h, 120);
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: fast }));
    await waitFor(() => r.synced === 1 && server.stats().watches === 1, 10_000, 'SYNCED and watching');
    expect(r.events.slice(0, 120).every((e) => e.type === 'ADDED' && e.initial)).toBe(true);
    expect(watchListRequests(h)).toEqual(['422']);
    expect(lists(h)).toBe(3);
    // A 410 relists in pages straight away.
    server.faults.set({ stallWatches: true });
    await client.create(configmaps, { metadata: { name: 'new', namespace: 'default' } });
    server.faults.compactNow();
    server.faults.dropWatches();
    server.faults.set({ stallWatches: false });
    await waitFor(() => r.latest.has('default/new'), 10_000, 'the relist');
    expect(lists(h)).toBe(6);
    expect(watchListRequests(h)).toEqual(['422']);
    expect(names(r, false)).toEqual(['ADDED new']);
    r.subscription.unsubscribe();
  });

  it('falls back to the paged list when the server ignores sendInitialEvents (a plain bookmark comes first)', async () => {
    h = await startHarness({ bookmarkIntervalMs: 100 });
    const { server } = h;
    await seed(h, 5);
    const proxy = await oldServerProxy(server.url);
    cleanups.push(() => new Promise<void>((resolve) => proxy.server.close(() => resolve())));
    const client: KubeClient = await connect({ server: { url: proxy.url }, retry: { start: 20, max: 500, attempts: 20 } });
    cleanups.push(() => client.close());
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: fast }));
    await waitFor(() => r.synced === 1, 10_000, 'SYNCED');
    // The plain watch's ADDED events were delivered as the state; the list found nothing more to emit.
    expect(names(r, true)).toEqual(['ADDED cm000', 'ADDED cm001', 'ADDED cm002', 'ADDED cm003', 'ADDED cm004']);
    expect(proxy.stripped()).toBe(1);
    expect(lists(h)).toBe(1);
    await client.create(configmaps, { metadata: { name: 'live', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/live'), 10_000, 'a live event');
    expect(names(r, false)).toEqual(['ADDED live']);
    expect(proxy.stripped()).toBe(1);
    r.subscription.unsubscribe();
  });
});

/** An HTTP proxy to `target` that drops the WatchList parameters, as a server too old to know them ignores them. */
async function oldServerProxy(target: string): Promise<{ server: Server; url: string; stripped(): number }> {
  let stripped = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    if (url.searchParams.has('sendInitialEvents')) stripped++;
    url.searchParams.delete('sendInitialEvents');
    url.searchParams.delete('resourceVersionMatch');
    const upstream = request(url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stripped: () => stripped };
}
