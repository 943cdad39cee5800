// RSS of the embedded API server per stored ConfigMap: the server runs alone in a child process (so the
// figure is the server's, not the client's), the driver creates N ConfigMaps of about 200 bytes each over
// real HTTP, twice, and the child reports its RSS and heap after a full GC before and after each batch. The
// figure is the growth of RSS per object over the second batch: the first (and a warm-up batch before it)
// carries the costs that do not grow with the objects (JIT code, the young generation grown under the load).
// V8 may grow its young generation again during the second batch (it sizes it by the allocation rate, up to a
// limit set by the machine's memory, and keeps it after a GC), so the growth besides the young generation's
// resident pages is reported too: that part is what the stored objects hold.
// Reported, never asserted: `node --expose-gc dist/apiserverRss.js [N]` (after `pnpm --filter @opkit/bench build`).
import { fork } from 'node:child_process';
import v8 from 'node:v8';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startApiServer } from '@opkit/apiserver';

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** The young generation's resident pages: a budget V8 sizes by the allocation rate, not by what is stored. */
  youngPhysical: number;
}

type ToChild = { type: 'measure' } | { type: 'exit' };
type FromChild = { type: 'ready'; url: string } | { type: 'memory'; memory: Memory };

const WARM_UP = 1000;
const NAMESPACE = 'rss';

/** A ConfigMap whose request body is about 200 bytes. */
function configMap(i: number): string {
  const name = `cm-${String(i).padStart(6, '0')}`;
  const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { app: 'bench' } }, data: { index: String(i), payload: '' } };
  const base = JSON.stringify(body).length;
  body.data.payload = 'x'.repeat(Math.max(0, 200 - base));
  return JSON.stringify(body);
}

async function child(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the child with --expose-gc');
  const server = await startApiServer();
  const send = (message: FromChild): void => void process.send?.(message);
  process.on('message', (message: ToChild) => {
    if (message.type === 'exit') {
      void server.close().then(() => process.exit(0));
      return;
    }
    for (let i = 0; i < 4; i++) gc();
    // Let freed pages go back before reading RSS.
    setTimeout(() => {
      gc();
      const m = process.memoryUsage();
      const young = v8.getHeapSpaceStatistics().filter((space) => space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
        .reduce((sum, space) => sum + space.physical_space_size, 0);
      send({ type: 'memory', memory: { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, youngPhysical: young } });
    }, 500);
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', url: server.url });
}

function next(proc: ChildProcess): Promise<FromChild> {
  return new Promise((resolve) => proc.once('message', (m: FromChild) => resolve(m)));
}

async function createMany(url: string, from: number, to: number, concurrency = 16): Promise<void> {
  let i = from;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (i < to) {
        const body = configMap(i++);
        const res = await fetch(`${url}/api/v1/namespaces/${NAMESPACE}/configmaps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (res.status !== 201) throw new Error(`create: HTTP ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
}

async function driver(n: number): Promise<void> {
  const proc = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--expose-gc'] });
  try {
    const ready = await next(proc);
    if (ready.type !== 'ready') throw new Error('child did not start');
    const res = await fetch(`${ready.url}/api/v1/namespaces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: NAMESPACE } }) });
    if (res.status !== 201) throw new Error(`namespace: HTTP ${res.status}`);
    await createMany(ready.url, 0, WARM_UP);
    const measure = async (): Promise<Memory> => {
      proc.send({ type: 'measure' } satisfies ToChild);
      const m = await next(proc);
      if (m.type !== 'memory') throw new Error('unexpected message');
      return m.memory;
    };
    const start = await measure();
    await createMany(ready.url, WARM_UP, WARM_UP + n);
    const first = await measure();
    await createMany(ready.url, WARM_UP + n, WARM_UP + 2 * n);
    const second = await measure();
    const stored = await fetch(`${ready.url}/api/v1/namespaces/${NAMESPACE}/configmaps/cm-000001`).then((r) => r.text());
    const per = (from: Memory, to: Memory, k: keyof Memory): number => Math.round((to[k] - from[k]) / n);
    const perOld = (from: Memory, to: Memory): number => Math.round((to.rss - to.youngPhysical - (from.rss - from.youngPhysical)) / n);
    const mib = (b: number): number => Math.round((b / 1024 / 1024) * 10) / 10;
    const batch = (from: Memory, to: Memory): Record<string, number> => ({
      rssPerObjectBytes: per(from, to, 'rss'), rssBesidesYoungGenerationPerObjectBytes: perOld(from, to),
      heapUsedPerObjectBytes: per(from, to, 'heapUsed'), heapTotalPerObjectBytes: per(from, to, 'heapTotal'), externalPerObjectBytes: per(from, to, 'external'),
    });
    console.log(JSON.stringify({
      objectsPerBatch: n, requestBodyBytes: configMap(1).length, storedJsonBytes: stored.length,
      rssMiB: [mib(start.rss), mib(first.rss), mib(second.rss)], heapUsedMiB: [mib(start.heapUsed), mib(first.heapUsed), mib(second.heapUsed)],
      youngGenerationMiB: [mib(start.youngPhysical), mib(first.youngPhysical), mib(second.youngPhysical)],
      firstBatch: batch(start, first), secondBatch: batch(first, second),
    }, null, 2));
    proc.send({ type: 'exit' } satisfies ToChild);
  } finally {
    setTimeout(() => proc.kill(), 5000).unref();
  }
}

if (process.argv.includes('--child')) await child();
else await driver(Number(process.argv[2] ?? 20_000));
