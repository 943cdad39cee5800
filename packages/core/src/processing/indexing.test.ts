import { Registry, TemporaryError } from '@opkit/handlers';
import type { KubeObject, Resource } from '@opkit/kube';
import { noopLogger } from '@opkit/tasks';
import type { Clock } from '@opkit/tasks';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { createIndices, Indexer } from './indexing.js';

const PODS: Resource = { group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true };
const pod = (name: string, namespace = 'default', labels: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, uid: `uid-${namespace}-${name}`, labels } });

/** A clock whose timers run when the test advances it. */
function manualClock(): Clock & { advance(ms: number): void } {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 0;
  return {
    now: () => now,
    setTimeout: (fn, ms) => { timers.set(++next, { at: now + ms, fn }); return next; },
    clearTimeout: (handle) => { timers.delete(handle as number); },
    advance(ms) {
      now += ms;
      for (const [handle, timer] of [...timers]) if (timer.at <= now) { timers.delete(handle); timer.fn(); }
    },
  };
}

function indexerOf(registry: Registry, clock: Clock = manualClock()) {
  const handlers = registry.resourceHandlers('index');
  const indices = createIndices(handlers.map((handler) => handler.id));
  const indexer = new Indexer({
    indices, settings: resolveSettings({}), clock, emit: () => undefined, objectLogger: () => noopLogger,
    events: { post: () => undefined }, memo: {}, signal: new AbortController().signal,
  });
  const idle = (): Promise<void> => new Promise((resolve) => {
    if (indexer.idle) resolve();
    else { const stop = indexer.onIdle(() => { stop(); resolve(); }); }
  });
  return { indexer, indices, handlers, idle };
}

describe('Indexer', () => {
  it('indexes an object\'s burst of events once more, with the latest body, after the run in flight', async () => {
    const bodies: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const registry = new Registry();
    registry.on.index('pods', async function names({ labels }) {
      bodies.push(labels.v!);
      if (bodies.length === 1) await gate;
      return labels.v;
    });
    const { indexer, indices, handlers, idle } = indexerOf(registry);
    for (const v of ['1', '2', '3', '4']) indexer.offer(PODS, handlers, { type: 'MODIFIED', object: pod('a', 'default', { v }) });
    expect(indexer.idle).toBe(false);
    release();
    await idle();
    expect(bodies).toEqual(['1', '4']);
    expect([...indices.names!.get(null)!]).toEqual(['4']);
  });

  it('retries a temporary failure when its delay is over, without a new event', async () => {
    const clock = manualClock();
    let fail = true;
    const registry = new Registry();
    registry.on.index('pods', function names({ name }) {
      if (fail) throw new TemporaryError('later', { delay: 30 });
      return name;
    });
    const { indexer, indices, handlers, idle } = indexerOf(registry, clock);
    indexer.offer(PODS, handlers, { type: 'ADDED', object: pod('a') });
    await idle();
    expect(indices.names!.size).toBe(0);
    fail = false;
    clock.advance(29_999);
    await idle();
    expect(indices.names!.size).toBe(0);
    clock.advance(1);
    await idle();
    expect([...indices.names!.get(null)!]).toEqual(['a']);
    indexer.stop();
  });

  it('drops, after a new listing, the objects of the listed namespace that it did not list again', async () => {
    const registry = new Registry();
    registry.on.index('pods', function names({ namespace, name }) { return `${namespace}/${name}`; });
    const { indexer, indices, handlers, idle } = indexerOf(registry);
    indexer.listingStarted('pods/v1');
    for (const object of [pod('a'), pod('b'), pod('c', 'other')]) indexer.offer(PODS, handlers, { type: 'ADDED', object });
    indexer.listed('pods/v1', 'default');
    await idle();
    expect([...indices.names!.get(null)!]).toEqual(['default/a', 'default/b', 'other/c']);
    indexer.listingStarted('pods/v1');
    indexer.offer(PODS, handlers, { type: 'ADDED', object: pod('a') });
    indexer.listed('pods/v1', 'default');
    await idle();
    expect([...indices.names!.get(null)!]).toEqual(['default/a', 'other/c']);
    indexer.listed('pods/v1');
    await idle();
    expect([...indices.names!.get(null)!]).toEqual(['default/a']);
  });
});
