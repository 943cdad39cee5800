// Daemons on fake time: restarts after temporary failures, the end of a daemon that returns, live
// bodies, and every step of stopping — graceful, forced, abandoned, or polled without a timeout.
import { Registry, TemporaryError } from '@opkit/handlers';
import type { DaemonHandlerFn, DaemonHandlerOptions, DaemonStoppingReason } from '@opkit/handlers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, body, lines, recorder, settle } from '../test/fakes.js';
import { Daemons } from './daemons.js';
import type { DaemonEvent } from './types.js';

function daemon(fn: DaemonHandlerFn, options: DaemonHandlerOptions = {}) {
  return new Registry().on.daemon('kopfexamples', fn, { id: 'monitor', ...options });
}

/** A daemon that ignores `stopped` and returns only when its signal aborts (if ever: `ignoreSignal`). */
function signalOnly(seen: { reasons?: readonly DaemonStoppingReason[] }, ignoreSignal = false): DaemonHandlerFn {
  return async ({ signal, stopped }) => {
    if (!ignoreSignal) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    else await new Promise<void>(() => undefined);
    seen.reasons = stopped.reasons;
  };
}

describe('ObjectDaemons: daemons', () => {
  let daemons: Daemons;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    daemons = new Daemons({ cancellationPolling: 60 });
  });
  afterEach(async () => {
    await daemons.stop();
    vi.useRealTimers();
  });

  it('restarts after temporary failures with retry counting up, then runs until it returns for good', async () => {
    const { invoke, attempts } = recorder();
    const events: DaemonEvent[] = [];
    const handler = daemon(async ({ retry, stopped, patch }) => {
      if (retry < 3) {
        patch.status.message = `Failed ${retry + 1} times.`;
        throw new TemporaryError('Simulated failure.', { delay: 1 });
      }
      await stopped.wait(10);
      return 'done';
    });
    const object = daemons.attach('uid-1', { body: body(), invoke, onEvent: (event) => events.push(event) });
    object.reconcile([handler]);
    await advance(20);
    expect(attempts.map((a) => [a.at, a.retry, a.outcome])).toEqual([[0, 0, 'temporary'], [1, 1, 'temporary'], [2, 2, 'temporary'], [3, 3, 'success']]);
    expect(events.map((e) => e.type)).toEqual(['started', 'stopped']);
    expect(events[1]).toMatchObject({ onItsOwn: true, reasons: ['done'] });
    // A daemon that returned is never spawned again for this object.
    expect(object.reconcile([handler])).toEqual({ requiresFinalizer: false, delays: [], running: 0 });
    await advance(5);
    expect(attempts).toHaveLength(4);
  });

  it('a stop while it waits to restart after a temporary failure ends it at once, leaving nothing scheduled', async () => {
    const { invoke, attempts } = recorder();
    const events: DaemonEvent[] = [];
    const handler = daemon(async () => {
      throw new TemporaryError('Simulated failure.', { delay: 60 });
    });
    const object = daemons.attach('uid-1', { body: body(), invoke, onEvent: (event) => events.push(event) });
    object.reconcile([handler]);
    await advance(30);
    expect(attempts.map((a) => [a.at, a.retry])).toEqual([[0, 0]]);
    daemons.forget('uid-1');
    await settle();
    expect(events.map((e) => e.type)).toEqual(['started', 'stopping', 'stopped']);
    expect(events[2]).toMatchObject({ onItsOwn: false });
    expect(daemons.scheduler.size).toBe(0);
    await advance(120);
    expect(attempts).toHaveLength(1);
  });

  it('gives each attempt a fresh patch, and body/spec as read-only views of the latest body even when destructured', async () => {
    const patches: unknown[] = [];
    const seen: string[] = [];
    let writeError: unknown;
    const handler = daemon(async ({ spec, body: b, labels, stopped, patch, retry }) => {
      patches.push(patch);
      if (retry === 0) throw new TemporaryError('again', { delay: 1 });
      seen.push(`${spec.field} ${b.metadata.resourceVersion} ${labels.app}`);
      await stopped.wait(5);
      seen.push(`${spec.field} ${b.metadata.resourceVersion} ${labels.app} ${JSON.stringify(spec)}`);
      try { spec.field = 'mine'; } catch (error) { writeError = error; }
    });
    const object = daemons.attach('uid-1', { body: body({ field: 'value' }, { resourceVersion: '1', labels: { app: 'a' } }), invoke: recorder().invoke });
    object.reconcile([handler]);
    await advance(2);
    object.update(body({ field: 'newer', n: 1 }, { resourceVersion: '2', labels: { app: 'b' } }));
    await advance(10);
    expect(patches).toHaveLength(2);
    expect(patches[0]).not.toBe(patches[1]);
    expect(seen).toEqual(['value 1 a', 'newer 2 b {"field":"newer","n":1}']);
    expect(writeError).toBeInstanceOf(TypeError);
    expect(object.body.spec).toEqual({ field: 'newer', n: 1 });
  });

  it('waits the initial delay, and a stop during it ends the daemon before its first attempt', async () => {
    const { invoke, at } = recorder();
    const handler = daemon(async ({ stopped }) => { await stopped.wait(); }, { initialDelay: 5 });
    const object = daemons.attach('uid-1', { body: body(), invoke });
    object.reconcile([handler]);
    await advance(6);
    expect(at()).toEqual([5]);
    const other = daemons.attach('uid-2', { body: body({}, { uid: 'uid-2' }), invoke });
    other.reconcile([handler]);
    await advance(1);
    other.reconcile([handler], { deleting: true });
    await settle();
    expect(at()).toEqual([5]);
    expect(other.running).toBe(0);
  });

  it('on deletion: a daemon that watches `stopped` exits at once and the object may go', async () => {
    const log = lines();
    const handler = daemon(async ({ stopped }) => { while (!stopped.isSet) await stopped.wait(5); }, { cancellationBackoff: 1, cancellationTimeout: 0.5 });
    const object = daemons.attach('uid-1', { body: body(), invoke: recorder().invoke, logger: log });
    object.reconcile([handler]);
    await advance(2);
    expect(object.reconcile([handler], { deleting: true })).toEqual({ requiresFinalizer: true, delays: [1], running: 1 });
    await settle();
    expect(object.reconcile([handler], { deleting: true })).toEqual({ requiresFinalizer: true, delays: [], running: 0 });
    expect(log.lines).toEqual([
      "debug Daemon 'monitor' is signalled to exit gracefully.",
      "debug Daemon 'monitor' has exited on request and will not be retried or restarted.",
    ]);
  });

  it('on deletion with cancellationBackoff=1, cancellationTimeout=0.5: the signal aborts after 1 s', async () => {
    const seen: { reasons?: readonly DaemonStoppingReason[] } = {};
    const events: string[] = [];
    const object = daemons.attach('uid-1', { body: body(), invoke: recorder().invoke, onEvent: (e) => events.push(`${e.type}@${Date.now()}`) });
    const handler = daemon(signalOnly(seen), { cancellationBackoff: 1, cancellationTimeout: 0.5 });
    object.reconcile([handler]);
    await advance(1);
    object.reconcile([handler], { deleting: true });
    await advance(0.999);
    expect(object.running).toBe(1);
    await advance(0.001);
    expect(object.running).toBe(0);
    expect(seen.reasons).toEqual(['resource-deleted', 'signalled', 'cancelled']);
    expect(events).toEqual(['started@0', 'stopping@1000', 'stopped@2000']);
  });

  it('abandons a daemon that ignores its signal after cancellationTimeout, with a warning, and lets the object go', async () => {
    const log = lines();
    const events: string[] = [];
    const object = daemons.attach('uid-1', { body: body(), invoke: recorder().invoke, logger: log, onEvent: (e) => events.push(`${e.type}@${Date.now()}`) });
    const handler = daemon(signalOnly({}, true), { cancellationBackoff: 1, cancellationTimeout: 0.5 });
    object.reconcile([handler]);
    await advance(1);
    expect(object.reconcile([handler], { deleting: true }).delays).toEqual([1]);
    await advance(1);
    expect(object.reconcile([handler], { deleting: true }).delays).toEqual([0.5]);
    await advance(0.5);
    expect(object.reconcile([handler], { deleting: true })).toEqual({ requiresFinalizer: true, delays: [], running: 0 });
    expect(events).toEqual(['started@0', 'stopping@1000', 'abandoned@2500']);
    expect(log.lines).toContain("warn Daemon 'monitor' did not exit in time. Leaving it orphaned.");
    // Still running (orphaned): no second instance for this object.
    object.reconcile([handler]);
    expect(events).toHaveLength(3);
  });

  it('without a cancellation timeout, waits for a stopping daemon as long as it takes, checking every cancellationPolling', async () => {
    const log = lines();
    let release!: () => void;
    const handler = daemon(async () => { await new Promise<void>((resolve) => { release = resolve; }); }, { cancellationPolling: 10 });
    const object = daemons.attach('uid-1', { body: body(), invoke: recorder().invoke, logger: log });
    object.reconcile([handler]);
    await settle();
    object.reconcile([handler], { deleting: true });
    await advance(35);
    expect(object.reconcile([handler], { deleting: true })).toEqual({ requiresFinalizer: true, delays: [5], running: 1 });
    expect(log.lines.filter((line) => line.includes('is still exiting. The next check is in 10 seconds.'))).toHaveLength(4);
    release();
    await settle();
    expect(object.reconcile([handler], { deleting: true }).delays).toEqual([]);
  });

  it('stops a daemon whose filters no longer match, and spawns a fresh one when they match again', async () => {
    const { invoke, attempts } = recorder();
    const reasons: (DaemonStoppingReason | undefined)[] = [];
    const handler = daemon(async ({ stopped }) => { await stopped.wait(); reasons.push(stopped.reason); }, { field: 'spec.field', value: 'value' });
    const object = daemons.attach('uid-1', { body: body(), invoke });
    expect(object.reconcile([handler]).running).toBe(1);
    await advance(1);
    object.update(body({ field: 'other' }), { changed: true });
    expect(object.reconcile([handler]).requiresFinalizer).toBe(true); // still stopping
    await settle();
    expect(object.reconcile([handler])).toEqual({ requiresFinalizer: false, delays: [], running: 0 });
    expect(reasons).toEqual(['filters-mismatch']);
    object.update(body({ field: 'value' }), { changed: true });
    expect(object.reconcile([handler]).running).toBe(1);
    await settle();
    expect(attempts.map((a) => [a.at, a.retry])).toEqual([[0, 0], [1, 0]]);
  });

  it('runs no daemon at all for handlers of other kinds', () => {
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { return undefined; });
    const object = daemons.attach('uid-1', { body: body(), invoke: recorder().invoke });
    expect(object.reconcile(registry.resourceHandlers())).toEqual({ requiresFinalizer: false, delays: [], running: 0 });
  });
});
