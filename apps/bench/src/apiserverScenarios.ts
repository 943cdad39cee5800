// In-process extras of the `apiserver` suite, against `startApiServer` over real HTTP: sequential creates (one
// client waiting for each 201), history replay to 10 resuming watchers, creates with --data-dir, and retained
// heap per 10k objects. Throughput of the server itself (creates/s, watch fan-out) is measured with the server
// in a process of its own (`measureApiServer` in harness/harness.ts): a client in the server's process would
// measure itself too. Figures are measured here, never asserted in tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';

/** One measured figure. */
export interface BenchResult {
  scenario: string;
  size: string;
  value: number;
  unit: string;
}

/** Sizes of the apiserver scenarios. */
export interface ApiServerBenchSizes {
  /** Objects created by each create scenario. @defaultValue 5000 */
  creates: number;
  /** Events written for the watch scenario. @defaultValue 5000 */
  watchEvents: number;
  /** Watchers in the watch scenario. @defaultValue 10 */
  watchers: number;
  /** Objects stored for the heap scenario. @defaultValue 10000 */
  heapObjects: number;
}

/** The default (full) sizes. */
export const FULL_SIZES: ApiServerBenchSizes = { creates: 5000, watchEvents: 5000, watchers: 10, heapObjects: 10_000 };

function configMap(name: string): string {
  return JSON.stringify({ metadata: { name, labels: { bench: 'true' } }, data: { key: 'value', index: name } });
}

async function post(server: ApiServer, path: string, body: string): Promise<void> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

async function createNamespace(server: ApiServer, name: string): Promise<string> {
  await post(server, '/api/v1/namespaces', JSON.stringify({ metadata: { name } }));
  return `/api/v1/namespaces/${name}/configmaps`;
}

/** Creates `count` ConfigMaps with `concurrency` parallel clients; resolves with creates per second. */
async function createMany(server: ApiServer, path: string, prefix: string, count: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        await post(server, path, configMap(`${prefix}-${i}`));
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** Opens a raw watch and counts the events it receives; `until(n)` resolves when n arrived. */
function openWatch(server: ApiServer, path: string, resourceVersion: string): Promise<{ until(n: number): Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${path}?watch=true&resourceVersion=${resourceVersion}`, server.url);
    let count = 0;
    let target = Infinity;
    let reached: (() => void) | undefined;
    const req = request(url, (res) => {
      // One event per line: count newlines in the raw bytes (each event is also parsed, as a client would).
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '') continue;
          JSON.parse(line);
          count += 1;
        }
        if (count >= target) reached?.();
      });
      res.on('error', () => undefined);
      resolve({
        until: (n) =>
          new Promise<void>((done) => {
            target = n;
            reached = done;
            if (count >= n) done();
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function forceGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Runs every apiserver scenario and returns its figures.
 *
 * @example
 * const results = await runApiServerBench({ ...FULL_SIZES, creates: 100 });
 */
export async function runApiServerBench(sizes: ApiServerBenchSizes = FULL_SIZES): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const server = await startApiServer({ historySize: Math.max(10_000, sizes.watchEvents * 2) });
  try {
    // Warm up (JIT, connection pool) so that the first scenario is not charged for it.
    await createMany(server, await createNamespace(server, 'bench-warmup'), 'warm', Math.min(500, sizes.creates), 8);
    const sequentialPath = await createNamespace(server, 'bench-seq');
    const sequential = await createMany(server, sequentialPath, 'seq', sizes.creates, 1);
    results.push({ scenario: 'creates, sequential', size: `${sizes.creates} ConfigMaps`, value: sequential, unit: 'creates/s' });
    const watchPath = await createNamespace(server, 'bench-watch');
    const list = (await (await fetch(`${server.url}${watchPath}`)).json()) as { metadata: { resourceVersion: string } };
    await createMany(server, watchPath, 'w', sizes.watchEvents, 32);
    // Delivery alone: the writes replayed from history to 10 new watches resuming at the RV before them.
    const replayStarted = performance.now();
    const replays = await Promise.all(Array.from({ length: sizes.watchers }, () => openWatch(server, watchPath, list.metadata.resourceVersion)));
    try {
      await Promise.all(replays.map((w) => w.until(sizes.watchEvents)));
      const seconds = (performance.now() - replayStarted) / 1000;
      results.push({
        scenario: `watch resume (history replay) to ${sizes.watchers} watchers`,
        size: `${sizes.watchEvents} events each`,
        value: (sizes.watchEvents * sizes.watchers) / seconds,
        unit: 'events/s',
      });
    } finally {
      for (const w of replays) w.close();
    }
  } finally {
    await server.close();
  }
  results.push(await measurePersistentCreates(sizes.creates));
  results.push(await measureHeap(sizes.heapObjects));
  return results;
}

/** Creates per second (32 concurrent) with `dataDir` set: every write journaled before it is answered. */
async function measurePersistentCreates(count: number): Promise<BenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'opkit-bench-'));
  const server = await startApiServer({ dataDir: dir });
  try {
    const path = await createNamespace(server, 'bench-persist');
    const rate = await createMany(server, path, 'p', count, 32);
    return { scenario: 'creates, 32 concurrent, --data-dir', size: `${count} ConfigMaps`, value: rate, unit: 'creates/s' };
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Retained heap of a fresh server holding `count` ConfigMaps, scaled to 10k objects. */
async function measureHeap(count: number): Promise<BenchResult> {
  const gc = forceGc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const server = await startApiServer();
  try {
    const path = await createNamespace(server, 'bench-heap');
    await createMany(server, path, 'h', count, 32);
    gc();
    gc();
    const after = process.memoryUsage().heapUsed;
    const mibPer10k = ((after - before) / (1024 * 1024)) * (10_000 / count);
    return { scenario: 'heap per 10k objects (incl. watch history)', size: `${count} ConfigMaps`, value: mibPer10k, unit: 'MiB' };
  } finally {
    await server.close();
  }
}
