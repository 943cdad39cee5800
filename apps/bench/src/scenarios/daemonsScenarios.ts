// Benchmark scenarios for @opkit/daemons (issue 10): "10,000 objects with a 1 s timer each" — the CPU
// share it takes, how late the runs start against their schedule (p50/p99), and the memory it holds —
// measured twice: the daemons package alone (its scheduler and runners, a trivial handler), and a whole
// operator (@opkit/core) against the embedded API server over HTTP, where each run also goes through
// core's invocation, logging and feed. Plus 10,000 idle daemons, to show what waiting costs.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startApiServer } from '@opkit/apiserver';
import { createLogger, Operator, Registry } from '@opkit/core';
import type { FeedEvent } from '@opkit/core';
import { Daemons } from '@opkit/daemons';
import type { DaemonInvoke } from '@opkit/daemons';
import { invokeHandler } from '@opkit/handlers';
import { connect } from '@opkit/kube';
import type { KubeObject } from '@opkit/kube';
import type { BenchResult } from '../apiserverScenarios.js';
import { createKopfExamples } from './kopfExamples.js';

/** Sizes of the daemons scenarios. */
export interface DaemonsBenchSizes {
  /** Objects, one timer (or daemon) each. @defaultValue 10000 */
  objects: number;
  /** Seconds of steady state measured. @defaultValue 20 */
  seconds: number;
  /** Seconds of steady state skipped before measuring (JIT, GC settling). @defaultValue 5 */
  warmup: number;
}

/** The full sizes of issue 10. */
export const DAEMONS_FULL_SIZES: DaemonsBenchSizes = { objects: 10_000, seconds: 20, warmup: 5 };


function forceGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function heapAfterGc(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Over `ms` of wall time: the process's CPU time as a share of one core, and the event loop's delay (p99, max; ms). */
async function measure(ms: number): Promise<{ cpuShare: number; loopP99: number; loopMax: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await delay(ms);
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  loop.disable();
  return { cpuShare: ((used.user + used.system) / 1000) / wall, loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
}

function body(i: number): KubeObject {
  return { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: `kex-${i}`, namespace: 'default', uid: `uid-${i}` }, spec: { field: 'value', n: i } };
}

function figures(label: string, size: string, runs: number, seconds: number, measured: Awaited<ReturnType<typeof measure>>, lateness: number[], heapMiB: number): BenchResult[] {
  lateness.sort((a, b) => a - b);
  return [
    { scenario: `${label}: timer runs`, size, value: runs / seconds, unit: 'runs/s' },
    { scenario: `${label}: CPU share`, size, value: measured.cpuShare * 100, unit: '% of one core' },
    { scenario: `${label}: event loop delay p99`, size, value: measured.loopP99, unit: 'ms' },
    { scenario: `${label}: event loop delay max`, size, value: measured.loopMax, unit: 'ms' },
    { scenario: `${label}: lateness p50`, size, value: percentile(lateness, 50), unit: 'ms' },
    { scenario: `${label}: lateness p99`, size, value: percentile(lateness, 99), unit: 'ms' },
    { scenario: `${label}: lateness max`, size, value: lateness.at(-1) ?? 0, unit: 'ms' },
    { scenario: `${label}: heap retained`, size, value: heapMiB, unit: 'MiB' },
  ];
}

/** Scenario 1: @opkit/daemons alone, a trivial timer per object. */
async function daemonsAlone(sizes: DaemonsBenchSizes): Promise<BenchResult[]> {
  const gc = forceGc();
  const registry = new Registry();
  registry.on.timer('kopfexamples', function tick() { return undefined; }, { interval: 1 });
  const handlers = registry.resourceHandlers();
  let measuring = false;
  let runs = 0;
  const lateness: number[] = [];
  const invoke: DaemonInvoke = async ({ handler, context, latenessMs }) => {
    if (measuring) {
      runs++;
      lateness.push(latenessMs ?? 0);
    }
    return invokeHandler(handler, context);
  };
  const before = heapAfterGc(gc);
  const daemons = new Daemons();
  for (let i = 0; i < sizes.objects; i++) daemons.attach(`uid-${i}`, { body: body(i), invoke }).reconcile(handlers);
  await delay(sizes.warmup * 1000);
  measuring = true;
  const measured = await measure(sizes.seconds * 1000);
  measuring = false;
  const heap = (heapAfterGc(gc) - before) / 1024 / 1024;
  await daemons.stop();
  return figures('@opkit/daemons alone', `${sizes.objects} objects × 1 s timer`, runs, sizes.seconds, measured, lateness, heap);
}

/** Scenario 2: idle daemons (each waiting in `stopped.wait()`): what waiting costs. */
async function idleDaemons(sizes: DaemonsBenchSizes): Promise<BenchResult[]> {
  const gc = forceGc();
  const registry = new Registry();
  registry.on.daemon('kopfexamples', async function idle({ stopped }) { while (!stopped.isSet) await stopped.wait(60); });
  const handlers = registry.resourceHandlers();
  const before = heapAfterGc(gc);
  const daemons = new Daemons();
  for (let i = 0; i < sizes.objects; i++) daemons.attach(`uid-${i}`, { body: body(i) }).reconcile(handlers);
  await delay(500);
  const { cpuShare } = await measure(Math.min(sizes.seconds, 5) * 1000);
  const heap = (heapAfterGc(gc) - before) / 1024 / 1024;
  const size = `${sizes.objects} objects × idle daemon`;
  await daemons.stop();
  return [
    { scenario: 'idle daemons: CPU share', size, value: cpuShare * 100, unit: '% of one core' },
    { scenario: 'idle daemons: heap', size, value: heap, unit: 'MiB' },
  ];
}

async function parallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** Scenario 3: a whole operator with a 1 s timer, against the embedded API server with N objects. */
async function wholeOperator(sizes: DaemonsBenchSizes): Promise<BenchResult[]> {
  const gc = forceGc();
  const server = await startApiServer({ historySize: Math.max(10_000, sizes.objects * 3) });
  const client = await connect({ server: { url: server.url }, retry: { attempts: 30, start: 100, max: 2000 } });
  const controller = new AbortController();
  try {
    const kex = await createKopfExamples(client);
    await parallel(Array.from({ length: sizes.objects }, (_, i) => i), 32, (i) => {
      const { uid: _uid, ...metadata } = body(i).metadata;
      return client.create(kex, { ...body(i), metadata }, { namespace: 'default' });
    });

    const registry = new Registry();
    registry.on.timer('kopfexamples', function tick() { return undefined; }, { interval: 1 });
    const before = heapAfterGc(gc);
    let measuring = false;
    const lateness: number[] = [];
    let finalizers = 0;
    const operator = new Operator({
      registry, client, clusterwide: true, logger: createLogger({ format: 'plain', level: 'warn', write: () => undefined }),
    });
    operator.feed$.subscribe((event: FeedEvent) => {
      if (event.type === 'patch' && event.patchType === 'json' && event.code === 200) finalizers++;
      else if (measuring && event.type === 'handler' && event.phase === 'started' && event.latenessMs !== undefined) lateness.push(event.latenessMs);
    });
    const setupStarted = Date.now();
    const running = operator.run(controller.signal);
    await operator.ready;
    while (finalizers < sizes.objects && Date.now() - setupStarted < 600_000) await delay(100);
    const setup = (Date.now() - setupStarted) / 1000;
    await delay(sizes.warmup * 1000);
    measuring = true;
    const measured = await measure(sizes.seconds * 1000);
    measuring = false;
    const runs = lateness.length;
    const heap = (heapAfterGc(gc) - before) / 1024 / 1024;
    const stopping = Date.now();
    controller.abort();
    await running;
    const results = figures('whole operator', `${sizes.objects} objects × 1 s timer`, runs, sizes.seconds, measured, lateness, heap);
    results.push(
      { scenario: 'whole operator: setup (list, timers, finalizers)', size: `${sizes.objects} objects`, value: setup, unit: 's' },
      { scenario: 'whole operator: stop', size: `${sizes.objects} objects × 1 s timer`, value: Date.now() - stopping, unit: 'ms' },
    );
    return results;
  } finally {
    controller.abort();
    client.close();
    await server.close();
  }
}

/**
 * Runs every daemons scenario and returns its figures.
 *
 * @example
 * renderTable(await runDaemonsBench(DAEMONS_FULL_SIZES));
 */
export async function runDaemonsBench(sizes: DaemonsBenchSizes = DAEMONS_FULL_SIZES): Promise<BenchResult[]> {
  return [...await daemonsAlone(sizes), ...await idleDaemons(sizes), ...await wholeOperator(sizes)];
}
