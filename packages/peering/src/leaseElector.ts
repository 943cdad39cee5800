// Leader election with a Lease (`coordination.k8s.io/v1`), the way client-go does it: optimistic
// concurrency on one Lease object — read it, and if it is ours or expired (not renewed for its
// duration, measured on our own clock since we saw it change), write it with the version we read; a
// conflict means someone else won. The leader renews every retry period; if it cannot renew within
// the renew deadline it stops handling objects — before the lease can expire for anyone else, since
// the renew deadline is shorter than the lease duration. Standbys keep watching and take over at the
// expiry, or at once when the leader releases the lease on a clean exit.
import { ConflictError, NotFoundError } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { noopLogger, systemClock } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import { BehaviorSubject } from 'rxjs';
import type { Observable, Subscription } from 'rxjs';
import { distinctUntilChanged, map } from 'rxjs/operators';
import { PeeringError } from './errors.js';
import type { HandlingGate, HandlingHost } from './gate.js';
import type { PeeringWatchEvent } from './internal/targetPeering.js';
import type { LeaseObject, ObservedLease } from './internal/leaseRecord.js';
import { durationOf, expired, holderOf, microTime, observe } from './internal/leaseRecord.js';
import { deadlineSignal, Waiter, withDeadline } from './internal/waiter.js';
import { LEASES } from './resources.js';

/** Timing of leader election and shard membership, in seconds (client-go's defaults). */
export interface LeaseTiming {
  /** How long a lease is valid after its last renewal, as others see it. @defaultValue 15 */
  readonly leaseDuration?: number | undefined;
  /** How long the holder keeps trying to renew before it stops handling; less than `leaseDuration`. @defaultValue 10 */
  readonly renewDeadline?: number | undefined;
  /** How often the holder renews and standbys try to acquire. @defaultValue 2 */
  readonly retryPeriod?: number | undefined;
}

/** Resolved lease timing, in ms. */
export interface ResolvedLeaseTiming {
  readonly leaseDurationMs: number;
  readonly renewDeadlineMs: number;
  readonly retryPeriodMs: number;
}

/**
 * Check and fill lease timing: `leaseDuration > renewDeadline > retryPeriod > 0`.
 *
 * @throws PeeringError (`invalid-options`) naming the value and what was expected.
 * @example
 * ```ts
 * resolveLeaseTiming({ leaseDuration: 4, renewDeadline: 3, retryPeriod: 0.5 }).renewDeadlineMs; // 3000
 * ```
 */
export function resolveLeaseTiming(timing: LeaseTiming = {}): ResolvedLeaseTiming {
  const leaseDuration = timing.leaseDuration ?? 15;
  const renewDeadline = timing.renewDeadline ?? 10;
  const retryPeriod = timing.retryPeriod ?? 2;
  for (const [name, value] of [['leaseDuration', leaseDuration], ['renewDeadline', renewDeadline], ['retryPeriod', retryPeriod]] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new PeeringError('invalid-options', `${name} must be a positive number of seconds; got ${JSON.stringify(value)}.`);
    }
  }
  if (!(leaseDuration > renewDeadline)) throw new PeeringError('invalid-options', `leaseDuration (${leaseDuration}s) must be longer than renewDeadline (${renewDeadline}s): the holder must stop before others may take over.`);
  if (!(renewDeadline > retryPeriod)) throw new PeeringError('invalid-options', `renewDeadline (${renewDeadline}s) must be longer than retryPeriod (${retryPeriod}s): the holder needs more than one attempt to renew.`);
  if (!Number.isInteger(leaseDuration) || leaseDuration < 1) throw new PeeringError('invalid-options', `leaseDuration must be a whole number of seconds (a Lease stores it so); got ${leaseDuration}.`);
  return { leaseDurationMs: leaseDuration * 1000, renewDeadlineMs: renewDeadline * 1000, retryPeriodMs: retryPeriod * 1000 };
}

/** Options of {@link LeaseElector}. */
export interface LeaseElectorOptions extends LeaseTiming {
  readonly client: KubeClient;
  /** The Lease's name: one per operator (replicas of one operator share it). */
  readonly name: string;
  readonly namespace: string;
  /** Our identity (the Lease's holderIdentity while we lead). */
  readonly identity: string;
  /** The Lease's events (core passes a resilient watch); without it the Lease is read every retry period. */
  readonly watch?: (() => Observable<PeeringWatchEvent>) | undefined;
  readonly logger?: Logger | undefined;
  readonly clock?: Clock | undefined;
  /** Randomness in [0, 1) for the retry jitter. @defaultValue Math.random */
  readonly random?: (() => number) | undefined;
}

/** Who leads, emitted on every change. */
export interface LeadershipState {
  /** We lead (and may handle objects). */
  readonly leader: boolean;
  /** The holder as last seen ('' when nobody holds the lease). */
  readonly holder: string;
  /** `<namespace>/<name>` of the Lease. */
  readonly lease: string;
}

/**
 * Leader election on a Lease; as a {@link HandlingGate}, the leader owns every object and standbys none.
 *
 * Guarantees: a leader that cannot renew stops owning objects (and has the runtime release them)
 * `renewDeadline` after the start of its last successful renewal, before anyone else can see the lease
 * expire; on a clean stop the lease is released at once for a standby to take. Caveats: a handler that
 * ignores its `signal` keeps running after the release; the margin it has is `leaseDuration − renewDeadline`.
 *
 * @example
 * ```ts
 * const elector = new LeaseElector({ client, name: 'my-operator', namespace: 'operators', identity });
 * elector.leader$.subscribe((leader) => console.log(leader ? 'leading' : 'standby'));
 * await elector.run(signal);
 * ```
 */
export class LeaseElector implements HandlingGate {
  readonly state$: Observable<LeadershipState>;
  /** Whether we lead now (distinct values). */
  readonly leader$: Observable<boolean>;
  readonly #options: LeaseElectorOptions;
  readonly #timing: ResolvedLeaseTiming;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #waiter: Waiter;
  readonly #state: BehaviorSubject<LeadershipState>;
  #observed: ObservedLease | undefined;
  #leader = false;
  #deadline = 0;
  #lossTimer: unknown;
  #host: HandlingHost | undefined;
  /** Transitions of ownership, one after the other (a release completes before the next acquisition). */
  #transitions: Promise<void> = Promise.resolve();
  #running = false;
  #stopping = false;

  constructor(options: LeaseElectorOptions) {
    if (!options.name || !options.namespace || !options.identity) {
      throw new PeeringError('invalid-options', `Leader election needs a lease name, a namespace and an identity; got name=${JSON.stringify(options.name)}, namespace=${JSON.stringify(options.namespace)}, identity=${JSON.stringify(options.identity)}.`);
    }
    this.#options = options;
    this.#timing = resolveLeaseTiming(options);
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? noopLogger;
    this.#waiter = new Waiter(this.#clock);
    this.#state = new BehaviorSubject<LeadershipState>({ leader: false, holder: '', lease: this.#leaseName });
    this.state$ = this.#state.asObservable();
    this.leader$ = this.state$.pipe(map((state) => state.leader), distinctUntilChanged());
  }

  get #leaseName(): string {
    return `${this.#options.namespace}/${this.#options.name}`;
  }

  /** Whether we lead now. */
  get leader(): boolean {
    return this.#leader;
  }

  /** The leader owns every object; a standby none. */
  owns(_uid: string): boolean {
    return this.#leader;
  }

  attach(host: HandlingHost): () => void {
    this.#host = host;
    return () => {
      if (this.#host === host) this.#host = undefined;
    };
  }

  /** Elect until `signal` aborts; then release the lease if we hold it. */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#running) throw new PeeringError('invalid-options', 'This LeaseElector is already running; create another one to run twice.');
    this.#running = true;
    const { retryPeriodMs } = this.#timing;
    const random = this.#options.random ?? Math.random;
    let subscription: Subscription | undefined;
    if (this.#options.watch) {
      subscription = this.#options.watch().subscribe({
        next: (event) => {
          if (event.type === 'SYNCED' || event.object.metadata?.name !== this.#options.name) return;
          if (event.type === 'DELETED') return this.#waiter.wake();
          this.#see(event.object);
          // A released lease (or one we may have lost) is worth a look now.
          if (holderOf(event.object) !== this.#options.identity) this.#waiter.wake();
        },
        error: () => undefined,
      });
    }
    this.#logger.info(`Attempting to acquire the leader lease ${this.#leaseName}.`);
    try {
      while (!signal.aborted) {
        const started = this.#clock.now();
        const budget = this.#leader ? Math.max(1, this.#deadline - started) : retryPeriodMs;
        const attempt = deadlineSignal(this.#clock, budget, signal);
        let won = false;
        try {
          won = await this.#tryAcquireOrRenew(attempt.signal, budget);
        } catch (error) {
          if (signal.aborted) break;
          this.#logger.debug(`Cannot reach the leader lease ${this.#leaseName}: ${(error as Error).message ?? String(error)}`);
        } finally {
          attempt.dispose();
        }
        if (signal.aborted) break;
        if (won) {
          this.#deadline = started + this.#timing.renewDeadlineMs;
          this.#armLossTimer();
          if (!this.#leader) this.#win();
        } else if (this.#leader) {
          const holder = holderOf(this.#observed?.lease);
          if (holder !== '' && holder !== this.#options.identity) this.#lose(`it is held by ${holder} now`);
        }
        this.#publish();
        if (this.#leader) {
          await this.#waiter.wait(started + retryPeriodMs - this.#clock.now(), signal);
        } else {
          // Standby: look again after a jittered retry period, or exactly when the lease can expire.
          let wait = retryPeriodMs * (1 + random() * 0.2);
          const observed = this.#observed;
          if (observed && holderOf(observed.lease) !== '') {
            const expiry = observed.observedAt + durationOf(observed.lease, this.#timing.leaseDurationMs / 1000) * 1000;
            wait = Math.min(wait, Math.max(0, expiry - this.#clock.now()) + 1);
          }
          await this.#waiter.wait(wait, signal);
        }
      }
    } finally {
      this.#stopping = true;
      subscription?.unsubscribe();
      this.#clearLossTimer();
      await this.#transitions;
      const wasLeader = this.#leader;
      if (wasLeader) this.#lose('the operator is stopping', { quiet: true });
      await this.#transitions;
      if (wasLeader) await this.#release();
      this.#state.complete();
    }
  }

  #see(lease: LeaseObject): void {
    const before = holderOf(this.#observed?.lease);
    this.#observed = observe(this.#observed, lease, this.#clock.now());
    const after = holderOf(this.#observed.lease);
    if (after !== before && after !== '' && after !== this.#options.identity) this.#logger.info(`The leader is ${after} (lease ${this.#leaseName}).`);
    this.#publish();
  }

  async #tryAcquireOrRenew(signal: AbortSignal, timeoutMs: number): Promise<boolean> {
    const { client, name, namespace, identity } = this.#options;
    const request = { namespace, signal, timeoutMs, retry: false };
    const duration = this.#timing.leaseDurationMs / 1000;
    let lease: LeaseObject;
    try {
      lease = await client.get<LeaseObject>(LEASES, name, request);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      const now = microTime(this.#clock.now());
      try {
        const created = await client.create<LeaseObject>(LEASES, {
          apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace },
          spec: { holderIdentity: identity, leaseDurationSeconds: duration, acquireTime: now, renewTime: now, leaseTransitions: 0 },
        }, request);
        this.#see(created);
        return true;
      } catch (createError) {
        if (createError instanceof ConflictError) return false;
        throw createError;
      }
    }
    this.#see(lease);
    const observed = this.#observed!;
    const holder = holderOf(observed.lease);
    if (holder !== identity && !expired(observed, this.#clock.now(), duration)) return false;
    const now = microTime(this.#clock.now());
    const spec = observed.lease.spec ?? {};
    const ours = holder === identity;
    try {
      const updated = await client.replace<LeaseObject>(LEASES, {
        ...observed.lease,
        spec: {
          ...spec, holderIdentity: identity, leaseDurationSeconds: duration, renewTime: now,
          acquireTime: ours ? (spec.acquireTime ?? now) : now,
          leaseTransitions: (spec.leaseTransitions ?? 0) + (ours ? 0 : 1),
        },
      }, request);
      this.#see(updated);
      return true;
    } catch (error) {
      if (error instanceof ConflictError || error instanceof NotFoundError) return false;
      throw error;
    }
  }

  #armLossTimer(): void {
    this.#clearLossTimer();
    this.#lossTimer = this.#clock.setTimeout(() => {
      this.#lossTimer = undefined;
      if (this.#leader && this.#clock.now() >= this.#deadline) {
        this.#lose(`it was not renewed within ${this.#timing.renewDeadlineMs / 1000}s`);
        this.#waiter.wake();
      }
    }, Math.max(0, this.#deadline - this.#clock.now()));
  }

  #clearLossTimer(): void {
    if (this.#lossTimer !== undefined) this.#clock.clearTimeout(this.#lossTimer);
    this.#lossTimer = undefined;
  }

  #win(): void {
    this.#transitions = this.#transitions.then(() => {
      // The previous release may have taken a while: lead only if the lease is still ours and fresh.
      if (this.#leader || this.#stopping || this.#clock.now() >= this.#deadline || holderOf(this.#observed?.lease) !== this.#options.identity) return;
      this.#leader = true;
      this.#logger.info(`Acquired the leader lease ${this.#leaseName}; handling objects now.`);
      this.#publish();
      this.#host?.acquire();
    });
  }

  #lose(why: string, options: { readonly quiet?: boolean } = {}): void {
    if (!this.#leader) return;
    // Stop owning at once; the release of what is running follows.
    this.#leader = false;
    this.#clearLossTimer();
    if (!options.quiet) this.#logger.warn(`Lost the leader lease ${this.#leaseName}: ${why}. Stopping the handling of objects.`);
    this.#publish();
    const host = this.#host;
    this.#transitions = this.#transitions.then(() => host?.release(() => false)).catch((error: unknown) => {
      this.#logger.error(`Releasing the objects failed: ${(error as Error).message ?? String(error)}`);
    });
  }

  /** On a clean stop: hand the lease over at once (holder '', 1 s), as client-go's ReleaseOnCancel. */
  async #release(): Promise<void> {
    const observed = this.#observed;
    if (!observed || holderOf(observed.lease) !== this.#options.identity) return;
    const now = microTime(this.#clock.now());
    try {
      await withDeadline(this.#clock, 5000, (signal) => this.#options.client.replace<LeaseObject>(LEASES, {
        ...observed.lease,
        spec: { ...observed.lease.spec, holderIdentity: '', leaseDurationSeconds: 1, renewTime: now, acquireTime: now },
      }, { namespace: this.#options.namespace, signal, timeoutMs: 5000, retry: false }));
      this.#logger.info(`Released the leader lease ${this.#leaseName}.`);
    } catch (error) {
      this.#logger.warn(`Could not release the leader lease ${this.#leaseName} (a standby takes over when it expires): ${(error as Error).message ?? String(error)}`);
    }
  }

  #publish(): void {
    if (this.#state.closed) return;
    const next: LeadershipState = { leader: this.#leader, holder: holderOf(this.#observed?.lease), lease: this.#leaseName };
    const last = this.#state.value;
    if (last.leader !== next.leader || last.holder !== next.holder) this.#state.next(next);
  }
}
