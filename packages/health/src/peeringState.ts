// Peering's view of this replica (paused, leading, holding its share), read from the operator's event
// feed: the peering, leadership and shard events that core emits. Readiness and the peering metrics
// follow it when no other source is given, so `op run --liveness` turns unready while paused.
import type { FeedEvent } from '@opkit/core';
import type { Observable } from 'rxjs';
import { filter, scan, startWith } from 'rxjs/operators';
import type { PeeringState } from './metrics.js';

type CoordinationEvent = Extract<FeedEvent, { type: 'peering' | 'leadership' | 'shards' }>;

/**
 * The peering state of an operator, from its feed: `{ paused: false }` at once (an operator is not paused
 * until peering says so), then one value per peering, leadership or shards event.
 *
 * @example
 * ```ts
 * startHealthServer({ operator, liveness: 'http://0.0.0.0:8080/healthz', peering$: peeringStateOf(operator.feed$) });
 * ```
 */
export function peeringStateOf(feed$: Observable<FeedEvent>): Observable<PeeringState> {
  return feed$.pipe(
    filter((event): event is CoordinationEvent => event.type === 'peering' || event.type === 'leadership' || event.type === 'shards'),
    scan((state: PeeringState, event): PeeringState => {
      if (event.type === 'peering') return { ...state, paused: event.paused };
      if (event.type === 'leadership') return { ...state, leader: event.leader };
      return { ...state, shards: event.active ? 1 : 0 };
    }, { paused: false }),
    startWith({ paused: false }),
  );
}
