// Coordination of one operator: which peering objects to follow (the peering CRDs may
// appear later; a namespaced operator peers in each served namespace), the watches they need, leader
// election or sharding with their Leases, and the feed. What comes out is what the pipeline consumes:
// `paused$` (Kopf's pause: watches closed, daemons and timers stopped) and a gate that says which
// objects this replica handles. With leader election only the leader takes part in peering; shard
// members all do; replicas of one operator carry their group in their peering record, so they never
// pause each other.
import type { KubeClient, Resource, ResourceQuery } from '@opkit/kube';
import type { Clock, Logger } from '@opkit/tasks';
import { BehaviorSubject, combineLatest, of } from 'rxjs';
import type { Observable, Subscription } from 'rxjs';
import { distinctUntilChanged, map, switchMap } from 'rxjs/operators';
import type { HandlingGate } from './gate.js';
import { detectIdentity } from './identity.js';
import { formatKopfTime } from './kopfTime.js';
import { LeaseElector } from './leaseElector.js';
import type { Peer } from './peer.js';
import { Peering } from './peering.js';
import type { PeeringState, PeeringWatchEvent } from './peering.js';
import { LEASES, peeringSelectors } from './resources.js';
import { Sharding } from './sharding.js';

/**
 * Coordination with other operators and replicas: Kopf's peering, Lease leader election, sharding.
 * Durations are seconds.
 */
export interface PeeringSettings {
  /** Run without peering: no peering object is read or written. @defaultValue false */
  standalone: boolean;
  /** The peering object's name; operators with different names never see each other. @defaultValue 'default' */
  name: string;
  /** Pause while the peering resource or object is missing, instead of running without peering (`op run --peering NAME` sets it). @defaultValue false */
  mandatory: boolean;
  /** Higher pauses lower, equal pauses both; `op run --dev` sets 666. @defaultValue 0 */
  priority: number;
  /** Seconds our peering record stays valid without a keep-alive (sent every `lifetime − 5…10` s). @defaultValue 60 */
  lifetime: number;
  /** Do not log every keep-alive. @defaultValue false */
  stealth: boolean;
  /** Our identity among peers and in Leases. @defaultValue `user@host/<time>/<3 random characters>` (`op run` uses `POD_ID` when set) */
  identity?: string | undefined;
  /** One replica of several handles objects, chosen by a Lease; standbys take over when it expires. @defaultValue false */
  leaderElection: boolean;
  /** Several replicas handle disjoint shares of the objects, each holding a membership Lease. @defaultValue false */
  sharding: boolean;
  /** The leader Lease, or the shard group's name (member Leases are `<name>-<hash>`). @defaultValue `opkit-<name>` */
  leaseName?: string | undefined;
  /** Where the Leases live. @defaultValue the client's namespace (the pod's, in a cluster) */
  leaseNamespace?: string | undefined;
  /** Seconds a Lease is valid after its last renewal. @defaultValue 15 */
  leaseDuration: number;
  /** Seconds the holder keeps trying to renew before it stops handling objects (less than `leaseDuration`). @defaultValue 10 */
  renewDeadline: number;
  /** Seconds between renewals, and between a standby's attempts. @defaultValue 2 */
  retryPeriod: number;
}

/** A peer as the operator's feed reports it. */
export interface CoordinationPeer {
  readonly identity: string;
  readonly priority: number;
  readonly lifetime: number;
  /** As written (Kopf's isoformat). */
  readonly lastseen: string;
  readonly group?: string | undefined;
  readonly message?: string | undefined;
}

/** What the coordination reports (the `peering`, `leadership` and `shards` members of the operator's feed). */
export type CoordinationEvent =
  | {
    readonly type: 'peering'; readonly paused: boolean; readonly reason?: PeeringState['reason']; readonly standalone: boolean;
    readonly identity: string; readonly priority: number; readonly name: string;
    readonly objects: readonly { readonly resource: string; readonly namespace?: string | undefined; readonly found: boolean; readonly peers: readonly CoordinationPeer[] }[];
  }
  | { readonly type: 'leadership'; readonly leader: boolean; readonly holder: string; readonly lease: string; readonly identity: string }
  | { readonly type: 'shards'; readonly active: boolean; readonly members: readonly string[]; readonly live: readonly string[]; readonly group: string; readonly identity: string };

/** What the coordination needs from the operator. */
export interface CoordinationDeps {
  readonly client: KubeClient;
  readonly settings: PeeringSettings;
  /** Served namespace patterns; undefined for a cluster-wide operator. */
  readonly namespaces: readonly (string | RegExp)[] | undefined;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly emit: (event: CoordinationEvent) => void;
  /** The served resources of a selector, as they change (core passes @opkit/watching's observeResources). */
  readonly resources: (selector: ResourceQuery) => Observable<readonly Resource[]>;
  /** The served namespaces of the patterns (core passes @opkit/watching's observeNamespaces). */
  readonly observeNamespaces: (patterns: readonly (string | RegExp)[]) => Observable<ReadonlySet<string>>;
  /** A resilient watch of a resource's objects (core passes @opkit/watching's watchResource). */
  readonly watch: (resource: Resource, options: { readonly namespace?: string | undefined; readonly fieldSelector?: string; readonly labelSelector?: string }) => Observable<PeeringWatchEvent>;
}

/** The coordination of one operator. */
export interface Coordination {
  /** Our identity among peers. */
  readonly identity: string;
  /** While `true`, peering pauses the operator. Undefined when running standalone. */
  readonly paused$: Observable<boolean> | undefined;
  /** Which objects this replica handles (leader election or sharding). */
  readonly gate: HandlingGate | undefined;
  /** Coordinate until `signal` aborts; then leave (records removed, Leases released). */
  run(signal: AbortSignal): Promise<void>;
}

function feedPeer(peer: Peer): CoordinationPeer {
  return {
    identity: peer.identity, priority: peer.priority, lifetime: peer.lifetime,
    lastseen: formatKopfTime(peer.lastseen.micros, peer.lastseen.offsetMinutes),
    ...(peer.group !== undefined ? { group: peer.group } : {}), ...(peer.message !== undefined ? { message: peer.message } : {}),
  };
}

/**
 * Build the coordination the settings ask for: nothing (standalone, no replicas), peering, and leader
 * election or sharding.
 *
 * @example
 * ```ts
 * const coordination = coordinate({ client, settings: settings.peering, namespaces, logger, clock, emit, resources, observeNamespaces, watch });
 * const running = coordination.run(stop.signal);
 * ```
 */
export function coordinate(deps: CoordinationDeps): Coordination {
  const { client, settings, logger, clock, emit } = deps;
  const identity = settings.identity ?? detectIdentity();
  const leaseName = settings.leaseName ?? `opkit-${settings.name}`;
  const leaseNamespace = settings.leaseNamespace ?? client.info.namespace;
  const timing = { leaseDuration: settings.leaseDuration, renewDeadline: settings.renewDeadline, retryPeriod: settings.retryPeriod };
  const group = settings.leaderElection || settings.sharding ? `${leaseNamespace}/${leaseName}` : undefined;
  const clusterwide = deps.namespaces === undefined;

  const elector = settings.leaderElection ? new LeaseElector({
    client, name: leaseName, namespace: leaseNamespace, identity, ...timing, logger, clock,
    watch: () => deps.watch(LEASES, { namespace: leaseNamespace, fieldSelector: `metadata.name=${leaseName}` }),
  }) : undefined;
  const shards = settings.sharding ? new Sharding({
    client, group: leaseName, namespace: leaseNamespace, identity, ...timing, logger, clock,
    watch: () => deps.watch(LEASES, { namespace: leaseNamespace, labelSelector: Sharding.labelSelector(leaseName) }),
  }) : undefined;

  const newPeering = (): Peering => {
    const resources$ = combineLatest(peeringSelectors(clusterwide).map((selector) => deps.resources(selector)))
      .pipe(map((lists): readonly Resource[] => lists.flat()));
    return new Peering({
      client, identity, name: settings.name, priority: settings.priority, lifetime: settings.lifetime,
      mandatory: settings.mandatory, stealth: settings.stealth, group, logger, clock, resources$,
      namespaces$: deps.namespaces === undefined ? undefined : deps.observeNamespaces(deps.namespaces),
      watch: (resource, namespace, name) => deps.watch(resource, { namespace, fieldSelector: `metadata.name=${name}` }),
    });
  };
  const reportPeering = (state: PeeringState): void => emit({
    type: 'peering', paused: state.paused, reason: state.reason, standalone: state.standalone, identity, priority: settings.priority, name: settings.name,
    objects: state.objects.map((object) => ({ resource: object.resource, namespace: object.namespace, found: object.found, peers: object.peers.map(feedPeer) })),
  });

  // Peering's pause, whichever Peering is current (with leader election there is one per leadership term).
  const peeringPaused = new BehaviorSubject<Observable<boolean>>(of(false));
  const paused$ = settings.standalone ? undefined : peeringPaused.pipe(switchMap((source) => source), distinctUntilChanged());
  if (!settings.standalone && !elector) peeringPaused.next(of(true)); // paused until the first Peering says otherwise

  return {
    identity,
    paused$,
    gate: elector ?? shards,
    async run(signal: AbortSignal): Promise<void> {
      const subscriptions: Subscription[] = [];
      const runs: Promise<void>[] = [];
      if (elector) {
        subscriptions.push(elector.state$.subscribe((state) => emit({ type: 'leadership', leader: state.leader, holder: state.holder, lease: state.lease, identity })));
        runs.push(elector.run(signal));
      }
      if (shards) {
        subscriptions.push(shards.state$.subscribe((state) => emit({ type: 'shards', active: state.active, members: state.members, live: state.live, group: state.group, identity })));
        runs.push(shards.run(signal));
      }
      if (!settings.standalone) {
        const startPeering = (until: AbortSignal): Promise<void> => {
          const peering = newPeering();
          subscriptions.push(peering.state$.subscribe(reportPeering));
          peeringPaused.next(peering.paused$);
          return peering.run(until);
        };
        if (elector) {
          // Only the leader takes part in peering: a term's Peering starts on acquiring and leaves on losing.
          let term: { controller: AbortController; done: Promise<void> } | undefined;
          const terms: Promise<void>[] = [];
          subscriptions.push(elector.leader$.subscribe((leader) => {
            if (leader && !term) {
              const controller = new AbortController();
              const done = startPeering(AbortSignal.any([controller.signal, signal]));
              term = { controller, done };
              terms.push(done);
            } else if (!leader && term) {
              term.controller.abort();
              term = undefined;
              peeringPaused.next(of(false));
            }
          }));
          runs.push((async () => {
            if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
            term?.controller.abort();
            await Promise.all(terms);
          })());
        } else {
          runs.push(startPeering(signal));
        }
      }
      try {
        await Promise.all(runs);
      } finally {
        for (const subscription of subscriptions) subscription.unsubscribe();
        peeringPaused.complete();
      }
    },
  };
}
