// `bench watch-memory`: what watches cost the API server's memory, with the server in a process of its own
// (the harness's API server child, which reports its own RSS) while clients replay, read, or never read —
// the figures behind "Bounded watches" in docs/apiserver.md. The tests assert the mechanisms that bound this
// memory (`stats().watchBacklog`: replays produced as sockets take them, live events capped per watch,
// unresponsive watchers closed); the sizes and times are measured here, never asserted. Also the time the
// `opkit-apiserver` command takes to stop on SIGTERM while a watch is open.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from '../apiserverScenarios.js';
import { BenchChild, childScript } from '../harness/processes.js';
import type { ServerStats } from '../harness/protocol.js';
import { sleep, waitFor } from '../harness/stats.js';

/** Sizes of the watch-memory scenarios. */
export interface WatchMemorySizes {
  /** Small ConfigMaps (about 300 bytes) stored for the replay and stuck scenarios; five times as many for the large one. */
  objects: number;
  /** ConfigMaps of 40 KB stored for the large-object replay (a replay larger than loopback socket buffers absorb). */
  largeObjects: number;
}

/** The full sizes (the figures of docs/apiserver.md). */
export const WATCH_MEMORY_FULL_SIZES: WatchMemorySizes = { objects: 20_000, largeObjects: 600 };

const NAMESPACE = 'watch-memory';
const MIB = 1024 * 1024;
const WATCH_PATH = `/api/v1/namespaces/${NAMESPACE}/configmaps?watch=true&resourceVersion=0`;

interface Answer {
  status: number;
  text: string;
}

function call(agent: Agent, base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = text === undefined ? {} : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json', 'content-length': Buffer.byteLength(text) };
    const req = request(`${base}${path}`, { method, agent, headers }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** A ConfigMap: about 300 bytes as stored, or `payload` bytes more. */
function configMap(i: number, payload = 120): object {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${String(i).padStart(6, '0')}`, labels: { app: 'bench', shard: String(i % 16) } }, data: { payload: 'x'.repeat(payload), index: String(i) } };
}

async function populate(agent: Agent, base: string, count: number, payload?: number): Promise<void> {
  const ns = await call(agent, base, 'POST', '/api/v1/namespaces', { metadata: { name: NAMESPACE } });
  if (ns.status !== 201) throw new Error(`create namespace: HTTP ${ns.status} ${ns.text}`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        const i = next++;
        const r = await call(agent, base, 'POST', `/api/v1/namespaces/${NAMESPACE}/configmaps`, configMap(i, payload));
        if (r.status !== 201) throw new Error(`create ${i}: HTTP ${r.status} ${r.text}`);
      }
    }),
  );
}

/** Open watches according to the server's /metrics gauge. */
async function openWatches(agent: Agent, base: string): Promise<number> {
  const r = await call(agent, base, 'GET', '/metrics');
  return Number(/apiserver_longrunning_requests\{[^}]*verb="WATCH"[^}]*\} (\d+)/.exec(r.text)?.[1] ?? Number.NaN);
}

/** A watch that reads everything and counts its ADDED events (without keeping them). */
function readingWatch(base: string): Promise<{ added: () => number; close: () => void }> {
  return new Promise((resolve, reject) => {
    let added = 0;
    const req = request(`${base}${WATCH_PATH}`, (res) => {
      res.setEncoding('utf8');
      let tail = '';
      res.on('data', (chunk: string) => {
        const text = tail + chunk;
        let from = 0;
        for (let at = text.indexOf('{"type":"ADDED"'); at >= 0; at = text.indexOf('{"type":"ADDED"', from)) {
          added++;
          from = at + 1;
        }
        tail = text.slice(Math.max(from, text.length - 16));
      });
      res.on('error', () => undefined);
      resolve({ added: () => added, close: () => req.destroy() });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

/** A raw socket that asks for a watch and never reads a byte; `closed()` tells whether the server ended it. */
function stuckWatch(base: string): Promise<{ closed: () => boolean; close: () => void }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.pause();
      socket.write(`GET ${WATCH_PATH} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      resolve({ closed: () => closed, close: () => socket.destroy() });
    });
    socket.on('close', () => (closed = true));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/** Samples the server child's RSS (its own figure, over IPC) every 100 ms; `stop()` resolves with the peak. */
function sampleRss(server: BenchChild, first: number): { stop: () => Promise<number> } {
  let peak = first;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, (await server.request<ServerStats>('stats')).rss);
      await sleep(100);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return Math.max(peak, (await server.request<ServerStats>('stats')).rss);
    },
  };
}

/** Runs `scenario` against a fresh API server child, stopping it and the client agent afterwards. */
async function withServer<T>(scenario: (server: BenchChild, url: string, agent: Agent) => Promise<T>): Promise<T> {
  const server = await BenchChild.start('apiserver', childScript('apiserverChild'), []);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  try {
    return await scenario(server, server.ready.url!, agent);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** `readers` watches read a replay of `count` objects while `stuck` more never read: RSS growth and the time to read it all. */
async function replay(count: number, payload: number | undefined, readers: number, stuck: number): Promise<BenchResult[]> {
  return withServer(async (server, url, agent) => {
    await populate(agent, url, count, payload);
    const before = (await server.request<ServerStats>('stats')).rss;
    const sampler = sampleRss(server, before);
    const stuckWatches = await Promise.all(Array.from({ length: stuck }, () => stuckWatch(url)));
    const started = performance.now();
    const reading = await Promise.all(Array.from({ length: readers }, () => readingWatch(url)));
    try {
      await waitFor(`every reader to receive ${count} ADDED`, () => reading.every((r) => r.added() >= count), 600_000, 20);
      const seconds = (performance.now() - started) / 1000;
      const open = await openWatches(agent, url);
      const peak = await sampler.stop();
      const size = `${count.toLocaleString('en-US')} ConfigMaps of ${payload === undefined ? '~300 B' : `${Math.round(payload / 1024)} KB`}, ${readers} reading + ${stuck} never-reading watches`;
      return [
        { scenario: 'replay: server RSS before the watches', size, value: before / MIB, unit: 'MiB' },
        { scenario: 'replay: server RSS growth (peak − before)', size, value: (peak - before) / MIB, unit: 'MiB' },
        { scenario: 'replay: time until every reader had every ADDED', size, value: seconds, unit: 's' },
        { scenario: 'replay: never-reading watches still open at the end', size, value: Math.min(open - readers, stuckWatches.filter((s) => !s.closed()).length), unit: 'watches' },
      ];
    } finally {
      for (const r of reading) r.close();
      for (const s of stuckWatches) s.close();
    }
  });
}

/** 100 watches that never read while writes go on: the time until the server closed them all, and RSS growth. */
async function stuckWithWrites(count: number): Promise<BenchResult[]> {
  return withServer(async (server, url, agent) => {
    await populate(agent, url, count);
    const before = (await server.request<ServerStats>('stats')).rss;
    const sampler = sampleRss(server, before);
    const stuck = await Promise.all(Array.from({ length: 100 }, () => stuckWatch(url)));
    await waitFor('100 open watches', async () => (await openWatches(agent, url)) === 100, 120_000);
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        const i = writes++ % count;
        await call(agent, url, 'PATCH', `/api/v1/namespaces/${NAMESPACE}/configmaps/cm-${String(i).padStart(6, '0')}`, { data: { index: `${i}-${writes}` } }).catch(() => undefined);
      }
    })();
    const started = performance.now();
    try {
      await waitFor('every never-reading watch to be closed as unresponsive', async () => (await openWatches(agent, url)) === 0, 300_000);
    } finally {
      writing = false;
      await writer;
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = await sampler.stop();
    for (const s of stuck) s.close();
    const size = `${count.toLocaleString('en-US')} ConfigMaps, 100 never-reading watches, ${writes.toLocaleString('en-US')} merge patches`;
    return [
      { scenario: 'stuck: time until every watch was closed as unresponsive', size, value: seconds, unit: 's' },
      { scenario: 'stuck: server RSS growth (peak − before)', size, value: (peak - before) / MIB, unit: 'MiB' },
    ];
  });
}

/** 100 replaying watches that never read over a large store, and one that reads: RSS growth; the server stays up. */
async function large(count: number): Promise<BenchResult[]> {
  return withServer(async (server, url, agent) => {
    await populate(agent, url, count);
    const before = (await server.request<ServerStats>('stats')).rss;
    const sampler = sampleRss(server, before);
    const stuck = await Promise.all(Array.from({ length: 100 }, () => stuckWatch(url)));
    await waitFor('100 open watches', async () => (await openWatches(agent, url)) === 100, 300_000);
    const reader = await readingWatch(url);
    try {
      await waitFor(`the reader to receive ${count} ADDED`, () => reader.added() >= count, 600_000, 20);
      const health = await call(agent, url, 'GET', '/healthz');
      const peak = await sampler.stop();
      const size = `${count.toLocaleString('en-US')} ConfigMaps, 100 never-reading + 1 reading watches`;
      return [
        { scenario: 'large: server RSS growth (peak − before)', size, value: (peak - before) / MIB, unit: 'MiB' },
        { scenario: 'large: /healthz status after the replay', size, value: health.status, unit: 'HTTP status' },
      ];
    } finally {
      reader.close();
      for (const s of stuck) s.close();
    }
  });
}

/** The `opkit-apiserver` command with a watch open: milliseconds from SIGTERM until it exited (its watches ended). */
async function stopWithOpenWatch(): Promise<BenchResult> {
  const bin = fileURLToPath(new URL('../bin/opkit-apiserver.js', import.meta.resolve('@opkit/apiserver')));
  const child = spawn(process.execPath, [bin, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitFor('opkit-apiserver to listen', () => /listening on (http:\/\/\S+)/.test(out), 60_000, 20);
    const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
    const watch = await fetch(`${url}/api/v1/namespaces/default/configmaps?watch=true&allowWatchBookmarks=true`);
    const body = watch.text();
    const started = performance.now();
    child.kill('SIGTERM');
    const code = await exited;
    const ms = performance.now() - started;
    await body;
    if (code !== 0) throw new Error(`opkit-apiserver exited with ${code} on SIGTERM`);
    return { scenario: 'opkit-apiserver: SIGTERM to exit, one watch open', size: '1 watch', value: ms, unit: 'ms' };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** The scenarios of `bench watch-memory`, in the order they run. */
export type WatchMemoryScenario = 'replay' | 'replay-large-objects' | 'stuck' | 'large' | 'stop';

/** Every scenario. */
export const WATCH_MEMORY_SCENARIOS: readonly WatchMemoryScenario[] = ['replay', 'replay-large-objects', 'stuck', 'large', 'stop'];

/**
 * Runs the watch-memory scenarios (all by default) and returns their figures (`pnpm bench watch-memory`).
 *
 * @example
 * const results = await runWatchMemoryBench({ objects: 1000, largeObjects: 100 }, ['replay', 'stop']);
 */
export async function runWatchMemoryBench(sizes: WatchMemorySizes = WATCH_MEMORY_FULL_SIZES, scenarios: readonly WatchMemoryScenario[] = WATCH_MEMORY_SCENARIOS): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const scenario of WATCH_MEMORY_SCENARIOS.filter((s) => scenarios.includes(s))) {
    if (scenario === 'replay') results.push(...(await replay(sizes.objects, undefined, 50, 20)));
    // What test/watch-bounds.test.ts of @opkit/apiserver once asserted (growth under 200 MB): a replay larger
    // than loopback socket buffers absorb, to 10 readers and 20 clients that never read.
    if (scenario === 'replay-large-objects') results.push(...(await replay(sizes.largeObjects, 40 * 1024, 10, 20)));
    if (scenario === 'stuck') results.push(...(await stuckWithWrites(sizes.objects)));
    if (scenario === 'large') results.push(...(await large(sizes.objects * 5)));
    // What test/persistence-cli.test.ts of @opkit/apiserver once asserted (under 5 s).
    if (scenario === 'stop') results.push(await stopWithOpenWatch());
  }
  return results;
}
