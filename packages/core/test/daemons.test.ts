// Daemons and timers against the embedded API server: restarts with a patch after each attempt, live
// bodies, the finalizer held while they run, deletion (graceful, forced, abandoned), filter mismatches,
// pausing, and the operator's exit.
import { setTimeout as delay } from 'node:timers/promises';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { Registry, TemporaryError } from '../src/index.js';
import type { FeedEvent } from '../src/index.js';
import type { Harness, Running } from './harness.js';
import { kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const FINALIZER = 'opkit.dev/finalizer';

/** Every version of the objects of a resource, as a watch delivers them, until `close()`. */
function history(client: KubeClient, resource: Resource): { readonly bodies: KubeObject[]; close(): void } {
  const bodies: KubeObject[] = [];
  const controller = new AbortController();
  void (async () => {
    const stream = await client.watch(resource, { namespace: 'default', signal: controller.signal });
    for await (const event of stream) if (event.type !== 'BOOKMARK' && event.type !== 'ERROR') bodies.push(event.object);
  })().catch(() => undefined);
  return { bodies, close: () => controller.abort() };
}

function daemonFeed(run: Running, name = 'kopf-example-1'): string[] {
  return run.feed.filter((e): e is Extract<FeedEvent, { type: 'daemon' }> => e.type === 'daemon' && e.name === name)
    .map((e) => `${e.id} ${e.phase}${e.reason ? ` ${e.reason}` : ''}`);
}

async function gone(h: Harness, name = 'kopf-example-1'): Promise<void> {
  await expect.poll(async () => (await h.client.listAll(h.kex, { namespace: 'default' })).items.some((b) => b.metadata.name === name), { timeout: deadline(15_000) }).toBe(false);
}

describe('processing: daemons and timers', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('restarts a daemon after temporary failures, applies its patch after each attempt, and holds the finalizer until it stopped', async () => {
    const deletions: string[] = [];
    const registry = new Registry();
    registry.on.daemon('kopfexamples', async function background({ retry, patch, stopped, spec, logger }) {
      if (retry < 3) {
        patch.status.message = `Failed ${retry + 1} times.`;
        throw new TemporaryError('Simulated failure.', { delay: 0.1 });
      }
      while (!stopped.isSet) {
        logger.info(`=> Ping from a daemon: field=${JSON.stringify(spec.field)}, retry=${retry}`);
        await stopped.wait(0.2);
      }
      patch.status.message = 'Accompanying is finished.';
    });
    registry.on.delete('kopfexamples', function cleanup({ status }) { deletions.push(status.message); });
    const seen = history(h.client, h.kex);
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.message === 'Failed 3 times.', 'three failed attempts');
    await expect.poll(() => run.lines.includes("[default/kopf-example-1] => Ping from a daemon: field=\"value\", retry=3")).toBe(true);
    expect((await h.get()).metadata.finalizers).toEqual([FINALIZER]);
    // The body is live: the running daemon sees the new field without restarting.
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'newvalue' } }, { namespace: 'default' });
    await expect.poll(() => run.lines.includes("[default/kopf-example-1] => Ping from a daemon: field=\"newvalue\", retry=3")).toBe(true);

    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    await gone(h);
    seen.close();
    const messages = seen.bodies.map((b) => (b.status as any)?.message).filter((m, i, all) => m !== undefined && m !== all[i - 1]);
    expect(messages).toEqual(['Failed 1 times.', 'Failed 2 times.', 'Failed 3 times.', 'Accompanying is finished.']);
    // The finalizer was there from the first attempt's patch until the daemon had stopped.
    expect(seen.bodies.filter((b) => (b.status as any)?.message !== undefined).every((b) => b.metadata.finalizers?.includes(FINALIZER))).toBe(true);
    expect(run.lines.filter((line) => line === "[default/kopf-example-1] Daemon 'background' failed temporarily: Simulated failure.")).toHaveLength(3);
    // The deletion handler ran once, after the daemon had stopped (it saw the daemon's last word).
    expect(deletions).toEqual(['Accompanying is finished.']);
    expect(daemonFeed(run)).toEqual(['background started', 'background stopping resource-deleted', 'background stopped resource-deleted']);
    const removing = run.lines.indexOf('[default/kopf-example-1] Removing the finalizer, thus allowing the actual deletion.');
    expect(removing).toBeGreaterThan(run.lines.indexOf("[default/kopf-example-1] Daemon 'background' has exited on request and will not be retried or restarted."));
  });

  it('cancels a daemon after its cancellation backoff and abandons one that ignores its signal after the timeout; the object goes', async () => {
    const registry = new Registry();
    registry.on.daemon('kopfexamples', async function polite({ signal }) {
      await delay(60_000, undefined, { signal }); // rejects with the abort: a cancellation, not a failure
    }, { cancellationBackoff: 0.3, cancellationTimeout: 5 });
    registry.on.daemon('kopfexamples', async function stubborn() {
      await new Promise<void>(() => undefined);
    }, { cancellationBackoff: 0.2, cancellationTimeout: 0.3 });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => b.metadata.finalizers?.includes(FINALIZER) === true, 'the finalizer');
    await expect.poll(() => daemonFeed(run).length).toBe(2);
    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    await gone(h);
    // The order of the log shows the backoffs and the timeout were waited for (on the runtime's clock);
    // how long the deletion takes is measured by apps/bench (`bench timing`), not asserted here.
    expect(run.lines).toContain("[default/kopf-example-1] Daemon 'stubborn' did not exit in time. Leaving it orphaned.");
    // The polite one is signalled, then cancelled: its rejection with the AbortError is no failure.
    expect(run.lines.filter((line) => line.includes("Daemon 'polite'"))).toEqual([
      "[default/kopf-example-1] Daemon 'polite' is invoked.",
      "[default/kopf-example-1] Daemon 'polite' is signalled to exit gracefully.",
      "[default/kopf-example-1] Daemon 'polite' is signalled to exit by force.",
      "[default/kopf-example-1] Daemon 'polite' is cancelled. Will escalate.",
      "[default/kopf-example-1] Daemon 'polite' has exited on request and will not be retried or restarted.",
    ]);
    expect(daemonFeed(run).sort()).toEqual([
      'polite started', 'polite stopped resource-deleted', 'polite stopping resource-deleted',
      'stubborn abandoned', 'stubborn started', 'stubborn stopping resource-deleted',
    ]);
  });

  it('runs a timer on its interval with its result in the status, reports lateness, and stops it on deletion', async () => {
    const registry = new Registry();
    const runs = new Map<string, number>();
    registry.on.timer('kopfexamples', function tick({ name }) {
      runs.set(name!, (runs.get(name!) ?? 0) + 1);
      return { runs: runs.get(name!) };
    }, { interval: 0.2 });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => ((b.status as any)?.tick?.runs ?? 0) >= 3, 'three runs of the timer');
    expect(body.metadata.finalizers).toEqual([FINALIZER]);
    expect(run.lines.filter((line) => line === "[default/kopf-example-1] Timer 'tick' succeeded.").length).toBeGreaterThanOrEqual(3);
    const started = run.feed.filter((e) => e.type === 'handler' && e.kind === 'timer' && e.phase === 'started');
    expect(started.every((e) => e.type === 'handler' && typeof e.latenessMs === 'number' && e.latenessMs >= 0)).toBe(true);
    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    await gone(h);
    const last = runs.get('kopf-example-1');
    // Another object's timer running three times shows that time passed: the stopped one did not run again.
    await h.client.create(h.kex, kopfExample('witness'), { namespace: 'default' });
    await expect.poll(() => runs.get('witness') ?? 0, { timeout: deadline(30_000) }).toBeGreaterThanOrEqual(3);
    expect(runs.get('kopf-example-1')).toBe(last);
    expect(daemonFeed(run)).toEqual(['tick started', 'tick stopping resource-deleted', 'tick stopped resource-deleted']);
  });

  it('stops a daemon whose filters stop matching and releases the finalizer; respawns it when they match again', async () => {
    const registry = new Registry();
    registry.on.daemon('kopfexamples', async function field_daemon({ stopped }) { await stopped.wait(); }, { field: 'spec.field', value: 'value' });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => b.metadata.finalizers?.includes(FINALIZER) === true, 'the finalizer');
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'other' } }, { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => b.metadata.finalizers === undefined, 'the finalizer to go');
    expect(run.lines).toContain('[default/kopf-example-1] Removing the finalizer, as there are no handlers requiring it.');
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'value' } }, { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => b.metadata.finalizers?.includes(FINALIZER) === true, 'the finalizer again');
    await expect.poll(() => daemonFeed(run)).toEqual([
      'field_daemon/spec.field started', 'field_daemon/spec.field stopping filters-mismatch', 'field_daemon/spec.field stopped filters-mismatch', 'field_daemon/spec.field started',
    ]);
  });

  it('stops daemons and timers while paused and respawns them on resume', async () => {
    const paused$ = new BehaviorSubject(false);
    const registry = new Registry();
    registry.on.daemon('kopfexamples', async function monitor({ stopped }) { await stopped.wait(); });
    registry.on.timer('kopfexamples', function tick() { return undefined; }, { interval: 0.1 });
    const run = await h.run(registry, { paused$ });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await expect.poll(() => daemonFeed(run).length).toBe(2);
    paused$.next(true);
    await expect.poll(() => daemonFeed(run).filter((line) => line.endsWith('stopped operator-pausing')).sort()).toEqual(['monitor stopped operator-pausing', 'tick stopped operator-pausing']);
    paused$.next(false);
    await expect.poll(() => daemonFeed(run).filter((line) => line.endsWith('started')).length).toBe(4);
  });

  it('stops every daemon and timer when the operator stops, and waits for their last patches', async () => {
    const registry = new Registry();
    registry.on.daemon('kopfexamples', async function monitor({ stopped, patch }) {
      await stopped.wait();
      patch.status.farewell = stopped.reason;
    });
    registry.on.timer('kopfexamples', function tick() { return undefined; }, { interval: 0.1 });
    const run = await h.run(registry);
    for (const name of ['one', 'two']) await h.client.create(h.kex, kopfExample(name), { namespace: 'default' });
    await expect.poll(() => run.feed.filter((e) => e.type === 'daemon' && e.phase === 'started').length).toBe(4);
    await run.stop(); // how long this takes is measured by apps/bench (`bench daemons`: the whole operator's stop)
    const stopped = run.feed.filter((e): e is Extract<FeedEvent, { type: 'daemon' }> => e.type === 'daemon' && e.phase === 'stopped');
    expect(stopped.map((e) => `${e.name} ${e.id} ${e.reason}`).sort()).toEqual([
      'one monitor operator-exiting', 'one tick operator-exiting', 'two monitor operator-exiting', 'two tick operator-exiting',
    ]);
    for (const name of ['one', 'two']) expect(((await h.get(name)).status as any).farewell).toBe('operator-exiting');
  });
});
