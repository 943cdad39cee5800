// The scenarios of `pnpm chaos`: what an attacker or a bad day does to an operator and its API server —
// kill -9 of either, faults on the watch, malformed and slow requests, watchers that never read, a killed
// leader, hours of churn compressed into a soak — each run on fresh child processes and judged against
// one invariant (lost writes 0, handlers exact, no two leaders…), with the figures that show by how much it
// held. docs/reliability.md describes each scenario and publishes a full run's figures.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiServerOptions } from '@opkit/apiserver';
import { BenchChild, childScript } from '../harness/processes.js';
import { inParallel } from '../harness/http.js';
import { percentile, round, sleep, waitFor } from '../harness/stats.js';
import type { TakeoverMessage } from '../scenarios/takeoverProtocol.js';
import { Api, CONFIGMAPS_PATH, kernelSockets, RawConnection, seeded, TCP_STATES, WIDGETS_PATH } from './clients.js';
import type { Widget } from './clients.js';
import { chaosScript } from './chaosProtocol.js';
import type { ChaosOperatorStats, ChaosServerStats, HandlerRun } from './chaosProtocol.js';

/** The sizes of a run. */
export interface ChaosSizes {
  readonly operatorKill: { readonly objects: number; readonly kills: number; readonly handlerDelayMs: number };
  readonly apiserverKill: { readonly writers: number; readonly kills: number; readonly writesPerRound: number };
  readonly watchFaults: { readonly objects: number };
  readonly malformed: { readonly requests: number };
  readonly nonReadingWatches: { readonly watches: number; readonly eventBytes: number; readonly eventsPerSecond: number };
  readonly slowClients: { readonly flood: number; readonly connections?: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number } };
  readonly leaderKill: { readonly kills: number };
  readonly soak: { readonly seconds: number; readonly pool: number; readonly opsPerSecond: number; readonly sampleEverySeconds: number };
}

/** `pnpm chaos`: the sizes of issue 31 (the soak lasts 10 minutes; the slow-client bounds are the server's defaults). */
export const FULL_CHAOS_SIZES: ChaosSizes = {
  operatorKill: { objects: 200, kills: 5, handlerDelayMs: 2000 },
  apiserverKill: { writers: 32, kills: 3, writesPerRound: 4000 },
  watchFaults: { objects: 1000 },
  malformed: { requests: 3000 },
  nonReadingWatches: { watches: 100, eventBytes: 64 * 1024, eventsPerSecond: 20 },
  slowClients: { flood: 5000 },
  leaderKill: { kills: 3 },
  soak: { seconds: 600, pool: 200, opsPerSecond: 20, sampleEverySeconds: 30 },
};

/** `pnpm chaos --quick`: every scenario scaled down (CI runs it). */
export const QUICK_CHAOS_SIZES: ChaosSizes = {
  operatorKill: { objects: 100, kills: 3, handlerDelayMs: 1000 },
  apiserverKill: { writers: 32, kills: 3, writesPerRound: 300 },
  watchFaults: { objects: 200 },
  malformed: { requests: 800 },
  nonReadingWatches: { watches: 30, eventBytes: 64 * 1024, eventsPerSecond: 20 },
  slowClients: { flood: 500, connections: { headersTimeoutMs: 2000, requestTimeoutMs: 4000, keepAliveTimeoutMs: 3000, maxConnections: 200 } },
  leaderKill: { kills: 2 },
  soak: { seconds: 15, pool: 50, opsPerSecond: 10, sampleEverySeconds: 3 },
};

/** One scenario's outcome: its invariant, whether it held (and if not, what broke it), and its figures. */
export interface ScenarioResult {
  readonly invariant: string;
  readonly pass: boolean;
  /** What broke the invariant (empty when it held). */
  readonly failures: string[];
  readonly figures: Record<string, unknown>;
  readonly seconds: number;
}

/** The scenario keys, in the order they run. */
export const SCENARIOS = ['operatorKill', 'apiserverKill', 'watchFaults', 'malformed', 'nonReadingWatches', 'slowClients', 'leaderKill', 'soak'] as const;
/** A scenario key. */
export type ScenarioName = (typeof SCENARIOS)[number];

const MiB = 1024 * 1024;
const LONG = 300_000;
const mib = (bytes: number): number => round(bytes / MiB, 1);

function startServer(options: ApiServerOptions = {}): Promise<BenchChild> {
  return BenchChild.start('apiserver', chaosScript('serverChild'), [JSON.stringify(options)]);
}

function startOperator(url: string, runLog: string, maxDelayMs = 0): Promise<BenchChild> {
  return BenchChild.start('operator', chaosScript('operatorChild'), [url, runLog, String(maxDelayMs)]);
}

/** SIGKILLs a child and waits until it is gone. */
async function kill9(child: BenchChild): Promise<void> {
  const gone = new Promise<void>((resolve) => (child.process.exitCode !== null || child.process.signalCode !== null ? resolve() : child.process.once('exit', () => resolve())));
  child.process.kill('SIGKILL');
  await gone;
}

function readRuns(runLog: string): HandlerRun[] {
  return readFileSync(runLog, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as HandlerRun);
}

function runsByObject(runs: readonly HandlerRun[], handler: string): Map<string, HandlerRun[]> {
  const out = new Map<string, HandlerRun[]>();
  for (const run of runs) {
    if (run.handler !== handler) continue;
    const list = out.get(run.name) ?? [];
    list.push(run);
    out.set(run.name, list);
  }
  return out;
}

/** A scratch directory removed when `work` ends. */
async function withDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-chaos-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function widgetName(i: number): string {
  return `w-${String(i).padStart(5, '0')}`;
}

/** Waits until every widget of `names` has `status[handler]`; returns the widgets. */
async function waitStored(api: Api, names: readonly string[], handler: 'create_fn' | 'update_fn', timeoutMs = LONG): Promise<Map<string, Widget>> {
  let byName = new Map<string, Widget>();
  await waitFor(`${names.length} objects with status.${handler}`, async () => {
    byName = new Map((await api.widgets()).map((w) => [w.metadata.name, w]));
    return names.every((n) => byName.get(n)?.status?.[handler]?.run !== undefined);
  }, timeoutMs, 250);
  return byName;
}

/** Operator kill -9 ×K over N objects: completed-and-stored handlers never re-run; re-runs of interrupted ones counted. */
async function operatorKill(sizes: ChaosSizes['operatorKill'], log: (line: string) => void): Promise<Omit<ScenarioResult, 'seconds'>> {
  return withDir(async (dir) => {
    const server = await startServer();
    const api = new Api(server.ready.url!);
    const runLog = join(dir, 'runs.jsonl');
    writeFileSync(runLog, '');
    try {
      await api.installCrd();
      const names = Array.from({ length: sizes.objects }, (_, i) => widgetName(i));
      await inParallel(names, 16, (n) => api.createWidget(n, 'created'));
      const storedAtKill: number[] = [];
      for (let k = 0; k < sizes.kills; k++) {
        const operator = await startOperator(server.ready.url!, runLog, sizes.handlerDelayMs);
        const target = Math.round((sizes.objects * (k + 1)) / (sizes.kills + 1));
        let stored = 0;
        await waitFor(`${target} stored results before kill ${k + 1}`, async () => {
          stored = (await api.widgets()).filter((w) => w.status?.create_fn?.run !== undefined).length;
          return stored >= target;
        }, LONG, 100);
        await kill9(operator);
        storedAtKill.push(stored);
        log(`operator kill ${k + 1}/${sizes.kills}: ${stored} of ${sizes.objects} results stored`);
      }
      const operator = await startOperator(server.ready.url!, runLog, sizes.handlerDelayMs);
      await waitStored(api, names, 'create_fn');
      // Every object then changes once, and the same process handles each change: it has seen every object
      // after its result was stored, so a create handler re-run on a stored result would be in the run log.
      await inParallel(names, 16, (n) => api.retry('PATCH', `${WIDGETS_PATH}/${n}`, { spec: { value: 'changed' } }, [200], LONG, 'application/merge-patch+json'));
      const final = await waitStored(api, names, 'update_fn');
      await operator.stop();
      const runs = readRuns(runLog);
      const creates = runsByObject(runs, 'create_fn');
      const updates = runsByObject(runs, 'update_fn');
      const failures: string[] = [];
      let interruptedReruns = 0;
      let objectsRerun = 0;
      let rerunsAfterStored = 0;
      for (const name of names) {
        const list = creates.get(name) ?? [];
        const storedRun = final.get(name)?.status?.create_fn?.run;
        const at = list.findIndex((r) => r.run === storedRun);
        if (at < 0) {
          failures.push(`${name}: the stored create result ${String(storedRun)} is not a run in the log`);
          continue;
        }
        interruptedReruns += at;
        if (at > 0) objectsRerun++;
        rerunsAfterStored += list.length - 1 - at;
        if ((updates.get(name) ?? []).length !== 1) failures.push(`${name}: update handler ran ${(updates.get(name) ?? []).length} times, not once`);
      }
      if (rerunsAfterStored > 0) failures.push(`${rerunsAfterStored} create handler runs after the object's result was stored`);
      return {
        invariant: 'every object handled; a create handler whose result was stored never runs again; each update handled exactly once',
        pass: failures.length === 0, failures: failures.slice(0, 20),
        figures: {
          objects: sizes.objects, kills: sizes.kills, storedAtEachKill: storedAtKill,
          createRuns: runs.filter((r) => r.handler === 'create_fn').length,
          rerunsOfInterrupted: interruptedReruns, objectsWithInterruptedRuns: objectsRerun,
          rerunsAfterStored, updateRuns: runs.filter((r) => r.handler === 'update_fn').length,
        },
      };
    } finally {
      api.close();
      await server.stop();
    }
  });
}

/** API server kill -9 ×K with --data-dir under W writers: acknowledged writes lost must be 0. */
async function apiserverKill(sizes: ChaosSizes['apiserverKill'], log: (line: string) => void): Promise<Omit<ScenarioResult, 'seconds'>> {
  return withDir(async (dataDir) => {
    let server = await startServer({ dataDir });
    const port = Number(new URL(server.ready.url!).port);
    const api = new Api(server.ready.url!, sizes.writers);
    const acked = new Map<string, string>();
    let unanswered = 0;
    let stopping = false;
    const restartMs: number[] = [];
    const writer = async (w: number): Promise<void> => {
      for (let seq = 0; !stopping; seq++) {
        const name = `k-${w}-${seq}`;
        const value = `${w}:${seq}:${'x'.repeat(64)}`;
        for (;;) {
          if (stopping) return;
          const answer = await api.call('POST', CONFIGMAPS_PATH, { metadata: { name }, data: { v: value } }, 'application/json', 30_000);
          if (answer.status === 201) acked.set(name, value);
          if (answer.status === 201 || answer.status === 409) break;
          unanswered++;
          await sleep(20);
        }
      }
    };
    const writers = Array.from({ length: sizes.writers }, (_, w) => writer(w));
    try {
      for (let k = 0; k < sizes.kills; k++) {
        const target = acked.size + sizes.writesPerRound;
        await waitFor(`${target} acknowledged writes`, () => acked.size >= target, LONG, 20);
        const before = acked.size;
        await kill9(server);
        const killedAt = performance.now();
        server = await startServer({ dataDir, port });
        restartMs.push(Math.round(performance.now() - killedAt));
        log(`API server kill ${k + 1}/${sizes.kills} after ${before} acknowledged writes; back in ${restartMs.at(-1)} ms`);
      }
      const target = acked.size + Math.ceil(sizes.writesPerRound / 4);
      await waitFor('writes after the last restart', () => acked.size >= target, LONG, 20);
    } finally {
      stopping = true;
      await Promise.all(writers);
    }
    try {
      const list = await api.retry('GET', CONFIGMAPS_PATH, undefined, [200]);
      const present = new Map((JSON.parse(list.body) as { items: { metadata: { name: string }; data?: { v?: string } }[] }).items.map((o) => [o.metadata.name, o.data?.v]));
      const lost = [...acked].filter(([name, value]) => present.get(name) !== value).map(([name]) => name);
      return {
        invariant: 'no acknowledged write is lost: every ConfigMap answered 201 is there after each kill -9 and restart, with its data',
        pass: lost.length === 0, failures: lost.length === 0 ? [] : [`${lost.length} acknowledged writes lost, e.g. ${lost.slice(0, 5).join(', ')}`],
        figures: { writers: sizes.writers, kills: sizes.kills, acknowledgedWrites: acked.size, lost: lost.length, failedAttempts: unanswered, restartMs, restartMsMax: Math.max(...restartMs) },
      };
    } finally {
      api.close();
      await server.stop();
    }
  });
}

/** 1,000 objects under dropped watches, 10% 500s and compaction every 2 s: exact handler counts. */
async function watchFaults(sizes: ChaosSizes['watchFaults'], log: (line: string) => void): Promise<Omit<ScenarioResult, 'seconds'>> {
  return withDir(async (dir) => {
    const faults = { watchDropMs: 2000, errorRate: 0.1, errorCode: 500 as const, compactEveryMs: 2000 };
    const server = await startServer({ faults });
    const api = new Api(server.ready.url!);
    const runLog = join(dir, 'runs.jsonl');
    writeFileSync(runLog, '');
    try {
      await api.installCrd();
      const operator = await startOperator(server.ready.url!, runLog);
      const names = Array.from({ length: sizes.objects }, (_, i) => widgetName(i));
      let driverAttempts = 0;
      await inParallel(names, 16, async (n) => {
        const attempts = await api.createWidget(n, 'created');
        driverAttempts += attempts;
      });
      await waitStored(api, names, 'create_fn');
      log(`watch faults: ${sizes.objects} created and handled; changing each once`);
      await inParallel(names, 16, async (n) => {
        const { attempts } = await api.retry('PATCH', `${WIDGETS_PATH}/${n}`, { spec: { value: 'changed' } }, [200], LONG, 'application/merge-patch+json');
        driverAttempts += attempts;
      });
      await waitStored(api, names, 'update_fn');
      const operatorStats = await operator.request<ChaosOperatorStats>('stats');
      const serverStats = await server.request<ChaosServerStats>('stats');
      await operator.stop();
      const runs = readRuns(runLog);
      const failures: string[] = [];
      for (const [handler, byObject] of [['create_fn', runsByObject(runs, 'create_fn')], ['update_fn', runsByObject(runs, 'update_fn')]] as const) {
        const wrong = names.filter((n) => (byObject.get(n) ?? []).length !== 1);
        if (wrong.length > 0) failures.push(`${handler}: ${wrong.length} objects not handled exactly once (e.g. ${wrong.slice(0, 3).map((n) => `${n} ×${(byObject.get(n) ?? []).length}`).join(', ')})`);
      }
      const logs = operatorStats.logs;
      const logged = (fragment: string): number => Object.entries(logs).filter(([message]) => message.includes(fragment)).reduce((sum, [, n]) => sum + n, 0);
      return {
        invariant: 'every object\'s create and update handlers run exactly once despite dropped watches, 500s and compacted history',
        pass: failures.length === 0, failures,
        figures: {
          objects: sizes.objects, faults: 'watch-drop=2s, error-rate=0.1, error-code=500, compact-every=2s',
          createRuns: operatorStats.created, updateRuns: operatorStats.updated,
          injected500s: serverStats.faults.failed, droppedWatches: serverStats.faults.droppedWatches, compactions: serverStats.faults.compactions,
          operatorRelistsAfter410: logged('resourceVersion expired'), operatorWatchReconnects: logged('reconnecting'),
          driverRetriesOn500: driverAttempts - 2 * sizes.objects,
        },
      };
    } finally {
      api.close();
      await server.stop();
    }
  });
}

type Malformed = { readonly category: string; readonly bytes: string | Buffer };

function httpText(method: string, path: string, body?: string, contentType = 'application/json', extra = ''): string {
  const head = `${method} ${path} HTTP/1.1\r\nHost: chaos\r\nConnection: close\r\n${extra}`;
  return body === undefined ? `${head}\r\n` : `${head}Content-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The i-th malformed request of a run (deterministic for a seed). */
function malformedRequest(i: number, random: () => number, sentinel: string): Malformed {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const scratch = `scratch-${i}`;
  const target = `${CONFIGMAPS_PATH}/${sentinel}`;
  if (i % 500 === 499) return { category: 'oversized body (4 MiB)', bytes: httpText('POST', CONFIGMAPS_PATH, JSON.stringify({ metadata: { name: scratch }, data: { a: 'x'.repeat(4 * MiB) } })) };
  switch (i % 10) {
    case 0:
      return { category: 'invalid JSON', bytes: httpText('POST', CONFIGMAPS_PATH, pick(['{', '{"metadata":', 'nul', '[]', 'null', '"x"', '42', '{"metadata":{"name":', '{"a":1,}', '\u0000\u0001', Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256))).toString('latin1')])) };
    case 1: {
      const depth = pick([1000, 100_000]);
      return { category: 'deeply nested JSON', bytes: httpText('POST', CONFIGMAPS_PATH, pick(['['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), `{"metadata":{"name":"${scratch}"},"data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`])) };
    }
    case 2:
      return { category: 'wrong content type', bytes: httpText(pick(['POST', 'PUT', 'PATCH']), pick([CONFIGMAPS_PATH, target]), JSON.stringify({ metadata: { name: scratch } }), pick(['text/plain', 'application/xml', 'multipart/form-data', 'application/foo-patch+json', ''])) };
    case 3:
      return { category: 'bad metadata', bytes: httpText('POST', CONFIGMAPS_PATH, JSON.stringify(pick<unknown>([
        { metadata: { name: 'UPPER' } }, { metadata: { name: 'a'.repeat(300) } }, { metadata: { name: '' } }, { metadata: { name: '../x' } }, { metadata: 5 },
        { kind: 'Secret', metadata: { name: scratch } }, { apiVersion: 'v2', metadata: { name: scratch } }, { metadata: { name: scratch, namespace: 'other' } },
        { metadata: { generateName: '%%%' } }, { metadata: { name: scratch, labels: { 'a b': 'c' } } }, { metadata: { name: scratch, annotations: { a: 5 } } },
        { metadata: { name: scratch, labels: 'x' } }, { metadata: { name: scratch, finalizers: 'x' } }, { metadata: { name: scratch, ownerReferences: [{}] } },
      ]))) };
    case 4:
      return { category: 'built-in fields of the wrong type', bytes: httpText('POST', CONFIGMAPS_PATH, JSON.stringify(pick<unknown>([
        { metadata: { name: scratch }, data: { a: 1 } }, { metadata: { name: scratch }, data: { a: { b: 'c' } } }, { metadata: { name: scratch }, data: 'str' },
        { metadata: { name: scratch }, binaryData: { a: '!!!' } }, { metadata: { name: scratch }, immutable: 'yes' }, { metadata: { name: scratch }, data: { 'bad/key': 'v' } },
      ]))) };
    case 5: {
      const [body, type] = pick<readonly [string, string]>([
        [JSON.stringify([{ op: 'bogus', path: '/data/k' }]), 'application/json-patch+json'],
        [JSON.stringify([{ op: 'remove', path: '/data/nope/x' }]), 'application/json-patch+json'],
        [JSON.stringify([{ op: 'test', path: '/data/k', value: 'other' }, { op: 'replace', path: '/data/k', value: 'changed' }]), 'application/json-patch+json'],
        [JSON.stringify({ op: 'add' }), 'application/json-patch+json'],
        ['5', 'application/merge-patch+json'], ['"str"', 'application/merge-patch+json'], ['{', 'application/merge-patch+json'],
        [JSON.stringify({ metadata: { '$setElementOrder/finalizers': 5 } }), 'application/strategic-merge-patch+json'],
        [JSON.stringify({ $patch: 'bogus' }), 'application/strategic-merge-patch+json'],
        [JSON.stringify({ metadata: { resourceVersion: '1' }, data: { k: 'changed' } }), 'application/merge-patch+json'],
        [JSON.stringify({ metadata: { name: 'other' } }), 'application/merge-patch+json'],
        [JSON.stringify({ data: { k: 'changed' } }), 'application/apply-patch+yaml'],
      ]);
      return { category: 'bad patch of a stored object', bytes: httpText('PATCH', target, body, type) };
    }
    case 6:
      return { category: 'bad URL or query', bytes: httpText(pick(['GET', 'GET', 'DELETE', 'PROPFIND', 'TRACE']), pick([
        `${CONFIGMAPS_PATH}?limit=abc`, `${CONFIGMAPS_PATH}?labelSelector=!!!=`, `${CONFIGMAPS_PATH}?fieldSelector=metadata.bogus%3Dx`,
        `${CONFIGMAPS_PATH}?resourceVersion=xyz&resourceVersionMatch=Bogus`, `${CONFIGMAPS_PATH}/%ff%fe`, '/apis/nope.example/v1/things',
        `/api/v1/${'a'.repeat(20_000)}`, '/api/v1/namespaces//configmaps', `${CONFIGMAPS_PATH}?continue=garbage`, '/api/v1/namespaces/default/configmaps/..%2f..%2fsecrets',
      ])) };
    case 7: {
      const random64 = Buffer.from(Array.from({ length: 256 }, () => Math.floor(random() * 256)));
      return { category: 'broken HTTP framing', bytes: pick<string | Buffer>([
        random64, 'GET / HTTP/9.9\r\n\r\n', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(200_000)}\r\n\r\n`,
        `POST ${CONFIGMAPS_PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        `POST ${CONFIGMAPS_PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`, `POST ${CONFIGMAPS_PATH} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nabc\r\n`,
        'GET /healthz HTTP/1.1\r\nNoColonHere\r\n\r\n', 'GET  /  x  HTTP/1.1\r\n\r\n', 'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
      ]) };
    }
    case 8: {
      const body = pick<unknown>([{ metadata: { name: 'other' }, data: { k: 'changed' } }, { metadata: { name: sentinel, resourceVersion: '1' }, data: { k: 'changed' } }, { metadata: { name: sentinel, uid: 'not-its-uid', resourceVersion: '1' } }, []]);
      return { category: 'bad PUT of a stored object', bytes: httpText('PUT', target, JSON.stringify(body)) };
    }
    default:
      return { category: 'deletecollection with a bad selector', bytes: httpText('DELETE', `${CONFIGMAPS_PATH}?${pick(['labelSelector=!!!', 'labelSelector=a%20in%20(', 'fieldSelector=data.k%3Dv', 'labelSelector=a!=b,,,', 'labelSelector=%00'])}`) };
  }
}

/** Sends raw bytes on a fresh connection and resolves with the status answered (0: closed without one). */
async function sendRaw(host: string, port: number, bytes: string | Buffer): Promise<{ status: number; head: string }> {
  const connection = await RawConnection.open(host, port);
  connection.write(bytes);
  const timer = setTimeout(() => connection.socket.destroy(), 60_000);
  await connection.closed;
  clearTimeout(timer);
  const text = connection.received();
  return { status: connection.status(), head: text.slice(0, 400) };
}

/**
 * Several thousand malformed requests: the server never crashes and stored objects stay as they were. The
 * answers are counted by status; a 5xx is reported with its request (kube-apiserver itself answers 500 to a
 * strategic merge patch with an unknown `$patch` directive, so the count is a figure, not the invariant).
 */
async function malformed(sizes: ChaosSizes['malformed'], log: (line: string) => void): Promise<Omit<ScenarioResult, 'seconds'>> {
  const server = await startServer();
  const api = new Api(server.ready.url!);
  const { hostname: host, port } = new URL(server.ready.url!);
  try {
    const sentinels = Array.from({ length: 10 }, (_, i) => `sentinel-${i}`);
    for (const name of sentinels) await api.retry('POST', CONFIGMAPS_PATH, { metadata: { name, labels: { chaos: 'sentinel' } }, data: { k: `value-${name}` } }, [201]);
    const snapshot = async (): Promise<string[]> => Promise.all(sentinels.map(async (n) => (await api.retry('GET', `${CONFIGMAPS_PATH}/${n}`, undefined, [200, 404])).body));
    const before = await snapshot();
    const random = seeded(31);
    const requests = Array.from({ length: sizes.requests }, (_, i) => malformedRequest(i, random, sentinels[i % sentinels.length]!));
    const byStatus: Record<string, number> = {};
    const byCategory: Record<string, Record<string, number>> = {};
    const serverErrors: string[] = [];
    const acceptedSamples: string[] = [];
    let healthChecks = 0;
    let healthFailures = 0;
    let done = 0;
    await inParallel(requests, 8, async (request) => {
      const { status, head } = await sendRaw(host, Number(port), request.bytes);
      const key = status === 0 ? 'closed without an answer' : String(status);
      byStatus[key] = (byStatus[key] ?? 0) + 1;
      const category = (byCategory[request.category] ??= {});
      category[key] = (category[key] ?? 0) + 1;
      if (status >= 200 && status < 300 && acceptedSamples.length < 20) acceptedSamples.push(`${request.category}: ${String(request.bytes).slice(0, 300).replace(/\r\n/g, ' ')} → ${status}`);
      if (status >= 500 && serverErrors.length < 10) serverErrors.push(`${request.category}: ${String(request.bytes).slice(0, 120).replace(/\r\n/g, ' ')} → ${head.replace(/\r\n/g, ' ').slice(0, 200)}`);
      if (++done % 250 === 0) {
        healthChecks++;
        if ((await api.call('GET', '/healthz')).status !== 200) healthFailures++;
      }
    });
    log(`malformed: ${sizes.requests} sent; answers ${JSON.stringify(byStatus)}`);
    const after = await snapshot();
    const changed = sentinels.filter((_, i) => before[i] !== after[i]);
    const alive = server.process.exitCode === null && server.process.signalCode === null && (await api.call('GET', '/healthz')).status === 200;
    const fiveHundreds = Object.entries(byStatus).filter(([s]) => Number(s) >= 500).reduce((sum, [, n]) => sum + n, 0);
    const failures = [
      ...(alive ? [] : ['the API server did not survive']),
      ...(healthFailures > 0 ? [`/healthz failed ${healthFailures} of ${healthChecks} times during the run`] : []),
      ...(changed.length > 0 ? [`stored objects changed: ${changed.join(', ')}; e.g. ${before[sentinels.indexOf(changed[0]!)]} → ${after[sentinels.indexOf(changed[0]!)]}`] : []),
    ];
    return {
      invariant: 'the server survives every request (and /healthz answers throughout), and the stored objects are unchanged: no malformed request changes or deletes them',
      pass: failures.length === 0, failures,
      figures: { requests: sizes.requests, byStatus, byCategory, serverErrors: fiveHundreds, serverErrorSamples: serverErrors, healthChecks, storedObjectsChanged: changed.length, acceptedSamples, accepted: Object.entries(byStatus).filter(([s]) => Number(s) >= 200 && Number(s) < 300).reduce((sum, [, n]) => sum + n, 0) },
    };
  } finally {
    api.close();
    await server.stop();
  }
}

/** W watches that never read: each is closed, its socket released (reset, not left waiting), and the server's memory bounded. */
async function nonReadingWatches(sizes: ChaosSizes['nonReadingWatches'], log: (line: string) => void): Promise<Omit<ScenarioResult, 'seconds'>> {
  const server = await startServer();
  const api = new Api(server.ready.url!, 4);
  const { hostname: host, port: portText } = new URL(server.ready.url!);
  const port = Number(portText);
  const connections: RawConnection[] = [];
  try {
    const baseline = await server.request<ChaosServerStats>('stats', { gc: true });
    for (let i = 0; i < sizes.watches; i++) {
      const connection = await RawConnection.open(host, port);
      connection.write(httpText('GET', `${CONFIGMAPS_PATH}?watch=1`).replace('Connection: close\r\n', ''));
      await waitFor('the watch to be answered', () => connection.status() !== 0 || connection.closedAt !== undefined, 60_000, 10);
      if (connection.status() !== 200) throw new Error(`watch ${i} answered ${connection.received().slice(0, 200)}`);
      connection.socket.pause();
      connections.push(connection);
    }
    await waitFor(`${sizes.watches} open watches`, async () => (await server.request<ChaosServerStats>('stats')).watches >= sizes.watches, 60_000);
    const blob = 'x'.repeat(sizes.eventBytes);
    let events = 0;
    let peakRss = 0;
    let unsentAtClose = 0;
    const started = performance.now();
    await waitFor('the server to close every watch that does not read', async () => {
      const due = Math.floor(((performance.now() - started) / 1000) * sizes.eventsPerSecond);
      while (events < due) await api.retry('POST', CONFIGMAPS_PATH, { metadata: { name: `blob-${events++}` }, data: { blob } }, [201]);
      const stats = await server.request<ChaosServerStats>('stats');
      peakRss = Math.max(peakRss, stats.rss);
      return stats.watches === 0;
    }, LONG, 50);
    const ports = new Set(connections.map((c) => c.socket.localPort));
    const serverSide = (): { count: number; unsent: number } | undefined => {
      const sockets = kernelSockets();
      if (!sockets) return undefined;
      const mine = sockets.filter((s) => s.localPort === port && ports.has(s.remotePort) && s.state !== 6);
      return { count: mine.length, unsent: mine.reduce((sum, s) => sum + s.txQueue, 0) };
    };
    unsentAtClose = serverSide()?.unsent ?? -1;
    const closedAfter = (performance.now() - started) / 1000;
    const measured = kernelSockets() !== undefined;
    if (measured) await waitFor('the server\'s sockets of the watches to be released', () => serverSide()!.count === 0, 120_000, 100);
    const clientStates: Record<string, number> = {};
    for (const s of kernelSockets() ?? []) {
      if (s.remotePort === port && ports.has(s.localPort)) clientStates[TCP_STATES[s.state] ?? String(s.state)] = (clientStates[TCP_STATES[s.state] ?? String(s.state)] ?? 0) + 1;
    }
    const clientsStillWaiting = clientStates.ESTABLISHED ?? 0;
    const after = await server.request<ChaosServerStats>('stats', { gc: true });
    const rssGrowth = after.rss - baseline.rss;
    log(`non-reading watches: closed after ${round(closedAfter, 1)} s and ${events} events; RSS ${mib(baseline.rss)} → peak ${mib(peakRss)} → ${mib(after.rss)} MiB`);
    const failures = [
      ...(measured && clientsStillWaiting > 0 ? [`${clientsStillWaiting} clients never saw their watch close (the close waits behind unsent data)`] : []),
      ...(rssGrowth > 256 * MiB ? [`the server's RSS stayed ${mib(rssGrowth)} MiB above its baseline after the watches closed (bound: 256 MiB)`] : []),
    ];
    return {
      invariant: 'every watch that does not read is closed and its socket released (reset: the client sees the close, no unsent data stays in the kernel); the server\'s RSS returns within 256 MiB of its baseline',
      pass: failures.length === 0, failures,
      figures: {
        watches: sizes.watches, eventBytes: sizes.eventBytes, events, secondsUntilAllClosed: round(closedAfter, 1),
        kernelMeasured: measured, unsentBytesWhenClosed: unsentAtClose, clientSocketStates: clientStates,
        serverSocketsBefore: baseline.sockets, serverSocketsAfter: after.sockets,
        rssBaselineMiB: mib(baseline.rss), rssPeakMiB: mib(peakRss), rssAfterMiB: mib(after.rss), heapAfterMiB: mib(after.heapUsed),
      },
    };
  } finally {
    for (const c of connections) c.socket.destroy();
    api.close();
    await server.stop();
  }
}

/** Slow clients: header, request and keep-alive timeouts fire; a flood of unfinished connections leaves /healthz answering. */
async function slowClients(sizes: ChaosSizes['slowClients'], log: (line: string) => void): Promise<Omit<ScenarioResult, 'seconds'>> {
  const server = await startServer(sizes.connections ? { connections: sizes.connections } : {});
  const bounds = sizes.connections ?? { headersTimeoutMs: 32_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 90_000, maxConnections: 4096 };
  const { hostname: host, port: portText } = new URL(server.ready.url!);
  const port = Number(portText);
  const open: RawConnection[] = [];
  const timers: NodeJS.Timeout[] = [];
  try {
    const slow = async (what: string, start: (c: RawConnection) => void): Promise<[string, { closedAfterSeconds: number | null; answered: number }]> => {
      const connection = await RawConnection.open(host, port);
      open.push(connection);
      start(connection);
      const deadline = setTimeout(() => connection.socket.destroy(), Math.max(bounds.requestTimeoutMs, bounds.keepAliveTimeoutMs) * 2 + 60_000);
      await connection.closed;
      clearTimeout(deadline);
      // Closed by the server when it answered or within the bound; by the deadline above otherwise (secondsOpen then exceeds it).
      return [what, { closedAfterSeconds: connection.secondsOpen() === undefined ? null : round(connection.secondsOpen()!, 2), answered: connection.status() }];
    };
    const cases = await Promise.all([
      slow('unfinished headers', (c) => c.write('GET /healthz HTTP/1.1\r\nHost: chaos\r\n')),
      slow('body short of its length', (c) => c.write(`POST ${CONFIGMAPS_PATH} HTTP/1.1\r\nHost: chaos\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"metadata"`)),
      slow('body dribbled a byte every 500 ms', (c) => {
        c.write(`POST ${CONFIGMAPS_PATH} HTTP/1.1\r\nHost: chaos\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`);
        const timer = setInterval(() => c.write(' '), 500);
        timers.push(timer);
        void c.closed.then(() => clearInterval(timer));
      }),
      slow('idle keep-alive connection', (c) => c.write('GET /healthz HTTP/1.1\r\nHost: chaos\r\n\r\n')),
    ]);
    const figures: Record<string, unknown> = { bounds, cases: Object.fromEntries(cases) };
    const failures: string[] = [];
    const limits: Record<string, number> = {
      'unfinished headers': bounds.headersTimeoutMs, 'body short of its length': bounds.requestTimeoutMs,
      'body dribbled a byte every 500 ms': bounds.requestTimeoutMs, 'idle keep-alive connection': bounds.keepAliveTimeoutMs,
    };
    for (const [what, outcome] of cases) {
      // Generous: the bound, the server's check interval and a loaded machine's delays.
      if (outcome.closedAfterSeconds === null || outcome.closedAfterSeconds > limits[what]! / 1000 * 2 + 30) failures.push(`${what}: not closed by the server (open ${String(outcome.closedAfterSeconds)} s; bound ${limits[what]! / 1000} s)`);
    }
    log(`slow clients: ${cases.map(([w, o]) => `${w} closed after ${String(o.closedAfterSeconds)} s (answered ${o.answered})`).join('; ')}`);
    // The flood: connections that never finish their headers, more than the server keeps, while /healthz is asked every 200 ms.
    const latencies: number[] = [];
    let healthFailures = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        // A new connection each time, as a kubelet's probe makes.
        const api = new Api(server.ready.url!, 1);
        const t = performance.now();
        const answer = await api.call('GET', '/healthz', undefined, undefined, 60_000);
        api.close();
        latencies.push(performance.now() - t);
        if (answer.status !== 200) healthFailures++;
        await sleep(200);
      }
    })();
    const flood: RawConnection[] = [];
    let refused = 0;
    for (let i = 0; i < sizes.flood; i++) {
      try {
        const connection = await RawConnection.open(host, port);
        connection.write('GET /healthz HTTP/1.1\r\nHost: chaos\r\n');
        flood.push(connection);
        open.push(connection);
      } catch {
        refused++;
      }
    }
    await waitFor('the server to close every unfinished connection of the flood', () => flood.every((c) => c.closedAt !== undefined), bounds.headersTimeoutMs * 2 + 120_000, 100);
    polling = false;
    await poller;
    if (healthFailures > 0) failures.push(`/healthz failed ${healthFailures} of ${latencies.length} times during the flood`);
    figures.flood = {
      connections: sizes.flood, refusedByTheKernel: refused, closedByTheServer: flood.filter((c) => c.closedAt !== undefined).length,
      healthzPolls: latencies.length, healthzFailures: healthFailures,
      healthzP50Ms: round(percentile(latencies, 50), 1), healthzP99Ms: round(percentile(latencies, 99), 1), healthzMaxMs: round(Math.max(...latencies), 1),
    };
    return { invariant: 'the server closes unfinished headers, short or dribbled bodies and idle keep-alive connections within their bounds, and /healthz answers throughout a flood of unfinished connections', pass: failures.length === 0, failures, figures };
  } finally {
    for (const t of timers) clearInterval(t);
    for (const c of open) c.socket.destroy();
    await server.stop();
  }
}

/** Leader kill -9 ×K among three replicas: never two leaders at once; how soon a standby takes over. */
async function leaderKill(sizes: ChaosSizes['leaderKill'], log: (line: string) => void): Promise<Omit<ScenarioResult, 'seconds'>> {
  const server = await BenchChild.start('apiserver', childScript('apiserverChild'), []);
  const api = new Api(server.ready.url!);
  interface Replica { identity: string; child: BenchChild; seen: Extract<TakeoverMessage, { type: 'leadership' }>[]; killedAt?: number }
  const replicas: Replica[] = [];
  const start = async (identity: string): Promise<Replica> => {
    const child = await BenchChild.start(`replica ${identity}`, chaosScript('../scenarios/takeoverChild'), ['leader', server.ready.url!, identity]);
    const replica: Replica = { identity, child, seen: [] };
    child.process.on('message', (message: TakeoverMessage) => {
      if (message?.type === 'leadership') replica.seen.push(message);
    });
    replicas.push(replica);
    return replica;
  };
  const leading = (r: Replica): boolean => r.killedAt === undefined && r.seen.at(-1)?.leader === true;
  try {
    await Promise.all(['replica-1', 'replica-2', 'replica-3'].map(start));
    log('leader kill: three replicas started');
    await waitFor('a leader', () => replicas.some(leading), LONG, 20);
    log(`leader kill: ${replicas.find(leading)!.identity} leads`);
    const takeovers: number[] = [];
    const holders: string[] = [];
    const wrongHolders: string[] = [];
    for (let k = 0; k < sizes.kills; k++) {
      const victim = replicas.find(leading)!;
      const counts = new Map(replicas.map((r) => [r, r.seen.length]));
      victim.killedAt = Date.now();
      await kill9(victim.child);
      // Three replicas again: the newcomer starts while the standbys race for the Lease (any of them may win).
      const replacement = start(`replica-${k + 4}`);
      let next: { replica: Replica; at: number } | undefined;
      await waitFor('another leader', () => {
        for (const r of replicas) {
          const took = r.killedAt === undefined ? r.seen.slice(counts.get(r)).find((m) => m.leader) : undefined;
          if (took) next = { replica: r, at: took.at };
        }
        return next !== undefined;
      }, LONG, 20);
      takeovers.push(next!.at - victim.killedAt);
      const lease = await api.retry('GET', '/apis/coordination.k8s.io/v1/namespaces/default/leases/bench-takeover', undefined, [200]);
      const holder = String((JSON.parse(lease.body) as { spec?: { holderIdentity?: string } }).spec?.holderIdentity);
      holders.push(holder);
      if (!replicas.some((r) => r.identity === holder && r.killedAt === undefined)) wrongHolders.push(`after kill ${k + 1} the Lease names ${holder}, not a live replica`);
      log(`leader kill ${k + 1}/${sizes.kills}: ${victim.identity} killed; ${next!.replica.identity} leads after ${takeovers.at(-1)} ms`);
      await replacement;
    }
    const endAt = Date.now();
    // Each replica's leadership as intervals on the machine's clock; two replicas' intervals must never overlap.
    const intervals = replicas.flatMap((r) => {
      const out: { identity: string; from: number; to: number }[] = [];
      let from: number | undefined;
      for (const m of r.seen) {
        if (m.leader && from === undefined) from = m.at;
        if (!m.leader && from !== undefined) {
          out.push({ identity: r.identity, from, to: m.at });
          from = undefined;
        }
      }
      if (from !== undefined) out.push({ identity: r.identity, from, to: r.killedAt ?? endAt });
      return out;
    });
    const overlaps: string[] = [];
    for (const a of intervals) {
      for (const b of intervals) {
        if (a.identity < b.identity && Math.min(a.to, b.to) > Math.max(a.from, b.from)) overlaps.push(`${a.identity} and ${b.identity} both led for ${Math.min(a.to, b.to) - Math.max(a.from, b.from)} ms`);
      }
    }
    const failures = [...overlaps, ...wrongHolders];
    return {
      invariant: 'never two leaders at once (the replicas\' leadership intervals never overlap); a standby takes over after every kill',
      pass: failures.length === 0, failures,
      figures: { kills: sizes.kills, replicas: 3, leaseDurationSeconds: 4, takeoverMs: takeovers, takeoverMsMax: Math.max(...takeovers), leaseHolders: holders, leadershipIntervals: intervals.length, overlaps: overlaps.length },
    };
  } finally {
    await Promise.all(replicas.map((r) => (r.killedAt === undefined ? r.child.stop(5000) : Promise.resolve())));
    api.close();
    await server.stop();
  }
}

/** A soak: creates, changes and deletions at a steady rate; every live object handled, memory flat. */
async function soak(sizes: ChaosSizes['soak'], log: (line: string) => void): Promise<Omit<ScenarioResult, 'seconds'>> {
  return withDir(async (dir) => {
    // A short watch history, so that the server's memory reaches its steady state early in the run.
    // …a short in-memory request log (kept for tests that read `requests()`, 100,000 records by default), and an
    // Event TTL of a minute (kube's default is an hour: the operator's Logging events are data the server keeps), so
    // that the server's own heap is judged too.
    const server = await startServer({ historySize: 500, maxRequestRecords: 1_000, eventTtlSeconds: 60 });
    const api = new Api(server.ready.url!);
    const runLog = join(dir, 'runs.jsonl');
    writeFileSync(runLog, '');
    try {
      await api.installCrd();
      const operator = await startOperator(server.ready.url!, runLog);
      const live: string[] = [];
      const ops = { creates: 0, updates: 0, deletes: 0, errors: 0 };
      const errorSamples: string[] = [];
      const samples: { t: number; operatorHeapMiB: number; operatorRssMiB: number; serverHeapMiB: number; serverRssMiB: number }[] = [];
      const sample = async (t: number): Promise<void> => {
        const [o, s] = await Promise.all([operator.request<ChaosOperatorStats>('stats', { gc: true }), server.request<ChaosServerStats>('stats', { gc: true })]);
        samples.push({ t: round(t, 1), operatorHeapMiB: mib(o.heapUsed), operatorRssMiB: mib(o.rss), serverHeapMiB: mib(s.heapUsed), serverRssMiB: mib(s.rss) });
      };
      const started = performance.now();
      let nextSample = 0;
      let n = 0;
      const random = seeded(7);
      for (;;) {
        const elapsed = (performance.now() - started) / 1000;
        if (elapsed >= sizes.seconds) break;
        if (elapsed >= nextSample) {
          await sample(elapsed);
          nextSample += sizes.sampleEverySeconds;
        }
        const due = Math.floor(elapsed * sizes.opsPerSecond);
        // Each tick: the objects due are created, then as many live objects change and the oldest beyond the pool go.
        const fresh: string[] = [];
        while (n < due) fresh.push(`s-${String(n++).padStart(7, '0')}`);
        const failed = (error: unknown): void => {
          ops.errors++;
          if (errorSamples.length < 5) errorSamples.push(error instanceof Error ? error.message : String(error));
        };
        await Promise.all(fresh.map((name) => api.createWidget(name, 'created').then(() => ops.creates++, failed)));
        live.push(...fresh);
        const doomed = live.length > sizes.pool ? live.splice(0, live.length - sizes.pool) : [];
        await Promise.all([
          ...fresh.map(() => live[Math.floor(random() * live.length)]!).map((name) => api.retry('PATCH', `${WIDGETS_PATH}/${name}`, { spec: { value: `v${n}` } }, [200], 60_000, 'application/merge-patch+json').then(() => ops.updates++, failed)),
          ...doomed.map((name) => api.retry('DELETE', `${WIDGETS_PATH}/${name}`, undefined, [200, 202], 60_000).then(() => ops.deletes++, failed)),
        ]);
        await sleep(1000 / sizes.opsPerSecond);
      }
      await waitStored(api, live, 'create_fn');
      await sample((performance.now() - started) / 1000);
      const creates = runsByObject(readRuns(runLog), 'create_fn');
      const twice = [...creates].filter(([, runs]) => runs.length > 1).map(([name]) => name);
      await operator.stop();
      const warm = samples.find((s) => s.t >= sizes.seconds / 4) ?? samples[0]!;
      const last = samples.at(-1)!;
      const failures: string[] = [];
      if (ops.errors > 0) failures.push(`${ops.errors} of the driver's requests failed: ${errorSamples.join(' | ')}`);
      if (twice.length > 0) failures.push(`${twice.length} objects' create handler ran more than once`);
      // Both heaps are judged: the operator's, and the server's with its request log bounded to 1,000 records.
      for (const [who, from, to] of [['operator', warm.operatorHeapMiB, last.operatorHeapMiB], ['API server', warm.serverHeapMiB, last.serverHeapMiB]] as const) {
        if (to > Math.max(from * 1.25, from + 16)) failures.push(`the ${who}'s heap grew from ${from} MiB to ${to} MiB (bound: 25% or 16 MiB over the warm sample)`);
      }
      log(`soak: ${ops.creates} creates, ${ops.updates} updates, ${ops.deletes} deletions over ${sizes.seconds} s; operator heap ${warm.operatorHeapMiB} → ${last.operatorHeapMiB} MiB, API server heap ${warm.serverHeapMiB} → ${last.serverHeapMiB} MiB`);
      return {
        invariant: 'every live object handled, no create handler twice, no failed request, and both heaps after GC flat (the operator\'s, and the API server\'s with its request log bounded): the last sample within 25% (or 16 MiB) of the sample a quarter into the run',
        pass: failures.length === 0, failures,
        figures: { seconds: sizes.seconds, pool: sizes.pool, opsPerSecond: sizes.opsPerSecond, ...ops, operatorHeapMiB: [warm.operatorHeapMiB, last.operatorHeapMiB], serverHeapMiB: [warm.serverHeapMiB, last.serverHeapMiB], liveObjects: live.length, createRuns: [...creates.values()].reduce((sum, r) => sum + r.length, 0), samples },
      };
    } finally {
      api.close();
      await server.stop();
    }
  });
}

/** Runs one scenario by name, timing it; an exception is a failed invariant with the error as its failure. */
export async function runScenario(name: ScenarioName, sizes: ChaosSizes, log: (line: string) => void): Promise<ScenarioResult> {
  const started = performance.now();
  const run = {
    operatorKill: () => operatorKill(sizes.operatorKill, log),
    apiserverKill: () => apiserverKill(sizes.apiserverKill, log),
    watchFaults: () => watchFaults(sizes.watchFaults, log),
    malformed: () => malformed(sizes.malformed, log),
    nonReadingWatches: () => nonReadingWatches(sizes.nonReadingWatches, log),
    slowClients: () => slowClients(sizes.slowClients, log),
    leaderKill: () => leaderKill(sizes.leaderKill, log),
    soak: () => soak(sizes.soak, log),
  }[name];
  try {
    return { ...(await run()), seconds: round((performance.now() - started) / 1000, 1) };
  } catch (error) {
    return { invariant: 'the scenario runs to its end', pass: false, failures: [error instanceof Error ? error.message : String(error)], figures: {}, seconds: round((performance.now() - started) / 1000, 1) };
  }
}
