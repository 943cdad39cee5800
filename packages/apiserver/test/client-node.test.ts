// Acceptance: @kubernetes/client-node 2.0.1 works against the embedded server unchanged — typed CRUD
// (CoreV1Api, CustomObjectsApi, the generic KubernetesObjectApi), merge-patching the status subresource,
// injected 429/503 and token changes, and the audit trail of the calls. Real HTTP throughout.
import {
  CoordinationV1Api,
  CoreV1Api,
  EventsV1Api,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  V1MicroTime,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type { CustomObjectsApi, KubernetesObject } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiServer } from '../src/index.js';
import { example, GROUP, PLURAL, startClientNodeHarness, VERSION } from './clientNodeHarness.js';
import { deadline } from '@opkit/test-tools';

let server: ApiServer;
let kc: KubeConfig;
let custom: CustomObjectsApi;
let core: CoreV1Api;
let serverNames: () => Promise<string[]>;

beforeAll(async () => {
  ({ server, kc, custom, core, serverNames } = await startClientNodeHarness());
});

afterAll(async () => {
  await server?.close();
});

describe('@kubernetes/client-node against the embedded API server', { timeout: deadline(30_000) }, () => {
  it('does CRUD on ConfigMaps with CoreV1Api', async () => {
    const created = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'cm1', labels: { app: 'x' } }, data: { a: '1' } } });
    expect(created.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.metadata?.creationTimestamp).toBeInstanceOf(Date);
    const read = await core.readNamespacedConfigMap({ name: 'cm1', namespace: 'default' });
    expect(read.data).toEqual({ a: '1' });
    const list = await core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'app=x' });
    expect(list.items.map((c) => c.metadata?.name)).toEqual(['cm1']);
    const replaced = await core.replaceNamespacedConfigMap({ name: 'cm1', namespace: 'default', body: { ...read, data: { a: '2' } } });
    expect(Number(replaced.metadata?.resourceVersion)).toBeGreaterThan(Number(read.metadata?.resourceVersion));
    const stale = await core.replaceNamespacedConfigMap({ name: 'cm1', namespace: 'default', body: { ...read, data: { a: '3' } } }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ code: 409 });
    expect(JSON.parse((stale as { body: string }).body)).toMatchObject({ kind: 'Status', reason: 'Conflict', code: 409 });
    const patched = await core.patchNamespacedConfigMap(
      { name: 'cm1', namespace: 'default', body: { data: { b: 'x' } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(patched.data).toEqual({ a: '2', b: 'x' });
    await core.deleteNamespacedConfigMap({ name: 'cm1', namespace: 'default' });
    const missing = await core.readNamespacedConfigMap({ name: 'cm1', namespace: 'default' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 404 });
    // The in-process audit log shows exactly which calls were made, as kube's audit log would.
    const calls = server
      .requests()
      .filter((r) => r.resource === 'configmaps' && (r.name === 'cm1' || r.verb === 'create' || r.verb === 'list'))
      .map((r) => `${r.verb} ${r.code}`);
    expect(calls).toEqual(['create 201', 'get 200', 'list 200', 'update 200', 'update 409', 'patch 200', 'delete 200', 'get 404']);
    expect(server.requests().at(-1)).toMatchObject({ user: 'system:anonymous', group: '', version: 'v1', namespace: 'default', name: 'cm1' });
  });

  it('surfaces injected 429/503 answers and bearer-token changes as ApiException', async () => {
    server.faults.failNext(1, 429, { retryAfterSeconds: 4 });
    const throttled = await core.listNamespace().catch((e: unknown) => e);
    expect(throttled).toMatchObject({ code: 429 });
    expect((throttled as { headers: Record<string, string> }).headers['retry-after']).toBe('4');
    expect(JSON.parse((throttled as { body: string }).body)).toMatchObject({ kind: 'Status', code: 429 });
    server.faults.set({ errorRate: 1, errorCode: 503 });
    expect(await core.listNamespace().catch((e: unknown) => e)).toMatchObject({ code: 503 });
    server.faults.clear();
    expect((await core.listNamespace()).items.map((n) => n.metadata?.name)).toContain('default');

    server.setToken('t0ken');
    try {
      expect(await core.listNamespace().catch((e: unknown) => e)).toMatchObject({ code: 401 });
      const withToken = new KubeConfig();
      withToken.loadFromString(server.kubeconfig());
      expect((await withToken.makeApiClient(CoreV1Api).listNamespace()).items.length).toBeGreaterThan(0);
    } finally {
      server.setToken(undefined);
    }
  });

  it('does CRUD on custom resources with CustomObjectsApi', async () => {
    const params = { group: GROUP, version: VERSION, namespace: 'default', plural: PLURAL };
    const created = await custom.createNamespacedCustomObject({ ...params, body: example('crud', { duration: '1m', field: 'a' }) });
    expect(created.metadata.generation).toBe(1);
    const got = await custom.getNamespacedCustomObject({ ...params, name: 'crud' });
    expect(got.spec).toEqual({ duration: '1m', field: 'a' });
    const replaced = await custom.replaceNamespacedCustomObject({ ...params, name: 'crud', body: { ...got, spec: { duration: '2m' } } });
    expect(replaced.metadata.generation).toBe(2);
    const jsonPatched = await custom.patchNamespacedCustomObject({ ...params, name: 'crud', body: [{ op: 'replace', path: '/spec/duration', value: '3m' }] });
    expect(jsonPatched.spec.duration).toBe('3m');
    const failed = await custom
      .patchNamespacedCustomObject({ ...params, name: 'crud', body: [{ op: 'test', path: '/metadata/resourceVersion', value: '1' }] })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 422 });
    const smp = await custom
      .patchNamespacedCustomObject({ ...params, name: 'crud', body: { spec: { a: 1 } } }, setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch))
      .catch((e: unknown) => e);
    expect(smp).toMatchObject({ code: 415 });
    await custom.deleteNamespacedCustomObject({ ...params, name: 'crud' });
    expect(await serverNames()).not.toContain('crud');
  });

  it('works through the generic KubernetesObjectApi (discovery-driven), incl. its strategic-merge default', async () => {
    const objects = KubernetesObjectApi.makeApiClient(kc);
    const cm = await objects.create<KubernetesObject & { data?: Record<string, string> }>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'generic', namespace: 'default', finalizers: ['a.io/x'] }, data: { a: '1' } });
    expect(cm.metadata?.uid).toBeDefined();
    // KubernetesObjectApi.patch defaults to strategic merge: finalizers merge as a set on built-ins, and
    // kube's mergeSortedSlice(serverOnly, patchItems, liveOrder) puts a new patch item before server-only ones.
    const patched = await objects.patch<KubernetesObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'generic', namespace: 'default', finalizers: ['b.io/y'] } });
    expect(patched.metadata?.finalizers).toEqual(['b.io/y', 'a.io/x']);
    const cr = await objects.create<KubernetesObject>({ ...example('generic'), metadata: { name: 'generic', namespace: 'default' } });
    expect(cr.metadata?.generation).toBe(1);
    const refused = await objects.patch({ ...example('generic'), metadata: { name: 'generic', namespace: 'default' } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 415 });
    const merged = await objects.patch(
      { apiVersion: `${GROUP}/${VERSION}`, kind: 'KopfExample', metadata: { name: 'generic', namespace: 'default' }, spec: { duration: '5m' } } as KubernetesObject,
      undefined, undefined, undefined, undefined, PatchStrategy.MergePatch,
    );
    expect((merged as KubernetesObject & { spec: unknown }).spec).toEqual({ duration: '5m' });
    const list = await objects.list(`${GROUP}/${VERSION}`, 'KopfExample', 'default');
    expect(list.items.map((i) => i.metadata?.name)).toContain('generic');
    await objects.delete({ apiVersion: `${GROUP}/${VERSION}`, kind: 'KopfExample', metadata: { name: 'generic', namespace: 'default' } });
    const read = await objects.read({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'generic', namespace: 'default' } });
    expect(read.metadata?.finalizers).toEqual(['b.io/y', 'a.io/x']);
    await objects.patch(
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'generic', namespace: 'default', finalizers: null } } as unknown as KubernetesObject,
      undefined, undefined, undefined, undefined, PatchStrategy.MergePatch,
    );
  });

  it('merge-patches the status subresource without touching spec or generation', async () => {
    const params = { group: GROUP, version: VERSION, namespace: 'default', plural: PLURAL };
    await custom.createNamespacedCustomObject({ ...params, body: { ...example('status-1'), status: { dropped: true } } });
    const patched = await custom.patchNamespacedCustomObjectStatus(
      { ...params, name: 'status-1', body: { status: { create_fn: { message: 'done' } }, spec: { duration: 'ignored' } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(patched.status).toEqual({ create_fn: { message: 'done' } });
    expect(patched.spec).toEqual({ duration: '1m' });
    expect(patched.metadata.generation).toBe(1);
    const viaMain = await custom.patchNamespacedCustomObject(
      { ...params, name: 'status-1', body: { status: { create_fn: { message: 'main' } } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(viaMain.status).toEqual({ create_fn: { message: 'done' } });
  });
  it('runs Lease-based leader election with MicroTime fields and 409 on a stale renew', async () => {
    const leases = kc.makeApiClient(CoordinationV1Api);
    const created = await leases.createNamespacedLease({
      namespace: 'default',
      body: { metadata: { name: 'leader' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 15, acquireTime: new V1MicroTime(), renewTime: new V1MicroTime(), leaseTransitions: 0 } },
    });
    const raw = (await (await fetch(`${server.url}/apis/coordination.k8s.io/v1/namespaces/default/leases/leader`)).json()) as { spec: { renewTime: string } };
    expect(raw.spec.renewTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const renewed = await leases.replaceNamespacedLease({ name: 'leader', namespace: 'default', body: { ...created, spec: { ...created.spec, renewTime: new V1MicroTime() } } });
    expect(Number(renewed.metadata?.resourceVersion)).toBeGreaterThan(Number(created.metadata?.resourceVersion));
    const stolen = await leases
      .replaceNamespacedLease({ name: 'leader', namespace: 'default', body: { ...created, spec: { ...created.spec, holderIdentity: 'b' } } })
      .catch((e: unknown) => e);
    expect(stolen).toMatchObject({ code: 409 });
    expect((await leases.readNamespacedLease({ name: 'leader', namespace: 'default' })).spec?.holderIdentity).toBe('a');
  });

  it('serves a core/v1 Event through events.k8s.io/v1 as the same object', async () => {
    const event = await core.createNamespacedEvent({
      namespace: 'default',
      body: {
        metadata: { generateName: 'crud-' }, // `crud.` would be 422: a generateName must be a valid name prefix
        involvedObject: { apiVersion: `${GROUP}/${VERSION}`, kind: 'KopfExample', name: 'crud', namespace: 'default' },
        reason: 'Reconciled', message: 'spec applied', type: 'Normal', source: { component: 'opkit-test' },
        reportingComponent: 'opkit-test', reportingInstance: 'test-1', action: 'Reconcile', eventTime: new V1MicroTime(), count: 1,
      },
    });
    expect(event.metadata?.name).toMatch(/^crud-[a-z0-9]{5}$/);
    const viaEvents = await kc.makeApiClient(EventsV1Api).readNamespacedEvent({ name: event.metadata?.name ?? '', namespace: 'default' });
    expect(viaEvents).toMatchObject({ note: 'spec applied', reason: 'Reconciled', reportingController: 'opkit-test', regarding: { kind: 'KopfExample', name: 'crud' } });
    const selected = await core.listNamespacedEvent({ namespace: 'default', fieldSelector: 'involvedObject.kind=KopfExample,involvedObject.name=crud' });
    expect(selected.items.map((e) => e.metadata?.name)).toEqual([event.metadata?.name]);
  });
});
