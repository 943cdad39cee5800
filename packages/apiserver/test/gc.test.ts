// Deletion over real HTTP: finalizers, ownerReference garbage collection with Background, Foreground
// and Orphan propagation, DeleteOptions in body and query, preconditions, deletecollection, and
// namespace termination cascading to its content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, configMap, openWatch, waitFor } from './protocolHelpers.js';

let server: ApiServer;
let url: string;
const cms = '/api/v1/namespaces/default/configmaps';
const merge = { 'content-type': 'application/merge-patch+json' };

beforeAll(async () => {
  server = await startApiServer();
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

async function owned(name: string, owner: any, block = false): Promise<any> {
  const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: owner.metadata.name, uid: owner.metadata.uid, ...(block ? { blockOwnerDeletion: true } : {}) };
  return (await call(url, 'POST', cms, configMap(name, {}, { metadata: { ownerReferences: [ref] } }))).body;
}

const gone = (name: string) => async (): Promise<boolean> => (await call(url, 'GET', `${cms}/${name}`)).status === 404;

describe('finalizers', () => {
  it('defers deletion until the finalizer list empties, and forbids new finalizers meanwhile', async () => {
    const created = await call(url, 'POST', cms, configMap('fin', {}, { metadata: { finalizers: ['example.com/hold'] } }));
    const w = await openWatch(url, `${cms}?watch=true&resourceVersion=${created.body.metadata.resourceVersion}`);
    try {
      const del = await call(url, 'DELETE', `${cms}/fin`);
      expect(del.status).toBe(200);
      expect(del.body.metadata.deletionTimestamp).toMatch(/Z$/);
      expect(del.body.metadata.deletionGracePeriodSeconds).toBe(0);
      expect((await w.next()).type).toBe('MODIFIED');
      const again = await call(url, 'DELETE', `${cms}/fin`);
      expect(again.body.metadata.resourceVersion).toBe(del.body.metadata.resourceVersion);
      const add = await call(url, 'PATCH', `${cms}/fin`, { metadata: { finalizers: ['example.com/hold', 'example.com/new'] } }, merge);
      expect(add.status).toBe(422);
      expect(add.body.details.causes[0].message).toContain('no new finalizers can be added if the object is being deleted');
      const ts = await call(url, 'PATCH', `${cms}/fin`, { metadata: { deletionTimestamp: null } }, merge);
      expect(ts.body.metadata.deletionTimestamp).toBe(del.body.metadata.deletionTimestamp);
      const release = await call(url, 'PATCH', `${cms}/fin`, { metadata: { finalizers: null } }, merge);
      expect(release.status).toBe(200);
      const ev = await w.next();
      expect(ev.type).toBe('DELETED');
      expect(ev.object.metadata.resourceVersion).toBe(release.body.metadata.resourceVersion);
      expect((await call(url, 'GET', `${cms}/fin`)).status).toBe(404);
    } finally {
      w.close();
    }
  });

  it('checks preconditions from the DeleteOptions body', async () => {
    const created = (await call(url, 'POST', cms, configMap('pre'))).body;
    const bad = await call(url, 'DELETE', `${cms}/pre`, { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: 'not-it' } });
    expect(bad.status).toBe(409);
    expect(bad.body.message).toContain('Precondition failed: UID in precondition: not-it');
    const badRv = await call(url, 'DELETE', `${cms}/pre`, { preconditions: { resourceVersion: '1' } });
    expect(badRv.status).toBe(409);
    const ok = await call(url, 'DELETE', `${cms}/pre`, { preconditions: { uid: created.metadata.uid, resourceVersion: created.metadata.resourceVersion } });
    expect(ok.status).toBe(200);
  });
});

describe('garbage collection', () => {
  it('Background: removes the owner at once, then its dependents', async () => {
    const owner = (await call(url, 'POST', cms, configMap('bg-owner'))).body;
    await owned('bg-dep-1', owner);
    await owned('bg-dep-2', owner);
    const del = await call(url, 'DELETE', `${cms}/bg-owner`, { propagationPolicy: 'Background' });
    expect(del.body.kind).toBe('Status');
    await waitFor(gone('bg-dep-1'), 30_000, 'dependent 1 to be collected');
    await waitFor(gone('bg-dep-2'), 30_000, 'dependent 2 to be collected');
  });

  it('Background: keeps a dependent that still has a live owner, dropping the dangling reference', async () => {
    const a = (await call(url, 'POST', cms, configMap('multi-a'))).body;
    const b = (await call(url, 'POST', cms, configMap('multi-b'))).body;
    const refs = [a, b].map((o) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: o.metadata.name, uid: o.metadata.uid }));
    await call(url, 'POST', cms, configMap('multi-dep', {}, { metadata: { ownerReferences: refs } }));
    await call(url, 'DELETE', `${cms}/multi-a`);
    const dep = await waitFor(async () => {
      const r = await call(url, 'GET', `${cms}/multi-dep`);
      return r.body.metadata.ownerReferences?.length === 1 ? r.body : undefined;
    }, 30_000, 'the dangling reference to go');
    expect(dep.metadata.ownerReferences[0].uid).toBe(b.metadata.uid);
  });

  it('Foreground: deletes dependents first, then the owner', async () => {
    const owner = (await call(url, 'POST', cms, configMap('fg-owner'))).body;
    await owned('fg-dep', owner, true);
    const w = await openWatch(url, `${cms}?watch=true&resourceVersion=${server.stats().resourceVersion}`);
    try {
      const del = await call(url, 'DELETE', `${cms}/fg-owner?propagationPolicy=Foreground`);
      expect(del.body.metadata.finalizers).toEqual(['foregroundDeletion']);
      await waitFor(gone('fg-owner'), 30_000, 'owner to go');
      const order = [];
      for (const e of w.pending()) if (e.type === 'DELETED') order.push(e.object.metadata.name);
      expect(order).toEqual(['fg-dep', 'fg-owner']);
    } finally {
      w.close();
    }
  });

  it('Orphan: strips ownerReferences from dependents and keeps them', async () => {
    const owner = (await call(url, 'POST', cms, configMap('or-owner'))).body;
    await owned('or-dep', owner);
    const del = await call(url, 'DELETE', `${cms}/or-owner`, { propagationPolicy: 'Orphan' });
    expect(del.body.metadata.finalizers).toEqual(['orphan']);
    await waitFor(gone('or-owner'), 30_000, 'owner to go');
    const dep = await call(url, 'GET', `${cms}/or-dep`);
    expect(dep.status).toBe(200);
    expect(dep.body.metadata.ownerReferences).toBeUndefined();
  });

  it('collects a dependent whose owner uid does not exist', async () => {
    await owned('dangling', { metadata: { name: 'ghost', uid: '00000000-0000-0000-0000-000000000000' } });
    await waitFor(gone('dangling'), 30_000, 'dangling dependent to be collected');
  });
});

describe('deletecollection and namespaces', () => {
  it('deletes a labelled collection', async () => {
    for (const n of ['dc-1', 'dc-2', 'dc-3']) await call(url, 'POST', cms, configMap(n, {}, { metadata: { labels: { batch: n === 'dc-3' ? 'no' : 'yes' } } }));
    const r = await call(url, 'DELETE', `${cms}?labelSelector=batch%3Dyes`);
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: any) => i.metadata.name).sort()).toEqual(['dc-1', 'dc-2']);
    expect((await call(url, 'GET', `${cms}?labelSelector=batch`)).body.items.map((i: any) => i.metadata.name)).toEqual(['dc-3']);
  });

  it('terminates a namespace: content goes (finalizers honoured), then the namespace', async () => {
    await call(url, 'POST', '/api/v1/namespaces', { metadata: { name: 'doomed' } });
    const ns = '/api/v1/namespaces/doomed/configmaps';
    await call(url, 'POST', ns, configMap('plain'));
    await call(url, 'POST', ns, configMap('held', {}, { metadata: { finalizers: ['example.com/x'] } }));
    const del = await call(url, 'DELETE', '/api/v1/namespaces/doomed');
    expect(del.body.status.phase).toBe('Terminating');
    const refused = await call(url, 'POST', ns, configMap('late'));
    expect(refused.status).toBe(403);
    expect(refused.body.details.causes[0].reason).toBe('NamespaceTerminating');
    await waitFor(async () => (await call(url, 'GET', `${ns}/plain`)).status === 404, 30_000, 'content to go');
    const waiting = await waitFor(async () => {
      const n = (await call(url, 'GET', '/api/v1/namespaces/doomed')).body;
      return n.status?.conditions ? n : undefined;
    }, 30_000, 'namespace conditions');
    const remaining = waiting.status.conditions.find((c: any) => c.type === 'NamespaceFinalizersRemaining');
    expect(remaining).toMatchObject({ status: 'True', message: 'Some content in the namespace has finalizers remaining: example.com/x in 1 resource instances' });
    await call(url, 'PATCH', `${ns}/held`, { metadata: { finalizers: null } }, merge);
    await waitFor(async () => (await call(url, 'GET', '/api/v1/namespaces/doomed')).status === 404, 30_000, 'namespace to go');
    expect((await call(url, 'DELETE', '/api/v1/namespaces/default')).status).toBe(403);
  });
});
