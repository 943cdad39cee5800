// One peering object, followed the way Kopf follows it: every event re-evaluates the peers — dead ones
// are cleaned, a live peer with a higher priority pauses us, one with the same priority pauses everyone
// (with Kopf's warnings) — and we resume once they are gone or expired. A keep-alive refreshes our own
// record every `lifetime - random(5..10)` seconds, at the deadline of the peers that block us our own
// record is touched (so that every peer re-evaluates), and on exit our record is removed.
import type { KubeObject } from '@opkit/kube';
import { sleep } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import type { Subscription } from 'rxjs';
import type { Peer } from '../peer.js';
import { formatPeers, isDead, peerRecord, readPeers } from '../peer.js';
import type { PeeringTarget } from '../touch.js';
import { describeTarget, patchPeers } from '../touch.js';
import type { KubeClient } from '@opkit/kube';
import type { Observable } from 'rxjs';
import { withDeadline } from './waiter.js';

/** An event of the peering object's stream (the shape @opkit/watching emits). */
export type PeeringWatchEvent =
  | { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly object: KubeObject }
  | { readonly type: 'SYNCED' };

/** What one target needs. */
export interface TargetDeps {
  readonly client: KubeClient;
  readonly identity: string;
  readonly priority: number;
  readonly lifetime: number;
  readonly mandatory: boolean;
  readonly stealth: boolean;
  readonly group: string | undefined;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly random: () => number;
  readonly watch: Observable<PeeringWatchEvent>;
  /** Something visible changed (paused, peers). */
  readonly changed: () => void;
  /** Auto-detection found no peering object here. */
  readonly missing: () => void;
}

/** The state of one peering object, as the feed and `op dev` show it. */
export interface TargetSnapshot {
  readonly target: PeeringTarget;
  /** The initial listing is done. */
  readonly synced: boolean;
  /** The peering object exists. */
  readonly found: boolean;
  /** Paused because of this object (Kopf's conflict toggle). */
  readonly conflict: boolean;
  /** What blocked us at the last evaluation. */
  readonly blocking: 'higher-priority' | 'same-priority' | undefined;
  readonly peers: readonly Peer[];
}

/** How long the removal of our record may take on exit, in ms. */
const LEAVE_TIMEOUT_MS = 5000;

export class TargetPeering {
  readonly target: PeeringTarget;
  readonly #deps: TargetDeps;
  #synced = false;
  #body: KubeObject | undefined;
  #conflict: boolean;
  #blocking: TargetSnapshot['blocking'];
  #peers: readonly Peer[] = [];
  #deadlineTimer: unknown;
  #stopped = false;

  constructor(target: PeeringTarget, deps: TargetDeps) {
    this.target = target;
    this.#deps = deps;
    // Mandatory peering starts paused, until the peering object says otherwise (Kopf's pre-activated toggle).
    this.#conflict = deps.mandatory;
  }

  /** Paused by this object: before its first listing, on a conflict, or while a mandatory object is missing. */
  get paused(): boolean {
    return !this.#synced || this.#conflict;
  }

  snapshot(): TargetSnapshot {
    return { target: this.target, synced: this.#synced, found: this.#body !== undefined, conflict: this.#conflict, blocking: this.#blocking, peers: this.#peers };
  }

  /** Follow the object and keep our record alive until `signal` aborts; then remove our record. */
  async run(signal: AbortSignal): Promise<void> {
    const subscription: Subscription = this.#deps.watch.subscribe({
      next: (event) => this.#onEvent(event),
      error: (error: unknown) => this.#deps.logger.error(`Peering stream of ${describeTarget(this.target)} failed: ${(error as Error).message ?? String(error)}`),
    });
    try {
      await this.#keepalive(signal);
    } finally {
      this.#stopped = true;
      subscription.unsubscribe();
      this.#clearDeadline();
      await this.#leave();
    }
  }

  #nowMicros(): number {
    return Math.round(this.#deps.clock.now() * 1000);
  }

  #onEvent(event: PeeringWatchEvent): void {
    if (this.#stopped) return;
    if (event.type === 'SYNCED') {
      const first = !this.#synced;
      this.#synced = true;
      if (first && this.#body === undefined) {
        if (!this.#deps.mandatory) this.#deps.missing();
        else this.#deps.logger.warn(`Peering object ${describeTarget(this.target)} is not found; operations stay paused until it exists (create it, e.g. with op peering install, or run standalone).`);
      }
      this.#deps.changed();
      return;
    }
    if (event.object.metadata?.name !== this.target.name) return;
    this.#body = event.type === 'DELETED' ? undefined : event.object;
    this.#evaluate();
  }

  /** Kopf's evaluation of the peers after an event (or at a blocking peer's deadline). */
  #evaluate(): void {
    const deps = this.#deps;
    const now = this.#nowMicros();
    const peers = readPeers(this.#body?.status, now);
    const dead = peers.filter((peer) => isDead(peer, now));
    const live = peers.filter((peer) => !isDead(peer, now) && peer.identity !== deps.identity && !(deps.group !== undefined && peer.group === deps.group));
    const higher = live.filter((peer) => peer.priority > deps.priority);
    const same = live.filter((peer) => peer.priority === deps.priority);
    this.#peers = peers;
    if (dead.length > 0) void this.#clean(dead);
    if (higher.length > 0) {
      this.#blocking = 'higher-priority';
      if (!this.#conflict) {
        deps.logger.info(`Pausing operations in favour of ${formatPeers(higher)}.`);
        this.#conflict = true;
      }
    } else if (same.length > 0) {
      this.#blocking = 'same-priority';
      deps.logger.warn(`Possibly conflicting operators with the same priority: ${formatPeers(same)}.`);
      if (!this.#conflict) {
        deps.logger.warn(`Pausing all operators, including self: ${formatPeers(peers)}`);
        this.#conflict = true;
      }
    } else {
      this.#blocking = undefined;
      if (this.#conflict) {
        deps.logger.info('Resuming operations after the pause. Conflicting operators with the same priority are gone.');
        this.#conflict = false;
      }
    }
    // At the deadline of the peers that block us, touch our own record: every peer re-evaluates then.
    this.#clearDeadline();
    const blockers = [...same, ...higher];
    if (blockers.length > 0) {
      const next = Math.min(...blockers.map((peer) => peer.deadline));
      this.#deadlineTimer = deps.clock.setTimeout(() => {
        this.#deadlineTimer = undefined;
        if (this.#stopped) return;
        void this.#touch().then(() => {
          if (!this.#stopped) this.#evaluate();
        });
      }, Math.max(0, (next - now) / 1000));
    }
    deps.changed();
  }

  #clearDeadline(): void {
    if (this.#deadlineTimer !== undefined) this.#deps.clock.clearTimeout(this.#deadlineTimer);
    this.#deadlineTimer = undefined;
  }

  async #clean(dead: readonly Peer[]): Promise<void> {
    try {
      await patchPeers(this.#deps.client, this.target, Object.fromEntries(dead.map((peer) => [peer.identity, null])));
    } catch (error) {
      this.#deps.logger.debug(`Cleaning dead peers in ${describeTarget(this.target)} failed: ${(error as Error).message ?? String(error)}`);
    }
  }

  /** Write our record (or remove it, with lifetime 0), logging the outcome as Kopf does. */
  async #touch(options: { readonly lifetime?: number; readonly signal?: AbortSignal; readonly timeoutMs?: number } = {}): Promise<void> {
    const deps = this.#deps;
    const lifetime = options.lifetime ?? deps.lifetime;
    const record = lifetime <= 0 ? null : peerRecord({ priority: deps.priority, lifetime, nowMicros: this.#nowMicros(), group: deps.group });
    let result: 'ok' | 'not-found';
    try {
      result = await patchPeers(deps.client, this.target, { [deps.identity]: record }, { signal: options.signal, timeoutMs: options.timeoutMs });
    } catch (error) {
      if (options.signal?.aborted) return;
      deps.logger.warn(`Keep-alive in ${describeTarget(this.target)} failed: ${(error as Error).message ?? String(error)}`);
      return;
    }
    if (!deps.stealth || result === 'not-found') deps.logger.debug(`Keep-alive in ${describeTarget(this.target)}: ${result === 'ok' ? 'ok' : 'not found'}.`);
    if (result === 'not-found' && !deps.mandatory) deps.missing();
  }

  async #keepalive(signal: AbortSignal): Promise<void> {
    const deps = this.#deps;
    while (!signal.aborted) {
      await this.#touch({ signal });
      // Slightly less than the lifetime, with jitter, so that keep-alives spread over time.
      const lifetime = deps.lifetime;
      const duration = Math.min(lifetime, Math.max(1, lifetime - (5 + Math.floor(deps.random() * 6))));
      try {
        await sleep(Math.max(1, duration) * 1000, { signal, clock: deps.clock });
      } catch {
        return;
      }
    }
  }

  async #leave(): Promise<void> {
    try {
      await withDeadline(this.#deps.clock, LEAVE_TIMEOUT_MS, (signal) => this.#touch({ lifetime: 0, signal, timeoutMs: LEAVE_TIMEOUT_MS }));
    } catch (error) {
      this.#deps.logger.error(`Couldn't remove self from the peering. Ignoring. ${(error as Error).message ?? String(error)}`);
    }
  }
}
