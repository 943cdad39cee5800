// `pnpm bench`: the six scenarios of issue 14, each measured on separate processes — the embedded API server
// in one child, the operator under test in another, this driver generating the load and collecting what the
// processes report about themselves (CPU time, RSS, heap) and what the API server counted (requests by verb
// and resource). Opkit and the raw @kubernetes/client-node baseline run the same scenarios in the same run,
// each against a fresh API server, and every throughput and latency figure is reported for both with the
// ratio. docs/performance.md explains each figure and what bounds it.
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { KopfSource } from './kopfOperator.js';
import { BenchChild, childScript } from './processes.js';
import { HttpDriver, inParallel } from './http.js';
import type { OperatorStats, ServerStats, TimerWindow } from './protocol.js';
import { GROUP, NAMESPACE, nowMs, TIMERS, VERSION, WIDGETS } from './protocol.js';
import { byVerb, percentile, ratios, requestDelta, round, sleep, waitFor, writes } from './stats.js';

/** The sizes of a run. */
export interface HarnessSizes {
  /** N: objects per scenario. */
  readonly objects: number;
  /** Spec changes per second in the update-latency scenario. */
  readonly updateRate: number;
  /** How long the update-latency scenario sends changes (it sends at most N, one per object). */
  readonly updateSeconds: number;
  /** How long the timers scenario measures, after every timer ran once. */
  readonly timerSeconds: number;
  /** Watchers in the API server scenario. */
  readonly watchers: number;
  /** Requests the driver keeps in flight when it creates objects, over as many keep-alive connections. */
  readonly concurrency: number;
}

/** `pnpm bench`: N = 10,000. */
export const FULL_HARNESS_SIZES: HarnessSizes = { objects: 10_000, updateRate: 100, updateSeconds: 30, timerSeconds: 20, watchers: 10, concurrency: 32 };
/** `pnpm bench --quick`: N = 1,000, about a minute. */
export const QUICK_HARNESS_SIZES: HarnessSizes = { objects: 1_000, updateRate: 100, updateSeconds: 10, timerSeconds: 5, watchers: 10, concurrency: 32 };

/** The operators under test: Opkit, the raw baseline, and Kopf when the run is given a Kopf checkout. */
export type Impl = 'opkit' | 'raw' | 'kopf';

/** Scenario 1: N objects created as fast as the API server accepts them, one create handler. */
export interface CreateStormFigures {
  readonly objects: number;
  /** Objects whose status.create_fn the driver saw (must equal objects). */
  readonly handled: number;
  /** Create handler runs the operator counted. */
  readonly handlerRuns: number;
  /** Seconds from the first create until every object has status.create_fn. */
  readonly seconds: number;
  /** Seconds the driver took to create them (the API server's acceptance rate bounds the storm). */
  readonly createSeconds: number;
  readonly objectsPerSecond: number;
  /** The operator's requests per object by verb (the API server's counters minus the driver's own). */
  readonly requestsPerObject: Record<string, number>;
  /** The operator's write requests (create/update/patch/delete, any resource) per object. */
  readonly writesPerObject: number;
  /** The operator's write requests on the objects themselves per object (without Events). */
  readonly objectWritesPerObject: number;
  /** The operator's requests by `verb resource`, in total. */
  readonly requests: Record<string, number>;
  /** The operator process's CPU seconds over the storm. */
  readonly operatorCpuSeconds: number;
  /** The API server process's CPU seconds over the storm. */
  readonly serverCpuSeconds: number;
  /** The operator process's peak RSS so far (MiB). */
  readonly operatorPeakRssMiB: number;
}

/** Scenario 2: the operator watching N handled objects at rest (after its restart, after a full GC). */
export interface IdleMemoryFigures {
  readonly objects: number;
  readonly rssMiB: number;
  /** V8 heap in use after a full GC (null for Kopf: a Python process has no V8 heap). */
  readonly heapUsedMiB: number | null;
  /** V8 heap reserved (used or not) at rest: RSS above heap used is mostly this and native memory (null for Kopf). */
  readonly heapTotalMiB: number | null;
  /** Memory outside the V8 heap held by JavaScript objects (buffers…; null for Kopf). */
  readonly externalMiB: number | null;
  /** Peak RSS of that process since it started (its initial listing included). */
  readonly peakRssMiB: number;
  /** V8's heap spaces at rest: MiB reserved per space (where heap reserved goes; empty for Kopf). */
  readonly heapSpacesMiB: Record<string, number>;
}

/** Scenario 3: spec changes at a fixed rate spread over the objects, to the update handler starting. */
export interface UpdateLatencyFigures {
  readonly changes: number;
  /** The rate the driver actually sent at. */
  readonly changesPerSecond: number;
  /** Update handler runs with a latency (must equal changes). */
  readonly handled: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** The operator's write requests per change. */
  readonly writesPerChange: number;
  /** The operator's requests by `verb resource` during the scenario, in total. */
  readonly requests: Record<string, number>;
}

/** Scenario 4: an operator started over N handled objects, until it is idle again. */
export interface RestartFigures {
  readonly objects: number;
  /** Resume handler runs (must equal objects). */
  readonly resumed: number;
  /** Seconds from the process's start until it reported ready (watching). */
  readonly readySeconds: number;
  /** Seconds from the process's start until the last resume handler started. */
  readonly allResumedSeconds: number;
  /** Seconds from the process's start until idle: every resume handler ran and the last of its writes was answered. */
  readonly idleSeconds: number;
  /** The operator's requests by `verb resource` during the restart, in total. */
  readonly requests: Record<string, number>;
  /** The process's CPU seconds until idle. */
  readonly cpuSeconds: number;
  /** How many restarts the figures are the median of (see {@link RESTARTS}). */
  readonly restarts?: number;
}

/** Scenario 5: N objects with a 1 s timer each, in steady state. */
export interface TimersFigures {
  readonly objects: number;
  /** Seconds from the first create until every object's timer ran once. */
  readonly setupSeconds: number;
  readonly seconds: number;
  readonly runsPerSecond: number;
  /** The operator process's CPU time as a share of one core (%). */
  readonly cpuPercent: number;
  readonly latenessP50Ms: number;
  readonly latenessP99Ms: number;
  /** The operator's requests per second by verb during the window. */
  readonly requestsPerSecond: Record<string, number>;
}

/** Scenario 6: the API server process alone. */
export interface ApiServerFigures {
  readonly creates: number;
  readonly concurrency: number;
  readonly createsPerSecond: number;
  readonly createServerCpuPercent: number;
  readonly createDriverCpuPercent: number;
  readonly createBound: string;
  readonly watchers: number;
  /** Events each watcher received (must equal the creates). */
  readonly watchEventsPerWatcher: number;
  readonly watchEventsPerSecond: number;
  readonly watchServerCpuPercent: number;
  readonly watchDriverCpuPercent: number;
  readonly watchBound: string;
}

/**
 * Figures of one scenario for both operators and their ratio (opkit / raw); with `pnpm bench --kopf DIR`
 * also Kopf's figures and their ratio to the baseline (kopf / raw).
 */
export interface Compared<T> {
  readonly opkit: T;
  readonly raw: T;
  readonly ratio: Record<string, number>;
  readonly kopf?: T;
  readonly kopfRatio?: Record<string, number>;
}

/** The whole result, as apps/bench/results/latest.json holds it. */
export interface HarnessResult {
  readonly date: string;
  readonly mode: 'full' | 'quick' | 'custom';
  readonly sizes: HarnessSizes;
  readonly machine: { cores: number; cpu: string; memoryGiB: number; node: string; platform: string; loadAverageStart: number[]; loadAverageEnd: number[] };
  /** With `--kopf DIR`: the Kopf checkout measured (its version as `git describe` or its package metadata gives it). */
  readonly kopf?: { readonly dir: string; readonly version: string; readonly python: string };
  readonly createStorm: Compared<CreateStormFigures>;
  readonly idleMemory: Compared<IdleMemoryFigures>;
  readonly updateLatency: Compared<UpdateLatencyFigures>;
  readonly restart: Compared<RestartFigures>;
  readonly timers: Compared<TimersFigures>;
  readonly apiserver: ApiServerFigures;
  readonly seconds: number;
}

const MiB = 1024 * 1024;

/** Bytes in MiB, or null when the process has no such figure (a V8 heap figure of the Python process). */
function mib(bytes: number | null | undefined): number | null {
  return typeof bytes === 'number' && Number.isFinite(bytes) ? round(bytes / MiB, 1) : null;
}
const widgetsPath = `/apis/${GROUP}/${VERSION}/namespaces/${NAMESPACE}/${WIDGETS}`;
const timersPath = `/apis/${GROUP}/${VERSION}/namespaces/${NAMESPACE}/${TIMERS}`;

function crd(plural: string, kind: string): unknown {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `${plural}.${GROUP}` },
    spec: {
      group: GROUP, scope: 'Namespaced', names: { plural, kind, singular: kind.toLowerCase() },
      versions: [{ name: VERSION, served: true, storage: true, subresources: { status: {} }, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  };
}

async function installCrds(http: HttpDriver): Promise<void> {
  for (const [plural, kind] of [[WIDGETS, 'BenchWidget'], [TIMERS, 'BenchTimer']] as const) {
    await http.send('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd(plural, kind));
  }
  await waitFor('the bench CRDs to be served', async () => {
    const served = await Promise.all([widgetsPath, timersPath].map((p) => http.send('GET', `${p}?limit=1`).then(() => true, () => false)));
    return served.every(Boolean);
  }, 30_000);
}

function name(i: number): string {
  return `w-${String(i).padStart(6, '0')}`;
}

/** One server + operator pair for one implementation, and the load the driver sends. */
class OperatorRun {
  operator: BenchChild | undefined;

  private constructor(readonly impl: Impl, readonly sizes: HarnessSizes, readonly server: BenchChild, readonly http: HttpDriver, readonly log: (line: string) => void, readonly kopf: KopfSource | undefined) {}

  static async start(impl: Impl, sizes: HarnessSizes, log: (line: string) => void, kopf?: KopfSource): Promise<OperatorRun> {
    if (impl === 'kopf' && !kopf) throw new Error('the kopf operator needs a Kopf source checkout (pnpm bench --kopf DIR)');
    const server = await BenchChild.start('apiserver', childScript('apiserverChild'), []);
    const http = new HttpDriver(server.ready.url!, sizes.concurrency);
    const run = new OperatorRun(impl, sizes, server, http, log, kopf);
    try {
      await installCrds(http);
      run.operator = await run.startOperator();
    } catch (error) {
      await run.close();
      throw error;
    }
    return run;
  }

  startOperator(): Promise<BenchChild> {
    const kopfArgs = this.impl === 'kopf' ? [this.kopf!.dir, ...(this.kopf!.python ? [this.kopf!.python] : [])] : [];
    return BenchChild.start(`${this.impl} operator`, childScript('operatorChild'), [this.impl, this.server.ready.url!, ...kopfArgs]);
  }

  serverStats(gc = false): Promise<ServerStats> {
    return this.server.request<ServerStats>('stats', { gc });
  }

  operatorStats(gc = false): Promise<OperatorStats> {
    return this.operator!.request<OperatorStats>('stats', { gc });
  }

  /** Waits until the API server saw no write for `quietMs`; returns when the last write was observed. */
  async quiet(quietMs = 1000, timeoutMs = 300_000): Promise<number> {
    let last = writes((await this.serverStats()).requests);
    let changedAt = nowMs();
    await waitFor('the operator to stop writing', async () => {
      const now = writes((await this.serverStats()).requests);
      if (now !== last) {
        last = now;
        changedAt = nowMs();
      }
      return nowMs() - changedAt >= quietMs;
    }, timeoutMs, 50);
    return changedAt;
  }

  async createStorm(): Promise<CreateStormFigures> {
    const n = this.sizes.objects;
    const handled = new Set<string>();
    const watch = await this.http.watch(widgetsPath, (line) => {
      if (!line.includes('"create_fn"')) return;
      const event = JSON.parse(line) as { object?: { metadata?: { name?: string }; status?: { create_fn?: unknown } } };
      if (event.object?.status?.create_fn !== undefined && event.object.metadata?.name) handled.add(event.object.metadata.name);
    });
    try {
      const [server0, op0] = await Promise.all([this.serverStats(), this.operatorStats()]);
      const started = nowMs();
      await inParallel(Array.from({ length: n }, (_, i) => i), this.sizes.concurrency, (i) =>
        this.http.send('POST', widgetsPath, { apiVersion: `${GROUP}/${VERSION}`, kind: 'BenchWidget', metadata: { name: name(i) }, spec: { value: i } }));
      const created = nowMs();
      await waitFor(`${n} objects to have status.create_fn (${this.impl})`, () => handled.size >= n, 600_000, 10);
      const done = nowMs();
      await this.quiet();
      const [server1, op1] = await Promise.all([this.serverStats(), this.operatorStats()]);
      const requests = requestDelta(server0.requests, server1.requests, { [`create ${WIDGETS}`]: n });
      return {
        objects: n, handled: handled.size, handlerRuns: op1.created,
        seconds: round((done - started) / 1000, 3), createSeconds: round((created - started) / 1000, 3),
        objectsPerSecond: round(n / ((done - started) / 1000), 1),
        requestsPerObject: byVerb(requests, n), writesPerObject: round(writes(requests) / n, 3), objectWritesPerObject: round(writes(requests, WIDGETS) / n, 3),
        requests,
        operatorCpuSeconds: round((op1.cpuMs - op0.cpuMs) / 1000, 2), serverCpuSeconds: round((server1.cpuMs - server0.cpuMs) / 1000, 2),
        operatorPeakRssMiB: round(op1.maxRss / MiB, 1),
      };
    } finally {
      watch.close();
    }
  }

  async updateLatency(): Promise<UpdateLatencyFigures> {
    const n = this.sizes.objects;
    const changes = Math.min(n, Math.round(this.sizes.updateRate * this.sizes.updateSeconds));
    const server0 = await this.serverStats();
    const updated0 = (await this.operatorStats()).updated;
    const interval = 1000 / this.sizes.updateRate;
    const started = nowMs();
    const inFlight: Promise<unknown>[] = [];
    for (let k = 0; k < changes; k++) {
      const due = started + k * interval;
      const wait = due - nowMs();
      if (wait > 1) await sleep(wait);
      // Spread over the objects: change k goes to object k·N/changes, each object at most once.
      const target = name(Math.floor((k * n) / changes));
      const sentAt = nowMs();
      inFlight.push(this.http.send('PATCH', `${widgetsPath}/${target}`, { spec: { value: `change-${k}`, sentAt } }, 'application/merge-patch+json'));
    }
    await Promise.all(inFlight);
    const sent = nowMs();
    await waitFor(`${changes} update handler runs (${this.impl})`, async () => (await this.operatorStats()).updated - updated0 >= changes, 300_000, 50);
    await this.quiet();
    const latencies = await this.operator!.request<number[]>('latencies');
    const server1 = await this.serverStats();
    const requests = requestDelta(server0.requests, server1.requests, { [`patch ${WIDGETS}`]: changes });
    return {
      changes, changesPerSecond: round(changes / ((sent - started) / 1000), 1), handled: latencies.length,
      p50Ms: round(percentile(latencies, 50), 1), p99Ms: round(percentile(latencies, 99), 1), maxMs: round(Math.max(...latencies), 1),
      writesPerChange: round(writes(requests) / changes, 3), requests,
    };
  }

  async restart(): Promise<{ restart: RestartFigures; idleMemory: IdleMemoryFigures }> {
    const n = this.sizes.objects;
    await this.operator!.stop();
    this.operator = undefined;
    const server0 = await this.serverStats();
    const started = nowMs();
    this.operator = await this.startOperator();
    const ready = nowMs();
    let lastWrites = writes(server0.requests);
    let lastWriteAt = started;
    let resumedAt = Number.POSITIVE_INFINITY;
    await waitFor(`${n} resume handlers and no writes for 1 s (${this.impl})`, async () => {
      const [server, op] = await Promise.all([this.serverStats(), this.operatorStats()]);
      const now = nowMs();
      const w = writes(server.requests);
      if (w !== lastWrites) {
        lastWrites = w;
        lastWriteAt = now;
      }
      if (op.resumed >= n && op.lastResumeAt !== undefined) resumedAt = op.lastResumeAt;
      return resumedAt !== Number.POSITIVE_INFINITY && now - Math.max(lastWriteAt, resumedAt) >= 1000;
    }, 600_000, 50);
    const idleAt = Math.max(ready, resumedAt, lastWriteAt);
    const [server1, op1] = await Promise.all([this.serverStats(), this.operatorStats()]);
    const requests = requestDelta(server0.requests, server1.requests);
    const atRest = await this.operatorStats(true);
    return {
      restart: {
        objects: n, resumed: op1.resumed,
        readySeconds: round((ready - started) / 1000, 3), allResumedSeconds: round((resumedAt - started) / 1000, 3),
        idleSeconds: round((idleAt - started) / 1000, 3), requests, cpuSeconds: round(op1.cpuMs / 1000, 2),
      },
      idleMemory: {
        objects: n, rssMiB: round(atRest.rss / MiB, 1), heapUsedMiB: mib(atRest.heapUsed), heapTotalMiB: mib(atRest.heapTotal),
        externalMiB: mib(atRest.external), peakRssMiB: round(atRest.maxRss / MiB, 1),
        heapSpacesMiB: Object.fromEntries(Object.entries(atRest.heapSpaces).filter(([, bytes]) => bytes > 0).map(([space, bytes]) => [space, round(bytes / MiB, 1)])),
      },
    };
  }

  async timers(): Promise<TimersFigures> {
    const n = this.sizes.objects;
    const started = nowMs();
    await inParallel(Array.from({ length: n }, (_, i) => i), this.sizes.concurrency, (i) =>
      this.http.send('POST', timersPath, { apiVersion: `${GROUP}/${VERSION}`, kind: 'BenchTimer', metadata: { name: `t-${String(i).padStart(6, '0')}` }, spec: {} }));
    await waitFor(`every timer to run once (${this.impl})`, async () => (await this.operatorStats()).tickedObjects >= n, 600_000, 100);
    const setupSeconds = round((nowMs() - started) / 1000, 2);
    await sleep(Math.min(2, this.sizes.timerSeconds) * 1000); // past the burst of first runs: measure the steady state
    await this.operator!.request('measure-start');
    const [server0, op0] = await Promise.all([this.serverStats(), this.operatorStats()]);
    await sleep(this.sizes.timerSeconds * 1000);
    const [server1, op1] = await Promise.all([this.serverStats(), this.operatorStats()]);
    const window = await this.operator!.request<TimerWindow>('measure-stop');
    const seconds = (op1.wallMs - op0.wallMs) / 1000;
    return {
      objects: n, setupSeconds, seconds: round(seconds, 2), runsPerSecond: round((op1.ticks - op0.ticks) / seconds, 1),
      cpuPercent: round(((op1.cpuMs - op0.cpuMs) / (op1.wallMs - op0.wallMs)) * 100, 1),
      latenessP50Ms: round(percentile(window.lateness, 50), 1), latenessP99Ms: round(percentile(window.lateness, 99), 1),
      requestsPerSecond: byVerb(requestDelta(server0.requests, server1.requests), seconds),
    };
  }

  async close(): Promise<void> {
    this.http.close();
    await this.operator?.stop();
    await this.server.stop();
  }
}

interface OperatorFigures {
  createStorm: CreateStormFigures;
  idleMemory: IdleMemoryFigures;
  updateLatency: UpdateLatencyFigures;
  restart: RestartFigures;
  timers: TimersFigures;
}

/**
 * Restarts measured per operator: a restart takes a second or two, so one says little on a shared machine (the
 * baseline's own CPU moved by a third between runs); each figure is the median of these.
 */
export const RESTARTS = 3;

/** The median of each timing over the restarts; the counts and requests of the restart with the median CPU. */
export function medianRestart(runs: readonly RestartFigures[]): RestartFigures {
  const median = (pick: (figures: RestartFigures) => number): number => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[(sorted.length - 1) >> 1]!;
  };
  const cpuSeconds = median((figures) => figures.cpuSeconds);
  const middle = runs.find((figures) => figures.cpuSeconds === cpuSeconds)!;
  return {
    ...middle, restarts: runs.length,
    readySeconds: median((figures) => figures.readySeconds), allResumedSeconds: median((figures) => figures.allResumedSeconds),
    idleSeconds: median((figures) => figures.idleSeconds), cpuSeconds,
  };
}

async function measureOperator(impl: Impl, sizes: HarnessSizes, log: (line: string) => void, kopf?: KopfSource): Promise<OperatorFigures> {
  const run = await OperatorRun.start(impl, sizes, log, kopf);
  try {
    log(`${impl}: create storm of ${sizes.objects}`);
    const createStorm = await run.createStorm();
    log(`${impl}: update latency`);
    const updateLatency = await run.updateLatency();
    log(`${impl}: ${RESTARTS} restarts over ${sizes.objects} handled objects`);
    const restarts: Awaited<ReturnType<OperatorRun['restart']>>[] = [];
    for (let i = 0; i < RESTARTS; i++) restarts.push(await run.restart());
    const restart = medianRestart(restarts.map((measured) => measured.restart));
    const { idleMemory } = restarts[restarts.length - 1]!;
    log(`${impl}: ${sizes.objects} timers`);
    const timers = await run.timers();
    return { createStorm, idleMemory, updateLatency, restart, timers };
  } finally {
    await run.close();
  }
}

/** The timers scenario alone, for both operators (each on a fresh API server process), and Kopf when given. */
export interface TimersOnlyResult {
  readonly sizes: HarnessSizes;
  readonly machine: { readonly cores: number; readonly node: string; readonly loadAverageStart: number[]; readonly loadAverageEnd: number[] };
  readonly timers: Compared<TimersFigures>;
}

const TIMER_KEYS = ['setupSeconds', 'runsPerSecond', 'cpuPercent', 'latenessP50Ms', 'latenessP99Ms'] as const;

/**
 * Runs only the timers scenario (`pnpm bench --only timers`): Opkit, then the raw baseline (then Kopf with
 * `kopf`), nothing else on their servers — quicker than the whole run when only timers are being worked on.
 *
 * @example
 * const { timers } = await runTimersOnly({ ...QUICK_HARNESS_SIZES, objects: 2000 });
 */
export async function runTimersOnly(sizes: HarnessSizes, log: (line: string) => void = () => undefined, kopf?: KopfSource): Promise<TimersOnlyResult> {
  const loadAverageStart = loadavg().map((l) => round(l, 2));
  const figures = new Map<Impl, TimersFigures>();
  for (const impl of implementations(kopf)) {
    const run = await OperatorRun.start(impl, sizes, log, kopf);
    try {
      log(`${impl}: ${sizes.objects} timers`);
      figures.set(impl, await run.timers());
    } finally {
      await run.close();
    }
  }
  return {
    sizes, machine: { cores: availableParallelism(), node: process.version, loadAverageStart, loadAverageEnd: loadavg().map((l) => round(l, 2)) },
    timers: compare(figures, TIMER_KEYS),
  };
}

/** The operators a run measures, in order: Opkit, the baseline, and Kopf when a checkout is given. */
function implementations(kopf: KopfSource | undefined): Impl[] {
  return kopf ? ['opkit', 'raw', 'kopf'] : ['opkit', 'raw'];
}

function cpuPercent(cpuMs: number, wallMs: number): number {
  return round((cpuMs / wallMs) * 100, 1);
}

function bound(serverPercent: number, driverPercent: number, cores: number): string {
  if (serverPercent >= 85) return `the API server process: its event loop used ${serverPercent}% of one core (the load generator ${driverPercent}%)`;
  if (driverPercent >= 85) return `the load generator: it used ${driverPercent}% of one core (the API server ${serverPercent}%)`;
  return `the machine: API server ${serverPercent}% + load generator ${driverPercent}% of one core, on ${cores} cores shared with other work`;
}

/** The `apiserver` scenario alone (also `pnpm bench server`): the API server process driven over HTTP. */
export async function measureApiServer(sizes: HarnessSizes, cores: number = availableParallelism(), options: { readonly rbac?: boolean } = {}): Promise<ApiServerFigures> {
  const server = await BenchChild.start('apiserver', childScript('apiserverChild'), options.rbac === true ? ['--rbac'] : []);
  const http = new HttpDriver(server.ready.url!, sizes.concurrency, server.ready.token);
  const watches: { close(): void }[] = [];
  try {
    const n = sizes.objects;
    const configMaps = `/api/v1/namespaces/${NAMESPACE}/configmaps`;
    const create = (prefix: string) => (i: number) =>
      http.send('POST', configMaps, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${prefix}-${i}` }, data: { key: `value-${i}` } });
    const indices = Array.from({ length: n }, (_, i) => i);
    // Warm-up (not measured): the server's JIT, the sockets.
    await inParallel(indices.slice(0, Math.min(200, n)), sizes.concurrency, create('warm'));

    let s0 = await server.request<ServerStats>('stats');
    let d0 = process.cpuUsage();
    let t0 = nowMs();
    await inParallel(indices, sizes.concurrency, create('c'));
    let t1 = nowMs();
    let s1 = await server.request<ServerStats>('stats');
    let d1 = process.cpuUsage(d0);
    const createMs = t1 - t0;
    const createServer = cpuPercent(s1.cpuMs - s0.cpuMs, t1 - t0);
    const createDriver = cpuPercent((d1.user + d1.system) / 1000, t1 - t0);

    const list = JSON.parse((await http.send('GET', `${configMaps}?limit=1`)).body) as { metadata: { resourceVersion: string } };
    const received = Array.from({ length: sizes.watchers }, () => 0);
    for (let w = 0; w < sizes.watchers; w++) {
      watches.push(await http.watch(`${configMaps}?resourceVersion=${list.metadata.resourceVersion}`, () => {
        received[w]!++; // counted, not parsed: what is measured is the server's delivery
      }));
    }
    s0 = await server.request<ServerStats>('stats');
    d0 = process.cpuUsage();
    t0 = nowMs();
    await inParallel(indices, sizes.concurrency, create('w'));
    await waitFor(`${sizes.watchers} watchers to receive ${n} events each`, () => received.every((r) => r >= n), 600_000, 5);
    t1 = nowMs();
    s1 = await server.request<ServerStats>('stats');
    d1 = process.cpuUsage(d0);
    const watchServer = cpuPercent(s1.cpuMs - s0.cpuMs, t1 - t0);
    const watchDriver = cpuPercent((d1.user + d1.system) / 1000, t1 - t0);
    return {
      creates: n, concurrency: sizes.concurrency,
      createsPerSecond: round(n / (createMs / 1000), 0),
      createServerCpuPercent: createServer, createDriverCpuPercent: createDriver, createBound: bound(createServer, createDriver, cores),
      watchers: sizes.watchers, watchEventsPerWatcher: Math.min(...received),
      watchEventsPerSecond: round((sizes.watchers * n) / ((t1 - t0) / 1000), 0),
      watchServerCpuPercent: watchServer, watchDriverCpuPercent: watchDriver, watchBound: bound(watchServer, watchDriver, cores),
    };
  } finally {
    for (const watch of watches) watch.close();
    http.close();
    await server.stop();
  }
}

/** One performance target (issue 35's acceptance), and whether the run met it. */
export interface TargetCheck {
  readonly target: string;
  readonly value: number;
  readonly met: boolean;
}

/** The targets (reported, never asserted): ratios are Opkit / raw, at N = 10,000 in a full run. */
export function checkTargets(result: Pick<HarnessResult, 'createStorm' | 'idleMemory' | 'updateLatency' | 'restart' | 'timers'>): Record<string, TargetCheck> {
  const at = (ratio: Record<string, number>, key: string): number => ratio[key] ?? Number.NaN;
  const atMost = (target: string, value: number, limit: number): TargetCheck => ({ target, value, met: value <= limit });
  const rate = at(result.createStorm.ratio, 'objectsPerSecond');
  return {
    createStormRate: { target: 'create storm ≥ 1.0 × raw objects/s', value: rate, met: rate >= 1 },
    createStormCpu: atMost('create storm operator CPU ≤ 1.0 × raw', at(result.createStorm.ratio, 'operatorCpuSeconds'), 1),
    createStormWrites: atMost('create storm: 1 write request per object', result.createStorm.opkit.writesPerObject, 1),
    restartTime: atMost('restart until idle ≤ 1.2 × raw', at(result.restart.ratio, 'idleSeconds'), 1.2),
    restartCpu: atMost('restart CPU ≤ 1.2 × raw', at(result.restart.ratio, 'cpuSeconds'), 1.2),
    timersCpu: atMost('timers CPU ≤ 1.5 × raw', at(result.timers.ratio, 'cpuPercent'), 1.5),
    timersLateness: atMost('timers lateness p99 ≤ 20 ms', result.timers.opkit.latenessP99Ms, 20),
    idleMemory: atMost('idle RSS ≤ 1.1 × raw', at(result.idleMemory.ratio, 'rssMiB'), 1.1),
    updateLatency: atMost('update latency p99 ≤ 20 ms at 100 changes/s', result.updateLatency.opkit.p99Ms, 20),
  };
}

/** Compares the figures of each operator measured: Opkit / raw, and Kopf / raw when Kopf ran. */
function compare<T extends object>(figures: ReadonlyMap<Impl, T>, keys: readonly (keyof T & string)[]): Compared<T> {
  const opkit = figures.get('opkit')!;
  const raw = figures.get('raw')!;
  const kopf = figures.get('kopf');
  return { opkit, raw, ratio: ratios(opkit, raw, keys), ...(kopf ? { kopf, kopfRatio: ratios(kopf, raw, keys) } : {}) };
}

/** What `runHarness` is given besides the sizes. */
export interface HarnessOptions {
  /** One line per step. */
  readonly log?: (line: string) => void;
  readonly mode?: HarnessResult['mode'];
  /** Also measure Kopf, from this source checkout (`pnpm bench --kopf DIR`). */
  readonly kopf?: KopfSource;
}

/**
 * The Kopf checkout's version: `git describe --tags` in a git clone, else the version a build wrote to
 * kopf/_cogs/helpers/versions.py, else the directory's name.
 */
function kopfVersion(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'describe', '--tags', '--always'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    const written = join(dir, 'kopf', '_cogs', 'helpers', 'versions.py');
    const version = existsSync(written) ? /^(?:__)?version(?:__)?\s*=\s*['"]([^'"]+)['"]/m.exec(readFileSync(written, 'utf8'))?.[1] : undefined;
    return version ?? basename(dir);
  }
}

/**
 * Runs every scenario for each operator (Opkit, then the raw baseline, then Kopf when `options.kopf` names a
 * checkout; each on a fresh API server process), then the API server scenario, and returns the figures.
 *
 * @example
 * const result = await runHarness(QUICK_HARNESS_SIZES);
 */
export async function runHarness(sizes: HarnessSizes, options: HarnessOptions = {}): Promise<HarnessResult & { targets: Record<string, TargetCheck> }> {
  const log = options.log ?? (() => undefined);
  const begun = nowMs();
  const cores = availableParallelism();
  const loadAverageStart = loadavg().map((l) => round(l, 2));
  const measured = new Map<Impl, OperatorFigures>();
  for (const impl of implementations(options.kopf)) measured.set(impl, await measureOperator(impl, sizes, log, options.kopf));
  const pick = <K extends keyof OperatorFigures>(key: K): Map<Impl, OperatorFigures[K]> => new Map([...measured].map(([impl, figures]) => [impl, figures[key]]));
  log(`apiserver: ${sizes.objects} creates, ${sizes.watchers} watchers`);
  const apiserver = await measureApiServer(sizes, cores);
  const result: HarnessResult = {
    date: new Date().toISOString(),
    mode: options.mode ?? 'custom',
    sizes,
    machine: {
      cores, cpu: cpus()[0]?.model ?? 'unknown', memoryGiB: round(totalmem() / 1024 ** 3, 1), node: process.version,
      platform: `${process.platform}-${process.arch}`, loadAverageStart, loadAverageEnd: loadavg().map((l) => round(l, 2)),
    },
    ...(options.kopf ? { kopf: { dir: options.kopf.dir, version: kopfVersion(options.kopf.dir), python: options.kopf.python ?? '/usr/bin/python3' } } : {}),
    createStorm: compare(pick('createStorm'), ['seconds', 'objectsPerSecond', 'writesPerObject', 'objectWritesPerObject', 'operatorCpuSeconds', 'serverCpuSeconds', 'operatorPeakRssMiB']),
    idleMemory: compare(pick('idleMemory'), ['rssMiB', 'heapUsedMiB', 'heapTotalMiB', 'externalMiB', 'peakRssMiB']),
    updateLatency: compare(pick('updateLatency'), ['p50Ms', 'p99Ms', 'maxMs', 'writesPerChange']),
    restart: compare(pick('restart'), ['readySeconds', 'allResumedSeconds', 'idleSeconds', 'cpuSeconds']),
    timers: compare(pick('timers'), TIMER_KEYS),
    apiserver,
    seconds: round((nowMs() - begun) / 1000, 1),
  };
  return { ...result, targets: checkTargets(result) };
}

function cell(value: unknown): string {
  if (value === null) return '—';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: value >= 100 ? 0 : value >= 10 ? 1 : 3 }) : String(value);
  if (value !== null && typeof value === 'object') return Object.keys(value).length === 0 ? 'none' : Object.entries(value).map(([k, v]) => `${k} ${cell(v)}`).join(', ');
  return String(value ?? '');
}

/** Renders the result as the fixed-width table `pnpm bench` prints. */
export function renderHarnessTable(result: HarnessResult & { targets: Record<string, TargetCheck> }): string {
  const withKopf = result.createStorm.kopf !== undefined;
  const rows: string[][] = [['scenario', 'figure', 'opkit', 'raw', 'opkit/raw', ...(withKopf ? ['kopf', 'kopf/raw'] : [])]];
  const add = <T extends object>(scenario: string, compared: Compared<T>, figures: readonly [keyof T & string, string][]): void => {
    for (const [key, label] of figures) {
      const kopf = withKopf ? [cell(compared.kopf?.[key]), cell(compared.kopfRatio?.[key] ?? '')] : [];
      rows.push([scenario, label, cell(compared.opkit[key]), cell(compared.raw[key]), cell(compared.ratio[key] ?? ''), ...kopf]);
    }
  };
  const n = result.sizes.objects.toLocaleString('en-US');
  add(`create storm (${n})`, result.createStorm, [['seconds', 'until all handled (s)'], ['objectsPerSecond', 'objects/s'], ['writesPerObject', 'write requests/object'], ['objectWritesPerObject', '… of them on the object'], ['requestsPerObject', 'requests/object by verb'], ['operatorCpuSeconds', 'operator CPU (s)'], ['serverCpuSeconds', 'API server CPU (s)'], ['operatorPeakRssMiB', 'operator peak RSS (MiB)']]);
  add(`idle memory (${n})`, result.idleMemory, [['rssMiB', 'RSS at rest (MiB)'], ['heapUsedMiB', 'heap used after GC (MiB)'], ['heapTotalMiB', 'heap reserved (MiB)'], ['externalMiB', 'external (MiB)'], ['peakRssMiB', 'peak RSS since start (MiB)']]);
  add(`update latency (${result.updateLatency.opkit.changes} at ${result.sizes.updateRate}/s)`, result.updateLatency, [['changesPerSecond', 'changes/s sent'], ['p50Ms', 'p50 (ms)'], ['p99Ms', 'p99 (ms)'], ['maxMs', 'max (ms)'], ['writesPerChange', 'write requests/change']]);
  add(`restart (${n}, median of ${RESTARTS})`, result.restart, [['readySeconds', 'until watching (s)'], ['allResumedSeconds', 'until every resume ran (s)'], ['idleSeconds', 'until idle (s)'], ['cpuSeconds', 'CPU until idle (s)']]);
  rows.push(['', 'requests by verb', cell(byVerb(result.restart.opkit.requests)), cell(byVerb(result.restart.raw.requests)), '', ...(withKopf ? [cell(byVerb(result.restart.kopf!.requests)), ''] : [])]);
  add(`timers (${n} × 1 s)`, result.timers, [['setupSeconds', 'until every timer ran (s)'], ['runsPerSecond', 'runs/s'], ['cpuPercent', 'CPU (% of a core)'], ['latenessP50Ms', 'lateness p50 (ms)'], ['latenessP99Ms', 'lateness p99 (ms)'], ['requestsPerSecond', 'requests/s by verb']]);
  const a = result.apiserver;
  const blank = withKopf ? ['', '', '', ''] : ['', ''];
  rows.push([`apiserver (${n})`, `creates/s (${a.concurrency} in flight)`, cell(a.createsPerSecond), ...blank]);
  rows.push(['', `watch events/s to ${a.watchers} watchers`, cell(a.watchEventsPerSecond), ...blank]);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]): string => row.map((text, c) => (c >= 2 ? text.padStart(widths[c]!) : text.padEnd(widths[c]!))).join('  ').trimEnd();
  const table = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  table.push('', `apiserver creates bounded by ${a.createBound}`, `apiserver watch events bounded by ${a.watchBound}`, '', 'targets:');
  for (const t of Object.values(result.targets)) table.push(`  ${t.met ? 'met   ' : 'MISSED'}  ${t.target}: ${cell(t.value)}`);
  if (result.kopf) table.push('', `kopf: ${result.kopf.version} from ${result.kopf.dir}, run with ${result.kopf.python}`);
  table.push('', `machine: ${result.machine.cores} cores (${result.machine.cpu}), ${result.machine.memoryGiB} GiB, Node ${result.machine.node}; load average ${result.machine.loadAverageStart.join(' ')} at the start, ${result.machine.loadAverageEnd.join(' ')} at the end; ${result.seconds} s`);
  return table.join('\n');
}
