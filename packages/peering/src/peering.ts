// Kopf-compatible peering for one operator: it finds the peering objects (the CRDs may appear later;
// namespaced operators have one per served namespace), follows each of them, keeps our record alive in
// each, and says whether the operator must pause — because a peer with a higher priority is alive, a
// peer with the same priority is (everyone pauses, as in Kopf), or peering is mandatory and its
// object is missing. Replicas of one operator (same `group`) never pause each other.
import type { KubeClient, Resource } from '@opkit/kube';
import { systemClock, noopLogger } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import { BehaviorSubject, combineLatest, of } from 'rxjs';
import type { Observable } from 'rxjs';
import { distinctUntilChanged, map } from 'rxjs/operators';
import { PeeringError } from './errors.js';
import type { PeeringWatchEvent, TargetSnapshot } from './internal/targetPeering.js';
import { TargetPeering } from './internal/targetPeering.js';
import type { Peer } from './peer.js';
import type { PeeringTarget } from './touch.js';

export type { PeeringWatchEvent } from './internal/targetPeering.js';

/** Options of {@link Peering}. */
export interface PeeringOptions {
  readonly client: KubeClient;
  /** Our identity among peers (see `detectIdentity`). */
  readonly identity: string;
  /** The peering object's name; operators with different names never see each other. @defaultValue 'default' */
  readonly name?: string | undefined;
  /** Higher pauses lower; equal pauses both. @defaultValue 0 */
  readonly priority?: number | undefined;
  /** Seconds our record stays valid without a keep-alive. @defaultValue 60 */
  readonly lifetime?: number | undefined;
  /** Pause while the peering resource or object is missing, instead of running without peering. @defaultValue false */
  readonly mandatory?: boolean | undefined;
  /** Do not log every keep-alive. @defaultValue false */
  readonly stealth?: boolean | undefined;
  /** Replicas of one operator share a group and never pause each other (the group is written into our record). */
  readonly group?: string | undefined;
  /** The peering resources the cluster serves (see `peeringSelectors`), emitted again as their CRDs come and go. */
  readonly resources$: Observable<readonly Resource[]>;
  /** The served namespaces of a namespaced operator; omitted for a cluster-wide one. */
  readonly namespaces$?: Observable<ReadonlySet<string>> | undefined;
  /** The events of the peering object `name` of `resource` in `namespace` (core passes a resilient watch). */
  readonly watch: (resource: Resource, namespace: string | undefined, name: string) => Observable<PeeringWatchEvent>;
  readonly logger?: Logger | undefined;
  readonly clock?: Clock | undefined;
  /** Randomness in [0, 1) for the keep-alive jitter. @defaultValue Math.random */
  readonly random?: (() => number) | undefined;
}

/** Why the operator is paused by peering. */
export type PeeringPauseReason =
  /** The peering objects are being read for the first time. */
  | 'starting'
  /** Peering is mandatory and its resource or object is missing. */
  | 'missing'
  /** A live peer has a higher priority. */
  | 'higher-priority'
  /** A live peer has the same priority (everyone pauses). */
  | 'same-priority';

/** One peering object and what it holds. */
export interface PeeringObjectState {
  /** `<plural>.<group>`, e.g. `clusterkopfpeerings.kopf.dev`. */
  readonly resource: string;
  readonly namespace?: string | undefined;
  readonly name: string;
  readonly found: boolean;
  readonly peers: readonly Peer[];
}

/** What peering decided, emitted on every change. */
export interface PeeringState {
  readonly paused: boolean;
  readonly reason?: PeeringPauseReason | undefined;
  /** No peering resource exists and peering is not mandatory: running without peering. */
  readonly standalone: boolean;
  readonly objects: readonly PeeringObjectState[];
}

/** The resolved options. */
interface Resolved {
  readonly name: string;
  readonly priority: number;
  readonly lifetime: number;
  readonly mandatory: boolean;
  readonly stealth: boolean;
}

function resolve(options: PeeringOptions): Resolved {
  const name = options.name ?? 'default';
  const priority = options.priority ?? 0;
  const lifetime = options.lifetime ?? 60;
  if (typeof name !== 'string' || name === '') throw new PeeringError('invalid-options', `The peering name must be a non-empty string; got ${JSON.stringify(name)}.`);
  if (!Number.isInteger(priority)) throw new PeeringError('invalid-options', `The peering priority must be a whole number; got ${JSON.stringify(priority)}.`);
  if (!Number.isInteger(lifetime) || lifetime < 1) throw new PeeringError('invalid-options', `The peering lifetime must be a whole number of seconds >= 1; got ${JSON.stringify(lifetime)}.`);
  if (typeof options.identity !== 'string' || options.identity === '') throw new PeeringError('invalid-options', `The peering identity must be a non-empty string; got ${JSON.stringify(options.identity)}.`);
  return { name, priority, lifetime, mandatory: options.mandatory ?? false, stealth: options.stealth ?? false };
}

function targetKey(target: PeeringTarget): string {
  return `${target.resource.plural}.${target.resource.group}/${target.namespace ?? ''}`;
}

/**
 * Kopf's peering: pause the operator while a peer with a higher (or the same) priority is alive.
 *
 * Guarantees: `paused$` starts `true` and turns `false` only after the peering objects have been
 * listed (nothing is handled before we know whether someone outranks us); our record is removed from
 * every peering object when `run` ends. Caveats: like Kopf's, this is pause and resume only — there
 * are no per-object locks; use leader election or sharding for replicas of one operator.
 *
 * @example
 * ```ts
 * const peering = new Peering({ client, identity, priority: 666, resources$, watch });
 * peering.paused$.subscribe((paused) => console.log(paused ? 'paused' : 'active'));
 * await peering.run(signal);
 * ```
 */
export class Peering {
  /** Every change of the decision or of the peers. */
  readonly state$: Observable<PeeringState>;
  /** Whether the operator must pause now (distinct values). */
  readonly paused$: Observable<boolean>;
  readonly #options: PeeringOptions;
  readonly #resolved: Resolved;
  readonly #state = new BehaviorSubject<PeeringState>({ paused: true, reason: 'starting', standalone: false, objects: [] });
  readonly #targets = new Map<string, { peering: TargetPeering; controller: AbortController; done: Promise<void> }>();
  #resources: readonly Resource[] | undefined;
  #warnedMissing = false;
  #running = false;

  constructor(options: PeeringOptions) {
    this.#options = options;
    this.#resolved = resolve(options);
    this.state$ = this.#state.asObservable();
    this.paused$ = this.state$.pipe(map((state) => state.paused), distinctUntilChanged());
  }

  /** The state now. */
  get state(): PeeringState {
    return this.#state.value;
  }

  /** Follow the peering objects and keep our records alive until `signal` aborts; then remove our records. */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#running) throw new PeeringError('invalid-options', 'This Peering is already running; create another one to run twice.');
    this.#running = true;
    const logger = this.#options.logger ?? noopLogger;
    const namespaces$ = this.#options.namespaces$ ?? of(undefined);
    const subscription = combineLatest([this.#options.resources$, namespaces$]).subscribe({
      next: ([resources, namespaces]) => this.#adjust(resources, namespaces),
      error: (error: unknown) => logger.error(`Peering cannot follow its resources: ${(error as Error).message ?? String(error)}`),
    });
    try {
      if (!signal.aborted) await new Promise<void>((done) => signal.addEventListener('abort', () => done(), { once: true }));
    } finally {
      subscription.unsubscribe();
      const stopping = [...this.#targets.values()];
      this.#targets.clear();
      for (const item of stopping) item.controller.abort();
      await Promise.all(stopping.map((item) => item.done));
      this.#state.complete();
    }
  }

  #adjust(resources: readonly Resource[], namespaces: ReadonlySet<string> | undefined): void {
    this.#resources = resources;
    const wanted = new Map<string, PeeringTarget>();
    for (const resource of resources) {
      const spaces = resource.namespaced ? [...(namespaces ?? [])] : [undefined];
      for (const namespace of spaces) {
        const target: PeeringTarget = { resource, namespace, name: this.#resolved.name };
        wanted.set(targetKey(target), target);
      }
    }
    for (const [key, item] of this.#targets) {
      if (wanted.has(key)) continue;
      this.#targets.delete(key);
      item.controller.abort();
    }
    for (const [key, target] of wanted) {
      if (this.#targets.has(key)) continue;
      this.#start(key, target);
    }
    if (resources.length === 0 && !this.#resolved.mandatory) this.#missing();
    this.#publish();
  }

  #start(key: string, target: PeeringTarget): void {
    const options = this.#options;
    const resolved = this.#resolved;
    const peering = new TargetPeering(target, {
      client: options.client, identity: options.identity, priority: resolved.priority, lifetime: resolved.lifetime,
      mandatory: resolved.mandatory, stealth: resolved.stealth, group: options.group,
      logger: options.logger ?? noopLogger, clock: options.clock ?? systemClock, random: options.random ?? Math.random,
      watch: options.watch(target.resource, target.namespace, target.name),
      changed: () => this.#publish(),
      missing: () => this.#missing(),
    });
    const controller = new AbortController();
    const done = peering.run(controller.signal).catch((error: unknown) => {
      (options.logger ?? noopLogger).error(`Peering in ${target.name} failed: ${(error as Error).message ?? String(error)}`);
    }).finally(() => {
      if (this.#targets.get(key)?.peering === peering) this.#targets.delete(key);
      this.#publish();
    });
    this.#targets.set(key, { peering, controller, done });
  }

  /** Auto-detection found nothing to peer with: say so once (Kopf's wording). */
  #missing(): void {
    if (this.#warnedMissing) return;
    this.#warnedMissing = true;
    (this.#options.logger ?? noopLogger).warn('Default peering object is not found, falling back to the standalone mode.');
  }

  #publish(): void {
    if (this.#state.closed) return;
    const snapshots: TargetSnapshot[] = [...this.#targets.values()].map((item) => item.peering.snapshot());
    const resolved = this.#resolved;
    let reason: PeeringPauseReason | undefined;
    if (this.#resources === undefined) reason = 'starting';
    else if (this.#resources.length === 0) reason = resolved.mandatory ? 'missing' : undefined;
    else if (snapshots.some((item) => !item.synced)) reason = 'starting';
    else if (snapshots.some((item) => item.conflict)) {
      const blocking = snapshots.find((item) => item.conflict && item.blocking !== undefined)?.blocking;
      reason = blocking ?? (resolved.mandatory && snapshots.some((item) => !item.found) ? 'missing' : 'same-priority');
    }
    const standalone = this.#resources !== undefined && !resolved.mandatory && (this.#resources.length === 0 || snapshots.every((item) => item.synced && !item.found));
    const objects: PeeringObjectState[] = snapshots.map((item) => ({
      resource: `${item.target.resource.plural}.${item.target.resource.group}`, namespace: item.target.namespace, name: item.target.name, found: item.found, peers: item.peers,
    }));
    this.#state.next({ paused: reason !== undefined, reason, standalone, objects });
  }
}
