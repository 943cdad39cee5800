// Readiness, derived from the operator's event feed and a "paused" input: not ready until the operator
// reports `ready` (every watched resource listed and every listed object of an indexed resource
// indexed), not ready while it is paused (by peering: another operator of a higher priority runs), and
// not ready once it is stopping. Standbys of a leader election are ready: only a pause counts.
import type { FeedEvent } from '@opkit/core';
import type { Observable } from 'rxjs';
import { combineLatest, of } from 'rxjs';
import { distinctUntilChanged, endWith, filter, map, startWith } from 'rxjs/operators';

/** Why an operator is not ready. */
export type NotReadyReason = 'starting' | 'paused' | 'stopping';

/** The readiness of an operator at one moment. */
export type ReadinessState = { readonly ready: true } | { readonly ready: false; readonly reason: NotReadyReason };

/**
 * The sentence `/readyz` answers with for each state.
 *
 * @example
 * ```ts
 * describeReadiness({ ready: false, reason: 'paused' }); // 'not ready: the operator is paused (…)'
 * ```
 */
export function describeReadiness(state: ReadinessState): string {
  if (state.ready) return 'ok';
  switch (state.reason) {
    case 'starting': return 'not ready: the initial listing and indexing are not done yet';
    case 'paused': return 'not ready: the operator is paused (another operator with a higher peering priority is running)';
    default: return 'not ready: the operator is stopping';
  }
}

type Phase = 'starting' | 'ready' | 'stopping';

/**
 * The readiness of an operator as it changes: the first value at once (`starting`), then one per change.
 *
 * @param feed$ the operator's feed; subscribe before the operator runs, or its `ready` is missed.
 * @param paused$ `true` while the operator is paused (the same input the operator's `paused$` option takes).
 * @example
 * ```ts
 * readiness$(op.feed$, paused$).subscribe((state) => console.log(describeReadiness(state)));
 * ```
 */
export function readiness$(feed$: Observable<FeedEvent>, paused$: Observable<boolean> = of(false)): Observable<ReadinessState> {
  const phase$ = feed$.pipe(
    filter((event): event is Extract<FeedEvent, { type: 'operator' }> => event.type === 'operator'),
    map((event): Phase => (event.phase === 'ready' ? 'ready' : event.phase === 'starting' ? 'starting' : 'stopping')),
    endWith<Phase>('stopping'),
    startWith<Phase>('starting'),
    // Once stopping, an operator does not come back (an Operator runs once).
    distinctUntilChanged((previous, current) => previous === current || previous === 'stopping'),
  );
  return combineLatest([phase$, paused$.pipe(startWith(false), distinctUntilChanged())]).pipe(
    map(([phase, paused]): ReadinessState => {
      if (phase === 'stopping') return { ready: false, reason: 'stopping' };
      if (paused) return { ready: false, reason: 'paused' };
      return phase === 'ready' ? { ready: true } : { ready: false, reason: 'starting' };
    }),
    distinctUntilChanged((a, b) => a.ready === b.ready && (a.ready || b.ready || a.reason === b.reason)),
  );
}
