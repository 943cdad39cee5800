// The rest of an object's life: update and field handlers with old/new/diff, optional deletion
// without a finalizer, stealth mode, a resource without a status subresource (one request per
// cycle), per-object error throttling that leaves other objects alone, and no "in progress" line while
// every handler waits for its delay.
import { afterEach, describe, expect, it } from 'vitest';
import { Registry, TemporaryError } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

describe('processing: the life of an object', () => {
  let h: Harness;
  afterEach(async () => { await h.close(); });

  it('runs update and field handlers with the change, and optional deletion without a finalizer', async () => {
    h = await startHarness();
    const seen: unknown[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return undefined; });
    registry.on.update('kopfexamples', function update_fn({ old, new: current, diff }) { seen.push({ handler: 'update', old: (old as any).spec.field, new: (current as any).spec.field, diff }); });
    registry.on.field('kopfexamples', 'spec.field', function field_fn({ old, new: current, diff }) { seen.push({ handler: 'field', old, new: current, diff }); });
    registry.on.delete('kopfexamples', function delete_fn() { seen.push({ handler: 'delete' }); }, { optional: true });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation');
    expect((await h.get()).metadata.finalizers).toBeUndefined();
    seen.length = 0;
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'newvalue' } }, { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b)?.includes('newvalue') === true, 'the update');
    expect(seen).toEqual([
      { handler: 'update', old: 'value', new: 'newvalue', diff: [{ op: 'change', path: ['spec', 'field'], old: 'value', new: 'newvalue' }] },
      { handler: 'field', old: 'value', new: 'newvalue', diff: [{ op: 'change', path: [], old: 'value', new: 'newvalue' }] },
    ]);
    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    await expect.poll(() => run.lines.some((line) => line.includes('Deleted, really deleted, and we are notified.'))).toBe(true);
    expect(run.lines.some((line) => line.includes('Adding the finalizer'))).toBe(false);
  });

  it('does not repeat "Creation is in progress" on cycles where every handler waits for its delay', async () => {
    h = await startHarness();
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { throw new TemporaryError('not yet', { delay: 60 }); });
    // A timer's patch wakes the object every 0.2 s while create_fn waits its 60 s.
    registry.on.timer('kopfexamples', function tick({ status }) { return ((status as any)?.tick ?? 0) + 1; }, { interval: 0.2 });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => ((b.status as any)?.tick ?? 0) >= 5, 'five runs of the timer');
    expect(run.lines.filter((line) => line.startsWith("[default/kopf-example-1] Handler 'create_fn' failed temporarily: not yet"))).toHaveLength(1);
    expect(run.lines.filter((line) => line.startsWith('[default/kopf-example-1] Creation is in progress:'))).toHaveLength(1);
  });

  it('leaves objects that match no handler alone (stealth): no patch, no log line', async () => {
    h = await startHarness();
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return 'x'; }, { labels: { app: 'mine' } });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample('ignored'), { namespace: 'default' });
    const mine = kopfExample('mine');
    mine.metadata.labels = { app: 'mine' };
    await h.client.create(h.kex, mine, { namespace: 'default' });
    await h.waitFor('mine', (b) => (b.status as any)?.create_fn === 'x', 'the matching object to be handled');
    expect(h.patchCount('ignored')).toBe(0);
    expect(run.lines.some((line) => line.includes('[default/ignored]'))).toBe(false);
    expect((await h.get('ignored')).metadata.annotations).toEqual({ someannotation: 'somevalue' });
  });

  it('writes a cycle in one request when the resource has no status subresource', async () => {
    h = await startHarness({ status: false });
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return { message: 'hello world' }; });
    await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn?.message === 'hello world', 'the result');
    expect(diffBaseOf(body)).toBeDefined();
    expect((body.status as any).opkit).toBeUndefined();
    expect(h.patchCount('kopf-example-1')).toBe(1);
  });

  it('throttles an object whose patch fails, keeps what was not sent, and leaves other objects alone', async () => {
    h = await startHarness();
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ name, patch }) {
      if (name === 'broken') patch.metadata.labels['not a valid label key!'] = 'x'; // the API server rejects this
      return 'ok';
    });
    const run = await h.run(registry, { settings: { persistence: { consistencyTimeout: 1 }, queueing: { errorDelays: [0.2, 0.4], exitTimeout: 1 } } });
    await h.client.create(h.kex, kopfExample('broken'), { namespace: 'default' });
    await h.client.create(h.kex, kopfExample('fine'), { namespace: 'default' });
    await h.waitFor('fine', (b) => (b.status as any)?.create_fn === 'ok', 'the healthy object');
    const throttles = (): string[] => run.lines.filter((line) => line.startsWith('[default/broken] Throttling for'));
    await expect.poll(() => throttles().length, { timeout: deadline(30_000) }).toBeGreaterThanOrEqual(3);
    // The failed part is retried, with growing delays (the last one repeating).
    expect(throttles().slice(0, 3).map((line) => /Throttling for ([\d.]+) seconds/.exec(line)?.[1])).toEqual(['0.2', '0.4', '0.4']);
    expect(throttles()[0]).toContain('422');
  });

  it('cuts a delay longer than maxSleep and touches the object to get a fresh event, then retries when due', async () => {
    h = await startHarness();
    const registry = new Registry();
    registry.on.create('kopfexamples', function slow({ retry }) {
      if (retry === 0) throw new TemporaryError('later', { delay: 1.5 });
      return 'done';
    });
    await h.run(registry, { settings: { execution: { maxSleep: 0.2 }, persistence: { consistencyTimeout: 1 } } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.opkit?.dummy !== undefined, 'a touch while the handler waits');
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.slow === 'done'
      && diffBaseOf(b) !== undefined, 'the retry when due, and the creation finished');
    expect((body.status as any)?.opkit?.dummy).toBeUndefined(); // removed by the next patch
    expect(body.metadata.annotations?.['opkit.dev/touch-dummy']).toBeUndefined(); // the touch goes to the status only
  });
});
