import type { KubeObject, Resource } from '@opkit/kube';
import { resourceName } from '@opkit/kube';
import { noopLogger } from '@opkit/tasks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermanentError, TemporaryError } from './errors.js';
import { Indexer } from './indexer.js';
import { OperatorIndex } from './indices.js';
import { invokeHandler } from './invoke.js';
import { Registry } from './registry.js';
import type { HandlerPatch, ResourceHandler } from './types.js';

const resource: Resource = { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true };

function body(name: string, spec: Record<string, unknown> = {}, namespace = 'default'): KubeObject {
  return { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace, uid: `uid-${name}` }, spec };
}

function plainPatch(): HandlerPatch {
  const labels = {};
  const annotations = {};
  const metadata = { labels, annotations };
  return { spec: {}, status: {}, metadata, meta: metadata, labels, annotations, fns: [] };
}

describe('Indexer', () => {
  let controller: AbortController;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    controller = new AbortController();
  });
  afterEach(() => {
    controller.abort();
    vi.useRealTimers();
  });

  function make(handlers: readonly ResourceHandler[]): { indexer: Indexer; index: OperatorIndex; calls: [number, string, number][] } {
    const index = new OperatorIndex();
    const calls: [number, string, number][] = [];
    const indexer = new Indexer({
      indices: Object.fromEntries(handlers.map((handler) => [handler.id, index])), patch: plainPatch, logger: () => noopLogger, signal: controller.signal,
      invoke: (handler, context, { body: seen }) => {
        calls.push([Date.now(), seen.metadata?.name ?? '', context.retry]);
        return invokeHandler(handler, context, { defaultBackoff: 60 });
      },
    });
    return { indexer, index, calls };
  }

  it('settles an object once every event offered for it is indexed, a burst included; at once when nothing waits', async () => {
    const registry = new Registry();
    const byField = registry.on.index('kopfexamples', async ({ spec }) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return { [String(spec.field)]: 1 };
    }, { id: 'byField' });
    const { indexer, index } = make([byField]);
    let settled = false;
    await indexer.settled(resource, body('a'));
    indexer.offer(resource, [byField], { type: 'ADDED', object: body('a', { field: 'x' }) });
    indexer.offer(resource, [byField], { type: 'MODIFIED', object: body('a', { field: 'y' }) });
    void indexer.settled(resource, body('a')).then(() => { settled = true; });
    await vi.advanceTimersByTimeAsync(1500);
    expect(settled).toBe(false); // the second event is not indexed yet
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(true);
    expect([...index.keys()]).toEqual(['y']);
    indexer.offer(resource, [byField], { type: 'MODIFIED', object: body('a', { field: 'z' }) });
    const stopped = indexer.settled(resource, body('a'));
    indexer.stop();
    await stopped; // stopping releases whoever waits
  });

  it('indexes an object serially, a burst of its events once more with the latest body, and drops it on deletion', async () => {
    const registry = new Registry();
    const seen: string[] = [];
    const byField = registry.on.index('kopfexamples', async ({ spec }) => {
      seen.push(String(spec.field));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return { [String(spec.field)]: 1 };
    }, { id: 'byField' });
    const { indexer, index, calls } = make([byField]);
    indexer.offer(resource, [byField], { type: 'ADDED', object: body('a', { field: 'x' }) });
    indexer.offer(resource, [byField], { type: 'ADDED', object: body('b', { field: 'y' }) });
    await vi.advanceTimersByTimeAsync(500);
    for (const field of ['w', 'z', 'y']) indexer.offer(resource, [byField], { type: 'MODIFIED', object: body('a', { field }) });
    expect(indexer.idle).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    await indexer.drain();
    expect(seen).toEqual(['x', 'y', 'y']);
    expect(calls.map(([at, name]) => [at, name])).toEqual([[0, 'a'], [0, 'b'], [1000, 'a']]);
    expect(index.toJSON()).toEqual([['y', [1, 1]]]);
    indexer.offer(resource, [byField], { type: 'DELETED', object: body('a', { field: 'y' }) });
    await indexer.drain();
    expect(index.toJSON()).toEqual([['y', [1]]]);
    expect(indexer.idle).toBe(true);
  });

  it('a temporary failure removes the values and indexes the latest body again after its delay; permanent leaves it out', async () => {
    const registry = new Registry();
    let failures = 0;
    const flaky = registry.on.index('kopfexamples', ({ name }) => {
      if (name === 'p') throw new PermanentError('never');
      if (failures++ < 2) throw new TemporaryError('not yet', { delay: 60 });
      return { ok: name };
    }, { id: 'flaky', errors: 'temporary' });
    const { indexer, index, calls } = make([flaky]);
    indexer.offer(resource, [flaky], { type: 'ADDED', object: body('t') });
    indexer.offer(resource, [flaky], { type: 'ADDED', object: body('p') });
    await indexer.drain();
    expect(index.size).toBe(0);
    // The retry waits for its time without keeping the indexer busy.
    expect(indexer.idle).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    await indexer.drain();
    expect(calls).toEqual([[0, 't', 0], [0, 'p', 0], [60_000, 't', 1], [120_000, 't', 2]]);
    expect(index.toJSON()).toEqual([['ok', ['t']]]);
    indexer.offer(resource, [flaky], { type: 'MODIFIED', object: body('p') });
    await indexer.drain();
    expect(calls).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('indexes an object\'s burst of events once more, with the latest body, after the run in flight', async () => {
    const bodies: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const registry = new Registry();
    const names = registry.on.index('kopfexamples', async function names({ spec }) {
      bodies.push(String(spec.v));
      if (bodies.length === 1) await gate;
      return spec.v;
    });
    const { indexer, index } = make([names]);
    for (const v of ['1', '2', '3', '4']) indexer.offer(resource, [names], { type: 'MODIFIED', object: body('a', { v }) });
    expect(indexer.idle).toBe(false);
    release();
    await indexer.drain();
    expect(bodies).toEqual(['1', '4']);
    expect([...index.get(null)!]).toEqual(['4']);
  });

  it('drops, after a new listing, the objects of the listed namespace that it did not list again', async () => {
    const registry = new Registry();
    const names = registry.on.index('kopfexamples', function names({ namespace, name }) { return `${namespace}/${name}`; });
    const { indexer, index } = make([names]);
    const name = resourceName(resource);
    indexer.listingStarted(name);
    for (const object of [body('a'), body('b'), body('c', {}, 'other')]) indexer.offer(resource, [names], { type: 'ADDED', object });
    indexer.listed(name, 'default');
    await indexer.drain();
    expect([...index.get(null)!]).toEqual(['default/a', 'default/b', 'other/c']);
    indexer.listingStarted(name);
    indexer.offer(resource, [names], { type: 'ADDED', object: body('a') });
    indexer.listed(name, 'default');
    await indexer.drain();
    expect([...index.get(null)!]).toEqual(['default/a', 'other/c']);
    indexer.listed(name);
    await indexer.drain();
    expect([...index.get(null)!]).toEqual(['default/a']);
  });

  it('stops: nothing offered later is indexed and no retry is left', async () => {
    const registry = new Registry();
    const failing = registry.on.index('kopfexamples', () => {
      throw new TemporaryError('later', { delay: 10 });
    }, { id: 'failing', errors: 'temporary' });
    const { indexer, calls } = make([failing]);
    indexer.offer(resource, [failing], { type: 'ADDED', object: body('a') });
    await indexer.drain();
    expect(vi.getTimerCount()).toBe(1);
    indexer.stop();
    expect(vi.getTimerCount()).toBe(0);
    indexer.offer(resource, [failing], { type: 'ADDED', object: body('b') });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map(([, name]) => name)).toEqual(['a']);
  });
});
