// Timers on fake time: exact virtual seconds of every run for idle, interval, sharp, initial delays,
// errors overriding the schedule, and the end of a timer on a permanent failure. Each case runs twice: with
// an invoke that always returns a promise, and with one that returns a plain handler's outcome at once (the
// timer's loop then goes on without a promise: the path Opkit's own invoke takes).
import { PermanentError, Registry, TemporaryError } from '@opkit/handlers';
import type { DaemonHandlerFn, TimerHandlerOptions } from '@opkit/handlers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, body, lines, recorder } from '../test/fakes.js';
import { Daemons } from './daemons.js';

function timer(fn: DaemonHandlerFn, options: TimerHandlerOptions) {
  return new Registry().on.timer('kopfexamples', fn, { id: 'tick', ...options });
}

describe.each(['async', 'sync'] as const)('ObjectDaemons: timers (%s invoke)', (mode) => {
  let daemons: Daemons;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    daemons = new Daemons();
  });
  afterEach(async () => {
    await daemons.stop();
    vi.useRealTimers();
  });

  it('interval=2, idle=5: first runs 5 s after the last change, then every 2 s; a change postpones the next run', async () => {
    const { invoke, at } = recorder(mode);
    const handler = timer(() => undefined, { interval: 2, idle: 5 });
    const object = daemons.attach('uid-1', { body: body(), invoke }); // first sight at 0 counts as a change
    object.reconcile([handler]);
    await advance(3);
    object.update(body({ field: 'changed' }), { changed: true }); // the last change: at 3
    object.update(body({ field: 'changed' }, { resourceVersion: '2' }), { changed: false }); // not essential
    await advance(11); // until 14
    expect(at()).toEqual([8, 10, 12, 14]);
    object.update(body({ field: 'again' }), { changed: true }); // at 14
    await advance(10); // until 24
    expect(at()).toEqual([8, 10, 12, 14, 19, 21, 23]);
  });

  it('interval without idle runs at once and then every interval, measured from the end of a run', async () => {
    const { invoke, at } = recorder(mode);
    const slow = timer(async ({ stopped }) => { await stopped.wait(0.5); }, { interval: 2 });
    daemons.attach('uid-1', { body: body(), invoke }).reconcile([slow]);
    await advance(8);
    expect(at()).toEqual([0, 2.5, 5, 7.5]);
  });

  it('sharp keeps runs on the grid of the interval counted from the start of a run', async () => {
    const { invoke, at } = recorder(mode);
    const sharp = timer(async ({ stopped }) => { await stopped.wait(0.5); }, { interval: 2, sharp: true });
    daemons.attach('uid-1', { body: body(), invoke }).reconcile([sharp]);
    await advance(7);
    expect(at()).toEqual([0, 2, 4, 6]);
  });

  it('sharp skips the grid points a long run covers; runs never overlap', async () => {
    const { invoke, at } = recorder(mode);
    let running = 0;
    let overlapped = false;
    const long = timer(async ({ stopped }) => {
      running++;
      overlapped ||= running > 1;
      await stopped.wait(3);
      running--;
    }, { interval: 2, sharp: true });
    daemons.attach('uid-1', { body: body(), invoke }).reconcile([long]);
    await advance(13);
    expect(at()).toEqual([0, 4, 8, 12]);
    expect(overlapped).toBe(false);
  });

  it('an error with backoff=3 reschedules the next run in 3 s; TemporaryError in its delay; counters reset after success', async () => {
    const { invoke, attempts } = recorder(mode);
    let calls = 0;
    const flaky = timer(() => {
      calls++;
      if (calls === 1) throw new Error('oops');
      if (calls === 2) throw new TemporaryError('later', { delay: 1 });
    }, { interval: 10, backoff: 3 });
    daemons.attach('uid-1', { body: body(), invoke }).reconcile([flaky]);
    await advance(25);
    expect(attempts.map((a) => [a.at, a.retry, a.outcome])).toEqual([
      [0, 0, 'exception'], [3, 1, 'temporary'], [4, 2, 'success'], [14, 0, 'success'], [24, 0, 'success'],
    ]);
  });

  it('a permanent failure ends the timer for good: it is not respawned and no longer needs the finalizer', async () => {
    const { invoke, at } = recorder(mode);
    const events: string[] = [];
    const fatal = timer(() => { throw new PermanentError('no'); }, { interval: 1 });
    const object = daemons.attach('uid-1', { body: body(), invoke, onEvent: (event) => events.push(event.type) });
    expect(object.reconcile([fatal]).requiresFinalizer).toBe(true);
    await advance(5);
    expect(at()).toEqual([0]);
    expect(object.hasEnded('tick')).toBe(true);
    expect(object.reconcile([fatal])).toEqual({ requiresFinalizer: false, delays: [], running: 0 });
    await advance(5);
    expect(at()).toEqual([0]);
    expect(events).toEqual(['started', 'stopped']);
  });

  it('waits the initial delay (a number or a function of the context) once, before idling', async () => {
    const { invoke, at } = recorder(mode);
    const delayed = timer(() => undefined, { interval: 2, initialDelay: ({ spec }) => (spec.field === 'value' ? 5 : 0) });
    daemons.attach('uid-1', { body: body(), invoke }).reconcile([delayed]);
    await advance(9);
    expect(at()).toEqual([5, 7, 9]);
  });

  it('idle without interval runs once per quiet period', async () => {
    const { invoke, at } = recorder(mode);
    const quiet = timer(() => undefined, { idle: 5 });
    const object = daemons.attach('uid-1', { body: body(), invoke });
    object.reconcile([quiet]);
    await advance(20);
    expect(at()).toEqual([5]);
    object.update(body({ field: 'x' }), { changed: true }); // at 20
    await advance(10);
    expect(at()).toEqual([5, 25]);
  });

  it('reports how late each run started against its schedule', async () => {
    const { invoke, attempts } = recorder(mode);
    const ticking = timer(() => undefined, { interval: 1 });
    daemons.attach('uid-1', { body: body(), invoke }).reconcile([ticking]);
    await advance(3);
    expect(attempts.map((a) => a.latenessMs)).toEqual([0, 0, 0, 0]);
  });

  it('a crash of the loop itself is logged and the loop restarts after 1 s, then 2 s …; the schedule goes on after', async () => {
    const { invoke: record, at } = recorder(mode);
    const logger = lines();
    let calls = 0;
    // An embedder's invoke returning an outcome the loop cannot schedule (a delay that is not a number).
    const invoke: typeof record = (invocation) => {
      const outcome = record(invocation);
      return ++calls <= 2 ? { kind: 'temporary', error: new TemporaryError('bad'), delay: Number.NaN } : outcome;
    };
    daemons.attach('uid-1', { body: body(), invoke, logger }).reconcile([timer(() => undefined, { interval: 10 })]);
    await advance(14);
    expect(at()).toEqual([0, 1, 3, 13]);
    expect(logger.lines.filter((line) => line.startsWith('error'))).toEqual([
      "error Timer 'tick' crashed; restarting: A due time must be a number of milliseconds; got NaN.",
      "error Timer 'tick' crashed; restarting: A due time must be a number of milliseconds; got NaN.",
    ]);
  });

  it('stops at once when asked while it sleeps, and the object may go', async () => {
    const { invoke, at } = recorder(mode);
    const ticking = timer(() => undefined, { interval: 60 });
    const object = daemons.attach('uid-1', { body: body(), invoke });
    object.reconcile([ticking]);
    await advance(1);
    const stopping = object.reconcile([ticking], { deleting: true });
    expect(stopping.running).toBe(1);
    await advance(0.001);
    expect(object.reconcile([ticking], { deleting: true })).toEqual({ requiresFinalizer: true, delays: [], running: 0 });
    expect(at()).toEqual([0]);
    expect(daemons.stats().scheduled).toBe(0);
  });
});
