// Event spies: called for every event of an object — `null` for the initial listing, then ADDED,
// MODIFIED and DELETED — whether or not any change handler is interested, with their errors
// ignored and their results delivered to the status.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';

describe('processing: event spies', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('sees the listing, ADDED, MODIFIED and DELETED, and ignores its own errors', async () => {
    const seen: string[] = [];
    await h.client.create(h.kex, kopfExample('listed'), { namespace: 'default' });
    const registry = new Registry();
    registry.on.event('kopfexamples', function spy({ type, event, name }) {
      expect(event?.type ?? null).toBe(type ?? null);
      seen.push(`${name} ${type ?? 'null'}`);
    });
    registry.on.event('kopfexamples', function failing_spy() { throw new Error('spies may fail'); });
    // A change handler that matches nothing: stealth mode does not silence the spies.
    registry.on.create('kopfexamples', function create_fn() { return 'never'; }, { labels: { app: 'nothing-has-this' } });
    const run = await h.run(registry);
    await expect.poll(() => seen).toContain('listed null');

    await h.client.create(h.kex, kopfExample('added'), { namespace: 'default' });
    await expect.poll(() => seen).toContain('added ADDED');
    await h.client.patch(h.kex, 'added', { spec: { field: 'changed' } }, { namespace: 'default' });
    await expect.poll(() => seen).toContain('added MODIFIED');
    await h.client.delete(h.kex, 'added', { namespace: 'default' });
    await expect.poll(() => seen).toContain('added DELETED');
    expect(seen.filter((line) => line.startsWith('added '))).toEqual(['added ADDED', 'added MODIFIED', 'added DELETED']);
    // The object is forgotten; being stealth for the change handlers, even its end is not logged.
    await expect.poll(() => run.feed.some((e) => e.type === 'object-gone' && e.name === 'added')).toBe(true);
    expect(run.lines.some((line) => line.startsWith('[default/added] Deleted, really deleted'))).toBe(false);
    expect(run.lines.some((line) => line.startsWith("[default/added] Handler 'failing_spy' failed with an exception. Will ignore."))).toBe(true);
    // Spies that return nothing store nothing: the only patch is the test's own.
    expect(h.patchCount('listed')).toBe(0);
    expect(h.patchCount('added')).toBe(1);
  });

  it('delivers a spy\'s result to status[<id>]', async () => {
    const registry = new Registry();
    registry.on.event('kopfexamples', function spy({ type }) { return type === 'ADDED' ? { first: 'ADDED' } : undefined; });
    await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.spy !== undefined, 'the spy\'s result');
    expect(body.status).toEqual({ spy: { first: 'ADDED' } });
    expect(body.metadata.annotations).toEqual({ someannotation: 'somevalue' });
  });
});
