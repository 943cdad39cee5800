// Protocol tests over real HTTP: CRUD semantics, exact Status bodies, the global resourceVersion, no-op
// writes, list pagination, and the one-event-per-write guarantee under concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap, openWatch } from './protocolHelpers.js';
import { deadline } from '@opkit/test-tools';

let server: ApiServer;
let url: string;
const cms = '/api/v1/namespaces/default/configmaps';

beforeAll(async () => {
  server = await startApiServer();
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

describe('startApiServer CRUD', () => {
  it('creates with 201, server-set metadata and whole-second timestamps', async () => {
    const r = await call(url, 'POST', cms, configMap('crud-a', { k: 'v' }, { metadata: { uid: 'mine', resourceVersion: '999', labels: {} } }));
    expect(r.status).toBe(201);
    expect(r.headers['content-type']).toBe('application/json');
    const meta = r.body.metadata;
    expect(meta.uid).not.toBe('mine');
    expect(meta.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(meta.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(meta.namespace).toBe('default');
    expect(meta.labels).toBeUndefined();
    expect(meta.generation).toBeUndefined();
    expect(Number(meta.resourceVersion)).toBe(Number(server.stats().resourceVersion));
    const got = await call(url, 'GET', `${cms}/crud-a`);
    expect(got.body).toEqual(r.body);
  });

  it('answers AlreadyExists, NotFound and Conflict with exact Status bodies', async () => {
    await call(url, 'POST', cms, configMap('crud-b'));
    const dup = await call(url, 'POST', cms, configMap('crud-b'));
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'configmaps "crud-b" already exists',
      reason: 'AlreadyExists',
      details: { name: 'crud-b', group: '', kind: 'configmaps' },
      code: 409,
    });
    const missing = await call(url, 'GET', `${cms}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ reason: 'NotFound', message: 'configmaps "nope" not found', details: { name: 'nope', kind: 'configmaps' }, code: 404 });
    const stale = await call(url, 'PUT', `${cms}/crud-b`, configMap('crud-b', { x: '1' }, { metadata: { resourceVersion: '1' } }));
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('Conflict');
    expect(stale.body.message).toBe('Operation cannot be fulfilled on configmaps "crud-b": the object has been modified; please apply your changes to the latest version and try again');
  });

  it('generates names from generateName', async () => {
    const r = await call(url, 'POST', cms, { metadata: { generateName: 'gen-' } });
    expect(r.status).toBe(201);
    expect(r.body.metadata.name).toMatch(/^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('rejects bad input with 400, 404, 405, 413, 415 and 422', async () => {
    expect((await call(url, 'POST', cms, '{not json')).status).toBe(400);
    expect((await call(url, 'POST', cms, configMap('x', {}, { metadata: { namespace: 'other' } }))).status).toBe(400);
    expect((await call(url, 'POST', '/api/v1/namespaces/missing/configmaps', configMap('x'))).body).toMatchObject({ code: 404, message: 'namespaces "missing" not found' });
    expect((await call(url, 'GET', '/api/v1/widgets')).status).toBe(404);
    expect((await call(url, 'POST', `${cms}/named`, configMap('named'))).status).toBe(405);
    const big = await call(url, 'POST', cms, configMap('big', { blob: 'x'.repeat(3 * 1024 * 1024 + 10) }));
    expect(big.status).toBe(413);
    expect((await call(url, 'POST', cms, 'a: b', { 'content-type': 'text/plain' })).status).toBe(415);
    const invalid = await call(url, 'POST', cms, configMap('Bad_Name'));
    expect(invalid.status).toBe(422);
    expect(invalid.body.reason).toBe('Invalid');
    expect(invalid.body.details.causes[0].field).toBe('metadata.name');
    expect((await call(url, 'GET', '/healthz')).text).toBe('ok');
  });

  it('does not bump the resourceVersion nor emit an event for a no-op write', async () => {
    const created = await call(url, 'POST', cms, configMap('noop', { a: '1' }));
    const rv = created.body.metadata.resourceVersion;
    const watch = await openWatch(url, `${cms}?watch=true&resourceVersion=${rv}`);
    try {
      const put = await call(url, 'PUT', `${cms}/noop`, created.body);
      expect(put.status).toBe(200);
      expect(put.body.metadata.resourceVersion).toBe(rv);
      const patch = await call(url, 'PATCH', `${cms}/noop`, { data: { a: '1' } }, { 'content-type': 'application/merge-patch+json' });
      expect(patch.body.metadata.resourceVersion).toBe(rv);
      expect(server.stats().resourceVersion).toBe(rv);
      // A real change afterwards is the first and only event the watch sees.
      const changed = await call(url, 'PATCH', `${cms}/noop`, { data: { a: '2' } }, { 'content-type': 'application/merge-patch+json' });
      const ev = await watch.next();
      expect(ev.type).toBe('MODIFIED');
      expect(ev.object.metadata.resourceVersion).toBe(changed.body.metadata.resourceVersion);
      expect(Number(changed.body.metadata.resourceVersion)).toBe(Number(rv) + 1);
    } finally {
      watch.close();
    }
  });

  it('emits exactly one event per write, gap-free and ordered, for 1,000 concurrent writes', async () => {
    const ns = '/api/v1/namespaces/kube-public/configmaps';
    const start = Number(server.stats().resourceVersion);
    const watch = await openWatch(url, `${ns}?watch=true&resourceVersion=${start}`);
    try {
      const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => call(url, 'POST', ns, configMap(`c${i}`))));
      const rvs = answers.map((a) => Number(a.body.metadata.resourceVersion)).sort((a, b) => a - b);
      expect(answers.every((a) => a.status === 201)).toBe(true);
      const events = await watch.take(1000, deadline(10_000));
      const eventRvs = events.map((e) => Number(e.object.metadata.resourceVersion));
      expect(eventRvs).toEqual(rvs);
      expect(eventRvs).toEqual(Array.from({ length: 1000 }, (_, i) => start + 1 + i));
      expect(events.every((e) => e.type === 'ADDED')).toBe(true);
    } finally {
      watch.close();
    }
  });

  it('emits exactly one event, carrying the answered RV, for every kind of write', async () => {
    const ns = '/api/v1/namespaces/default/configmaps';
    const start = Number(server.stats().resourceVersion);
    const w = await openWatch(url, `${ns}?watch=true&resourceVersion=${start}`);
    try {
      const rvs: string[] = [];
      const keep = (r: { body: any }): any => {
        rvs.push(r.body.metadata.resourceVersion);
        return r.body;
      };
      const created = keep(await call(url, 'POST', ns, configMap('every', { a: '1' })));
      const put = keep(await call(url, 'PUT', `${ns}/every`, { ...created, data: { a: '2' } }));
      keep(await call(url, 'PATCH', `${ns}/every`, { data: { b: '1' } }, { 'content-type': 'application/merge-patch+json' }));
      keep(await call(url, 'PATCH', `${ns}/every`, [{ op: 'test', path: '/data/a', value: '2' }, { op: 'add', path: '/data/c', value: '3' }], { 'content-type': 'application/json-patch+json' }));
      keep(await call(url, 'PATCH', `${ns}/every`, { metadata: { finalizers: ['x/y'] } }, { 'content-type': 'application/strategic-merge-patch+json' }));
      keep(await call(url, 'PATCH', `${ns}/every?fieldManager=t`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'every' }, data: { d: '4' } }, { 'content-type': 'application/apply-patch+yaml' }));
      keep(await call(url, 'DELETE', `${ns}/every`));
      keep(await call(url, 'PATCH', `${ns}/every`, [{ op: 'remove', path: '/metadata/finalizers' }], { 'content-type': 'application/json-patch+json' }));
      expect(put.data).toEqual({ a: '2' });
      const events = await w.take(rvs.length);
      expect(events.map((e) => e.object.metadata.resourceVersion)).toEqual(rvs);
      expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'MODIFIED', 'MODIFIED', 'MODIFIED', 'MODIFIED', 'MODIFIED', 'DELETED']);
      expect(rvs.map(Number)).toEqual(Array.from({ length: rvs.length }, (_, i) => start + 1 + i));
      expect(Number(server.stats().resourceVersion)).toBe(start + rvs.length);
    } finally {
      w.close();
    }
  });

  it('pages lists with limit/continue over one snapshot', async () => {
    const ns = '/api/v1/namespaces/kube-public/configmaps';
    const first = await call(url, 'GET', `${ns}?limit=400`);
    expect(first.body.items).toHaveLength(400);
    expect(first.body.metadata.remainingItemCount).toBe(600);
    const token = first.body.metadata.continue as string;
    await call(url, 'POST', ns, configMap('zzz-later'));
    const names: string[] = first.body.items.map((i: any) => i.metadata.name);
    let cont: string | undefined = token;
    while (cont) {
      const page = await call(url, 'GET', `${ns}?limit=400&continue=${encodeURIComponent(cont)}`);
      expect(page.body.metadata.resourceVersion).toBe(first.body.metadata.resourceVersion);
      names.push(...page.body.items.map((i: any) => i.metadata.name));
      cont = page.body.metadata.continue;
    }
    expect(names).toHaveLength(1000);
    expect(new Set(names).size).toBe(1000);
    expect((await call(url, 'GET', `${ns}?limit=1&continue=${encodeURIComponent(Buffer.from(JSON.stringify({ v: 1, id: 'gone', offset: 1 })).toString('base64url'))}`)).status).toBe(410);
  });
});
