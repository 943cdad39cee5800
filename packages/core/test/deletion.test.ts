// Deletion: a non-optional delete handler makes the operator add its finalizer first, in a cycle of
// its own, run the handler when the object is deleted, then release the finalizer so the object
// goes; a deletion supersedes a creation that is waiting for a retry; a finalizer no handler needs
// any more is removed. The API cost of each phase is counted from the server's audit log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry, TemporaryError } from '../src/index.js';
import type { FeedEvent } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, progressOf, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const FINALIZER = 'opkit.dev/finalizer';

function indexOfLine(lines: readonly string[], text: string): number {
  return lines.findIndex((line) => line.includes(text));
}

describe('processing: deletion', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('adds the finalizer in its own cycle, runs the delete handler, then releases the object', async () => {
    const seenByDelete: { deleting: boolean; finalizers: readonly string[] }[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return 'created'; });
    registry.on.delete('kopfexamples', function delete_fn({ body }) {
      seenByDelete.push({ deleting: body.metadata.deletionTimestamp !== undefined, finalizers: body.metadata.finalizers ?? [] });
    });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const created = await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation');
    expect(created.metadata.finalizers).toEqual([FINALIZER]);
    expect((created.status as any).create_fn).toBe('created');
    // The finalizer comes first, in a cycle of its own; the create handler runs in the next one.
    const adding = indexOfLine(run.lines, '[default/kopf-example-1] Adding the finalizer, thus preventing the actual deletion.');
    expect(adding).toBeGreaterThanOrEqual(0);
    expect(indexOfLine(run.lines, "Handler 'create_fn' succeeded.")).toBeGreaterThan(adding);
    // One JSON patch for the finalizer, then the creation's one merge patch of the status.
    const creation = h.server.requests().filter((r) => r.verb === 'patch' && r.name === 'kopf-example-1');
    expect(creation.map((r) => r.subresource ?? 'object')).toEqual(['object', 'status']);

    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    await expect.poll(async () => (await h.client.listAll(h.kex, { namespace: 'default' })).items.length, { timeout: deadline(15_000) }).toBe(0);
    await expect.poll(() => indexOfLine(run.lines, 'Deleted, really deleted, and we are notified.')).toBeGreaterThanOrEqual(0);
    expect(seenByDelete).toEqual([{ deleting: true, finalizers: [FINALIZER] }]);
    const processed = indexOfLine(run.lines, '[default/kopf-example-1] Deletion is processed: 1 succeeded; 0 failed.');
    const removing = indexOfLine(run.lines, '[default/kopf-example-1] Removing the finalizer, thus allowing the actual deletion.');
    expect(processed).toBeGreaterThan(adding);
    expect(removing).toBeGreaterThan(processed);
    // The deletion costs one request: the guarded JSON patch that releases the finalizer (the handler wrote nothing).
    const total = h.patchCount('kopf-example-1');
    expect(total - creation.length).toBe(1);
    expect(run.feed.filter((e) => e.type === 'patch' && e.name === 'kopf-example-1').map((e) => e.type === 'patch' && e.patchType))
      .toEqual(['json', 'merge', 'json']);
  });

  it('lets a deletion supersede a creation that waits for its retry, without waiting for the delay', async () => {
    const calls: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() {
      calls.push('create');
      throw new TemporaryError('not yet', { delay: 600 });
    });
    registry.on.delete('kopfexamples', function delete_fn() { calls.push('delete'); });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => JSON.parse(progressOf(b, 'create_fn') ?? '{}').retries === 1, 'the first failed attempt stored');
    const patches = (): FeedEvent[] => run.feed.filter((e) => e.type === 'patch' && e.name === 'kopf-example-1');
    await expect.poll(() => patches().length).toBe(2); // the finalizer's JSON patch, then the first attempt's status patch
    const before = patches().length;
    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    await expect.poll(() => indexOfLine(run.lines, 'Deleted, really deleted, and we are notified.'), { timeout: deadline(15_000) }).toBeGreaterThanOrEqual(0);
    expect(calls).toEqual(['create', 'delete']);
    expect(run.lines).toContain('[default/kopf-example-1] Creation is superseded by deletion: 0 succeeded; 0 failed; 1 left to the moment.');
    expect(run.lines).toContain("[default/kopf-example-1] Handler 'create_fn' failed temporarily: not yet");
    expect(run.lines).toContain('[default/kopf-example-1] Deletion is processed: 1 succeeded; 0 failed.');
    // The deletion's cycle purges the superseded record from the status, then releases the finalizer in
    // one guarded JSON patch: two requests.
    const deletion = patches().slice(before);
    expect(deletion.map((e) => e.type === 'patch' && `${e.patchType} ${e.subresource ?? 'object'} ${e.code}`)).toEqual(['merge status 200', 'json object 200']);
  });

  it('removes a finalizer that no handler requires any more', async () => {
    const first = new Registry();
    first.on.create('kopfexamples', function create_fn() { return 'created'; });
    first.on.delete('kopfexamples', function delete_fn() { return undefined; });
    const one = await h.run(first);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => b.metadata.finalizers?.includes(FINALIZER) === true
      && diffBaseOf(b) !== undefined, 'the finalizer and the creation');
    await one.stop();

    const second = new Registry();
    second.on.create('kopfexamples', function create_fn() { return 'created again'; });
    second.on.delete('kopfexamples', function delete_fn() { return undefined; }, { optional: true });
    const two = await h.run(second);
    const body = await h.waitFor('kopf-example-1', (b) => (b.metadata.finalizers ?? []).length === 0, 'the finalizer to be removed');
    expect(two.lines).toContain('[default/kopf-example-1] Removing the finalizer, as there are no handlers requiring it.');
    expect((body.status as any).create_fn).toBe('created');
    // Deleting now needs no finalizer: the object goes at once.
    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    await expect.poll(async () => (await h.client.listAll(h.kex, { namespace: 'default' })).items.length).toBe(0);
  });
});
