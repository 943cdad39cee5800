// The composition root, one token at a time: registering a replacement in `overrides` changes what
// the operator does (the finalizer it writes, where progress lands, what it watches, which clock
// drives its timers, retries and daemon restarts), and what a user registers is never closed.
import { connect } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { Patch, StatusDiffBaseStorage } from '@opkit/state';
import { watchScoped } from '@opkit/watching';
import { BehaviorSubject, filter } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMISSION, CLOCK, COORDINATION, createLogger, CYCLE_QUEUE, DAEMONS, DIFFBASE_STORAGE, INDEXER, KUBE_CLIENT, LOGGER, Registry, resolveSettings, SETTINGS, STORAGES, TemporaryError, WATCH_SOURCE,
} from '../src/index.js';
import type { FeedEvent, WatchSource } from '../src/index.js';
import { Daemons } from '@opkit/daemons';
import { KeyedQueue } from '@opkit/tasks';
import { createIndexer } from '@opkit/handlers';
import type { Harness } from './harness.js';
import { diffBaseOf, FAST, kopfExample, startHarness } from './harness.js';
import { manualClock } from './manualClock.js';
import { deadline } from '@opkit/test-tools';

type HandlerEvent = Extract<FeedEvent, { type: 'handler' }>;
const handlerEvents = (feed: readonly FeedEvent[], id: string): HandlerEvent[] => feed.filter((e): e is HandlerEvent => e.type === 'handler' && e.id === id);

describe('the composition root: one test per token', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('SETTINGS: a finalizer name registered through the token is the one written', async () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return 'ok'; });
    registry.on.delete('kopfexamples', function delete_fn() { return 'bye'; });
    await h.run(registry, { overrides: (c) => { c.register(SETTINGS, { useValue: resolveSettings({ ...FAST, persistence: { ...FAST.persistence, finalizer: 'example.com/mine' } }) }); } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn === 'ok', 'the creation');
    expect(body.metadata.finalizers).toEqual(['example.com/mine']);
  });

  it('STORAGES and DIFFBASE_STORAGE: the diff-base lands where the registered storage keeps it', async () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return 'ok'; });
    await h.run(registry, { overrides: (c) => { c.register(DIFFBASE_STORAGE, { useValue: new StatusDiffBaseStorage({ field: 'status.mine.base' }) }); } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.mine?.base !== undefined, 'the diff-base in status.mine.base');
    expect(diffBaseOf(body)).toBeUndefined();

    // STORAGES decides per resource, the finalizer included.
    const other = new Registry();
    other.on.create('kopfexamples', function create_fn() { return 'ok'; });
    const seen: string[] = [];
    await h.run(other, {
      overrides: (c) => {
        const defaults = c.resolve(STORAGES);
        c.register(STORAGES, { useValue: (resource) => { seen.push(resource.plural); return { ...defaults(resource), diffBaseStorage: new StatusDiffBaseStorage({ field: 'status.per.resource' }) }; } });
      },
    });
    await h.client.create(h.kex, kopfExample('second'), { namespace: 'default' });
    await h.waitFor('second', (b) => (b.status as any)?.per?.resource !== undefined, 'the diff-base in status.per.resource');
    expect(seen).toContain('kopfexamples');
  });

  it('KUBE_CLIENT: a client the user registered is used and not closed on exit', async () => {
    const own = await connect(await kubeconfigOf(h));
    let closed = 0;
    const client = new Proxy(own, {
      get(target, key) {
        if (key === 'close') return () => { closed++; };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return 'ok'; });
    const requests: string[] = [];
    client.observeRequests((record) => requests.push(record.verb));
    const run = await h.run(registry, { client: undefined, overrides: (c) => { c.register(KUBE_CLIENT, { useValue: client }); } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn === 'ok', 'the creation');
    await run.stop();
    expect(requests).toContain('patch');
    expect(closed).toBe(0);
    own.close();
  });

  it('LOGGER: the registered logger gets the lines and the feed still reports them as log events', async () => {
    const lines: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ logger }) { logger.info('hello from the handler'); });
    const run = await h.run(registry, { overrides: (c) => { c.register(LOGGER, { useValue: createLogger({ format: 'plain', write: (line) => lines.push(line) }) }); } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation');
    expect(lines).toContain('[default/kopf-example-1] hello from the handler');
    expect(run.lines).not.toContain('[default/kopf-example-1] hello from the handler');
    expect(run.feed).toContainEqual(expect.objectContaining({ type: 'log', level: 'info', message: 'hello from the handler', object: expect.objectContaining({ name: 'kopf-example-1' }) }));
  });

  it('WATCH_SOURCE: the operator handles what the registered source delivers', async () => {
    const registry = new Registry();
    const handled: string[] = [];
    registry.on.create('kopfexamples', function create_fn({ name }) { handled.push(name!); });
    const source = (client: KubeClient): WatchSource => ({
      resources: (selector) => new BehaviorSubject([h.kex]).pipe(filter(() => selector === 'kopfexamples')),
      watch: (resource, { onPhase }) => watchScoped(client, resource, { onPhase }).pipe(filter((event) => event.type === 'SYNCED' || !event.object.metadata.name?.startsWith('hidden'))),
    });
    await h.run(registry, { overrides: (c) => { c.register(WATCH_SOURCE, { useFactory: (inner) => source(inner.resolve(KUBE_CLIENT)) }); } });
    await h.client.create(h.kex, kopfExample('hidden-one'), { namespace: 'default' });
    await h.client.create(h.kex, kopfExample('shown'), { namespace: 'default' });
    await h.waitFor('shown', (b) => diffBaseOf(b) !== undefined, 'the shown object');
    expect(handled).toEqual(['shown']);
    expect(h.patchCount('hidden-one')).toBe(0);
  });

  it('CYCLE_QUEUE: the operator runs its object cycles in the registered queue', async () => {
    const registry = new Registry();
    const handled: string[] = [];
    registry.on.create('kopfexamples', function create_fn({ name }) { handled.push(name!); });
    const queued: string[] = [];
    await h.run(registry, {
      overrides: (c) => {
        // One object at a time, and objects named hidden-* are dropped before their cycle.
        c.register(CYCLE_QUEUE, { useValue: (worker, { onError }) => new KeyedQueue((event, context) => {
          queued.push(event.object.metadata?.name ?? '');
          return event.object.metadata?.name?.startsWith('hidden') ? undefined : worker(event, context);
        }, { concurrency: 1, cancellable: true, onError }) });
      },
    });
    await h.client.create(h.kex, kopfExample('hidden-one'), { namespace: 'default' });
    await h.client.create(h.kex, kopfExample('shown'), { namespace: 'default' });
    await h.waitFor('shown', (b) => diffBaseOf(b) !== undefined, 'the shown object');
    expect(queued).toContain('hidden-one');
    expect(handled).toEqual(['shown']);
    expect(h.patchCount('hidden-one')).toBe(0);
  });

  it('INDEXER and DAEMONS: the operator runs the parts the registered factories make', async () => {
    const registry = new Registry();
    registry.on.index('kopfexamples', function by_name({ name }) { return name; });
    registry.on.timer('kopfexamples', function tick() { return 'ticked'; }, { interval: 3600 });
    const made: string[] = [];
    await h.run(registry, {
      overrides: (c) => {
        const settings = resolveSettings(FAST);
        c.register(INDEXER, { useValue: (deps) => { made.push('indexer'); return createIndexer({ ...deps, defaultBackoff: settings.execution.defaultBackoff, clock: c.resolve(CLOCK), emit: () => undefined, patch: () => new Patch() }); } });
        c.register(DAEMONS, { useValue: () => { made.push('daemons'); return new Daemons({ exitTimeout: 1 }); } });
      },
    });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.tick === 'ticked', 'the timer');
    expect(made.sort()).toEqual(['daemons', 'indexer']);
  });

  it('COORDINATION: a registered coordination pauses the operator until it says otherwise', async () => {
    const paused$ = new BehaviorSubject(false);
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return 'ok'; });
    const run = await h.run(registry, {
      overrides: (c) => {
        c.register(COORDINATION, { useValue: { identity: 'test', paused$, gate: undefined, run: (signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })) } });
      },
    });
    paused$.next(true);
    await expect.poll(() => run.feed.some((event) => event.type === 'watch' && event.phase === 'stopped')).toBe(true);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    expect(h.patchCount('kopf-example-1')).toBe(0);
    expect(run.feed.some((event) => event.type === 'peering')).toBe(false);
    paused$.next(false);
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn === 'ok', 'the creation after the resume');
  });

  it('ADMISSION: a registered admission part replaces the webhook server (no server configured is then no error)', async () => {
    const registry = new Registry();
    registry.on.validate('kopfexamples', function check() { return undefined; });
    const started: AbortSignal[] = [];
    // The default refuses to start: admission handlers, no webhook server configured, not the embedded API server.
    await expect(h.run(registry, {})).rejects.toThrow(/no webhook server is configured/);
    const run = await h.run(registry, { overrides: (c) => { c.register(ADMISSION, { useValue: { start: async (signal) => { started.push(signal); return undefined; } } }); } });
    expect(started).toHaveLength(1);
    expect(run.feed.some((event) => event.type === 'operator' && event.phase === 'ready')).toBe(true);
  });
});

describe('the composition root: one Clock drives the runtime', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('CLOCK: on a fake clock, a handler failing twice with TemporaryError(60 s), a 1 h timer and a daemon restart complete at their virtual times, with no real waiting', async () => {
    const clock = manualClock();
    const t0 = clock.now();
    let attempts = 0;
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() {
      attempts++;
      if (attempts <= 2) throw new TemporaryError('not yet', { delay: 60 });
      return 'done';
    });
    registry.on.timer('kopfexamples', function hourly() { return 'tick'; }, { interval: 3600 });
    registry.on.daemon('kopfexamples', async function watcher({ retry, signal }) {
      if (retry === 0) throw new TemporaryError('restart me', { delay: 30 });
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    });
    const run = await h.run(registry, { overrides: (c) => { c.register(CLOCK, { useValue: clock }); } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });

    // Each step: wait (in real time, with a deadline) until the runtime is idle at the current virtual
    // moment — what it had to do is reported and its next timer scheduled — then move the clock there.
    const count = (id: string, phase: HandlerEvent['phase']): number => handlerEvents(run.feed, id).filter((e) => e.phase === phase).length;
    const until = async (ready: () => boolean, what: string): Promise<void> => {
      await vi.waitFor(() => {
        if (!ready()) throw new Error(`waiting for ${what}; timers due at +${clock.dueTimes().map((t) => (t - t0) / 1000).join(', ')} s`);
      }, { timeout: deadline(15_000), interval: 20 });
    };
    await until(() => count('create_fn', 'retrying') === 1 && count('watcher', 'retrying') === 1 && clock.dueTimes().includes(t0 + 30_000)
      && clock.dueTimes().includes(t0 + 60_000), 'the first attempts');
    clock.advanceTo(t0 + 30_000);
    await until(() => count('watcher', 'started') === 2, 'the daemon restart');
    clock.advanceTo(t0 + 60_000);
    await until(() => count('create_fn', 'retrying') === 2 && clock.dueTimes().includes(t0 + 120_000), 'the first retry');
    clock.advanceTo(t0 + 120_000);
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn === 'done', 'the creation after two retries');
    await until(() => clock.dueTimes().includes(t0 + 3_600_000), 'the timer\'s next run');
    clock.advanceTo(t0 + 3_600_000);
    await until(() => count('hourly', 'succeeded') === 2, 'the timer\'s second run');

    expect(handlerEvents(run.feed, 'create_fn').filter((e) => e.phase === 'started').map((e) => e.ts - t0)).toEqual([0, 60_000, 120_000]);
    expect(handlerEvents(run.feed, 'hourly').filter((e) => e.phase === 'started').map((e) => e.ts - t0)).toEqual([0, 3_600_000]);
    expect(handlerEvents(run.feed, 'watcher').filter((e) => e.phase === 'started').map((e) => e.ts - t0)).toEqual([0, 30_000]);
    expect(run.feed.every((event) => event.ts >= t0)).toBe(true);

    // Stopping waits on the same clock (the exit timeout, the daemons' cancellation): move it on until stopped.
    let stopped = false;
    const stopping = run.stop().then(() => { stopped = true; });
    await vi.waitFor(() => {
      clock.advanceTo(clock.now() + 1_000);
      if (!stopped) throw new Error(`still stopping; timers due at +${clock.dueTimes().map((t) => (t - t0) / 1000).join(', ')} s`);
    }, { timeout: deadline(15_000), interval: 20 });
    await stopping;
  });
});

/** How to connect a second client to the harness's API server. */
async function kubeconfigOf(h: Harness): Promise<{ kubeconfig?: string }> {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const path = join(mkdtempSync(join(tmpdir(), 'opkit-core-root-')), 'kubeconfig');
  writeFileSync(path, h.server.kubeconfig());
  return { kubeconfig: path };
}
