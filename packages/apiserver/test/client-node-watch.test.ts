// Acceptance: @kubernetes/client-node 2.0.1 watches work against the embedded server unchanged — Watch
// sees ADDED/MODIFIED/DELETED (and BOOKMARKs when asked), an informer survives dropped watches, relists
// after 410 and ends in sync under periodic faults. Real HTTP through a kubeconfig the server generated.
import {
  CoreV1Api,
  KubeConfig,
  PatchStrategy,
  Watch,
  makeInformer,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type { CustomObjectsApi, KubernetesListObject, KubernetesObject } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { example, GROUP, PLURAL, startClientNodeHarness, VERSION, waitUntil } from './clientNodeHarness.js';
import { deadline } from '@opkit/test-tools';

const PATH = `/apis/${GROUP}/${VERSION}/namespaces/default/${PLURAL}`;

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

describe('@kubernetes/client-node watches against the embedded API server', { timeout: deadline(30_000) }, () => {
  it('sees ADDED, MODIFIED and DELETED through Watch', async () => {
    const events: string[] = [];
    let ended = false;
    const list = (await custom.listNamespacedCustomObject({ group: GROUP, version: VERSION, namespace: 'default', plural: PLURAL })) as KubernetesListObject<KubernetesObject>;
    const controller = await new Watch(kc).watch(
      PATH,
      { resourceVersion: list.metadata?.resourceVersion },
      (phase, obj: KubernetesObject) => {
        if (obj.metadata?.name === 'watched') events.push(phase);
      },
      () => {
        ended = true;
      },
    );
    try {
      const params = { group: GROUP, version: VERSION, namespace: 'default', plural: PLURAL, name: 'watched' };
      await custom.createNamespacedCustomObject({ ...params, body: example('watched') });
      await custom.patchNamespacedCustomObject({ ...params, body: { spec: { duration: '9m' } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
      await custom.deleteNamespacedCustomObject(params);
      await waitUntil('the watch saw three events', () => events.length >= 3);
      expect(events).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
      expect(ended).toBe(false);
    } finally {
      controller.abort();
    }
  });

  it('holds events during stallWatches and delivers them, in order, when the stall ends', async () => {
    const names: string[] = [];
    const controller = await new Watch(kc).watch(
      '/api/v1/namespaces/default/configmaps',
      { labelSelector: 'stall=test' },
      (type, obj: KubernetesObject) => names.push(`${type} ${obj.metadata?.name}`),
      () => undefined,
    );
    const create = (name: string): Promise<unknown> =>
      core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name, labels: { stall: 'test' } } } });
    try {
      await create('stall-before');
      await waitUntil('the first event arrived', () => names.length === 1);
      server.faults.set({ stallWatches: true });
      await create('stall-during');
      server.faults.set({ stallWatches: false });
      await create('stall-after');
      await waitUntil('three events arrived', () => names.length >= 3);
      expect(names).toEqual(['ADDED stall-before', 'ADDED stall-during', 'ADDED stall-after']);
    } finally {
      server.faults.clear();
      controller.abort();
    }
  });

  it('receives BOOKMARK events through Watch when it asks for them', async () => {
    const bookmarking = await startApiServer({ bookmarkIntervalMs: 100 });
    try {
      const config = new KubeConfig();
      config.loadFromString(bookmarking.kubeconfig());
      const plain: string[] = [];
      const quiet = await new Watch(config).watch('/api/v1/namespaces/default/configmaps', {}, (type) => plain.push(type), () => undefined);
      const seen: Array<{ type: string; rv: string | undefined }> = [];
      const asking = await new Watch(config).watch(
        '/api/v1/namespaces/default/configmaps',
        { allowWatchBookmarks: true },
        (type, obj: KubernetesObject) => seen.push({ type, rv: obj.metadata?.resourceVersion }),
        () => undefined,
      );
      try {
        await waitUntil('two bookmarks arrived', () => seen.filter((e) => e.type === 'BOOKMARK').length >= 2);
        expect(seen.find((e) => e.type === 'BOOKMARK')?.rv).toBe(bookmarking.stats().resourceVersion);
        await config.makeApiClient(CoreV1Api).createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'marker' } } });
        await waitUntil('the marker arrived on the quiet watch', () => plain.includes('ADDED'));
        expect(plain).toEqual(['ADDED']); // open through two bookmark intervals, and never sent one: it did not ask
      } finally {
        asking.abort();
        quiet.abort();
      }
    } finally {
      await bookmarking.close();
    }
  });

  it('keeps an informer in sync across dropped watches and relists after 410', async () => {
    const params = { group: GROUP, version: VERSION, namespace: 'default', plural: PLURAL };
    const informer = makeInformer(kc, PATH, () => custom.listNamespacedCustomObject(params) as Promise<KubernetesListObject<KubernetesObject>>);
    const deleted: string[] = [];
    const errors: unknown[] = [];
    informer.on('delete', (obj) => deleted.push(obj.metadata?.name ?? ''));
    // informer.stop() aborts its own request, which client-node reports as an AbortError: not a failure.
    informer.on('error', (err) => {
      if ((err as Error | undefined)?.name !== 'AbortError') errors.push(err);
    });
    const cacheNames = (): string[] => informer.list().map((o) => o.metadata?.name ?? '').sort();
    const inSync = async (): Promise<boolean> => JSON.stringify(cacheNames()) === JSON.stringify(await serverNames());
    const lists = (): number => server.stats().requests[`list ${PLURAL}`] ?? 0;
    const watches = (): number => server.stats().requests[`watch ${PLURAL}`] ?? 0;
    await informer.start();
    try {
      await custom.createNamespacedCustomObject({ ...params, body: example('inf-1') });
      await waitUntil('the informer sees inf-1', () => cacheNames().includes('inf-1'));

      // Dropped watches: the informer re-watches from its last RV, without a relist, and misses nothing.
      const listsBeforeDrop = lists();
      const watchesBeforeDrop = watches();
      server.faults.dropWatches();
      await waitUntil('the informer re-watched', () => watches() > watchesBeforeDrop && server.stats().watches > 0);
      await custom.createNamespacedCustomObject({ ...params, body: example('inf-2') });
      await waitUntil('the informer sees inf-2 after the drop', () => cacheNames().includes('inf-2'));
      expect(lists()).toBe(listsBeforeDrop);

      // 410: history compacted while the informer's RV is behind, then its watch is dropped.
      const core = kc.makeApiClient(CoreV1Api);
      await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'rv-bump' } } });
      server.faults.compactNow();
      server.faults.dropWatches();
      await waitUntil('the informer relisted after 410', () => lists() > listsBeforeDrop);
      await waitUntil('the cache equals the server after the relist', inSync);

      // Changes it could not see while stopped arrive through the 410 relist, deletions included.
      await informer.stop();
      await custom.deleteNamespacedCustomObject({ ...params, name: 'inf-1' });
      await custom.createNamespacedCustomObject({ ...params, body: example('inf-3') });
      server.faults.compactNow();
      const listsBeforeRestart = lists();
      await informer.start();
      await waitUntil('the informer relisted on start', () => lists() > listsBeforeRestart);
      await waitUntil('the cache equals the server', inSync);
      expect(deleted).toContain('inf-1');
      expect(cacheNames()).toEqual(expect.arrayContaining(['inf-2', 'inf-3']));
      expect(errors).toEqual([]);
    } finally {
      await informer.stop();
    }
  });
  it('ends in sync with the server under periodic watch drops and compactions', async () => {
    const params = { group: GROUP, version: VERSION, namespace: 'default', plural: PLURAL };
    const informer = makeInformer(kc, PATH, () => custom.listNamespacedCustomObject(params) as Promise<KubernetesListObject<KubernetesObject>>);
    const errors: unknown[] = [];
    informer.on('error', (err) => {
      if ((err as Error | undefined)?.name !== 'AbortError') errors.push(err);
    });
    const snapshot = (): string =>
      JSON.stringify(informer.list().map((o) => `${o.metadata?.name}@${o.metadata?.resourceVersion}`).sort());
    const serverSnapshot = async (): Promise<string> => {
      const list = (await custom.listNamespacedCustomObject(params)) as KubernetesListObject<KubernetesObject>;
      return JSON.stringify(list.items.map((o) => `${o.metadata?.name}@${o.metadata?.resourceVersion}`).sort());
    };
    await informer.start();
    const watchesBefore = server.stats().requests[`watch ${PLURAL}`] ?? 0;
    server.faults.set({ watchDropMs: 150, compactEveryMs: 400 });
    try {
      // ~1.5 s of writes: about ten watch drops and three compactions land in the middle of them.
      for (let i = 0; i < 150; i++) {
        const name = `chaos-${i % 12}`;
        const existing = await custom.getNamespacedCustomObject({ ...params, name }).catch(() => undefined);
        if (!existing) await custom.createNamespacedCustomObject({ ...params, body: example(name, { round: i }) });
        else if (i % 3 === 0) await custom.deleteNamespacedCustomObject({ ...params, name });
        else await custom.patchNamespacedCustomObject({ ...params, name, body: { spec: { round: i } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
        // Pace the writes: client-node 2.0.1 opens a new connection per request when insecure-skip-tls-verify
        // is set (a new undici Agent each time), so an unpaced loop runs out of file descriptors.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      server.faults.clear();
    }
    let expected = '';
    await waitUntil('the informer cache equals the server (names and resourceVersions)', async () => {
      expected = await serverSnapshot();
      return snapshot() === expected;
    }, deadline(60_000));
    expect(snapshot()).toBe(expected);
    expect(server.stats().requests[`watch ${PLURAL}`]! - watchesBefore).toBeGreaterThan(3); // it really was dropped
    expect(errors).toEqual([]);
    await informer.stop();
  }, deadline(120_000));
});
