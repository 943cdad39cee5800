// Indexing against the embedded API server: indices in every handler's context, handlers held back
// until the initial listing is indexed — with fewer worker slots than indexed objects, where Kopf
// deadlocks (#1243) — values replaced on change and dropped on deletion or a filter mismatch, Kopf's
// error modes, readiness waiting for indexing, and objects deleted during a pause dropped on resume.
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, Operator, PermanentError, Registry, TemporaryError } from '../src/index.js';
import type { Index, Indices } from '../src/index.js';
import type { Harness } from './harness.js';
import { FAST, kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

function entries(index: Index | undefined): [unknown, unknown[]][] {
  return [...(index ?? new Map())].map(([key, store]) => [key, [...store]]);
}

async function createMany(h: Harness, names: readonly string[], spec: (name: string) => Record<string, unknown> = () => ({ field: 'value' })): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < names.length) {
      const name = names[next++]!;
      await h.client.create(h.kex, { ...kopfExample(name), spec: spec(name) }, { namespace: 'default' });
    }
  }));
}

describe('indexing', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('holds 200 objects\' handlers back until all 200 are indexed, with 5 worker slots, and every handler runs', async () => {
    const names = Array.from({ length: 200 }, (_, i) => `kex-${String(i).padStart(3, '0')}`);
    await createMany(h, names, (name) => ({ field: name }));
    const seenBy: number[] = [];
    const registry = new Registry();
    registry.on.index('kopfexamples', function by_name({ name, spec }) { return { [name!]: spec.field }; });
    registry.on.create('kopfexamples', function create_fn({ indices, name }) {
      seenBy.push(indices.by_name!.size);
      return { indexed: indices.by_name!.get(name)?.toArray() };
    });
    const run = await h.run(registry, { settings: { ...FAST, queueing: { ...FAST.queueing, workerLimit: 5 } } });
    await vi.waitFor(() => expect(run.feed.filter((e) => e.type === 'handler' && e.id === 'create_fn' && e.phase === 'succeeded')).toHaveLength(200),
      { timeout: deadline(60_000), interval: 50 });
    // Every handler saw the whole index: none ran before the last listed object was indexed.
    expect(seenBy).toHaveLength(200);
    expect(new Set(seenBy)).toEqual(new Set([200]));
    expect(((await h.get('kex-123')).status as Record<string, unknown>).create_fn).toEqual({ indexed: ['kex-123'] });
    // The queue never ran more than 5 cycles at once.
    expect(Math.max(...run.feed.filter((e) => e.type === 'queue').map((e) => (e as { running: number }).running))).toBeLessThanOrEqual(5);
  }, deadline(120_000));

  it('gives every handler the indices: values replaced on change, dropped on deletion and on a filter mismatch', async () => {
    await createMany(h, ['kex-a', 'kex-b']);
    let latest: Indices = {};
    const registry = new Registry();
    registry.on.index('kopfexamples', function by_field({ spec, name }) { return new Map([[['field', spec.field], name]]); }, { labels: { indexed: 'yes' } });
    registry.on.index('kopfexamples', function names({ name }) { return name; });
    registry.on.event('kopfexamples', function spy({ indices }) { latest = indices; }, { id: 'spy' });
    registry.on.probe(({ indices }) => [...(indices.names ?? [])].length, { id: 'keys' });
    const run = await h.run(registry);
    await vi.waitFor(() => expect(entries(latest.names)).toEqual([[null, ['kex-a', 'kex-b']]]), { timeout: deadline(30_000), interval: 20 });
    expect(entries(latest.by_field)).toEqual([]); // no object matches the label yet

    await h.client.patch(h.kex, 'kex-a', { metadata: { labels: { indexed: 'yes' } } }, { namespace: 'default' });
    await h.client.patch(h.kex, 'kex-b', { metadata: { labels: { indexed: 'yes' } }, spec: { field: 'other' } }, { namespace: 'default' });
    await vi.waitFor(() => expect(entries(latest.by_field)).toEqual([[['field', 'value'], ['kex-a']], [['field', 'other'], ['kex-b']]]), { timeout: deadline(30_000), interval: 20 });
    expect(latest.by_field!.get(['field', 'other'])?.has('kex-b')).toBe(true);

    // A change replaces the object's values; the stores it leaves empty go.
    await h.client.patch(h.kex, 'kex-b', { spec: { field: 'value' } }, { namespace: 'default' });
    await vi.waitFor(() => expect(entries(latest.by_field)).toEqual([[['field', 'value'], ['kex-a', 'kex-b']]]), { timeout: deadline(30_000), interval: 20 });
    // No longer matching the filters: its values go.
    await h.client.patch(h.kex, 'kex-a', { metadata: { labels: { indexed: 'no' } } }, { namespace: 'default' });
    await vi.waitFor(() => expect(entries(latest.by_field)).toEqual([[['field', 'value'], ['kex-b']]]), { timeout: deadline(30_000), interval: 20 });
    // Deleted: its values go from every index.
    await h.client.delete(h.kex, 'kex-b', { namespace: 'default' });
    await vi.waitFor(() => expect(entries(latest.by_field)).toEqual([]), { timeout: deadline(30_000), interval: 20 });
    await vi.waitFor(() => expect(entries(latest.names)).toEqual([[null, ['kex-a']]]), { timeout: deadline(30_000), interval: 20 });
    expect(run.lines.some((line) => line.includes("Indexer 'by_field' succeeded."))).toBe(true); // logged at debug
  });

  it('indexes an object before its handlers run for the same event: a new object\'s create handler sees itself', async () => {
    await createMany(h, ['red-1', 'red-2', 'red-3'], () => ({ color: 'red' }));
    const counted: Record<string, number> = {};
    const registry = new Registry();
    // A slow indexer: without the ordering, the create handler would run first and count one red fewer.
    registry.on.index('kopfexamples', async function by_color({ spec }) {
      await new Promise((resolve) => { setTimeout(resolve, 50); });
      return { [spec.color as string]: true };
    });
    registry.on.create('kopfexamples', function count_reds({ name, indices }) {
      counted[name!] = indices.by_color!.get('red')?.size ?? 0;
    });
    const run = await h.run(registry);
    await vi.waitFor(() => expect(Object.keys(counted)).toHaveLength(3), { timeout: deadline(30_000), interval: 20 });
    await h.client.create(h.kex, { ...kopfExample('red-4'), spec: { color: 'red' } }, { namespace: 'default' });
    await vi.waitFor(() => expect(counted['red-4']).toBeDefined(), { timeout: deadline(30_000), interval: 20 });
    expect(counted).toEqual({ 'red-1': 3, 'red-2': 3, 'red-3': 3, 'red-4': 4 });
    expect(run.lines).toContain("[default/red-4] Indexer 'by_color' succeeded.");
  });

  it('follows Kopf\'s error modes: ignored keeps stale values, temporary removes them until a retry, permanent for good', async () => {
    await createMany(h, ['kex-1']);
    const registry = new Registry();
    let mode = 'ok';
    let temporaryRetries = 0;
    registry.on.index('kopfexamples', function lenient({ spec }) {
      if (spec.fail) throw new Error('lenient failed');
      return { [spec.field as string]: 1 };
    });
    registry.on.index('kopfexamples', function flaky({ spec, retry }) {
      if (spec.fail && mode === 'temporary') {
        temporaryRetries = retry;
        throw new TemporaryError('not yet', { delay: 0.05 });
      }
      return { [spec.field as string]: 2 };
    });
    registry.on.index('kopfexamples', function strict({ spec }) {
      if (spec.fail) throw new PermanentError('never');
      return { [spec.field as string]: 3 };
    });
    let seen: Indices = {};
    registry.on.event('kopfexamples', function spy({ indices }) { seen = indices; }, { id: 'spy' });
    const running = await h.run(registry);
    await vi.waitFor(() => expect([entries(seen.lenient), entries(seen.flaky), entries(seen.strict)]).toEqual([[['value', [1]]], [['value', [2]]], [['value', [3]]]]),
      { timeout: deadline(30_000), interval: 20 });
    mode = 'temporary';
    await h.client.patch(h.kex, 'kex-1', { spec: { fail: true, field: 'changed' } }, { namespace: 'default' });
    // ignored: the stale value stays; temporary: removed, retried after its delay; permanent: removed.
    await vi.waitFor(() => expect(temporaryRetries).toBeGreaterThanOrEqual(1), { timeout: deadline(30_000), interval: 20 });
    expect(entries(seen.lenient)).toEqual([['value', [1]]]);
    expect(entries(seen.flaky)).toEqual([]);
    expect(entries(seen.strict)).toEqual([]);
    mode = 'ok';
    // The retry (no new event needed) indexes the latest body.
    await vi.waitFor(() => expect(entries(seen.flaky)).toEqual([['changed', [2]]]), { timeout: deadline(30_000), interval: 20 });
    await h.client.patch(h.kex, 'kex-1', { spec: { fail: null, field: 'again' } }, { namespace: 'default' });
    await vi.waitFor(() => expect(entries(seen.lenient)).toEqual([['again', [1]]]), { timeout: deadline(30_000), interval: 20 });
    expect(entries(seen.strict)).toEqual([]); // excluded for good
    expect(running.lines.some((line) => line.includes("Indexer 'lenient' failed with an exception. Will ignore."))).toBe(true);
    expect(running.lines.some((line) => line.includes("Indexer 'flaky' failed temporarily: not yet"))).toBe(true);
    expect(running.lines.some((line) => line.includes("Indexer 'strict' failed permanently: never"))).toBe(true);
  });

  it('is ready only once the initial listing is indexed, and drops on resume what was deleted while paused', async () => {
    await createMany(h, ['kex-1', 'kex-2']);
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let entered = 0;
    let seen: Indices = {};
    const registry = new Registry();
    registry.on.index('kopfexamples', async function names({ name }) {
      entered++;
      await released;
      return name;
    });
    registry.on.event('kopfexamples', function spy({ indices }) { seen = indices; }, { id: 'spy' });
    const paused = new BehaviorSubject(false);
    const op = new Operator({ registry, client: h.client, clusterwide: true, settings: FAST, paused$: paused, logger: createLogger({ format: 'plain', write: () => undefined }) });
    const feed: string[] = [];
    op.feed$.subscribe((event) => feed.push(event.type === 'operator' || event.type === 'watch' ? `${event.type}:${event.phase}` : event.type));
    let ready = false;
    void op.ready.then(() => { ready = true; });
    const controller = new AbortController();
    const done = op.run(controller.signal);
    try {
      await vi.waitFor(() => expect(entered).toBe(2), { timeout: deadline(30_000), interval: 20 });
      await vi.waitFor(() => expect(feed).toContain('watch:synced'), { timeout: deadline(30_000), interval: 20 });
      // Listed, but not indexed: not ready, and no handler has run.
      expect(ready).toBe(false);
      expect(feed).not.toContain('operator:ready');
      expect(feed).not.toContain('object-seen');
      release();
      await op.ready;
      await vi.waitFor(() => expect(entries(seen.names)).toEqual([[null, ['kex-1', 'kex-2']]]), { timeout: deadline(30_000), interval: 20 });

      paused.next(true);
      await vi.waitFor(() => expect(feed.filter((item) => item === 'watch:stopped')).toHaveLength(1), { timeout: deadline(30_000), interval: 20 });
      await h.client.delete(h.kex, 'kex-2', { namespace: 'default' });
      await h.client.create(h.kex, kopfExample('kex-3'), { namespace: 'default' });
      paused.next(false);
      await vi.waitFor(() => expect(entries(seen.names)).toEqual([[null, ['kex-1', 'kex-3']]]), { timeout: deadline(30_000), interval: 20 });
    } finally {
      release();
      controller.abort();
      await done;
    }
  });
});
