// The daemons and timers of every object an operator follows: one scheduler for all their waits, the
// per-object sets, and the operator-level stops — pausing (peering) stops everything and spawns
// nothing until resumed; stopping (exit) stops everything for good and resolves when all have ended
// or were abandoned, leaving no timer behind.
import type { DaemonStoppingReason } from '@opkit/handlers';
import { systemClock, noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { DaemonsError } from './errors.js';
import { ObjectDaemons } from './objectDaemons.js';
import type { ObjectDaemonsLink } from './objectDaemons.js';
import { Scheduler } from './scheduler.js';
import type { DaemonsOptions, ObjectDaemonsOptions } from './types.js';

/** Counts of {@link Daemons.stats}. */
export interface DaemonsStats {
  /** Objects with daemons or timers (or memories of ended ones). */
  readonly objects: number;
  /** Daemons and timers running or stopping. */
  readonly running: number;
  /** Waits queued in the scheduler. */
  readonly scheduled: number;
}

function seconds(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new DaemonsError('invalid-option', `${name} must be a number of seconds >= 0; got ${JSON.stringify(value)}.`);
  }
  return value;
}

/**
 * The daemons and timers of many objects, sharing one {@link Scheduler}.
 *
 * Guarantees: after `pause()` nothing is spawned until `resume()`; after `stop()` nothing is spawned
 * ever, and `stop()` resolves once every daemon and timer has returned or been abandoned, with the
 * scheduler emptied (no timer left pending) unless it was given in the options.
 *
 * @example
 * ```ts
 * const daemons = new Daemons({ cancellationPolling: 60 });
 * const object = daemons.attach(body.metadata.uid, { body, invoke });
 * object.reconcile(registry.resourceHandlers());
 * // … on shutdown
 * await daemons.stop();
 * ```
 */
export class Daemons {
  /** Where every daemon and timer waits. */
  readonly scheduler: Scheduler;
  readonly #logger: Logger;
  readonly #objects = new Map<string, ObjectDaemons>();
  readonly #forgotten = new Map<string, ObjectDaemons>();
  readonly #link: ObjectDaemonsLink;
  readonly #ownsScheduler: boolean;
  #paused = false;
  #stopped = false;

  constructor(options: DaemonsOptions = {}) {
    this.#logger = options.logger ?? noopLogger;
    this.#ownsScheduler = options.scheduler === undefined;
    this.scheduler = options.scheduler ?? new Scheduler({
      clock: options.clock ?? systemClock,
      onError: (error) => this.#logger.error(`A scheduled step failed: ${(error as Error)?.message ?? String(error)}`, { error }),
    });
    const polling = seconds('cancellationPolling', options.cancellationPolling, 60);
    if (polling === 0) throw new DaemonsError('invalid-option', 'cancellationPolling must be more than 0 seconds; got 0.');
    this.#link = {
      scheduler: this.scheduler,
      cancellationPolling: polling,
      defaultBackoff: seconds('defaultBackoff', options.defaultBackoff, 60),
      exitTimeout: seconds('exitTimeout', options.exitTimeout, 0),
      spawning: () => !this.#paused && !this.#stopped,
      idle: (host) => {
        if (this.#forgotten.get(host.key)?.running === 0) this.#forgotten.delete(host.key);
      },
    };
  }

  /** Whether spawning is paused. */
  get paused(): boolean {
    return this.#paused;
  }

  /** Whether {@link Daemons.stop} was called. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** The daemons of an object: the existing set for `key`, or a new one. */
  attach(key: string, options: ObjectDaemonsOptions): ObjectDaemons {
    let object = this.#objects.get(key);
    if (!object) {
      object = new ObjectDaemons(this.#link, key, options);
      this.#objects.set(key, object);
    }
    return object;
  }

  /** The daemons of an object, if any were attached. */
  get(key: string): ObjectDaemons | undefined {
    return this.#objects.get(key);
  }

  /** The object is gone: stop its daemons (`resource-deleted`) and forget it (its tasks finish stopping on their own). */
  forget(key: string, reason: DaemonStoppingReason = 'resource-deleted'): void {
    const object = this.#objects.get(key);
    if (!object) return;
    this.#objects.delete(key);
    object.stop(reason);
    if (object.running > 0) this.#forgotten.set(key, object);
  }

  /** Stop every daemon and timer (`operator-pausing`) and spawn none until {@link Daemons.resume}. */
  pause(): void {
    this.#paused = true;
    for (const object of this.#objects.values()) object.stop('operator-pausing');
  }

  /** Allow spawning again (the next reconciliation of each object respawns its daemons). */
  resume(): void {
    this.#paused = false;
  }

  /**
   * Stop every daemon and timer for good (`operator-exiting`): each gets its cancellation backoff,
   * then its `signal` aborts and it gets its cancellation timeout (or the exit timeout), then it is
   * abandoned. Resolves when all have returned or been abandoned.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    const all = [...this.#objects.values(), ...this.#forgotten.values()];
    for (const object of all) object.stop('operator-exiting');
    await Promise.all(all.map((object) => object.settled()));
    if (this.#ownsScheduler) this.scheduler.clear();
  }

  /** How many objects, running daemons and scheduled waits there are. */
  stats(): DaemonsStats {
    let running = 0;
    for (const object of this.#objects.values()) running += object.running;
    for (const object of this.#forgotten.values()) running += object.running;
    return { objects: this.#objects.size, running, scheduled: this.scheduler.size };
  }
}
