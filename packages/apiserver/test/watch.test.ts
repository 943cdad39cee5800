// Watch protocol over real HTTP: synthetic ADDED, resume by RV, 410 after compaction, bookmarks,
// selector transitions, all-namespaces watches, timeoutSeconds, sendInitialEvents, and the legacy
// /watch/ prefix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap, openWatch, waitFor } from './protocolHelpers.js';
import { deadline } from '@opkit/test-tools';

let server: ApiServer;
let url: string;

beforeAll(async () => {
  server = await startApiServer({ bookmarkIntervalMs: 100, historySize: 50 });
  url = server.url;
  await call(url, 'POST', '/api/v1/namespaces', { metadata: { name: 'w1' } });
  await call(url, 'POST', '/api/v1/namespaces', { metadata: { name: 'w2' } });
});
afterAll(async () => {
  await server.close();
});

const path = (ns: string): string => `/api/v1/namespaces/${ns}/configmaps`;
const merge = { 'content-type': 'application/merge-patch+json' };

describe('watch', () => {
  it('sends synthetic ADDED for RV unset, then live changes with the write RVs', async () => {
    await call(url, 'POST', path('w1'), configMap('pre'));
    const w = await openWatch(url, `${path('w1')}?watch=true`);
    try {
      expect(w.status).toBe(200);
      const first = await w.next();
      expect(first).toMatchObject({ type: 'ADDED', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'pre' } } });
      const created = await call(url, 'POST', path('w1'), configMap('live'));
      const patched = await call(url, 'PATCH', `${path('w1')}/live`, { data: { a: 'b' } }, merge);
      const deleted = await call(url, 'DELETE', `${path('w1')}/live`);
      expect(deleted.body).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'live', kind: 'configmaps' } });
      const events = await w.take(3);
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
      expect(events[0]?.object.metadata.resourceVersion).toBe(created.body.metadata.resourceVersion);
      expect(events[1]?.object.metadata.resourceVersion).toBe(patched.body.metadata.resourceVersion);
      expect(Number(events[2]?.object.metadata.resourceVersion)).toBe(Number(patched.body.metadata.resourceVersion) + 1);
    } finally {
      w.close();
    }
  });

  it('resumes from an RV with exactly the missed events, across namespaces with the all-namespaces path', async () => {
    const rv = server.stats().resourceVersion;
    await call(url, 'POST', path('w1'), configMap('r1'));
    await call(url, 'POST', path('w2'), configMap('r2'));
    const w = await openWatch(url, `/api/v1/configmaps?watch=1&resourceVersion=${rv}`);
    try {
      const events = await w.take(2);
      expect(events.map((e) => `${e.type} ${e.object.metadata.namespace}/${e.object.metadata.name}`)).toEqual(['ADDED w1/r1', 'ADDED w2/r2']);
    } finally {
      w.close();
    }
  });

  it('answers a resume beyond the compacted history with 200, one ERROR 410 Expired, then closes', async () => {
    const rv = server.stats().resourceVersion;
    await call(url, 'POST', path('w1'), configMap('old'));
    server.faults.compactNow();
    const w = await openWatch(url, `${path('w1')}?watch=true&resourceVersion=${rv}`);
    expect(w.status).toBe(200);
    const ev = await w.next();
    expect(ev.type).toBe('ERROR');
    expect(ev.object).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410 });
    expect(ev.object.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
    await w.ended;
    // Resuming from the current RV still works after compaction.
    const ok = await openWatch(url, `${path('w1')}?watch=true&resourceVersion=${server.stats().resourceVersion}`);
    await call(url, 'POST', path('w1'), configMap('after-compaction'));
    expect((await ok.next()).object.metadata.name).toBe('after-compaction');
    ok.close();
  });

  it('expires a resume once the bounded history evicted the events it needs', async () => {
    const rv = server.stats().resourceVersion;
    for (let i = 0; i < 60; i++) await call(url, 'POST', path('w2'), configMap(`fill-${i}`));
    const w = await openWatch(url, `${path('w2')}?watch=true&resourceVersion=${rv}`);
    expect((await w.next()).object.code).toBe(410);
    await w.ended;
  });

  it('sends bookmarks only when allowed, carrying the current RV', async () => {
    const rv = server.stats().resourceVersion;
    const w = await openWatch(url, `${path('w1')}?watch=true&allowWatchBookmarks=true&resourceVersion=${rv}`);
    const plain = await openWatch(url, `${path('w1')}?watch=true&resourceVersion=${rv}`);
    try {
      const ev = await w.next(2000);
      expect(ev).toEqual({ type: 'BOOKMARK', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: server.stats().resourceVersion } } });
      await w.next(2000);
      expect(plain.pending()).toEqual([]);
    } finally {
      w.close();
      plain.close();
    }
  });

  it('turns selector transitions into ADDED and DELETED', async () => {
    await call(url, 'POST', path('w1'), configMap('sel', {}, { metadata: { labels: { app: 'x' } } }));
    const rv = server.stats().resourceVersion;
    const w = await openWatch(url, `${path('w1')}?watch=true&labelSelector=${encodeURIComponent('app in (y)')}&resourceVersion=${rv}`);
    try {
      await call(url, 'PATCH', `${path('w1')}/sel`, { metadata: { labels: { app: 'y' } } }, merge);
      await call(url, 'PATCH', `${path('w1')}/sel`, { data: { k: 'v' } }, merge);
      await call(url, 'PATCH', `${path('w1')}/sel`, { metadata: { labels: { app: 'z' } } }, merge);
      const events = await w.take(3);
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
      expect(events[2]?.object.metadata.labels.app).toBe('z');
    } finally {
      w.close();
    }
  });

  it('filters by field selector (kubectl wait style) and ends at timeoutSeconds', async () => {
    await call(url, 'POST', path('w1'), configMap('fs-a'));
    await call(url, 'POST', path('w1'), configMap('fs-b'));
    const w = await openWatch(url, `${path('w1')}?watch=true&fieldSelector=metadata.name%3Dfs-b&timeoutSeconds=1`);
    const ev = await w.next();
    expect(ev.object.metadata.name).toBe('fs-b');
    await w.ended;
    expect(w.pending().every((e) => e.type === 'BOOKMARK' || e.object.metadata.name === 'fs-b')).toBe(true);
    expect((await call(url, 'GET', `${path('w1')}?fieldSelector=spec.foo%3Dx`)).status).toBe(400);
  });

  it('implements sendInitialEvents with the initial-events-end bookmark, and rejects it without NotOlderThan', async () => {
    const bad = await call(url, 'GET', `${path('w1')}?watch=true&sendInitialEvents=true`);
    expect(bad.status).toBe(422);
    const w = await openWatch(url, `${path('w2')}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`);
    try {
      const listed = (await call(url, 'GET', path('w2'))).body.items.length;
      const events = await w.take(listed + 1);
      expect(events.slice(0, listed).every((e) => e.type === 'ADDED')).toBe(true);
      expect(events[listed]).toMatchObject({ type: 'BOOKMARK', object: { metadata: { annotations: { 'k8s.io/initial-events-end': 'true' } } } });
    } finally {
      w.close();
    }
  });

  it('serves the legacy /watch/ prefix for one object', async () => {
    const rv = server.stats().resourceVersion;
    const w = await openWatch(url, `/api/v1/watch/namespaces/w1/configmaps/legacy?resourceVersion=${rv}`);
    try {
      await call(url, 'POST', path('w1'), configMap('other'));
      await call(url, 'POST', path('w1'), configMap('legacy'));
      expect((await w.next()).object.metadata.name).toBe('legacy');
    } finally {
      w.close();
    }
  });

  it('sends Table events (column definitions first only) when kubectl asks for Tables', async () => {
    const accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
    const w = await openWatch(url, `${path('w2')}?watch=true&resourceVersion=${server.stats().resourceVersion}`, { accept });
    try {
      await call(url, 'POST', path('w2'), configMap('tab-1', { a: 'b' }));
      await call(url, 'POST', path('w2'), configMap('tab-2'));
      const [first, second] = await w.take(2);
      expect(first?.object.kind).toBe('Table');
      expect(first?.object.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Data', 'Age']);
      expect(first?.object.rows[0].cells.slice(0, 2)).toEqual(['tab-1', 1]);
      expect(second?.object.columnDefinitions).toEqual([]);
      expect(second?.object.rows[0].object.metadata.name).toBe('tab-2');
    } finally {
      w.close();
    }
  });

  it('lets a selector watch rebuild exactly the listed state under random concurrent writes', async () => {
    await call(url, 'POST', '/api/v1/namespaces', { metadata: { name: 'rnd' } });
    const base = path('rnd');
    const rv = server.stats().resourceVersion;
    const selector = encodeURIComponent('tier in (a,b),!skip');
    const w = await openWatch(url, `${base}?watch=true&resourceVersion=${rv}&labelSelector=${selector}`);
    const all = await openWatch(url, `${base}?watch=true&resourceVersion=${rv}`);
    try {
      let seed = 42;
      const rand = (n: number): number => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      const tiers = ['a', 'b', 'c'];
      const ops: Promise<unknown>[] = [];
      for (let i = 0; i < 300; i++) {
        const name = `o${rand(20)}`;
        const labels: Record<string, string | null> = { tier: tiers[rand(3)] ?? 'a', skip: rand(4) === 0 ? 'y' : null };
        const op = rand(4);
        if (op === 0) ops.push(call(url, 'DELETE', `${base}/${name}`));
        else if (op === 1) ops.push(call(url, 'POST', base, configMap(name, {}, { metadata: { labels: { tier: labels.tier } } })));
        else ops.push(call(url, 'PATCH', `${base}/${name}`, { metadata: { labels } }, merge));
      }
      await Promise.all(ops);
      const expected = (await call(url, 'GET', `${base}?labelSelector=${selector}`)).body;
      const total = Number(expected.metadata.resourceVersion) - Number(rv);
      // The unfiltered watch sees every change exactly once; use it to know when the stream caught up.
      const everything = await all.take(total, deadline(10_000));
      expect(everything.map((e) => Number(e.object.metadata.resourceVersion))).toEqual(Array.from({ length: total }, (_, i) => Number(rv) + 1 + i));
      const state = new Map<string, string>();
      const apply = (e: { type: string; object: any }): void => {
        if (e.type === 'DELETED') state.delete(e.object.metadata.name);
        else state.set(e.object.metadata.name, e.object.metadata.resourceVersion);
      };
      const last = Number(everything.at(-1)?.object.metadata.resourceVersion ?? rv);
      await call(url, 'POST', base, configMap('sentinel', {}, { metadata: { labels: { tier: 'a' } } }));
      for (;;) {
        const e = await w.next(5000);
        if (e.object.metadata.name === 'sentinel') break;
        expect(Number(e.object.metadata.resourceVersion)).toBeLessThanOrEqual(last);
        apply(e);
      }
      const listed = new Map<string, string>(expected.items.map((i: any) => [i.metadata.name, i.metadata.resourceVersion]));
      expect([...state.entries()].sort()).toEqual([...listed.entries()].sort());
    } finally {
      w.close();
      all.close();
    }
  });

  it('holds events while watches are stalled and delivers them, in order, when the stall ends', async () => {
    const w = await openWatch(url, `${path('w1')}?watch=true&resourceVersion=${server.stats().resourceVersion}`);
    try {
      await call(url, 'POST', path('w1'), configMap('stall-before'));
      expect((await w.next()).object.metadata.name).toBe('stall-before');
      server.faults.set({ stallWatches: true });
      await call(url, 'POST', path('w1'), configMap('stall-during'));
      await expect(w.next(300)).rejects.toThrow(/no watch event/);
      server.faults.set({ stallWatches: false });
      expect((await w.next()).object.metadata.name).toBe('stall-during');
      await call(url, 'POST', path('w1'), configMap('stall-after'));
      expect((await w.next()).object.metadata.name).toBe('stall-after');
    } finally {
      server.faults.clear();
      w.close();
    }
  });

  it('drops watches on demand and counts open watches', async () => {
    const watchesBefore = server.stats().requests['watch configmaps'] ?? 0;
    const w = await openWatch(url, `${path('w1')}?watch=true&resourceVersion=${server.stats().resourceVersion}`);
    await waitFor(() => server.stats().watches >= 1, 30_000, 'watch to register');
    server.faults.dropWatches();
    await w.ended;
    await waitFor(() => server.stats().watches === 0, 30_000, 'watches to close');
    expect(server.stats().requests['watch configmaps']).toBe(watchesBefore + 1);
  });
});
