// 15-timers: each timer fires only after the object has been left alone for its idle time (5 s and
// 10 s), then every 2 s and 4 s; both hold the finalizer; they write no status; deleting the object
// stops them and it goes. Durations run at a tenth of the original (OPKIT_EXAMPLE_TIME_SCALE=0.1).
import { fileURLToPath } from 'node:url';
import type { FeedEvent } from '@opkit/core';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

type HandlerEvent = Extract<FeedEvent, { type: 'handler' }>;

/** The feed's events of one timer's runs (started, succeeded, …), in order. */
function runsOf(feed: readonly FeedEvent[], id: string): HandlerEvent[] {
  return feed.filter((e): e is HandlerEvent => e.type === 'handler' && e.id === id);
}

describe('example 15-timers', () => {
  let env: TestEnv;
  beforeEach(async () => {
    process.env.OPKIT_EXAMPLE_TIME_SCALE = '0.1';
    env = await startTestEnv({ crds: [crd] });
  });
  afterEach(async () => {
    await env.dispose();
    delete process.env.OPKIT_EXAMPLE_TIME_SCALE;
  });

  it('pings after the idle time, then on the interval; holds the finalizer; stops on deletion', async () => {
    const op = await env.run(operator);
    const applied = Date.now();
    await env.apply(obj);
    await op.waitForLog("[default/kopf-example-1] Ping from a sync timer: field='value'");
    await op.waitForLog("[default/kopf-example-1] Ping from an async timer: field='value'", { timeout: deadline(30_000) });
    await op.waitForFeed(() => runsOf(op.feed, 'every_few_seconds_async').filter((e) => e.phase === 'started').length >= 3, { timeout: deadline(30_000) });
    // Judged on the runtime's own timestamps (its feed), and only with bounds that a slow machine can
    // widen but never break: a run starts no sooner than the idle time after the object appeared, and no
    // sooner than the interval after the previous run ended (the feed stamps a run's end before the timer
    // measures its next wait from it). Comparing two starts, or the two timers' first runs, is not sound:
    // a late run shortens the gap to the next one. The exact schedule of these options (idle 5 s, then every
    // 2 s) is asserted on fake time in @opkit/daemons' tests; the real spacing is measured by apps/bench.
    for (const [id, idle, interval] of [['every_few_seconds_sync', 500, 200], ['every_few_seconds_async', 1000, 400]] as const) {
      const runs = runsOf(op.feed, id);
      runs.forEach((e, i) => expect(`${i} ${e.phase}`).toBe(`${i} ${i % 2 === 0 ? 'started' : 'succeeded'}`)); // never overlapping
      expect(runs[0]!.ts - applied).toBeGreaterThanOrEqual(idle);
      for (let i = 2; i < runs.length; i += 2) expect(runs[i]!.ts - runs[i - 1]!.ts).toBeGreaterThanOrEqual(interval);
    }
    // The shorter idle time (5 s against 10 s, scaled) comes first: both wait in one queue, in due order.
    const firstStart = (id: string): number => op.feed.findIndex((e) => e.type === 'handler' && e.id === id && e.phase === 'started');
    expect(firstStart('every_few_seconds_sync')).toBeLessThan(firstStart('every_few_seconds_async'));
    const body = await env.get(ref);
    expect(body.metadata.finalizers).toEqual(['opkit.dev/finalizer']);
    expect(body.status).toBeUndefined();

    await env.delete(ref);
    await env.waitForGone(ref, { timeout: deadline(30_000) });
    const stopped = op.feed.filter((e) => e.type === 'daemon' && e.phase === 'stopped').map((e) => e.type === 'daemon' && `${e.id} ${e.reason}`);
    expect(stopped.sort()).toEqual(['every_few_seconds_async resource-deleted', 'every_few_seconds_sync resource-deleted']);
  }, deadline(60_000));
});
