// @opkit/peering: how replicas of operators coordinate through Kubernetes objects — Kopf-compatible
// peering (priorities, freeze/resume), Lease leader election, and sharding. Every export is listed
// here by name, grouped by concept.

// Kopf's peering
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { Peering } from './peering.js';
export type { PeeringOptions, PeeringState, PeeringObjectState, PeeringPauseReason, PeeringWatchEvent } from './peering.js';
export { freezeOperators, resumeOperators } from './freeze.js';
export type { FreezeOptions, FreezeOperatorsOptions, FreezeResult } from './freeze.js';
export { patchPeers, describeTarget } from './touch.js';
export type { PeeringTarget } from './touch.js';
export { readPeer, readPeers, isDead, peerRecord, formatPeer, formatPeers, pythonRepr, DEFAULT_LIFETIME } from './peer.js';
export type { Peer, PeerRecord, PeerExtension } from './peer.js';
export { formatKopfTime, parseKopfTime } from './kopfTime.js';
export type { KopfTime } from './kopfTime.js';
export { detectIdentity } from './identity.js';
export type { IdentityOptions } from './identity.js';

// Leader election and sharding
export type { HandlingGate, HandlingHost } from './gate.js';
export { LeaseElector, resolveLeaseTiming } from './leaseElector.js';
export type { LeaseElectorOptions, LeaseTiming, ResolvedLeaseTiming, LeadershipState } from './leaseElector.js';
export { Sharding, SHARD_GROUP_LABEL, SHARD_VIEW_ANNOTATION } from './sharding.js';
export type { ShardingOptions, ShardsState } from './sharding.js';
export { shardOwner } from './shardOwner.js';

// Resources and manifests
export { peeringSelectors, peeringCrds, peeringObjects, CLUSTER_PEERINGS, NAMESPACED_PEERINGS, LEASES } from './resources.js';

// One operator's coordination (what @opkit/core runs with the operator)
export { coordinate } from './coordinate.js';
export type { Coordination, CoordinationDeps, CoordinationEvent, CoordinationPeer, PeeringSettings } from './coordinate.js';
export { resolvePeeringSettings } from './settings.js';

// Errors
export { PeeringError } from './errors.js';
export type { PeeringErrorCode } from './errors.js';
