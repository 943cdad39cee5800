// What `bench takeover`'s replicas and its driver share: the Lease they coordinate on, its timing (as the
// leader-election and sharding tests of apps/op use), and the changes a replica reports.

/** The leader Lease, or the shard group's name. */
export const TAKEOVER_LEASE = 'bench-takeover';

/** Seconds: a Lease is valid for 4 s after a renewal, a holder that cannot renew stops after 2 s, replicas retry every second. */
export const TAKEOVER_TIMING = { leaseDuration: 4, renewDeadline: 2, retryPeriod: 1 } as const;

/** A leadership or shard change a replica saw, with its own clock (epoch milliseconds). */
export type TakeoverMessage =
  | { readonly type: 'leadership'; readonly identity: string; readonly at: number; readonly leader: boolean }
  | { readonly type: 'shards'; readonly identity: string; readonly at: number; readonly active: boolean; readonly members: readonly string[] };
