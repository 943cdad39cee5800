// Query parameters over real HTTP, decoded as kube-apiserver decodes them: `watch=True`, `watch=t` and a
// bare `watch` start a watch while `watch=0`/`false` list; malformed integers are a 400 Status naming
// the parameter; `force`, `allowWatchBookmarks` and `sendInitialEvents` take any true spelling; unknown
// parameters are ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap, openWatch } from './protocolHelpers.js';

let server: ApiServer;
let url: string;
const cms = '/api/v1/namespaces/params/configmaps';

beforeAll(async () => {
  server = await startApiServer();
  url = server.url;
  await call(url, 'POST', '/api/v1/namespaces', { metadata: { name: 'params' } });
  for (const name of ['a', 'b', 'c']) await call(url, 'POST', cms, configMap(name, { k: name }));
});
afterAll(async () => {
  await server.close();
});

describe('query parameters', () => {
  it.each(['watch=True', 'watch=t', 'watch=yes', 'watch=1', 'watch=', 'watch'])('starts a watch for %s', async (param) => {
    const w = await openWatch(url, `${cms}?${param}`);
    try {
      expect(w.status).toBe(200);
      const events = await w.take(3);
      expect(events.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED a', 'ADDED b', 'ADDED c']);
    } finally {
      w.close();
    }
  });

  it.each(['watch=0', 'watch=false', 'watch=False', 'watch=FALSE', 'watch=false&watch=true'])('lists for %s', async (param) => {
    const r = await call(url, 'GET', `${cms}?${param}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'ConfigMapList' });
    expect(r.body.items.map((i: any) => i.metadata.name)).toEqual(['a', 'b', 'c']);
  });

  it('answers a malformed integer with a 400 Status in kube words, naming the parameter', async () => {
    const r = await call(url, 'GET', `${cms}?limit=abc`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'BadRequest',
      code: 400,
      message: 'strconv.ParseInt: parsing "abc": invalid syntax',
      details: { causes: [{ reason: 'FieldValueInvalid', field: 'limit' }] },
    });
    const watch = await call(url, 'GET', `${cms}?watch=true&timeoutSeconds=1.5`);
    expect(watch.status).toBe(400);
    expect(watch.body).toMatchObject({ message: 'strconv.ParseInt: parsing "1.5": invalid syntax', details: { causes: [{ field: 'timeoutSeconds' }] } });
    const grace = await call(url, 'DELETE', `${cms}/a?gracePeriodSeconds=soon`);
    expect(grace.status).toBe(400);
    expect(grace.body).toMatchObject({ message: 'strconv.ParseInt: parsing "soon": invalid syntax', details: { causes: [{ field: 'gracePeriodSeconds' }] } });
    expect((await call(url, 'GET', `${cms}/a`)).status).toBe(200);
  });

  it('pages with an integer limit and ignores a limit below 1 and unknown parameters', async () => {
    const page = await call(url, 'GET', `${cms}?limit=2&pretty=maybe&bogus=1`);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.metadata.continue).toEqual(expect.any(String));
    const all = await call(url, 'GET', `${cms}?limit=-5`);
    expect(all.body.items).toHaveLength(3);
    expect(all.body.metadata.continue).toBeUndefined();
  });

  it('reads sendInitialEvents and allowWatchBookmarks spelled True', async () => {
    const w = await openWatch(url, `${cms}?watch=True&sendInitialEvents=True&allowWatchBookmarks=True&resourceVersionMatch=NotOlderThan`);
    try {
      const events = await w.take(4);
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ADDED', 'BOOKMARK']);
      expect(events[3]?.object.metadata.annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
    } finally {
      w.close();
    }
  });

  it('reads force=True on a server-side apply conflict, and force=0 as no force', async () => {
    const apply = { 'content-type': 'application/apply-patch+yaml' };
    const body = (value: string): unknown => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owned' }, data: { k: value } });
    expect((await call(url, 'PATCH', `${cms}/owned?fieldManager=first`, body('1'), apply)).status).toBe(201);
    const conflict = await call(url, 'PATCH', `${cms}/owned?fieldManager=second&force=0`, body('2'), apply);
    expect(conflict.status).toBe(409);
    const forced = await call(url, 'PATCH', `${cms}/owned?fieldManager=second&force=True`, body('2'), apply);
    expect(forced.status).toBe(200);
    expect(forced.body.data).toEqual({ k: '2' });
  });
});
