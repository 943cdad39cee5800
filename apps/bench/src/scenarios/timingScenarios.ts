// Latencies that tests used to assert against the wall clock (issue 29) and now only report: how soon a
// closed watch is gone from the server, how soon a stalled stream is detected, how long the client waits
// for Retry-After and how soon it aborts, how an operator's timers are spaced (example 15's, scaled to a
// tenth), how long a deletion waits for daemons that must be cancelled, how long an operator takes to
// stop (with a straggling handler, and with daemons), and how soon a standby takes over a released Lease.
// Each scenario runs a few rounds on a fresh embedded API server over real HTTP; the median and the worst
// round are reported, never compared with a target: they move with the machine's load.
import { setTimeout as delay } from 'node:timers/promises';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { createLogger, Operator, Registry } from '@opkit/core';
import type { FeedEvent, SettingsInput } from '@opkit/core';
import { connect } from '@opkit/kube';
import type { KubeClient, Resource } from '@opkit/kube';
import { watchResource } from '@opkit/watching';
import type { BenchResult } from '../apiserverScenarios.js';
import { createKopfExamples } from './kopfExamples.js';

/** Sizes of the timing scenarios. */
export interface TimingBenchSizes {
  /** Rounds of each scenario. @defaultValue 5 */
  rounds: number;
}

/** The full sizes. */
export const TIMING_FULL_SIZES: TimingBenchSizes = { rounds: 5 };

const CONFIGMAPS: Resource = { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true };
const FAST = { backoffStartMs: 20, backoffMaxMs: 500, pageSize: 50 };
const QUIET = createLogger({ format: 'plain', level: 'error', write: () => undefined });

/** Poll `check` every 5 ms until it holds (a bench has no test deadline; 60 s ends a hung round). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timing bench: gave up waiting for ${what}`);
    await delay(5);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** Median and worst of the rounds of one figure. */
function spread(scenario: string, size: string, values: readonly number[], unit = 'ms'): BenchResult[] {
  return [
    { scenario: `${scenario} (median)`, size, value: median(values), unit },
    { scenario: `${scenario} (worst)`, size, value: Math.max(...values), unit },
  ];
}

async function withServer<T>(work: (server: ApiServer, client: KubeClient) => Promise<T>): Promise<T> {
  const server = await startApiServer();
  const client = await connect({ server: { url: server.url }, retry: { start: 20, max: 500, attempts: 20 } });
  try {
    return await work(server, client);
  } finally {
    client.close();
    await server.close();
  }
}

/** Run `registry` as an operator against `client` until `work` is done; returns what `work` returns. */
async function withOperator<T>(client: KubeClient, registry: Registry, settings: SettingsInput, work: (operator: Operator, feed: FeedEvent[], stop: () => Promise<void>) => Promise<T>): Promise<T> {
  const feed: FeedEvent[] = [];
  const controller = new AbortController();
  const operator = new Operator({ registry, client, clusterwide: true, logger: QUIET, settings });
  operator.feed$.subscribe((event: FeedEvent) => feed.push(event));
  const running = operator.run(controller.signal);
  const stop = async (): Promise<void> => { controller.abort(); await running; };
  try {
    await operator.ready;
    return await work(operator, feed, stop);
  } finally {
    await stop();
  }
}

const example = (name: string): { apiVersion: string; kind: string; metadata: { name: string; namespace: string }; spec: { field: string } } =>
  ({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { field: 'value' } });

/** @opkit/watching: unsubscribe → the server counts no open watch; a stall → the inactivity timeout (800 ms) fires. */
async function watching(rounds: number): Promise<BenchResult[]> {
  const closed: number[] = [];
  const detected: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await withServer(async (server, client) => {
      const subscription = watchResource(client, CONFIGMAPS, { settings: FAST }).subscribe();
      await until(() => server.stats().watches === 1, 'the watch');
      const started = Date.now();
      subscription.unsubscribe();
      await until(() => server.stats().watches === 0, 'the watch to close');
      closed.push(Date.now() - started);

      let inactive = 0;
      const stalled = watchResource(client, CONFIGMAPS, { namespace: 'default', settings: { ...FAST, inactivityTimeoutMs: 800 }, onPhase: (p) => { if (p.phase === 'inactivity') inactive++; } }).subscribe();
      await until(() => server.stats().watches === 1, 'the watch');
      server.faults.set({ stallWatches: true });
      const stalledAt = Date.now();
      await until(() => inactive > 0, 'the inactivity timeout');
      detected.push(Date.now() - stalledAt);
      server.faults.set({ stallWatches: false });
      stalled.unsubscribe();
    });
  }
  return [
    ...spread('watch closed on the server after unsubscribe', 'one watch', closed),
    ...spread('stalled watch detected (inactivityTimeoutMs 800)', 'one watch', detected),
  ];
}

/** @opkit/kube: a list answered 429 with Retry-After: 1, then 200; an in-flight get aborted by its signal. */
async function kube(rounds: number): Promise<BenchResult[]> {
  const retried: number[] = [];
  const aborted: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await withServer(async (server, client) => {
      server.faults.failNext(1, 429, { retryAfterSeconds: 1 });
      let started = Date.now();
      await client.listAll(CONFIGMAPS, { namespace: 'default' });
      retried.push(Date.now() - started);
      server.faults.set({ latencyMs: 60_000 });
      const controller = new AbortController();
      const pending = client.get(CONFIGMAPS, 'x', { namespace: 'default', signal: controller.signal }).catch(() => undefined);
      await delay(50);
      started = Date.now();
      controller.abort();
      await pending;
      aborted.push(Date.now() - started);
      server.faults.set({ latencyMs: 0 });
    });
  }
  return [
    ...spread('list through one 429 with Retry-After: 1', 'one request', retried),
    ...spread('in-flight request aborted by its signal', 'one request', aborted),
  ];
}

/** Example 15's timers at a tenth of their durations: idle 0.5 s then every 0.2 s; idle 1 s then every 0.4 s. */
async function timers(rounds: number): Promise<BenchResult[]> {
  const first = { sync: [] as number[], async: [] as number[] };
  const startGap = { sync: [] as number[], async: [] as number[] };
  const endGap = { sync: [] as number[], async: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    await withServer(async (_server, client) => {
      const kex = await createKopfExamples(client);
      const registry = new Registry();
      registry.on.timer('kopfexamples', function sync() { return undefined; }, { idle: 0.5, interval: 0.2 });
      registry.on.timer('kopfexamples', async function async() { return undefined; }, { idle: 1, interval: 0.4 });
      await withOperator(client, registry, {}, async (_operator, feed) => {
        const created = Date.now();
        await client.create(kex, example('timers'), { namespace: 'default' });
        const runs = (id: string): FeedEvent[] => feed.filter((e) => e.type === 'handler' && e.id === id && (e.phase === 'started' || e.phase === 'succeeded'));
        await until(() => runs('async').filter((e) => e.type === 'handler' && e.phase === 'started').length >= 4, 'four runs of the slower timer');
        for (const id of ['sync', 'async'] as const) {
          const list = runs(id);
          first[id].push(list[0]!.ts - created);
          const starts = list.filter((e) => e.type === 'handler' && e.phase === 'started').map((e) => e.ts);
          startGap[id].push(Math.min(...starts.slice(1).map((ts, i) => ts - starts[i]!)));
          const gaps: number[] = [];
          for (let i = 2; i < list.length; i += 2) gaps.push(list[i]!.ts - list[i - 1]!.ts);
          endGap[id].push(Math.min(...gaps));
        }
      });
    });
  }
  return [
    ...spread('timer idle 0.5 s: first run after the create', 'one object', first.sync),
    ...spread('timer idle 1 s: first run after the create', 'one object', first.async),
    ...spread('timer every 0.2 s: shortest gap between two starts', 'one object', startGap.sync),
    ...spread('timer every 0.4 s: shortest gap between two starts', 'one object', startGap.async),
    ...spread('timer every 0.2 s: shortest gap from a run\'s end to the next start', 'one object', endGap.sync),
    ...spread('timer every 0.4 s: shortest gap from a run\'s end to the next start', 'one object', endGap.async),
  ];
}

/** Deletion with daemons to cancel; the operator's stop with a straggler (exitTimeout 1 s) and with daemons. */
async function stopping(rounds: number): Promise<BenchResult[]> {
  const deletion: number[] = [];
  const straggler: number[] = [];
  const stragglerAbort: number[] = [];
  const daemons: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await withServer(async (_server, client) => {
      const kex = await createKopfExamples(client);
      // core/test/daemons.test.ts: a polite daemon (backoff 0.3 s) and a stubborn one (backoff 0.2 s, timeout 0.3 s).
      const registry = new Registry();
      registry.on.daemon('kopfexamples', async function polite({ signal }) { await delay(60_000, undefined, { signal }).catch(() => undefined); }, { cancellationBackoff: 0.3, cancellationTimeout: 5 });
      registry.on.daemon('kopfexamples', async function stubborn() { await new Promise<void>(() => undefined); }, { cancellationBackoff: 0.2, cancellationTimeout: 0.3 });
      await withOperator(client, registry, {}, async (_operator, feed) => {
        await client.create(kex, example('doomed'), { namespace: 'default' });
        await until(() => feed.filter((e) => e.type === 'daemon' && e.phase === 'started').length === 2, 'both daemons');
        const started = Date.now();
        await client.delete(kex, 'doomed', { namespace: 'default' });
        await until(async () => (await client.listAll(kex, { namespace: 'default' })).items.length === 0, 'the object to go');
        deletion.push(Date.now() - started);
      });

      // core/test/shutdown.test.ts: a handler that ends only when its signal aborts, after the exit timeout.
      const slow = new Registry();
      let abortedAt = 0;
      slow.on.create('kopfexamples', async function create_fn({ signal }) {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        abortedAt = Date.now();
      });
      await withOperator(client, slow, { queueing: { exitTimeout: 1 } }, async (_operator, feed, stop) => {
        await client.create(kex, example('slow'), { namespace: 'default' });
        await until(() => feed.some((e) => e.type === 'handler' && e.phase === 'started'), 'the handler');
        const started = Date.now();
        await stop();
        straggler.push(Date.now() - started);
        stragglerAbort.push(abortedAt - started);
      });

      // core/test/daemons.test.ts: two objects, each with a daemon and a 0.1 s timer.
      const background = new Registry();
      background.on.daemon('kopfexamples', async function monitor({ stopped, patch }) { await stopped.wait(); patch.status.farewell = stopped.reason; });
      background.on.timer('kopfexamples', function tick() { return undefined; }, { interval: 0.1 });
      await withOperator(client, background, {}, async (_operator, feed, stop) => {
        for (const name of ['one', 'two']) await client.create(kex, example(name), { namespace: 'default' });
        await until(() => feed.filter((e) => e.type === 'daemon' && e.phase === 'started' && (e.name === 'one' || e.name === 'two')).length === 4, 'the daemons and timers');
        const started = Date.now();
        await stop();
        daemons.push(Date.now() - started);
      });
    });
  }
  return [
    ...spread('deletion cancelling two daemons (backoffs 0.3 s and 0.2 s + 0.3 s)', 'one object', deletion),
    ...spread('operator stop with a straggler (exitTimeout 1 s)', 'one handler', straggler),
    ...spread('straggler\'s signal aborted after the stop began', 'one handler', stragglerAbort),
    ...spread('operator stop with daemons and timers', '2 objects × (daemon + timer)', daemons),
  ];
}

/** Leader election: the leader stops (releasing its Lease); a standby takes over (the Lease lasts 60 s). */
async function handover(rounds: number): Promise<BenchResult[]> {
  const taken: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await withServer(async (_server, client) => {
      await createKopfExamples(client);
      const peering = { standalone: true, leaderElection: true, leaseNamespace: 'default', leaseDuration: 60, renewDeadline: 1, retryPeriod: 0.5 };
      const registry = (): Registry => { const r = new Registry(); r.on.create('kopfexamples', function noop() { return undefined; }); return r; };
      const leading = (feed: readonly FeedEvent[]): boolean => {
        const last = feed.filter((e): e is Extract<FeedEvent, { type: 'leadership' }> => e.type === 'leadership').at(-1);
        return last?.leader === true;
      };
      await withOperator(client, registry(), { peering: { ...peering, identity: 'first' } }, async (_a, first, stopFirst) => {
        await until(() => leading(first), 'the first to lead');
        await withOperator(client, registry(), { peering: { ...peering, identity: 'second' } }, async (_b, second) => {
          const started = Date.now();
          await stopFirst();
          await until(() => leading(second), 'the second to lead');
          taken.push(Date.now() - started);
        });
      });
    });
  }
  return spread('standby leads after the leader stopped (Lease of 60 s, retryPeriod 0.5 s)', 'two operators', taken);
}

/**
 * Every timing scenario, in order.
 *
 * @example
 * ```ts
 * console.log(renderTable(await runTimingBench({ rounds: 2 })));
 * ```
 */
export async function runTimingBench(sizes: TimingBenchSizes = TIMING_FULL_SIZES): Promise<BenchResult[]> {
  const { rounds } = sizes;
  return [...await watching(rounds), ...await kube(rounds), ...await timers(rounds), ...await stopping(rounds), ...await handover(rounds)];
}
