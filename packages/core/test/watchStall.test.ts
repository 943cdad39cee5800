// A watch that stalls silently is restarted after twice the bookmark interval (here the embedded server
// sends a bookmark every 300 ms), long before the 70 s inactivity timeout, and the operator says so in its
// log and on its feed; the change made during the stall is then handled.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

describe('processing: stalled watches', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness({ bookmarkIntervalMs: 300 }); });
  afterEach(async () => { await h.close(); });

  it('restarts a stalled watch, logs and reports it, and handles the change made meanwhile', async () => {
    const created: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ name }) { created.push(name!); });
    const run = await h.run(registry);
    const phases = (phase: string): number => run.feed.filter((e) => e.type === 'watch' && e.phase === phase && e.resource.startsWith('kopfexamples')).length;
    await expect.poll(() => phases('bookmark') >= 3, { timeout: deadline(30_000) }).toBe(true);
    h.server.faults.set({ stallWatches: true });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await expect.poll(() => phases('stalled') >= 1, { timeout: deadline(30_000) }).toBe(true);
    h.server.faults.set({ stallWatches: false });
    await expect.poll(() => created, { timeout: deadline(30_000) }).toEqual(['kopf-example-1']);
    expect(run.lines.some((line) => line.includes('watch stalled: no events or bookmarks for twice the bookmark interval; restarting it'))).toBe(true);
    expect(phases('inactivity')).toBe(0);
  });
});
