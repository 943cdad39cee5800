import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, GoneError, NotFoundError, UnprocessableError } from '../src/index.js';
import type { KubeObject } from '../src/index.js';
import { configmaps, crdManifest, crds, startHarness, waitFor } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

describe('KubeClient CRUD against the embedded API server', () => {
  it('creates, reads, patches (merge, json), replaces and deletes', async () => {
    const { client } = h;
    const created = await client.create(configmaps, { metadata: { name: 'crud', namespace: 'default' }, data: { a: '1' } });
    expect(created.metadata.uid).toBeTruthy();
    const read = await client.get(configmaps, 'crud', { namespace: 'default' });
    expect(read.data).toEqual({ a: '1' });
    const merged = await client.patch(configmaps, 'crud', { data: { b: '2' } }, { namespace: 'default' });
    expect(merged.data).toEqual({ a: '1', b: '2' });
    const jsonPatched = await client.patch(configmaps, 'crud', [{ op: 'remove', path: '/data/a' }], { namespace: 'default', type: 'json' });
    expect(jsonPatched.data).toEqual({ b: '2' });
    const replaced = await client.replace(configmaps, { ...jsonPatched, data: { c: '3' } });
    expect(replaced.data).toEqual({ c: '3' });
    await client.delete(configmaps, 'crud', { namespace: 'default' });
    await expect(client.get(configmaps, 'crud', { namespace: 'default' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('sends DeleteOptions in the body of a DELETE: preconditions hold', async () => {
    const { client } = h;
    const created = await client.create(configmaps, { metadata: { name: 'guarded', namespace: 'default' } });
    const stale = await client.delete(configmaps, 'guarded', { namespace: 'default', preconditions: { uid: 'not-its-uid' } }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    await client.delete(configmaps, 'guarded', { namespace: 'default', preconditions: { uid: created.metadata.uid!, resourceVersion: created.metadata.resourceVersion! } });
    await expect(client.get(configmaps, 'guarded', { namespace: 'default' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('throws typed errors with the Status body', async () => {
    const { client } = h;
    await client.create(configmaps, { metadata: { name: 'dup', namespace: 'default' } });
    const error = await client.create(configmaps, { metadata: { name: 'dup', namespace: 'default' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).reason).toBe('AlreadyExists');
    expect((error as ConflictError).body.kind).toBe('Status');
    const failedTest = await client
      .patch(configmaps, 'dup', [{ op: 'test', path: '/metadata/resourceVersion', value: 'nope' }], { namespace: 'default', type: 'json' })
      .catch((e: unknown) => e);
    expect(failedTest).toBeInstanceOf(UnprocessableError);
  });

  it('lists page by page with continue tokens', async () => {
    const { client } = h;
    await client.create({ group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false }, { metadata: { name: 'paged' } });
    for (let i = 0; i < 25; i++) await client.create(configmaps, { metadata: { name: `p${i}`, namespace: 'paged' } });
    const pages: number[] = [];
    for await (const page of client.list(configmaps, { namespace: 'paged', limit: 10 })) pages.push(page.items.length);
    expect(pages).toEqual([10, 10, 5]);
    const all = await client.listAll(configmaps, { namespace: 'paged', limit: 7 });
    expect(all.items.map((i) => i.metadata.name).sort()).toHaveLength(25);
    expect(all.items[0]!.kind).toBe('ConfigMap');
    expect(all.resourceVersion).not.toBe('');
  });

  it('watches from a resourceVersion and closes the connection on abort', async () => {
    const { client, server } = h;
    const { resourceVersion } = await client.listAll(configmaps, { namespace: 'default' });
    const controller = new AbortController();
    const stream = await client.watch(configmaps, { namespace: 'default', resourceVersion, signal: controller.signal });
    await waitFor(() => server.stats().watches >= 1, 2000, 'the watch to open');
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of stream) {
        seen.push(`${event.type} ${event.object.metadata.name}`);
        if (seen.length === 2) controller.abort();
      }
    })().catch((e: unknown) => e);
    await client.create(configmaps, { metadata: { name: 'w1', namespace: 'default' } });
    await client.patch(configmaps, 'w1', { data: { x: 'y' } }, { namespace: 'default' });
    await reading;
    expect(seen).toEqual(['ADDED w1', 'MODIFIED w1']);
    await waitFor(() => server.stats().watches === 0, 1000, 'the server to see the watch closed');
  });

  it('reports a too-old resourceVersion as an ERROR event with 410 on the stream', async () => {
    const { client, server } = h;
    const { resourceVersion } = await client.listAll(configmaps, { namespace: 'default' });
    await client.create(configmaps, { metadata: { name: 'old', namespace: 'default' } });
    server.faults.compactNow();
    const stream = await client.watch<KubeObject>(configmaps, { namespace: 'default', resourceVersion });
    const events = [];
    for await (const event of stream) events.push(event);
    expect(events.at(-1)?.type).toBe('ERROR');
    expect((events.at(-1)?.object as { code?: number }).code).toBe(410);
  });

  it('throws a GoneError with the status, reason and request when the server no longer has a continue token\'s list', async () => {
    const { client } = h;
    await client.create({ group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false }, { metadata: { name: 'paging' } });
    for (const name of ['page-a', 'page-b']) await client.create(configmaps, { metadata: { name, namespace: 'paging' } });
    const pages = client.list(configmaps, { namespace: 'paging', limit: 1 });
    const first = await pages.next();
    expect(first.done).toBe(false);
    expect(first.done ? undefined : first.value.continue).toEqual(expect.any(String));
    // The embedded server keeps the 200 newest list snapshots (kube-apiserver forgets them at compaction):
    // 200 newer paged lists make it forget this one, so the next page is 410 Expired, as from a real server.
    for (let i = 0; i < 200; i++) {
      const other = client.list(configmaps, { namespace: 'paging', limit: 1 });
      await other.next();
      await other.return(undefined);
    }
    const error: unknown = await pages.next().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(GoneError);
    expect(error).toMatchObject({
      name: 'GoneError',
      status: 410,
      reason: 'Expired',
      request: 'GET /api/v1/namespaces/paging/configmaps',
      body: { kind: 'Status', code: 410, reason: 'Expired' },
    });
    expect((error as GoneError).message).toMatch(/continue parameter is too old/);
  });

  it('posts core/v1 Events with a six-digit MicroTime', async () => {
    const { client } = h;
    const cm = await client.create(configmaps, { metadata: { name: 'evented', namespace: 'default' } });
    const event = await client.postEvent({ regarding: cm, reason: 'Tested', message: 'hello' });
    expect(event.metadata.name).toMatch(/^opkit-event-[a-z0-9]{5}$/);
    expect(event.eventTime).toMatch(/\.\d{6}Z$/);
  });

  it('server-side applies and patches the status subresource of a custom resource', async () => {
    const { client } = h;
    await client.create(crds, crdManifest('widgets', 'apply.dev', 'Widget'));
    const widgets = await (async () => {
      await waitFor(async () => (await client.resolve('widgets.apply.dev')).length === 1, 5000, 'the CRD');
      return client.resolveOne('widgets.apply.dev');
    })();
    const applied = await client.patch(widgets, 'w', { metadata: { name: 'w', namespace: 'default' }, spec: { size: 1 } }, { namespace: 'default', type: 'apply', fieldManager: 'test' });
    expect(applied.spec).toEqual({ size: 1 });
    const status = await client.patch(widgets, 'w', { status: { phase: 'Ready' }, spec: { size: 99 } }, { namespace: 'default', subresource: 'status' });
    expect(status.status).toEqual({ phase: 'Ready' });
    expect(status.spec).toEqual({ size: 1 });
    const main = await client.patch(widgets, 'w', { status: { phase: 'Ignored' }, spec: { size: 2 } }, { namespace: 'default' });
    expect(main.status).toEqual({ phase: 'Ready' });
    expect(main.spec).toEqual({ size: 2 });
  });
});
