import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '@opkit/core';
import { BehaviorSubject, Subject } from 'rxjs';
import type { ReadinessState } from './readiness.js';
import { describeReadiness, readiness$ } from './readiness.js';

function operatorEvent(phase: 'starting' | 'ready' | 'stopping' | 'stopped'): FeedEvent {
  return { type: 'operator', phase, v: 1, ts: 0 };
}

describe('readiness$', () => {
  it('is not ready until the operator is ready, not ready while paused, and not ready once stopping', () => {
    const feed = new Subject<FeedEvent>();
    const paused = new BehaviorSubject(false);
    const states: ReadinessState[] = [];
    const subscription = readiness$(feed, paused).subscribe((state) => states.push(state));
    feed.next(operatorEvent('starting'));
    feed.next({ type: 'watch', phase: 'started', resource: 'kopfexamples.v1.kopf.dev', v: 1, ts: 0 });
    expect(states).toEqual([{ ready: false, reason: 'starting' }]);
    feed.next(operatorEvent('ready'));
    paused.next(true);
    paused.next(true);
    paused.next(false);
    feed.next(operatorEvent('stopping'));
    paused.next(true);
    paused.next(false);
    feed.next(operatorEvent('stopped'));
    feed.complete();
    expect(states).toEqual([
      { ready: false, reason: 'starting' },
      { ready: true },
      { ready: false, reason: 'paused' },
      { ready: true },
      { ready: false, reason: 'stopping' },
    ]);
    subscription.unsubscribe();
  });

  it('stays unready when paused from the start, and without a paused input is never paused', () => {
    const feed = new Subject<FeedEvent>();
    const paused = new BehaviorSubject(true);
    const states: ReadinessState[] = [];
    readiness$(feed, paused).subscribe((state) => states.push(state));
    feed.next(operatorEvent('ready'));
    expect(states.at(-1)).toEqual({ ready: false, reason: 'paused' });

    const other = new Subject<FeedEvent>();
    const plain: ReadinessState[] = [];
    readiness$(other).subscribe((state) => plain.push(state));
    other.next(operatorEvent('ready'));
    expect(plain).toEqual([{ ready: false, reason: 'starting' }, { ready: true }]);
  });

  it('says why in one line', () => {
    expect(describeReadiness({ ready: true })).toBe('ok');
    expect(describeReadiness({ ready: false, reason: 'starting' })).toBe('not ready: the initial listing and indexing are not done yet');
    expect(describeReadiness({ ready: false, reason: 'paused' })).toMatch(/^not ready: the operator is paused/);
  });
});
