// pausable alone: the watches close and reopen with the signal; only a pause of open watches is reported.
import { Observable, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { pausable } from './pausable.js';

describe('pausable', () => {
  it('opens the watches on false, closes them on true, and reports only a pause of open watches', () => {
    const log: string[] = [];
    const watches$ = new Observable<number>((subscriber) => {
      log.push('open');
      subscriber.next(1);
      return () => log.push('close');
    });
    const paused$ = new Subject<boolean>();
    const seen: number[] = [];
    const subscription = pausable(watches$, paused$, {
      onChange: (paused) => log.push(`change:${paused}`), onPause: () => log.push('pause'), onResume: () => log.push('resume'),
    }).subscribe((value) => seen.push(value));
    paused$.next(true); // the start, waiting: not a pause
    paused$.next(false);
    paused$.next(false); // no change
    paused$.next(true);
    paused$.next(false);
    subscription.unsubscribe();
    expect(log).toEqual(['change:true', 'change:false', 'open', 'close', 'pause', 'change:true', 'resume', 'change:false', 'open', 'close']);
    expect(seen).toEqual([1, 1]);
  });
});
