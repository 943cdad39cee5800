// Faults in an operator's own test, on fake time: the operator survives watch drops, 410s, 5xx and
// stalled watches with exact handler counts; the counters prove each fault was served; waits that
// would take minutes of real time (a handler's 10-minute retry delay, a stalled watch's detection
// after two bookmark intervals) take milliseconds; and the environment's own client is never faulted.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connect, ServerError } from '@opkit/kube';
import { TemporaryError } from '@opkit/core';
import type { Registry } from '@opkit/core';
import { startTestEnv } from '../src/index.js';
import { deadline } from '@opkit/test-tools';

const crd = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const ref = (name: string) => ({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name, namespace: 'default' });
const object = (name: string) => ({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name }, spec: { field: name } });

/** An operator counting its create handler's calls per object. */
function counting(calls: Map<string, number>) {
  return (registry: Registry): void => {
    registry.on.create('kopfexamples', function create_fn({ name }) {
      calls.set(String(name), (calls.get(String(name)) ?? 0) + 1);
      return { handled: true };
    });
  };
}

describe('startTestEnv({ faults }) on fake time', () => {
  it('survives watch drops, 410s on watch and list, and 5xx on patch and list, with exact handler counts', async () => {
    await using env = await startTestEnv({
      crds: [crd],
      faults: {
        dropWatchesEveryMs: 20_000,
        errors: [
          { code: 410, verbs: ['watch'], resources: ['kopfexamples'], count: 2 },
          { code: 410, verbs: ['list'], resources: ['kopfexamples'], count: 1 },
          { code: 503, verbs: ['patch'], resources: ['kopfexamples'], count: 4 },
          { code: 500, verbs: ['list'], resources: ['kopfexamples'], count: 2 },
        ],
      },
    });
    expect(env.clock).toBeDefined(); // faults bring fake time
    const calls = new Map<string, number>();
    // Listed page by page (not streamed with WatchList), so that the list rules above are met.
    const op = await env.run(counting(calls), { settings: { watching: { watchList: false } } });
    const names = ['a', 'b', 'c', 'd', 'e'];
    for (const name of names) await env.apply(object(name));
    for (const name of names) await env.waitFor(ref(name), (b) => b.status?.create_fn?.handled === true);
    await expect.poll(() => env.faults.counts().droppedWatches).toBeGreaterThan(0);
    const counts = env.faults.counts();
    expect(counts.gone).toBe(3);
    expect(counts.serverErrors).toBe(6);
    expect(counts.byCode).toEqual({ 410: 3, 500: 2, 503: 4 });
    expect(Object.fromEntries(calls)).toEqual({ a: 1, b: 1, c: 1, d: 1, e: 1 });
    // The operator saw the hard paths: a relist after a 410, a reconnect after a drop.
    expect(op.feed.some((e) => e.type === 'watch' && e.phase === 'relist')).toBe(true);
    expect(env.requests({ verb: 'patch', resource: 'kopfexamples' }).filter((r) => r.code === 503)).toHaveLength(4);
  });

  it('runs the operator\'s retry delays on the fake clock: a 10-minute delay takes no real wait', async () => {
    await using env = await startTestEnv({ crds: [crd], fakeTime: true });
    let calls = 0;
    await env.run((registry) => {
      registry.on.create('kopfexamples', function slow_retry() {
        calls++;
        if (calls === 1) throw new TemporaryError('not yet', { delay: 600 });
        return { done: true };
      });
    });
    const before = env.clock!.now();
    await env.apply(object('x'));
    await env.waitFor(ref('x'), (b) => b.status?.slow_retry?.done === true, { timeout: deadline(30_000), what: 'be retried after its 600 s delay' });
    expect(calls).toBe(2);
    expect(env.clock!.now() - before).toBeGreaterThanOrEqual(600_000);
  });

  it('detects a stalled watch after twice the bookmark interval of fake time, and handles what changed once the stall ends', async () => {
    // Manual time: nothing moves but advance(), so every step is deterministic.
    // Bookmarks every 20 s (the server's, on the fake clock; the operator is told): a watch silent for 40 s is
    // stalled, sooner than the 70 s inactivity timeout.
    await using env = await startTestEnv({ crds: [crd], fakeTime: { autoAdvance: false }, apiServer: { bookmarkIntervalMs: 20_000 } });
    const clock = env.clock!;
    const calls = new Map<string, number>();
    const op = await env.run(counting(calls), { settings: { watching: { bookmarkInterval: 20 } } });
    // Step one interval at a time until the operator's watch (opened just after it became ready) has seen a bookmark.
    const bookmarked = (): boolean => op.feed.some((e) => e.type === 'watch' && e.phase === 'bookmark' && e.resource.startsWith('kopfexamples'));
    await expect.poll(async () => {
      if (!bookmarked()) await clock.advance(20_000);
      return bookmarked();
    }).toBe(true);
    env.faults.inject({ stallWatches: true });
    await env.apply(object('during-stall'));
    await clock.advance(39_000);
    expect(op.feed.some((e) => e.type === 'watch' && (e.phase === 'stalled' || e.phase === 'inactivity'))).toBe(false);
    await clock.advance(1_000);
    const stalled = await op.waitForFeed((e) => e.type === 'watch' && e.phase === 'stalled');
    expect(stalled).toMatchObject({ message: expect.stringMatching(/no events or bookmarks for 40000 ms/) });
    await op.waitForLog('watch stalled');
    env.faults.clear();
    await env.waitFor(ref('during-stall'), (b) => b.status?.create_fn?.handled === true);
    expect(Object.fromEntries(calls)).toEqual({ 'during-stall': 1 });
  });

  it('never faults the environment\'s own client, only operators and other users', async () => {
    await using env = await startTestEnv({ crds: [crd], faults: { errors: [{ code: 503 }] } });
    await env.apply(object('mine'));
    expect((await env.get(ref('mine'))).spec).toEqual({ field: 'mine' });
    expect(env.faults.counts().serverErrors).toBe(0);
    const other = await connect({ kubeconfig: env.kubeconfigFor('someone-else'), retry: { attempts: 1 } });
    try {
      await expect(other.get(await env.resourceOf('kopf.dev/v1', 'KopfExample'), 'mine', { namespace: 'default' })).rejects.toBeInstanceOf(ServerError);
    } finally {
      other.close();
    }
    expect(env.faults.counts()).toMatchObject({ serverErrors: 1, byCode: { 503: 1 } });
    expect(() => env.faults.inject({ errors: [{ code: 404 as never }] })).toThrow(/code=404/);
    expect(() => env.faults.inject({ dropWatches: 5 } as never)).toThrow(/unknown fault option "dropWatches"/);
  });

  it('stays on real time unless asked', async () => {
    await using env = await startTestEnv({ crds: [crd] });
    expect(env.clock).toBeUndefined();
  });
});
