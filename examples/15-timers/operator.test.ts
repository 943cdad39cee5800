// 15-timers: each timer fires only after the object has been left alone for its idle time (5 s and
// 10 s), then every 2 s and 4 s; both hold the finalizer; they write no status; deleting the object
// stops them and it goes. Durations run at a tenth of the original (OPKIT_EXAMPLE_TIME_SCALE=0.1).
import { fileURLToPath } from 'node:url';
import type { FeedEvent } from '@opkit/core';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

function runsOf(feed: readonly FeedEvent[], id: string): number[] {
  return feed.filter((e) => e.type === 'handler' && e.id === id && e.phase === 'started').map((e) => e.ts);
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
    const created = Date.now();
    await env.apply(obj);
    await op.waitForLog("[default/kopf-example-1] Ping from a sync timer: field='value'");
    await op.waitForLog("[default/kopf-example-1] Ping from an async timer: field='value'", { timeout: 10_000 });
    await op.waitForFeed(() => runsOf(op.feed, 'every_few_seconds_async').length >= 3, { timeout: 10_000 });
    const sync = runsOf(op.feed, 'every_few_seconds_sync');
    const async = runsOf(op.feed, 'every_few_seconds_async');
    // Not before the idle time (5 s and 10 s, scaled), counted from the object's first sight.
    expect(sync[0]! - created).toBeGreaterThanOrEqual(500);
    expect(async[0]! - created).toBeGreaterThanOrEqual(1000);
    expect(async[0]! - sync[0]!).toBeGreaterThanOrEqual(400);
    // Then on their intervals (2 s and 4 s, scaled; a run never starts early).
    for (const [runs, interval] of [[sync, 200], [async, 400]] as const) {
      for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(interval);
    }
    const body = await env.get(ref);
    expect(body.metadata.finalizers).toEqual(['opkit.dev/finalizer']);
    expect(body.status).toBeUndefined();

    await env.delete(ref);
    await env.waitForGone(ref, { timeout: 10_000 });
    const stopped = op.feed.filter((e) => e.type === 'daemon' && e.phase === 'stopped').map((e) => e.type === 'daemon' && `${e.id} ${e.reason}`);
    expect(stopped.sort()).toEqual(['every_few_seconds_async resource-deleted', 'every_few_seconds_sync resource-deleted']);
  }, 60_000);
});
