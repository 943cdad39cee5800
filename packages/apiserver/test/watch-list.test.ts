// WatchList (KEP-3157) over real HTTP, as kube-apiserver serves it: `sendInitialEvents=true` with
// `resourceVersionMatch=NotOlderThan` streams the state as ADDED events, then one BOOKMARK annotated
// `k8s.io/initial-events-end` carrying the state's resourceVersion, then live events; the list options are
// validated with kube's rules and messages (one 422 Invalid ListOptions naming every broken rule); and a
// server started with `watchList: false` answers as a kube-apiserver without the WatchList feature gate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap, openWatch } from './protocolHelpers.js';

let server: ApiServer;
let legacy: ApiServer;
const path = (ns: string): string => `/api/v1/namespaces/${ns}/configmaps`;
const WATCH_LIST = 'watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true';

beforeAll(async () => {
  server = await startApiServer({ bookmarkIntervalMs: 60_000 });
  legacy = await startApiServer({ watchList: false });
  for (const s of [server, legacy]) {
    await call(s.url, 'POST', '/api/v1/namespaces', { metadata: { name: 'wl' } });
    for (const name of ['a', 'b', 'c']) await call(s.url, 'POST', path('wl'), configMap(name));
  }
});
afterAll(async () => {
  await server.close();
  await legacy.close();
});

describe('WatchList', () => {
  it('streams every object as ADDED, then the initial-events-end bookmark at the state\'s version, then live events', async () => {
    const rv = server.stats().resourceVersion;
    const w = await openWatch(server.url, `${path('wl')}?${WATCH_LIST}`);
    try {
      const initial = await w.take(4);
      expect(initial.slice(0, 3).map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED a', 'ADDED b', 'ADDED c']);
      expect(initial[3]).toEqual({ type: 'BOOKMARK', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: String(rv), annotations: { 'k8s.io/initial-events-end': 'true' } } } });
      const created = await call(server.url, 'POST', path('wl'), configMap('live'));
      expect(await w.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'live', resourceVersion: created.body.metadata.resourceVersion } } });
      await call(server.url, 'DELETE', `${path('wl')}/live`);
      expect((await w.next()).type).toBe('DELETED');
    } finally {
      w.close();
    }
  });

  it('serves a resourceVersion it has reached, and answers one ahead of it with the ERROR 504 of a too large version', async () => {
    const rv = Number(server.stats().resourceVersion);
    const ok = await openWatch(server.url, `${path('wl')}?${WATCH_LIST}&resourceVersion=${rv - 1}`);
    try {
      const events = await ok.take(4);
      expect(events[3]?.object.metadata).toMatchObject({ resourceVersion: String(rv), annotations: { 'k8s.io/initial-events-end': 'true' } });
    } finally {
      ok.close();
    }
    const ahead = await openWatch(server.url, `${path('wl')}?${WATCH_LIST}&resourceVersion=${rv + 100}`);
    try {
      expect(await ahead.next()).toMatchObject({ type: 'ERROR', object: { kind: 'Status', code: 504, reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge' }] } } });
    } finally {
      ahead.close();
    }
  });

  it('sends the initial events without the bookmark when bookmarks were not asked for (kube does not require them)', async () => {
    const w = await openWatch(server.url, `${path('wl')}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`);
    try {
      expect((await w.take(3)).map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ADDED']);
      const created = await call(server.url, 'POST', path('wl'), configMap('after'));
      // The next line is the live event: no bookmark came between.
      expect(await w.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'after', resourceVersion: created.body.metadata.resourceVersion } } });
      await call(server.url, 'DELETE', `${path('wl')}/after`);
    } finally {
      w.close();
    }
  });

  it('starts at the current version, with no initial events, for sendInitialEvents=false without a resourceVersion', async () => {
    const w = await openWatch(server.url, `${path('wl')}?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan`);
    try {
      const created = await call(server.url, 'POST', path('wl'), configMap('fresh'));
      expect(await w.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'fresh', resourceVersion: created.body.metadata.resourceVersion } } });
      await call(server.url, 'DELETE', `${path('wl')}/fresh`);
    } finally {
      w.close();
    }
  });

  it('validates the options with kube\'s rules and messages', async () => {
    const cases: [string, string, string[]][] = [
      ['watch=true&sendInitialEvents=true', 'resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan', ['resourceVersionMatch']],
      ['watch=true&resourceVersionMatch=NotOlderThan', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided', ['resourceVersionMatch']],
      [
        'watch=true&sendInitialEvents=true&resourceVersionMatch=Exact',
        '[resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan, resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"]',
        ['resourceVersionMatch', 'resourceVersionMatch'],
      ],
      ['sendInitialEvents=true', 'sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list', ['sendInitialEvents']],
      ['sendInitialEvents=false', 'sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list', ['sendInitialEvents']],
      ['resourceVersionMatch=NotOlderThan', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided', ['resourceVersionMatch']],
      ['resourceVersion=1&resourceVersionMatch=Sometimes', 'resourceVersionMatch: Unsupported value: "Sometimes": supported values: "Exact", "NotOlderThan", ""', ['resourceVersionMatch']],
      ['resourceVersion=0&resourceVersionMatch=Exact', 'resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"', ['resourceVersionMatch']],
    ];
    for (const [query, message, fields] of cases) {
      const answer = await call(server.url, 'GET', `${path('wl')}?${query}`);
      expect(answer.status, query).toBe(422);
      expect(answer.body, query).toMatchObject({ kind: 'Status', reason: 'Invalid', code: 422, message: `ListOptions.meta.k8s.io "" is invalid: ${message}`, details: { group: 'meta.k8s.io', kind: 'ListOptions' } });
      expect(answer.body.details.causes.map((c: { field: string }) => c.field), query).toEqual(fields);
    }
  });

  it('refuses sendInitialEvents as a server without the WatchList feature gate does, and still serves plain watches', async () => {
    const answer = await call(legacy.url, 'GET', `${path('wl')}?${WATCH_LIST}`);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled');
    const w = await openWatch(legacy.url, `${path('wl')}?watch=true&allowWatchBookmarks=true`);
    try {
      expect((await w.take(3)).map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED a', 'ADDED b', 'ADDED c']);
    } finally {
      w.close();
    }
  });
});
