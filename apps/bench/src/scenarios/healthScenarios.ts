// Benchmark of what Prometheus metrics cost an operator (issue 21): a create storm — N KopfExamples
// created by 32 concurrent clients while an operator with one create handler runs — measured with
// metrics off and on (OperatorMetrics following the feed, scraped every second as a busy Prometheus
// would), in pairs on fresh servers after a warm-up round; the order within a pair alternates, and the
// median of the pairs' ratios is reported, so that JIT warm-up and the machine's load drifting between
// rounds do not favour one mode. On a busy machine a storm's wall time varies by more than the cost
// measured, so the metrics' own work is also measured directly: one storm's feed is recorded, then
// replayed into fresh metrics (after warming up) and timed, as a share of the storm's CPU time.
// Until the shared create-storm harness exists, this is its stand-in; the figures go to docs/performance.md.
import { startApiServer } from '@opkit/apiserver';
import { createLogger, Operator, Registry } from '@opkit/core';
import type { FeedEvent } from '@opkit/core';
import { OperatorMetrics } from '@opkit/health';
import { connect } from '@opkit/kube';
import type { BenchResult } from '../apiserverScenarios.js';
import { createKopfExamples } from './kopfExamples.js';

/** Sizes of the metrics-overhead scenario. */
export interface HealthBenchSizes {
  /** Objects created in each storm. @defaultValue 2000 */
  objects: number;
  /** Measured pairs of storms (one off, one on). @defaultValue 15 */
  rounds: number;
}

/** The full sizes. */
export const HEALTH_FULL_SIZES: HealthBenchSizes = { objects: 2000, rounds: 15 };


function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function parallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One storm on a fresh server: seconds until every object is handled, and the process's CPU seconds meanwhile. */
async function storm(objects: number, withMetrics: boolean, record?: FeedEvent[]): Promise<{ seconds: number; cpu: number; series: number }> {
  const server = await startApiServer({ historySize: Math.max(10_000, objects * 4) });
  const client = await connect({ server: { url: server.url }, retry: { attempts: 30, start: 100, max: 2000 } });
  const writer = await connect({ server: { url: server.url }, retry: { attempts: 30, start: 100, max: 2000 } });
  const controller = new AbortController();
  let scraper: ReturnType<typeof setInterval> | undefined;
  try {
    const kex = await createKopfExamples(client, writer);
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ spec }) { return { seen: spec.field }; });
    const operator = new Operator({ registry, client, clusterwide: true, logger: createLogger({ format: 'plain', level: 'warn', write: () => undefined }) });
    let handled = 0;
    operator.feed$.subscribe((event: FeedEvent) => {
      record?.push(event);
      if (event.type === 'handler' && event.id === 'create_fn' && event.phase === 'succeeded') handled++;
    });
    const metrics = withMetrics ? new OperatorMetrics() : undefined;
    metrics?.observe(operator.feed$);
    const running = operator.run(controller.signal);
    await operator.ready;
    if (metrics) scraper = setInterval(() => { void metrics.registry.metrics(); }, 1000);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await parallel(Array.from({ length: objects }, (_, i) => i), 32, (i) => writer.create(kex, {
      apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: `kex-${i}`, namespace: 'default' }, spec: { field: `value-${i}` },
    }, { namespace: 'default' }));
    while (handled < objects && performance.now() - started < 600_000) await delay(20);
    const seconds = (performance.now() - started) / 1000;
    // A storm that did not finish has no figure: its time would be the deadline's.
    if (handled !== objects) throw new Error(`the create storm handled ${handled} of ${objects} objects within 600 s`);
    const cpu = process.cpuUsage(cpuBefore);
    const series = metrics ? (await metrics.registry.metrics()).split('\n').filter((line) => line !== '' && !line.startsWith('#')).length : 0;
    controller.abort();
    await running;
    return { seconds, cpu: (cpu.user + cpu.system) / 1e6, series };
  } finally {
    clearInterval(scraper);
    controller.abort();
    client.close();
    writer.close();
    await server.close();
  }
}

/**
 * Runs the create storm with metrics off and on, alternating, and returns the medians and the overhead.
 *
 * @example
 * renderTable(await runHealthBench(HEALTH_FULL_SIZES));
 */
export async function runHealthBench(sizes: HealthBenchSizes = HEALTH_FULL_SIZES): Promise<BenchResult[]> {
  await storm(Math.min(sizes.objects, 500), true); // warm-up, not measured
  const off: { seconds: number; cpu: number }[] = [];
  const on: { seconds: number; cpu: number; series: number }[] = [];
  const feed: FeedEvent[] = [];
  for (let round = 0; round < sizes.rounds; round++) {
    // Alternate which mode goes first, so that neither always runs on a fresher heap.
    if (round % 2 === 0) {
      off.push(await storm(sizes.objects, false, round === 0 ? feed : undefined));
      on.push(await storm(sizes.objects, true));
    } else {
      on.push(await storm(sizes.objects, true));
      off.push(await storm(sizes.objects, false));
    }
  }
  // The metrics' own work on one storm's feed, after the JIT has warmed up on it.
  for (let warm = 0; warm < 10; warm++) {
    const metrics = new OperatorMetrics();
    for (const event of feed) metrics.record(event);
  }
  // CPU time, not wall time: on a shared machine the wall clock also counts other processes' turns.
  const cpuMs = (since: NodeJS.CpuUsage): number => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  const records: number[] = [];
  const scrapes: number[] = [];
  for (let replay = 0; replay < 9; replay++) {
    const metrics = new OperatorMetrics();
    const recording = process.cpuUsage();
    for (const event of feed) metrics.record(event);
    records.push(cpuMs(recording));
    const scraping = process.cpuUsage();
    await metrics.registry.metrics();
    scrapes.push(cpuMs(scraping));
  }
  const size = `${sizes.objects} creates, ${sizes.rounds} pairs`;
  const offCpu = median(off.map((r) => r.cpu));
  const record = median(records);
  const scrape = median(scrapes);
  // A storm takes seconds; a 15 s scrape interval scrapes at most once per storm here.
  const work = record + scrape;
  const ratios = (pick: (r: { seconds: number; cpu: number }) => number): number => median(off.map((r, i) => pick(on[i]!) / pick(r))) * 100 - 100;
  return [
    { scenario: 'create storm, metrics off: until all handled (median)', size, value: median(off.map((r) => r.seconds)), unit: 's' },
    { scenario: 'create storm, metrics on: until all handled (median)', size, value: median(on.map((r) => r.seconds)), unit: 's' },
    { scenario: 'metrics on vs off: time (median of pairs)', size, value: ratios((r) => r.seconds), unit: '%' },
    { scenario: 'create storm, metrics off: CPU (median)', size, value: offCpu, unit: 'CPU s' },
    { scenario: 'create storm, metrics on: CPU (median)', size, value: median(on.map((r) => r.cpu)), unit: 'CPU s' },
    { scenario: 'metrics on vs off: CPU (median of pairs)', size, value: ratios((r) => r.cpu), unit: '%' },
    { scenario: 'metrics work for one storm: record its feed (CPU)', size: `${feed.length} feed events`, value: record, unit: 'ms' },
    { scenario: 'metrics work: one scrape (CPU)', size: `${on.at(-1)!.series} series`, value: scrape, unit: 'ms' },
    { scenario: 'metrics work (record + one scrape) as a share of the storm\'s CPU', size, value: (work / 1000 / offCpu) * 100, unit: '%' },
    { scenario: 'metrics on: series exposed after the storm', size, value: on.at(-1)!.series, unit: 'series' },
  ];
}
