// Wiring of @opkit/peering into the operator: which peering objects to follow (the peering CRDs may
// appear later; a namespaced operator peers in each served namespace), the watches they need, leader
// election or sharding with their Leases, and the feed. What comes out is what the pipeline consumes:
// `paused$` (Kopf's pause: watches closed, daemons and timers stopped) and a gate that says which
// objects this replica handles. With leader election only the leader takes part in peering; shard
// members all do; replicas of one operator carry their group in their peering record, so they never
// pause each other.
import type { KubeClient, Resource } from '@opkit/kube';
import { detectIdentity, LEASES, LeaseElector, Peering, peeringSelectors, Sharding } from '@opkit/peering';
import type { HandlingGate, Peer, PeeringState } from '@opkit/peering';
import { formatKopfTime } from '@opkit/peering';
import type { Clock, Logger } from '@opkit/tasks';
import { observeNamespaces, observeResources, watchResource } from '@opkit/watching';
import type { WatchSettings } from '@opkit/watching';
import { BehaviorSubject, combineLatest, of } from 'rxjs';
import type { Observable, Subscription } from 'rxjs';
import { distinctUntilChanged, map, switchMap } from 'rxjs/operators';
import type { FeedEventInput, FeedPeer } from './feed.js';
import type { PeeringSettings } from './settings.js';

/** What the coordination needs from the operator. */
export interface CoordinationDeps {
  readonly client: KubeClient;
  readonly settings: PeeringSettings;
  /** Served namespace patterns; undefined for a cluster-wide operator. */
  readonly namespaces: readonly (string | RegExp)[] | undefined;
  readonly watchSettings: WatchSettings;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
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

function feedPeer(peer: Peer): FeedPeer {
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
 * const coordination = coordinate({ client, settings: settings.peering, namespaces, watchSettings, logger, clock, emit });
 * const running = coordination.run(stop.signal);
 * ```
 */
export function coordinate(deps: CoordinationDeps): Coordination {
  const { client, settings, logger, clock, emit, watchSettings } = deps;
  const identity = settings.identity ?? detectIdentity();
  const leaseName = settings.leaseName ?? `opkit-${settings.name}`;
  const leaseNamespace = settings.leaseNamespace ?? client.info.namespace;
  const timing = { leaseDuration: settings.leaseDuration, renewDeadline: settings.renewDeadline, retryPeriod: settings.retryPeriod };
  const group = settings.leaderElection || settings.sharding ? `${leaseNamespace}/${leaseName}` : undefined;
  const clusterwide = deps.namespaces === undefined;

  const elector = settings.leaderElection ? new LeaseElector({
    client, name: leaseName, namespace: leaseNamespace, identity, ...timing, logger, clock,
    watch: () => watchResource(client, LEASES, { namespace: leaseNamespace, fieldSelector: `metadata.name=${leaseName}`, settings: watchSettings, logger }),
  }) : undefined;
  const shards = settings.sharding ? new Sharding({
    client, group: leaseName, namespace: leaseNamespace, identity, ...timing, logger, clock,
    watch: () => watchResource(client, LEASES, { namespace: leaseNamespace, labelSelector: Sharding.labelSelector(leaseName), settings: watchSettings, logger }),
  }) : undefined;

  const newPeering = (): Peering => {
    const resources$ = combineLatest(peeringSelectors(clusterwide).map((selector) => observeResources(client, selector, { settings: watchSettings, logger })))
      .pipe(map((lists): readonly Resource[] => lists.flat()));
    return new Peering({
      client, identity, name: settings.name, priority: settings.priority, lifetime: settings.lifetime,
      mandatory: settings.mandatory, stealth: settings.stealth, group, logger, clock, resources$,
      namespaces$: deps.namespaces === undefined ? undefined : observeNamespaces(client, deps.namespaces, { settings: watchSettings, logger }),
      watch: (resource, namespace, name) => watchResource(client, resource, { namespace, fieldSelector: `metadata.name=${name}`, settings: watchSettings, logger }),
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
