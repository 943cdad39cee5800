// Edge cases of the protocol over real HTTP: dry runs, uid preconditions, resourceVersions ahead of the
// server, malformed continue tokens, content negotiation, methods a resource does not allow, and the
// bookmark a watch gets just before its timeout closes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap, openWatch } from './protocolHelpers.js';

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

describe('protocol edge cases', () => {
  it('answers dryRun=All writes without persisting or emitting anything', async () => {
    const rv = server.stats().resourceVersion;
    const w = await openWatch(url, `${cms}?watch=true&resourceVersion=${rv}`);
    try {
      const created = await call(url, 'POST', `${cms}?dryRun=All`, configMap('dry'));
      expect(created.status).toBe(201);
      expect(created.body.metadata.uid).toBeDefined();
      expect((await call(url, 'GET', `${cms}/dry`)).status).toBe(404);
      await call(url, 'POST', cms, configMap('wet', { a: '1' }));
      const patched = await call(url, 'PATCH', `${cms}/wet?dryRun=All`, { data: { a: '2' } }, { 'content-type': 'application/merge-patch+json' });
      expect(patched.body.data).toEqual({ a: '2' });
      const deleted = await call(url, 'DELETE', `${cms}/wet?dryRun=All`);
      expect(deleted.status).toBe(200);
      expect((await call(url, 'GET', `${cms}/wet`)).body.data).toEqual({ a: '1' });
      expect((await call(url, 'POST', `${cms}?dryRun=Some`, configMap('x'))).status).toBe(400);
      const ev = await w.next();
      expect(ev.object.metadata.name).toBe('wet');
      expect(Number(server.stats().resourceVersion)).toBe(Number(rv) + 1);
    } finally {
      w.close();
    }
  });

  it('dry-runs updates, server-side applies, deletecollection, namespaces and CRDs without a trace', async () => {
    await call(url, 'POST', cms, configMap('kept', { a: '1' }));
    const rv = server.stats().resourceVersion;
    const objects = server.stats().objects;
    const live = (await call(url, 'GET', `${cms}/kept`)).body;
    const put = await call(url, 'PUT', `${cms}/kept?dryRun=All`, { ...live, data: { a: 'put' } });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ a: 'put' });
    const applied = await call(url, 'PATCH', `${cms}/kept?dryRun=All&fieldManager=test`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kept' }, data: { a: 'ssa' } }, { 'content-type': 'application/apply-patch+yaml' });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toEqual({ a: 'ssa' });
    const created = await call(url, 'PATCH', `${cms}/new-by-apply?dryRun=All&fieldManager=test`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'new-by-apply' } }, { 'content-type': 'application/apply-patch+yaml' });
    expect(created.status).toBe(201);
    expect(created.body.metadata.resourceVersion).toBeUndefined();
    const collection = await call(url, 'DELETE', `${cms}?dryRun=All`);
    expect(collection.status).toBe(200);
    expect(collection.body.items.map((i: any) => i.metadata.name)).toContain('kept');
    const ns = await call(url, 'POST', '/api/v1/namespaces?dryRun=All', { metadata: { name: 'dry-ns' } });
    expect(ns.body).toMatchObject({ metadata: { name: 'dry-ns', labels: { 'kubernetes.io/metadata.name': 'dry-ns' } }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } });
    const crd = await call(url, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All', {
      metadata: { name: 'drys.example.com' },
      spec: { group: 'example.com', names: { kind: 'Dry', plural: 'drys' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }] },
    });
    expect(crd.status).toBe(201);
    expect(server.stats().resourceVersion).toBe(rv);
    expect(server.stats().objects).toBe(objects);
    expect((await call(url, 'GET', `${cms}/kept`)).body.data).toEqual({ a: '1' });
    expect((await call(url, 'GET', '/api/v1/namespaces/dry-ns/serviceaccounts/default')).status).toBe(404);
    expect((await call(url, 'GET', '/apis/example.com/v1/namespaces/default/drys')).status).toBe(404);
  });

  it('refuses a write naming another uid (the object was recreated) with 409', async () => {
    const live = (await call(url, 'POST', cms, configMap('uid-check'))).body;
    const put = await call(url, 'PUT', `${cms}/uid-check`, { ...live, metadata: { ...live.metadata, uid: 'someone-else' } });
    expect(put.status).toBe(409);
    expect(put.body.message).toContain('Precondition failed: UID in precondition: someone-else');
    const patch = await call(url, 'PATCH', `${cms}/uid-check`, { metadata: { uid: 'someone-else' } }, { 'content-type': 'application/merge-patch+json' });
    expect(patch.status).toBe(409);
  });

  it('answers lists ahead of the server with 504 and watches ahead of it with one ERROR 504, as kube-apiserver does', async () => {
    const ahead = Number(server.stats().resourceVersion) + 1000;
    const list = await call(url, 'GET', `${cms}?resourceVersion=${ahead}`);
    expect(list.status).toBe(504);
    expect(list.body).toMatchObject({ reason: 'Timeout', details: { causes: [{ reason: 'ResourceVersionTooLarge' }] } });
    const w = await openWatch(url, `${cms}?watch=true&resourceVersion=${ahead}`);
    expect((await w.next()).object).toMatchObject({ reason: 'Timeout', code: 504, details: { causes: [{ reason: 'ResourceVersionTooLarge' }] } });
    await w.ended;
  });

  it('answers malformed continue tokens with 400 and bad query values with 400', async () => {
    expect((await call(url, 'GET', `${cms}?limit=1&continue=not-a-token`)).status).toBe(400);
    expect((await call(url, 'GET', `${cms}?limit=abc`)).status).toBe(400);
    // kube ignores a limit below 1 (no paging), as it does 0.
    expect((await call(url, 'GET', `${cms}?limit=-1`)).status).toBe(200);
    expect((await call(url, 'GET', `${cms}?watch=true&timeoutSeconds=soon`)).status).toBe(400);
    expect((await call(url, 'POST', `${cms}?fieldValidation=Loud`, configMap('fv'))).status).toBe(400);
    expect((await call(url, 'GET', `${cms}?labelSelector=${encodeURIComponent('a in (')}`)).status).toBe(400);
  });

  it('negotiates content: JSON for protobuf-or-JSON clients, 406 when JSON is not acceptable', async () => {
    const ok = await call(url, 'GET', cms, undefined, { accept: 'application/vnd.kubernetes.protobuf,application/json' });
    expect(ok.headers['content-type']).toBe('application/json');
    const refused = await call(url, 'GET', cms, undefined, { accept: 'text/html' });
    expect(refused.status).toBe(406);
    expect(refused.body.kind).toBe('Status');
  });

  it('refuses a deletecollection with a malformed limit, timeoutSeconds, resourceVersion or continue token with 400 and deletes nothing', async () => {
    const ns = '/api/v1/namespaces/kube-public/configmaps';
    for (const name of ['keep-a', 'keep-b']) expect((await call(url, 'POST', ns, configMap(name))).status).toBe(201);
    for (const query of ['limit=abc', 'timeoutSeconds=soon', 'resourceVersion=xyz&resourceVersionMatch=Bogus', 'continue=garbage']) {
      expect((await call(url, 'DELETE', `${ns}?${query}`)).status, query).toBe(400);
    }
    const left = (await call(url, 'GET', ns)).body as { items: { metadata: { name: string } }[] };
    expect(left.items.map((o) => o.metadata.name).filter((n) => n.startsWith('keep-'))).toEqual(['keep-a', 'keep-b']);
  });

  it('answers methods a resource does not allow with 405 Status bodies', async () => {
    for (const [method, path] of [['PUT', cms], ['PATCH', cms], ['POST', '/api/v1/configmaps'], ['POST', `${cms}/x/status`]] as const) {
      const r = await call(url, method, path, {});
      expect([404, 405]).toContain(r.status);
      expect(r.body.kind).toBe('Status');
    }
    expect((await call(url, 'PUT', cms, {})).status).toBe(405);
    expect((await call(url, 'POST', '/api/v1/configmaps', configMap('nowhere'))).status).toBe(405);
  });

  it('sends a bookmark just before closing a watch at timeoutSeconds', async () => {
    const w = await openWatch(url, `${cms}?watch=true&allowWatchBookmarks=true&timeoutSeconds=1&resourceVersion=${server.stats().resourceVersion}`);
    await w.ended;
    expect(w.pending()).toEqual([{ type: 'BOOKMARK', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: server.stats().resourceVersion } } }]);
  });
});
