// Reading and writing Lease objects (`coordination.k8s.io/v1`) for leader election and shard
// membership: the spec fields, MicroTimes with exactly six fraction digits (a real API server rejects
// anything else), and "observed" times measured on our own clock, as client-go does — a record is
// expired when it has not changed for its lease duration since we saw it change, so clock skew
// between replicas never matters.
import { formatMicroTime } from '@opkit/kube';
import type { KubeObject } from '@opkit/kube';

/** The spec of a Lease. */
export interface LeaseSpec {
  holderIdentity?: string | null;
  leaseDurationSeconds?: number;
  acquireTime?: string | null;
  renewTime?: string | null;
  leaseTransitions?: number;
}

/** A Lease as read. */
export interface LeaseObject extends KubeObject {
  spec?: LeaseSpec;
}

/** What we saw of a lease, and when (on our clock) it last changed. */
export interface ObservedLease {
  readonly lease: LeaseObject;
  /** When we first saw this version of the record, ms on our clock. */
  readonly observedAt: number;
}

/** A MicroTime for a time in ms since the epoch. */
export function microTime(ms: number): string {
  return formatMicroTime(new Date(ms));
}

/** The holder of a lease, '' when none. */
export function holderOf(lease: LeaseObject | undefined): string {
  return lease?.spec?.holderIdentity ?? '';
}

/** The lease duration the record asks for, in seconds (at least 1). */
export function durationOf(lease: LeaseObject | undefined, fallback: number): number {
  const value = lease?.spec?.leaseDurationSeconds;
  return typeof value === 'number' && value > 0 ? value : fallback;
}

/** The part of a record whose change proves its holder is alive. */
function fingerprint(lease: LeaseObject): string {
  const spec = lease.spec ?? {};
  return `${spec.holderIdentity ?? ''}|${spec.renewTime ?? ''}|${spec.acquireTime ?? ''}|${spec.leaseDurationSeconds ?? ''}|${spec.leaseTransitions ?? ''}`;
}

/** A resourceVersion as a number to order versions of one object, or undefined when it is not numeric. */
export function versionOf(lease: LeaseObject | undefined): bigint | undefined {
  const rv = lease?.metadata?.resourceVersion;
  return typeof rv === 'string' && /^\d+$/.test(rv) ? BigInt(rv) : undefined;
}

/**
 * Update an observation with a newly read version of the lease: the observed time moves only when the
 * record changed; an older version than the one observed is ignored (a watch lagging a fresh read).
 */
export function observe(previous: ObservedLease | undefined, lease: LeaseObject, now: number): ObservedLease {
  if (previous) {
    const before = versionOf(previous.lease);
    const after = versionOf(lease);
    if (before !== undefined && after !== undefined && after < before) return previous;
    if (previous.lease.metadata?.uid === lease.metadata?.uid && fingerprint(previous.lease) === fingerprint(lease)) return { lease, observedAt: previous.observedAt };
  }
  return { lease, observedAt: now };
}

/** Whether the holder of an observed lease has let it expire (by our clock). */
export function expired(observed: ObservedLease, now: number, fallbackSeconds: number): boolean {
  return holderOf(observed.lease) === '' || observed.observedAt + durationOf(observed.lease, fallbackSeconds) * 1000 <= now;
}
