// The controllers on their queues, in fake time: each controller's behaviour from committed writes, a
// failing write that is logged and retried with backoff until it succeeds (the failure injected through
// ControllerWrites), and a close that leaves no timer behind.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '@opkit/tasks';
import { StatusError } from '../errors.js';
import { BUILTIN_TYPES, ResourceRegistry } from '../resources/index.js';
import type { ResourceType } from '../resources/types.js';
import { ObjectStore } from '../storage/index.js';
import { deleteObject } from '../registry/deletion.js';
import { WriteEngine } from '../registry/engine.js';
import { WatchManager } from '../http/watch.js';
import { Controllers } from './controllers.js';
import { registryWrites } from './engineWrites.js';
import { ObjectRegistry } from '../registry/registry.js';
import { Admission } from '../admission/admission.js';
import { EVENT_SWEEP_INTERVAL_MS, EVENT_TTL_MS } from './eventTtl.js';
import type { ControllerWrites } from './writes.js';

type Line = [level: string, message: string, fields: Record<string, unknown>];

function recordingLogger(lines: Line[]): Logger {
  const log = (level: string) => (message: string, fields: Record<string, unknown> = {}) => void lines.push([level, message, fields]);
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), child: () => logger };
  return logger;
}

interface Setup {
  engine: WriteEngine;
  store: ObjectStore;
  controllers: Controllers;
  lines: Line[];
  type: (plural: string) => ResourceType;
}

const cleanups: (() => Promise<void> | void)[] = [];

/** A server's parts without HTTP; `wrap` may replace some of the controllers' writes. */
function setup(wrap: (writes: ControllerWrites) => ControllerWrites = (w) => w): Setup {
  const store = new ObjectStore({ historySize: 100 });
  const registry = new ResourceRegistry(BUILTIN_TYPES);
  const engine = new WriteEngine(store, { strictMicroTime: false }, { crdChanged: () => undefined });
  const watches = new WatchManager(store, { bookmarkIntervalMs: 60_000, stalled: () => false });
  const lines: Line[] = [];
  const objects = new ObjectRegistry(engine, new Admission(store));
  const controllers = new Controllers(objects, registry, watches, {
    logger: recordingLogger(lines),
    retry: { start: 10, base: 2, max: 1000, jitter: 0 },
    writes: wrap(registryWrites(objects, registry, watches, 'system:serviceaccount:kube-system:test-controller')),
  });
  cleanups.push(() => controllers.close(), () => watches.close());
  const type = (plural: string): ResourceType => {
    const found = BUILTIN_TYPES.find((t) => t.plural === plural && !t.view);
    if (!found) throw new Error(`${plural} missing`);
    return found;
  };
  engine.create(type('namespaces'), undefined, { metadata: { name: 'default' } }, {});
  return { engine, store, controllers, lines, type };
}

describe('the apiserver controllers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-11-01T00:00:00Z') });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    vi.useRealTimers();
  });

  it('ServiceAccounts: a new namespace gets its default ServiceAccount, and gets it back when it is deleted', async () => {
    const { engine, store, controllers, type } = setup();
    engine.create(type('namespaces'), undefined, { metadata: { name: 'team' } }, {});
    await controllers.drain();
    expect(store.get('/serviceaccounts', 'team', 'default')).toBeDefined();
    const uid = store.get('/serviceaccounts', 'team', 'default')?.metadata?.uid;
    deleteObject(engine, type('serviceaccounts'), 'team', 'default', {});
    await controllers.drain();
    const again = store.get('/serviceaccounts', 'team', 'default');
    expect(again?.metadata?.uid).toBeDefined();
    expect(again?.metadata?.uid).not.toBe(uid);
  });

  it('GarbageCollector: a dependent whose only owner goes is deleted; one with a remaining owner loses the absent reference', async () => {
    const { engine, store, controllers, type } = setup();
    const cm = type('configmaps');
    const a = engine.create(cm, 'default', { metadata: { name: 'a' } }, {}).object;
    const b = engine.create(cm, 'default', { metadata: { name: 'b' } }, {}).object;
    const ref = (o: typeof a) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: o.metadata?.name, uid: o.metadata?.uid });
    engine.create(cm, 'default', { metadata: { name: 'only-a', ownerReferences: [ref(a)] } }, {});
    engine.create(cm, 'default', { metadata: { name: 'a-and-b', ownerReferences: [ref(a), ref(b)] } }, {});
    deleteObject(engine, cm, 'default', 'a', {});
    await controllers.drain();
    expect(store.get('/configmaps', 'default', 'only-a')).toBeUndefined();
    expect(store.get('/configmaps', 'default', 'a-and-b')?.metadata?.ownerReferences).toEqual([ref(b)]);
  });

  it('NamespaceLifecycle: a terminating namespace deletes its content, then is removed', async () => {
    const { engine, store, controllers, type } = setup();
    engine.create(type('namespaces'), undefined, { metadata: { name: 'doomed' } }, {});
    engine.create(type('configmaps'), 'doomed', { metadata: { name: 'x' } }, {});
    await controllers.drain();
    deleteObject(engine, type('namespaces'), undefined, 'doomed', {});
    await controllers.drain();
    expect(store.list('/configmaps', 'doomed')).toEqual([]);
    expect(store.get('/namespaces', undefined, 'doomed')).toBeUndefined();
  });

  it('EventTtl: at each sweep interval, Events last touched more than the TTL ago are removed', async () => {
    const { engine, store, type } = setup();
    engine.create(type('events'), 'default', { metadata: { name: 'stale' }, involvedObject: { name: 'x' } }, {});
    await vi.advanceTimersByTimeAsync(EVENT_TTL_MS / 2);
    engine.create(type('events'), 'default', { metadata: { name: 'fresh' }, involvedObject: { name: 'x' } }, {});
    await vi.advanceTimersByTimeAsync(EVENT_TTL_MS / 2 - 1);
    expect(store.list('/events').length).toBe(2);
    await vi.advanceTimersByTimeAsync(1); // the TTL is a whole number of sweep intervals: a sweep runs now
    expect(EVENT_TTL_MS % EVENT_SWEEP_INTERVAL_MS).toBe(0);
    expect(store.list('/events').map((e) => e.metadata?.name)).toEqual(['fresh']);
  });

  it('logs a failing write and retries it with backoff until it succeeds', async () => {
    const attempts: number[] = [];
    const { engine, store, controllers, lines, type } = setup((writes) => ({
      ...writes,
      update: async (t, current, next, subresource) => {
        if (subresource === 'finalize') {
          attempts.push(Date.now());
          if (attempts.length <= 3) throw new StatusError(409, 'Conflict', `Operation cannot be fulfilled on namespaces "${current.metadata?.name}": injected`);
        }
        await writes.update(t, current, next, subresource);
      },
    }));
    engine.create(type('namespaces'), undefined, { metadata: { name: 'doomed' } }, {});
    await controllers.drain();
    const start = Date.now();
    deleteObject(engine, type('namespaces'), undefined, 'doomed', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual([start]);
    expect(store.get('/namespaces', undefined, 'doomed')).toBeDefined();
    await vi.advanceTimersByTimeAsync(9);
    expect(attempts.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts.length).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(attempts.map((t) => t - start)).toEqual([0, 10, 30, 70]);
    expect(store.get('/namespaces', undefined, 'doomed')).toBeUndefined();
    const failures = lines.filter(([, message]) => message === 'apiserver controller failed; retrying');
    expect(failures).toEqual([1, 2, 3].map((attempt) => [
      'warn',
      'apiserver controller failed; retrying',
      { controller: 'namespace-lifecycle', key: 'doomed', attempt, retryInMs: 10 * 2 ** (attempt - 1), error: 'Operation cannot be fulfilled on namespaces "doomed": injected' },
    ]));
  });

  it('close() cancels pending retries and the sweep timer: no timer is left and no work runs afterwards', async () => {
    let attempts = 0;
    const { engine, controllers, type } = setup((writes) => ({
      ...writes,
      delete: () => {
        attempts++;
        throw new StatusError(500, 'InternalError', 'injected');
      },
    }));
    const cm = type('configmaps');
    const others = vi.getTimerCount() - 1; // the watch manager's bookmark timer, say; the sweep is ours
    const owner = engine.create(cm, 'default', { metadata: { name: 'owner' } }, {}).object;
    engine.create(cm, 'default', { metadata: { name: 'dep', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata?.uid }] } }, {});
    engine.store.commitDelete('/configmaps', engine.store.get('/configmaps', 'default', 'owner')!);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toBe(1);
    expect(vi.getTimerCount()).toBe(others + 2); // the retry and the sweep
    await controllers.close();
    expect(vi.getTimerCount()).toBe(others);
    await vi.advanceTimersByTimeAsync(10 * EVENT_SWEEP_INTERVAL_MS);
    expect(attempts).toBe(1);
  });
});
