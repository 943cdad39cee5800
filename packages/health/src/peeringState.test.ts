// peeringStateOf: the feed's peering, leadership and shard events folded into one state per event.
import { describe, expect, it } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import type { FeedEvent } from '@opkit/core';
import { peeringStateOf } from './peeringState.js';

const peering = (paused: boolean): FeedEvent => ({ type: 'peering', paused, standalone: false, identity: 'me', priority: 0, name: 'default', objects: [] } as unknown as FeedEvent);

describe('peeringStateOf', () => {
  it('starts unpaused, then folds pauses, leadership and shards, ignoring every other event', async () => {
    const events: FeedEvent[] = [
      { type: 'operator', phase: 'starting' } as unknown as FeedEvent,
      peering(true),
      { type: 'leadership', leader: true, holder: 'me', lease: 'ns/op', identity: 'me' } as unknown as FeedEvent,
      peering(false),
      { type: 'shards', active: true, members: ['me'], live: ['me'], group: 'ns/op', identity: 'me' } as unknown as FeedEvent,
    ];
    expect(await lastValueFrom(peeringStateOf(from(events)).pipe(toArray()))).toEqual([
      { paused: false },
      { paused: true },
      { paused: true, leader: true },
      { paused: false, leader: true },
      { paused: false, leader: true, shards: 1 },
    ]);
  });
});
