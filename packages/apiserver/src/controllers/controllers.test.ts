// Unit tests of the background controllers that need a clock: the Event TTL sweep.
import { afterEach, describe, expect, it } from 'vitest';
import { BUILTIN_TYPES, ResourceRegistry } from '../resources/index.js';
import { ObjectStore } from '../storage/index.js';
import { Controllers, EVENT_TTL_MS } from './controllers.js';
import { WriteEngine } from '../registry/engine.js';
import { ObjectRegistry } from '../registry/registry.js';
import { Admission } from '../admission/admission.js';
import { WatchManager } from '../http/watch.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function setup(options: { eventTtlMs?: number } = {}): { engine: WriteEngine; controllers: Controllers; store: ObjectStore } {
  const store = new ObjectStore({ historySize: 100 });
  const registry = new ResourceRegistry(BUILTIN_TYPES);
  const engine = new WriteEngine(store, { strictMicroTime: false }, { crdChanged: () => undefined });
  const watches = new WatchManager(store, { bookmarkIntervalMs: 60_000, stalled: () => false });
  const controllers = new Controllers(new ObjectRegistry(engine, new Admission(store)), registry, watches, options);
  cleanups.push(() => void controllers.close(), () => watches.close());
  const ns = registry.lookup('', 'v1', 'namespaces');
  if (!ns) throw new Error('namespaces missing');
  engine.create(ns, undefined, { metadata: { name: 'default' } }, {});
  return { engine, controllers, store };
}

describe('Controllers.sweepEvents', () => {
  it('removes Events last touched more than the TTL ago and keeps recently touched ones', () => {
    const { engine, controllers, store } = setup();
    const events = BUILTIN_TYPES.find((t) => t.plural === 'events' && t.group === '');
    if (!events) throw new Error('events missing');
    const created = Date.now();
    const later = new Date(created + 2 * EVENT_TTL_MS).toISOString().slice(0, 19) + 'Z';
    engine.create(events, 'default', { metadata: { name: 'old' }, involvedObject: { name: 'x' }, lastTimestamp: '2026-01-01T00:00:00Z' }, {});
    engine.create(events, 'default', { metadata: { name: 'renewed' }, involvedObject: { name: 'x' }, lastTimestamp: later }, {});
    expect(controllers.sweepEvents(created - 1000)).toBe(0);
    expect(controllers.sweepEvents(created + EVENT_TTL_MS + 2000)).toBe(1);
    expect(store.list('/events').map((e) => e.metadata?.name)).toEqual(['renewed']);
  });

  it('takes a TTL of its own, as kube-apiserver\'s --event-ttl', () => {
    const { engine, controllers } = setup({ eventTtlMs: 10_000 });
    const events = BUILTIN_TYPES.find((t) => t.plural === 'events' && t.group === '');
    if (!events) throw new Error('events missing');
    const created = Date.now();
    engine.create(events, 'default', { metadata: { name: 'e' }, involvedObject: { name: 'x' } }, {});
    expect(controllers.sweepEvents(created + 9_000)).toBe(0);
    expect(controllers.sweepEvents(created + 12_000)).toBe(1);
  });
});
