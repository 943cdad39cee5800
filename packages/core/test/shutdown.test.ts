// runResources, called directly with RuntimeDeps built here (the seam the operator shell uses):
// it reports the initial listing, and on abort it stops the watches, lets the cycles in flight
// finish undisturbed within the exit timeout, then aborts the stragglers' signals (their patches
// still land), and clears every wake-up timer it scheduled.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '@opkit/tasks';
import type { Clock } from '@opkit/tasks';
import type { KubeObject } from '@opkit/kube';
import { createLogger, objectLogger, Registry, resolveSettings, TemporaryError } from '../src/index.js';
import type { FeedEventInput } from '../src/index.js';
import { runResources } from '../src/processing/index.js';
import type { RuntimeDeps } from '../src/processing/index.js';
import { createIndices } from '@opkit/handlers';
import { composeOperator } from '../src/root/container.js';
import { CYCLE_QUEUE, DAEMONS, INDEXER, STORAGES, WATCH_SOURCE } from '../src/root/tokens.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, progressOf, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

/** The system clock, counting the timers that are pending and recording the delay of each one that fired, in order. */
function countingClock(): Clock & { readonly pending: Set<unknown>; readonly fired: number[] } {
  const pending = new Set<unknown>();
  const fired: number[] = [];
  return {
    pending,
    fired,
    now: () => systemClock.now(),
    setTimeout: (fn, ms) => {
      const handle: unknown = systemClock.setTimeout(() => { pending.delete(handle); fired.push(ms); fn(); }, ms);
      pending.add(handle);
      return handle;
    },
    clearTimeout: (handle) => { pending.delete(handle); systemClock.clearTimeout(handle); },
  };
}

/** The parts runResources takes from the container, as the operator's defaults make them. */
function partsOf(deps: Pick<RuntimeDeps, 'client' | 'registry' | 'clock' | 'logger' | 'settings'>, namespaces?: readonly string[]): Pick<RuntimeDeps, 'storages' | 'watch' | 'indexer' | 'cycleQueue' | 'daemons'> {
  const { container } = composeOperator({
    client: deps.client, clock: deps.clock, logger: deps.logger, settings: deps.settings, namespaces, localApiServer: false,
    registry: deps.registry, memo: {}, indices: createIndices([]), emit: () => undefined,
  });
  return { storages: container.resolve(STORAGES), watch: container.resolve(WATCH_SOURCE), indexer: container.resolve(INDEXER), cycleQueue: container.resolve(CYCLE_QUEUE), daemons: container.resolve(DAEMONS) };
}

describe('runResources', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('stops cleanly: watches closed, cycles in flight drained, stragglers aborted after the exit timeout, timers cleared', async () => {
    const lines: string[] = [];
    const feed: FeedEventInput[] = [];
    const logger = createLogger({ format: 'plain', level: 'debug', write: (line) => lines.push(line) });
    const clock = countingClock();
    let slowStarted = false;
    let slowSawAbort = false;
    let firedWhenSlowAborted: number[] = [];
    let quickStarted = false;
    let quickAbortedWhenDone: boolean | undefined;
    let releaseQuick = (): void => undefined;
    const quickGate = new Promise<void>((resolve) => { releaseQuick = resolve; });
    const registry = new Registry();
    registry.on.create('kopfexamples', async function create_fn({ name, signal }) {
      if (name === 'waiting') throw new TemporaryError('much later', { delay: 60 });
      if (name === 'quick') {
        quickStarted = true;
        await quickGate;
        quickAbortedWhenDone = signal.aborted;
        return 'finished in the drain';
      }
      slowStarted = true;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      slowSawAbort = signal.aborted;
      firedWhenSlowAborted = [...clock.fired];
      return 'stopped politely';
    });
    const base = {
      client: h.client, registry, clock, memo: {}, logger,
      settings: resolveSettings({ persistence: { consistencyTimeout: 1 }, queueing: { exitTimeout: 1 } }),
    };
    const deps: RuntimeDeps = {
      ...base, ...partsOf(base),
      objectLogger: (body: KubeObject, resource) => objectLogger(logger, body, resource),
      emit: (event) => feed.push(event),
      events: { post: () => undefined },
    };
    const controller = new AbortController();
    let synced = 0;
    const done = runResources(deps, { signal: controller.signal, onSynced: () => { synced++; } });
    await expect.poll(() => synced).toBe(1);

    await h.client.create(h.kex, kopfExample('waiting'), { namespace: 'default' });
    await h.waitFor('waiting', (b) => JSON.parse(progressOf(b, 'create_fn') ?? '{}').retries === 1, 'the delayed retry stored');
    await expect.poll(() => clock.pending.size).toBeGreaterThan(0); // the wake-up in 60 s
    await h.client.create(h.kex, kopfExample('slow'), { namespace: 'default' });
    await expect.poll(() => slowStarted).toBe(true);
    await h.client.create(h.kex, kopfExample('quick'), { namespace: 'default' });
    await expect.poll(() => quickStarted).toBe(true);

    const firedBeforeStop = clock.fired.length;
    controller.abort();
    releaseQuick();
    await done;
    // The handler that finished during the drain never saw an abort; the straggler saw it only once the
    // exit timeout (1 s on the runtime's clock) had run out — how long a stop takes is measured by
    // apps/bench (`bench timing`), not asserted here.
    expect(quickAbortedWhenDone).toBe(false);
    expect(((await h.get('quick')).status as any)?.create_fn).toBe('finished in the drain');
    expect(slowSawAbort).toBe(true);
    expect(firedWhenSlowAborted.slice(firedBeforeStop)).toContain(1_000);
    expect(clock.pending.size).toBe(0);
    expect(synced).toBe(1);
    // The interrupted handler's cycle finished: its result and the finished creation are stored.
    const slow = await h.get('slow');
    expect((slow.status as any)?.create_fn).toBe('stopped politely');
    expect(diffBaseOf(slow)).toBeDefined();
    expect(feed.filter((event) => event.type === 'watch' && event.phase === 'stopped').length).toBeGreaterThan(0);
    await expect.poll(() => h.server.stats().watches).toBe(0);
  });

  it('serves only the given namespaces and reports their initial listing once', async () => {
    await h.client.create({ group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false }, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other' } });
    const other = kopfExample('elsewhere');
    other.metadata.namespace = 'other';
    await h.client.create(h.kex, other, { namespace: 'other' });
    const registry = new Registry();
    const handled: string[] = [];
    registry.on.create('kopfexamples', function create_fn({ namespace, name }) { handled.push(`${namespace}/${name}`); return 'mine'; });
    const logger = createLogger({ format: 'plain', level: 'error', write: () => undefined });
    const controller = new AbortController();
    let synced = 0;
    const base = { client: h.client, registry, clock: systemClock, memo: {}, logger, settings: resolveSettings({ persistence: { consistencyTimeout: 1 } }) };
    const done = runResources({
      ...base, ...partsOf(base, ['default']),
      objectLogger: (body, resource) => objectLogger(logger, body, resource), emit: () => undefined, events: { post: () => undefined },
    }, { signal: controller.signal, onSynced: () => { synced++; } });
    // The start (discovery, the CRD's observation, the namespace's list) took longer than expect.poll's
    // 1 s default on a loaded machine, which failed this with 0 syncs: the package's vitest config now
    // gives every poll 30 s, and the deadline is spelled out here too.
    await expect.poll(() => synced, { timeout: deadline(30_000) }).toBe(1);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn === 'mine', 'the object in the served namespace');
    controller.abort();
    await done;
    expect(handled).toEqual(['default/kopf-example-1']);
    expect(h.patchCount('elsewhere')).toBe(0);
    expect(synced).toBe(1);
    await expect.poll(() => h.server.stats().watches).toBe(0);
  });
});
