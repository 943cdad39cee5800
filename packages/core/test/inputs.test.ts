// The input later packages plug into: `paused$` (peering) closes and reopens the watches; the feed
// reports every event of every object in order.
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { FAST, kopfExample, startHarness } from './harness.js';

describe('operator inputs', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('closes the watches while paused and catches up when resumed', async () => {
    const paused$ = new BehaviorSubject(false);
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ name }) { return `hello ${name}`; });
    // Standalone: peering would keep its own watches open (it is what ends its pause).
    const run = await h.run(registry, { paused$, settings: { ...FAST, peering: { standalone: true } } });
    await h.client.create(h.kex, kopfExample('before'), { namespace: 'default' });
    await h.waitFor('before', (b) => (b.status as any)?.create_fn === 'hello before', 'the first object');
    expect(run.feed.some((event) => event.type === 'watch' && event.phase === 'listed' && event.resource === 'kopfexamples.kopf.dev/v1')).toBe(true);
    expect(run.feed.find((event) => event.type === 'queue')).toMatchObject({ type: 'queue', running: 1 });

    paused$.next(true);
    await expect.poll(() => run.feed.some((event) => event.type === 'watch' && event.phase === 'stopped')).toBe(true);
    await h.client.create(h.kex, kopfExample('during'), { namespace: 'default' });
    expect(run.lines).toContain('Pausing the watches.');
    await expect.poll(() => h.server.stats().watches).toBe(0); // every watch is closed, the CRD watch of discovery too
    expect(((await h.get('during')).status as any)?.create_fn).toBeUndefined();

    paused$.next(false);
    await h.waitFor('during', (b) => (b.status as any)?.create_fn === 'hello during', 'the object created while paused');
    const seen = run.feed.filter((event) => event.type === 'object-seen');
    expect(seen.find((event) => event.name === 'before')).toMatchObject({ event: 'ADDED' });
    expect(seen.find((event) => event.name === 'during')).toMatchObject({ event: 'LISTED' });
  });
});
