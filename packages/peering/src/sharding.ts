// Several active replicas of one operator, each handling a disjoint share of the objects. Every
// member holds its own Lease (labelled with the group) and writes into it the member list — the view —
// by which it hands out shares (rendezvous hashing of uids, see shardOwner). A member handles an
// object only if it owns the object under its own published view AND no other live member claims it
// under theirs. A member publishes a new view only after it let go of the objects the new view takes
// away, and reads every member's lease afresh after publishing before it takes anything new. Of two
// members that publish at the same time, at least one sees the other's claim (write-then-read on one
// linearizable store), so an object never has two handlers; a dead member's claims end when its lease
// expires, which is after it stopped handling (its renew deadline is shorter than the lease duration).
import { parseJson, stringifyJson } from '@opkit/json';
import { ConflictError, NotFoundError } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { noopLogger, systemClock } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import { BehaviorSubject } from 'rxjs';
import type { Observable, Subscription } from 'rxjs';
import { PeeringError } from './errors.js';
import type { HandlingGate, HandlingHost } from './gate.js';
import type { LeaseObject, ObservedLease } from './internal/leaseRecord.js';
import { expired, holderOf, microTime, observe } from './internal/leaseRecord.js';
import type { PeeringWatchEvent } from './internal/targetPeering.js';
import { deadlineSignal, Waiter, withDeadline } from './internal/waiter.js';
import { resolveLeaseTiming } from './leaseElector.js';
import type { LeaseTiming, ResolvedLeaseTiming } from './leaseElector.js';
import { LEASES } from './resources.js';
import { shardOwner, shortHash } from './shardOwner.js';

/** The label that marks the member Leases of a shard group. */
export const SHARD_GROUP_LABEL = 'opkit.dev/shard-group';
/** The annotation of a member Lease that holds the member's published view (a JSON list of identities). */
export const SHARD_VIEW_ANNOTATION = 'opkit.dev/shard-view';

/** Options of {@link Sharding}. */
export interface ShardingOptions extends LeaseTiming {
  readonly client: KubeClient;
  /** The group's name: replicas of one operator share it; member Leases are named `<group>-<hash>`. */
  readonly group: string;
  /** Where the member Leases live. */
  readonly namespace: string;
  readonly identity: string;
  /** The events of the group's member Leases, selected by `labelSelector(group)` (core passes a resilient watch). */
  readonly watch?: (() => Observable<PeeringWatchEvent>) | undefined;
  readonly logger?: Logger | undefined;
  readonly clock?: Clock | undefined;
}

/** What the group looks like to us, emitted on every change. */
export interface ShardsState {
  /** We hold our membership and confirmed our view: we handle our share. */
  readonly active: boolean;
  /** The members by which we hand out shares (our published view). */
  readonly members: readonly string[];
  /** The members we see alive right now (ourselves included while active). */
  readonly live: readonly string[];
  /** `<namespace>/<group>`. */
  readonly group: string;
}

function labelValue(group: string): string {
  return group.length <= 63 && /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/.test(group) ? group : `g-${shortHash(group)}`;
}

function viewOf(lease: LeaseObject): readonly string[] | undefined {
  const text = lease.metadata?.annotations?.[SHARD_VIEW_ANNOTATION];
  if (typeof text !== 'string') return undefined;
  try {
    const parsed: unknown = parseJson(text);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function sameView(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a !== undefined && b !== undefined && a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * Shard membership of one replica; as a {@link HandlingGate} it owns its share of the objects.
 *
 * Guarantees: no object is owned by two live members at once; an object moves to a new owner only
 * after the old owner released it (its handlers, daemons and timers stopped) or its lease expired;
 * a member that cannot renew its lease within the renew deadline owns nothing until it has rejoined.
 * Caveats: a handler that ignores its `signal` keeps running after a release; with a lease that cannot
 * be renewed, it has `leaseDuration − renewDeadline` to notice.
 *
 * @example
 * ```ts
 * const shards = new Sharding({ client, group: 'my-operator', namespace: 'operators', identity });
 * shards.attach(runtime);
 * await shards.run(signal);
 * ```
 */
export class Sharding implements HandlingGate {
  readonly state$: Observable<ShardsState>;
  readonly #options: ShardingOptions;
  readonly #timing: ResolvedLeaseTiming;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #waiter: Waiter;
  readonly #leaseName: string;
  readonly #label: string;
  readonly #state: BehaviorSubject<ShardsState>;
  /** Other members' leases by name, as last observed. */
  readonly #members = new Map<string, ObservedLease>();
  #own: LeaseObject | undefined;
  #active = false;
  #confirmed = false;
  #published: readonly string[] | undefined;
  /** The view being moved to: while set, only objects owned under both views are ours. */
  #pending: readonly string[] | undefined;
  /** A view whose releases are done, to be written next. */
  #next: readonly string[] | undefined;
  #transitioning = false;
  #deadline = 0;
  #lossTimer: unknown;
  #host: HandlingHost | undefined;
  #transitions: Promise<void> = Promise.resolve();
  #running = false;

  constructor(options: ShardingOptions) {
    if (!options.group || !options.namespace || !options.identity) {
      throw new PeeringError('invalid-options', `Sharding needs a group name, a namespace and an identity; got group=${JSON.stringify(options.group)}, namespace=${JSON.stringify(options.namespace)}, identity=${JSON.stringify(options.identity)}.`);
    }
    this.#options = options;
    this.#timing = resolveLeaseTiming(options);
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? noopLogger;
    this.#waiter = new Waiter(this.#clock);
    this.#leaseName = `${options.group}-${shortHash(options.identity)}`;
    this.#label = labelValue(options.group);
    this.#state = new BehaviorSubject<ShardsState>({ active: false, members: [], live: [], group: this.#groupName });
    this.state$ = this.#state.asObservable();
  }

  /** The label selector of the group's member Leases. */
  static labelSelector(group: string): string {
    return `${SHARD_GROUP_LABEL}=${labelValue(group)}`;
  }

  get #groupName(): string {
    return `${this.#options.namespace}/${this.#options.group}`;
  }

  /** The state now. */
  get state(): ShardsState {
    return this.#state.value;
  }

  owns(uid: string): boolean {
    const published = this.#published;
    if (!this.#active || !this.#confirmed || published === undefined) return false;
    const me = this.#options.identity;
    if (shardOwner(uid, published) !== me) return false;
    if (this.#pending !== undefined && shardOwner(uid, this.#pending) !== me) return false;
    const now = this.#clock.now();
    for (const observed of this.#members.values()) {
      const holder = holderOf(observed.lease);
      if (holder === me || expired(observed, now, this.#timing.leaseDurationMs / 1000)) continue;
      const view = viewOf(observed.lease);
      if (view !== undefined && shardOwner(uid, view) === holder) return false;
    }
    return true;
  }

  attach(host: HandlingHost): () => void {
    this.#host = host;
    return () => {
      if (this.#host === host) this.#host = undefined;
    };
  }

  /** Take part in the group until `signal` aborts; then leave it (our Lease is deleted). */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#running) throw new PeeringError('invalid-options', 'This Sharding is already running; create another one to run twice.');
    this.#running = true;
    let subscription: Subscription | undefined;
    if (this.#options.watch) {
      subscription = this.#options.watch().subscribe({
        next: (event) => {
          if (event.type === 'SYNCED') return;
          const name = event.object.metadata?.name ?? '';
          if (name === this.#leaseName) return;
          const before = this.#members.get(name);
          if (event.type === 'DELETED') this.#members.delete(name);
          else this.#members.set(name, observe(before, event.object, this.#clock.now()));
          const after = this.#members.get(name);
          // Claims shrink only when a member leaves or publishes another view; a renewal changes nothing.
          const shrank = before !== undefined && (after === undefined || !sameView(viewOf(before.lease), viewOf(after.lease)) || holderOf(after.lease) === '');
          this.#changed(shrank);
        },
        error: () => undefined,
      });
    }
    try {
      while (!signal.aborted) {
        const started = this.#clock.now();
        const budget = this.#active ? Math.max(1, this.#deadline - started) : this.#timing.retryPeriodMs;
        const attempt = deadlineSignal(this.#clock, budget, signal);
        try {
          await this.#step(started, attempt.signal, budget);
        } catch (error) {
          if (signal.aborted) break;
          this.#logger.debug(`Shard group ${this.#groupName}: ${(error as Error).message ?? String(error)}`);
        } finally {
          attempt.dispose();
        }
        if (signal.aborted) break;
        this.#maybeTransition();
        this.#publish();
        await this.#waiter.wait(started + this.#timing.retryPeriodMs - this.#clock.now(), signal);
      }
    } finally {
      subscription?.unsubscribe();
      this.#clearLossTimer();
      this.#lose('the operator is stopping', { quiet: true });
      await this.#transitions;
      await this.#leave();
      this.#state.complete();
    }
  }

  /** One beat: join, renew (with the next view if one is ready), confirm a new view. */
  async #step(started: number, signal: AbortSignal, timeoutMs: number): Promise<void> {
    const request = { namespace: this.#options.namespace, signal, timeoutMs, retry: false };
    if (!this.#active) {
      // Joining: learn the members first, so that our first view already includes them.
      await this.#readMembers(request);
      this.#next = this.#liveView();
    }
    const view = this.#next ?? this.#published ?? this.#liveView();
    await this.#writeOwn(view, request);
    this.#deadline = started + this.#timing.renewDeadlineMs;
    this.#armLossTimer();
    const joined = !this.#active;
    this.#active = true;
    if (joined || !sameView(view, this.#published) || !this.#confirmed) {
      this.#published = view;
      this.#next = undefined;
      this.#confirmed = false;
      // Read everyone afresh after our write: whoever published at the same time, one of us sees the other.
      await this.#readMembers(request);
      this.#confirmed = true;
      this.#pending = undefined;
      this.#logger.info(`Sharding: handling 1 of ${view.length} shares in ${this.#groupName} (members: ${view.join(', ')}).`);
      const host = this.#host;
      this.#transitions = this.#transitions.then(() => {
        if (this.#confirmed) host?.acquire();
      });
    }
  }

  async #readMembers(request: { namespace: string; signal: AbortSignal; timeoutMs: number; retry: boolean }): Promise<void> {
    const { items } = await this.#options.client.listAll<LeaseObject>(LEASES, { ...request, labelSelector: Sharding.labelSelector(this.#options.group) });
    const now = this.#clock.now();
    const seen = new Set<string>();
    for (const lease of items) {
      const name = lease.metadata?.name ?? '';
      if (name === this.#leaseName) continue;
      seen.add(name);
      this.#members.set(name, observe(this.#members.get(name), lease, now));
    }
    for (const name of [...this.#members.keys()]) if (!seen.has(name)) this.#members.delete(name);
    await this.#cleanup(request);
  }

  async #writeOwn(view: readonly string[], request: { namespace: string; signal: AbortSignal; timeoutMs: number; retry: boolean }): Promise<void> {
    const { client, namespace, identity } = this.#options;
    const now = microTime(this.#clock.now());
    const annotations = { [SHARD_VIEW_ANNOTATION]: stringifyJson(view) };
    const duration = this.#timing.leaseDurationMs / 1000;
    if (this.#own === undefined) {
      try {
        this.#own = await client.get<LeaseObject>(LEASES, this.#leaseName, request);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    if (this.#own === undefined) {
      this.#own = await client.create<LeaseObject>(LEASES, {
        apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
        metadata: { name: this.#leaseName, namespace, labels: { [SHARD_GROUP_LABEL]: this.#label }, annotations },
        spec: { holderIdentity: identity, leaseDurationSeconds: duration, acquireTime: now, renewTime: now, leaseTransitions: 0 },
      }, request);
      return;
    }
    const own = this.#own;
    try {
      this.#own = await client.replace<LeaseObject>(LEASES, {
        ...own,
        metadata: { ...own.metadata, labels: { ...own.metadata.labels, [SHARD_GROUP_LABEL]: this.#label }, annotations: { ...own.metadata.annotations, ...annotations } },
        spec: { ...own.spec, holderIdentity: identity, leaseDurationSeconds: duration, renewTime: now },
      }, request);
    } catch (error) {
      // Someone else changed or removed our lease (a cleanup that took us for dead): read it again next time.
      if (error instanceof ConflictError || error instanceof NotFoundError) this.#own = undefined;
      throw error;
    }
  }

  /** Delete the leases of members that have been dead for another lease duration (with their version as a precondition). */
  async #cleanup(request: { namespace: string; signal: AbortSignal; timeoutMs: number; retry: boolean }): Promise<void> {
    const now = this.#clock.now();
    const duration = this.#timing.leaseDurationMs / 1000;
    for (const [name, observed] of this.#members) {
      if (!expired({ lease: observed.lease, observedAt: observed.observedAt + this.#timing.leaseDurationMs }, now, duration)) continue;
      try {
        await this.#options.client.delete(LEASES, name, { ...request, preconditions: { resourceVersion: observed.lease.metadata?.resourceVersion } });
        this.#members.delete(name);
      } catch {
        // Renewed or removed meanwhile: the next read tells.
      }
    }
  }

  /** The live members, ourselves included, sorted. */
  #liveView(): string[] {
    const now = this.#clock.now();
    const live = new Set<string>([this.#options.identity]);
    for (const observed of this.#members.values()) {
      const holder = holderOf(observed.lease);
      if (holder !== '' && !expired(observed, now, this.#timing.leaseDurationMs / 1000)) live.add(holder);
    }
    return [...live].sort();
  }

  /** Another member appeared, changed or left: maybe more is ours now, maybe the view must change. */
  #changed(shrank: boolean): void {
    this.#publish();
    if (shrank && this.#confirmed) {
      const host = this.#host;
      this.#transitions = this.#transitions.then(() => {
        if (this.#confirmed) host?.acquire();
      });
    }
    this.#maybeTransition();
  }

  /** Move to the live view: release what it takes away, then have the next beat publish it. */
  #maybeTransition(): void {
    if (!this.#active || !this.#confirmed || this.#transitioning || this.#next !== undefined) return;
    const desired = this.#liveView();
    if (sameView(desired, this.#published)) return;
    this.#transitioning = true;
    this.#pending = desired;
    const me = this.#options.identity;
    const host = this.#host;
    this.#transitions = this.#transitions
      .then(() => host?.release((uid) => shardOwner(uid, desired) === me))
      .then(() => {
        if (this.#active && this.#pending === desired) {
          this.#next = desired;
          this.#waiter.wake();
        }
      }, (error: unknown) => this.#logger.error(`Releasing the objects failed: ${(error as Error).message ?? String(error)}`))
      .finally(() => {
        this.#transitioning = false;
      });
  }

  #armLossTimer(): void {
    this.#clearLossTimer();
    this.#lossTimer = this.#clock.setTimeout(() => {
      this.#lossTimer = undefined;
      if (this.#active && this.#clock.now() >= this.#deadline) {
        this.#lose(`it was not renewed within ${this.#timing.renewDeadlineMs / 1000}s`);
        this.#waiter.wake();
      }
    }, Math.max(0, this.#deadline - this.#clock.now()));
  }

  #clearLossTimer(): void {
    if (this.#lossTimer !== undefined) this.#clock.clearTimeout(this.#lossTimer);
    this.#lossTimer = undefined;
  }

  #lose(why: string, options: { readonly quiet?: boolean } = {}): void {
    const wasActive = this.#active;
    this.#active = false;
    this.#confirmed = false;
    this.#pending = undefined;
    this.#next = undefined;
    this.#clearLossTimer();
    if (!wasActive) return;
    if (!options.quiet) this.#logger.warn(`Lost the membership lease ${this.#options.namespace}/${this.#leaseName} of shard group ${this.#groupName}: ${why}. Stopping the handling of objects.`);
    this.#publish();
    const host = this.#host;
    this.#transitions = this.#transitions.then(() => host?.release(() => false)).catch((error: unknown) => {
      this.#logger.error(`Releasing the objects failed: ${(error as Error).message ?? String(error)}`);
    });
  }

  /** On a clean stop: delete our lease, so that the others take our share at once. */
  async #leave(): Promise<void> {
    if (this.#own === undefined) return;
    try {
      const uid = this.#own.metadata?.uid;
      await withDeadline(this.#clock, 5000, (signal) => this.#options.client.delete(LEASES, this.#leaseName, {
        namespace: this.#options.namespace, signal, timeoutMs: 5000, retry: false, preconditions: { uid },
      }));
      this.#logger.info(`Left shard group ${this.#groupName}.`);
    } catch (error) {
      if (!(error instanceof NotFoundError)) this.#logger.warn(`Could not leave shard group ${this.#groupName} (the others take over when our lease expires): ${(error as Error).message ?? String(error)}`);
    }
  }

  #publish(): void {
    if (this.#state.closed) return;
    const next: ShardsState = { active: this.#active && this.#confirmed, members: this.#published ?? [], live: this.#liveView(), group: this.#groupName };
    const last = this.#state.value;
    if (last.active !== next.active || !sameView(last.members, next.members) || !sameView(last.live, next.live)) this.#state.next(next);
  }
}
