// Benchmark scenarios for @opkit/watching (issue 3), at full size, against the embedded API server
// over real HTTP: (1) 2,000 objects × 5 updates while the server drops every watch every 2 s, fails
// 5% of requests with 503 and compacts its history every 5 s — single namespace and cluster-wide —
// reporting time to converge and correctness counters; (2) the heap a stream over 10,000 objects
// retains after delivering them (list pages must not stay alive). The same scenario (1) runs as a test in
// packages/watching/test/reliability.test.ts (in CI).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startApiServer } from '@opkit/apiserver';
import type { BenchResult } from '../apiserverScenarios.js';

/** The parts of @opkit/kube and @opkit/watching the scenarios use. */
export interface WatchingBenchModules {
  connect(options: { server: { url: string }; retry?: Record<string, number> }): Promise<any>;
  watchResource(client: any, resource: any, options: any): { subscribe(observer: any): { unsubscribe(): void } };
}

/** Sizes of the watching scenarios. */
export interface WatchingBenchSizes {
  /** Objects in the fault scenario. @defaultValue 2000 */
  objects: number;
  /** Updates per object. @defaultValue 5 */
  updates: number;
  /** Objects in the memory scenario. @defaultValue 10000 */
  memoryObjects: number;
}

/** The full sizes of issue 3. */
export const WATCHING_FULL_SIZES: WatchingBenchSizes = { objects: 2000, updates: 5, memoryObjects: 10_000 };

const configmaps = { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true };
const namespaces = { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false };

/** The real @opkit/kube and @opkit/watching. */
export async function loadWatchingModules(): Promise<WatchingBenchModules> {
  const [kube, watching] = await Promise.all([import('@opkit/kube'), import('@opkit/watching')]);
  return { connect: kube.connect as WatchingBenchModules['connect'], watchResource: watching.watchResource };
}

async function parallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Scenario 1: converge under watch drops, 503s and compaction; returns figures and correctness counters. */
async function faultScenario(modules: WatchingBenchModules, sizes: WatchingBenchSizes, clusterWide: boolean): Promise<BenchResult[]> {
  const server = await startApiServer({ faults: { watchDropMs: 2000, errorRate: 0.05, errorCode: 503, compactEveryMs: 5000 } });
  const client = await modules.connect({ server: { url: server.url }, retry: { attempts: 30, start: 100, max: 2000 } });
  const label = clusterWide ? 'cluster-wide' : 'one namespace';
  try {
    const spaces = clusterWide ? ['b-0', 'b-1', 'b-2', 'b-3'] : ['b-0'];
    for (const name of spaces) await client.create(namespaces, { metadata: { name } });
    const objects = Array.from({ length: sizes.objects }, (_, i) => ({ name: `o-${i}`, namespace: spaces[i % spaces.length]! }));
    const seen = new Map<string, string>();
    const deleted = new Set<string>();
    let events = 0;
    let stale = 0;
    const subscription = modules.watchResource(client, configmaps, { ...(clusterWide ? {} : { namespace: 'b-0' }), settings: { backoffStartMs: 100, backoffMaxMs: 2000 } }).subscribe({
      next: (event: { type: string; object: { metadata: { namespace: string; name: string; resourceVersion: string } } }) => {
        if (event.type === 'SYNCED') return;
        events++;
        const key = `${event.object.metadata.namespace}/${event.object.metadata.name}`;
        if (event.type === 'DELETED') {
          seen.delete(key);
          deleted.add(key);
        } else {
          const previous = seen.get(key);
          if (previous && Number(previous) >= Number(event.object.metadata.resourceVersion)) stale++;
          seen.set(key, event.object.metadata.resourceVersion);
        }
      },
    });
    const started = performance.now();
    await parallel(objects, 32, (o) => client.create(configmaps, { metadata: o, data: { v: '0' } }));
    const updates = Array.from({ length: sizes.updates }, (_, u) => objects.map((o) => ({ ...o, u: u + 1 }))).flat();
    await parallel(updates, 32, (o) => client.patch(configmaps, o.name, { data: { v: String(o.u) } }, { namespace: o.namespace }));
    const doomed = objects.filter((_, i) => i % 10 === 0);
    await parallel(doomed, 32, (o) => client.delete(configmaps, o.name, { namespace: o.namespace }));
    const writesDone = performance.now();
    const expected = new Map<string, string>();
    for (const ns of spaces) for (const item of (await client.listAll(configmaps, { namespace: ns })).items) expected.set(`${ns}/${item.metadata.name}`, item.metadata.resourceVersion);
    const converged = await waitUntil(() => seen.size === expected.size && [...expected].every(([k, rv]) => seen.get(k) === rv), 120_000);
    const done = performance.now();
    subscription.unsubscribe();
    const mismatched = [...expected].filter(([k, rv]) => seen.get(k) !== rv).length;
    const missedDeletions = doomed.filter((o) => !deleted.has(`${o.namespace}/${o.name}`)).length;
    const audit = server.requests();
    const size = `${sizes.objects}×${sizes.updates}, ${label}`;
    return [
      { scenario: 'watching under faults: writes', size, value: (done - started) / 1000, unit: `s total (${((writesDone - started) / 1000).toFixed(1)} s writing)` },
      { scenario: 'watching under faults: catch-up after writes', size, value: done - writesDone, unit: converged ? 'ms' : 'ms (DID NOT CONVERGE)' },
      { scenario: 'watching under faults: events delivered', size, value: events, unit: 'events' },
      { scenario: 'watching under faults: mismatched objects', size, value: mismatched, unit: 'objects (must be 0)' },
      { scenario: 'watching under faults: missed deletions', size, value: missedDeletions, unit: 'deletions (must be 0)' },
      { scenario: 'watching under faults: stale events', size, value: stale, unit: 'events (must be 0)' },
      { scenario: 'watching under faults: reconnects', size, value: audit.filter((r) => r.verb === 'watch').length, unit: 'watch requests' },
      { scenario: 'watching under faults: list requests', size, value: audit.filter((r) => r.verb === 'list' && r.resource === 'configmaps').length, unit: 'pages (initial list + 410 relists)' },
      { scenario: 'watching under faults: 503s injected', size, value: audit.filter((r) => r.code === 503).length, unit: 'responses' },
    ];
  } finally {
    client.close();
    await server.close();
  }
}

function forceGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Scenario 2: heap retained by a stream over N objects after it delivered them (the consumer keeps nothing). */
async function memoryScenario(modules: WatchingBenchModules, sizes: WatchingBenchSizes): Promise<BenchResult[]> {
  const gc = forceGc();
  const server = await startApiServer();
  const client = await modules.connect({ server: { url: server.url } });
  try {
    await client.create(namespaces, { metadata: { name: 'mem' } });
    const payload = 'x'.repeat(1024);
    const names = Array.from({ length: sizes.memoryObjects }, (_, i) => `m-${i}`);
    await parallel(names, 32, (name) => client.create(configmaps, { metadata: { name, namespace: 'mem', labels: { app: 'bench' } }, data: { payload } }));
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    let delivered = 0;
    let synced = false;
    let peak = before;
    const subscription = modules.watchResource(client, configmaps, { namespace: 'mem', settings: { pageSize: 500 } }).subscribe({
      next: (event: { type: string }) => {
        if (event.type === 'SYNCED') synced = true;
        else delivered++;
        if (delivered % 500 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
      },
    });
    await waitUntil(() => synced, 120_000);
    gc();
    gc();
    const after = process.memoryUsage().heapUsed;
    subscription.unsubscribe();
    const perObject = (after - before) / Math.max(1, delivered);
    const objectJson = JSON.stringify({ metadata: { name: 'm-0000', namespace: 'mem', labels: { app: 'bench' } }, data: { payload } }).length;
    return [
      { scenario: 'watching memory: objects delivered', size: `${sizes.memoryObjects} ConfigMaps of ~1 KiB`, value: delivered, unit: 'objects' },
      { scenario: 'watching memory: retained after SYNCED', size: `${sizes.memoryObjects} ConfigMaps of ~1 KiB`, value: (after - before) / 1024 / 1024, unit: 'MiB' },
      { scenario: 'watching memory: retained per object', size: `object JSON ≈ ${objectJson} B`, value: perObject, unit: 'bytes/object' },
      { scenario: 'watching memory: heap peak while listing', size: `${sizes.memoryObjects} ConfigMaps of ~1 KiB`, value: (peak - before) / 1024 / 1024, unit: 'MiB above start' },
    ];
  } finally {
    client.close();
    await server.close();
  }
}

/**
 * Run every watching scenario and return their figures.
 *
 * @example
 * renderTable(await runWatchingBench(WATCHING_FULL_SIZES, await loadWatchingModules()));
 */
export async function runWatchingBench(sizes: WatchingBenchSizes, modules: WatchingBenchModules): Promise<BenchResult[]> {
  return [...(await faultScenario(modules, sizes, false)), ...(await faultScenario(modules, sizes, true)), ...(await memoryScenario(modules, sizes))];
}
