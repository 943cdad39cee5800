// The manager on fake time: pausing stops everything and spawns nothing until resumed; stopping ends
// every daemon and timer (abandoning those that ignore it) and leaves no timer pending.
import { Registry } from '@opkit/handlers';
import type { DaemonStoppingReason } from '@opkit/handlers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, body, lines, recorder, settle } from '../test/fakes.js';
import { Daemons } from './daemons.js';
import { DaemonsError } from './errors.js';

describe('Daemons', () => {
  beforeEach(() => { vi.useFakeTimers({ now: 0 }); });
  afterEach(() => { vi.useRealTimers(); });

  const registry = new Registry();
  const reasons: (DaemonStoppingReason | undefined)[] = [];
  registry.on.daemon('kopfexamples', async function monitor({ stopped }) { await stopped.wait(); reasons.push(stopped.reason); });
  registry.on.timer('kopfexamples', function tick() { return undefined; }, { interval: 1 });
  const handlers = registry.resourceHandlers();

  it('pauses: stops every daemon and timer (operator-pausing), spawns none until resumed, then respawns', async () => {
    reasons.length = 0;
    const daemons = new Daemons();
    const { invoke, at } = recorder();
    const objects = ['a', 'b'].map((uid) => daemons.attach(uid, { body: body({}, { uid }), invoke }));
    for (const object of objects) object.reconcile(handlers);
    await advance(2.5);
    daemons.pause();
    await settle();
    expect(reasons).toEqual(['operator-pausing', 'operator-pausing']);
    expect(daemons.stats().running).toBe(0);
    for (const object of objects) expect(object.reconcile(handlers).running).toBe(0);
    await advance(3);
    expect(at('tick')).toEqual([0, 0, 1, 1, 2, 2]);
    daemons.resume();
    for (const object of objects) expect(object.reconcile(handlers).running).toBe(2);
    await advance(1);
    expect(at('tick')).toEqual([0, 0, 1, 1, 2, 2, 5.5, 5.5, 6.5, 6.5]);
    await daemons.stop();
  });

  it('stops everything for good: daemons that honour the stop end, the rest are abandoned; no timer is left', async () => {
    const log = lines();
    const daemons = new Daemons({ exitTimeout: 1 });
    const stubborn = new Registry().on.daemon('kopfexamples', async function stubborn() { await new Promise(() => undefined); });
    const object = daemons.attach('a', { body: body(), invoke: recorder().invoke, logger: log });
    object.reconcile([...handlers, stubborn]);
    await advance(1.5);
    let stopped = false;
    const stopping = daemons.stop().then(() => { stopped = true; });
    await advance(0.999);
    expect(stopped).toBe(false);
    await advance(0.001);
    await stopping;
    expect(log.lines).toContain("warn Daemon 'stubborn' did not exit in time. Leaving it orphaned.");
    expect(daemons.stats()).toEqual({ objects: 1, running: 0, scheduled: 0 });
    expect(vi.getTimerCount()).toBe(0);
    expect(object.reconcile(handlers).running).toBe(0); // nothing spawns after stop()
  });

  it('forgets a gone object: its daemons stop (resource-deleted) and it is no longer attached', async () => {
    reasons.length = 0;
    const daemons = new Daemons();
    daemons.attach('a', { body: body(), invoke: recorder().invoke }).reconcile(handlers);
    await settle();
    daemons.forget('a');
    await settle();
    expect(reasons).toEqual(['resource-deleted']);
    expect(daemons.get('a')).toBeUndefined();
    expect(daemons.stats().running).toBe(0);
    await daemons.stop();
  });

  it('validates its options', () => {
    expect(() => new Daemons({ cancellationPolling: 0 })).toThrow(DaemonsError);
    expect(() => new Daemons({ exitTimeout: -1 })).toThrow(/exitTimeout must be a number of seconds >= 0; got -1/);
  });
});
