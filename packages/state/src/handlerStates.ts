// The states of all of a resource's handlers for the cause in flight: which are done, which are due
// when, which records belong to a cause that was superseded (a deletion arriving mid-creation), and
// what to store or purge in the patch. This is the bookkeeping between two processing cycles.
import { InvalidStateArgumentError } from './errors.js';
import type { HandlerOutcome } from './handlerState.js';
import { HandlerState } from './handlerState.js';
import type { Patch } from './patch.js';
import type { ProgressStorage } from './progressStorage.js';
import { deepEqual } from './internal/fields.js';
import type { Clock, EpochMicros } from './timestamps.js';
import { toEpochMicros } from './timestamps.js';

/** Counts of handlers by how they ended. */
export interface HandlerCounters {
  readonly success: number;
  readonly failure: number;
  /** Not finished yet ("left to the moment"). */
  readonly running: number;
}

/** Options of {@link HandlerStates}. */
export interface HandlerStatesOptions {
  /** The cause the states are for: `create`, `update`, `delete`, `resume`. */
  readonly purpose?: string | null;
  /** The clock in epoch milliseconds, fractions kept to the microsecond (default `Date.now`); use fake time in tests. */
  readonly clock?: Clock;
}

/** Maps made by a HandlerStates for the next one: taken as they are, not copied (they are never changed). */
const fresh = new WeakSet<Map<string, HandlerState>>();

/**
 * An immutable map of handler id → {@link HandlerState}.
 *
 * @example
 * ```ts
 * let states = HandlerStates.fromStorage({ body, storage, handlerIds: ['create_fn', 'delete_fn'] });
 * states = states.withPurpose('create').withHandlers(['create_fn']);
 * states = states.withOutcomes({ create_fn: { final: true } });
 * states.store({ body, patch, storage });
 * if (states.done) states.purge({ body, patch, storage, handlerIds: ['create_fn', 'delete_fn'] });
 * ```
 */
export class HandlerStates {
  /** The cause these states serve. */
  readonly purpose: string | null;
  private readonly states: ReadonlyMap<string, HandlerState>;
  private readonly clock: Clock;

  constructor(states: Iterable<readonly [string, HandlerState]> = [], options: HandlerStatesOptions = {}) {
    this.states = states instanceof Map && fresh.delete(states) ? states : new Map(states);
    this.purpose = options.purpose ?? null;
    this.clock = options.clock ?? Date.now;
  }

  /** No states at all. */
  static fromScratch(options: HandlerStatesOptions = {}): HandlerStates {
    return new HandlerStates([], options);
  }

  /** The stored records of the given handlers (typically all handlers of the resource). */
  static fromStorage(args: { readonly body: unknown; readonly storage: ProgressStorage; readonly handlerIds: Iterable<string> } & HandlerStatesOptions): HandlerStates {
    const clock = args.clock ?? Date.now;
    const now = toEpochMicros(clock());
    const entries: [string, HandlerState][] = [];
    for (const id of new Set(args.handlerIds)) {
      const record = args.storage.fetch({ key: id, body: args.body });
      if (record !== null) entries.push([id, HandlerState.fromStorage(record, { now })]);
    }
    const states = new Map(entries);
    fresh.add(states);
    return new HandlerStates(states, { purpose: args.purpose ?? null, clock });
  }

  /** The current time in epoch microseconds, from the clock. */
  now(): EpochMicros {
    return toEpochMicros(this.clock());
  }

  /** The state of one handler. */
  get(id: string): HandlerState | undefined {
    return this.states.get(id);
  }

  /** Whether a handler has a state. */
  has(id: string): boolean {
    return this.states.has(id);
  }

  /** The handler ids, in insertion order. */
  get ids(): string[] {
    return [...this.states.keys()];
  }

  /** How many handlers have a state. */
  get size(): number {
    return this.states.size;
  }

  /** The (id, state) pairs. */
  entries(): IterableIterator<[string, HandlerState]> {
    return this.states.entries();
  }

  /** The next states: `states` is a new map made for them, or this one's (shared: neither ever changes). */
  private derive(states: Map<string, HandlerState> | ReadonlyMap<string, HandlerState>, purpose: string | null = this.purpose): HandlerStates {
    if (states instanceof Map) fresh.add(states);
    return new HandlerStates(states, { purpose, clock: this.clock });
  }

  /** Set the cause; with handler ids, also re-purpose those handlers' records to it. */
  withPurpose(purpose: string | null, handlerIds: Iterable<string> = []): HandlerStates {
    let next: Map<string, HandlerState> | undefined;
    for (const id of handlerIds) {
      const state = this.states.get(id);
      if (state) (next ??= new Map(this.states)).set(id, state.withPurpose(purpose));
    }
    return this.derive(next ?? this.states, purpose);
  }

  /** Make these handlers active: new ones start from scratch, stored ones are re-activated. */
  withHandlers(handlerIds: Iterable<string>): HandlerStates {
    const next = new Map(this.states);
    const now = this.now();
    for (const id of handlerIds) {
      const state = next.get(id);
      next.set(id, state ? state.asActive() : HandlerState.fromScratch({ purpose: this.purpose, now }));
    }
    return this.derive(next);
  }

  /** Record the outcomes of attempts. */
  withOutcomes(outcomes: ReadonlyMap<string, HandlerOutcome> | Readonly<Record<string, HandlerOutcome>>): HandlerStates {
    const pairs = outcomes instanceof Map ? [...outcomes.entries()] : Object.entries(outcomes);
    const unknown = pairs.map(([id]) => id).filter((id) => !this.states.has(id));
    if (unknown.length > 0) {
      throw new InvalidStateArgumentError(`Outcomes for handlers without a state: ${unknown.join(', ')}; call withHandlers() with them first.`);
    }
    const now = this.now();
    const next = new Map(this.states);
    for (const [id, outcome] of pairs) next.set(id, this.states.get(id)!.withOutcome(outcome, { now }));
    return this.derive(next);
  }

  /** Only the handlers that have not succeeded (failed, or still to run). */
  withoutSuccesses(): HandlerStates {
    return this.derive(new Map([...this.states].filter(([, state]) => !state.success)));
  }

  /** Write the records that changed since they were read into the patch. */
  store(args: { readonly body: unknown; readonly patch: Patch; readonly storage: ProgressStorage }): void {
    for (const [id, state] of this.states) {
      if (!deepEqual(state.asInStorage(), state.origin)) {
        args.storage.store({ key: id, record: state.forStorage(), body: args.body, patch: args.patch });
      }
    }
  }

  /** Purge the records of the given handlers, of every state held, and of all their sub-handlers. */
  purge(args: { readonly body: unknown; readonly patch: Patch; readonly storage: ProgressStorage; readonly handlerIds: Iterable<string> }): void {
    const ids = new Set(args.handlerIds);
    for (const id of ids) args.storage.purge({ key: id, body: args.body, patch: args.patch });
    for (const [id, state] of this.states) {
      if (!ids.has(id)) args.storage.purge({ key: id, body: args.body, patch: args.patch });
      for (const subref of state.subrefs) args.storage.purge({ key: subref, body: args.body, patch: args.patch });
    }
  }

  /** All active handlers are finished (true when there are none). */
  get done(): boolean {
    for (const state of this.states.values()) if (state.active && !state.finished) return false;
    return true;
  }

  /** Counters per superseded purpose: records made for another cause than the current one. */
  get extras(): Map<string, HandlerCounters> {
    const result = new Map<string, HandlerCounters>();
    let others = false;
    for (const state of this.states.values()) if (state.purpose !== null && state.purpose !== this.purpose) others = true;
    if (!others) return result;
    const all = [...this.states.values()];
    for (const state of all) {
      const purpose = state.purpose;
      if (purpose === null || purpose === this.purpose || result.has(purpose)) continue;
      const same = all.filter((other) => other.purpose === purpose);
      result.set(purpose, {
        success: same.filter((other) => other.success).length,
        failure: same.filter((other) => other.failure).length,
        running: same.filter((other) => !other.finished).length,
      });
    }
    return result;
  }

  /** Counters of the handlers serving the current purpose (or with no purpose recorded). */
  get counts(): HandlerCounters {
    let success = 0;
    let failure = 0;
    let running = 0;
    for (const state of this.states.values()) {
      if (this.purpose !== null && state.purpose !== null && state.purpose !== this.purpose) continue;
      if (state.success) success++;
      if (state.failure) failure++;
      if (!state.finished) running++;
    }
    return { success, failure, running };
  }

  /** Seconds until each unfinished active handler is due (0 = due now, i.e. on the next event). */
  get delays(): number[] {
    const delays: number[] = [];
    let now: EpochMicros | undefined;
    for (const state of this.states.values()) {
      if (!state.active || state.finished) continue;
      delays.push(state.delayed === null ? 0 : Math.max(0, (state.delayed - (now ??= this.now())) / 1e6));
    }
    return delays;
  }

  /** The shortest of {@link HandlerStates.delays}, or `null` when nothing is pending. */
  get delay(): number | null {
    const delays = this.delays;
    return delays.length === 0 ? null : Math.min(...delays);
  }

  /**
   * Which of `handlerIds` to run now: the due ones, all of them (`all-at-once`) or — Kopf's default,
   * `asap` — only the one with the fewest retries (the first of them on a tie).
   */
  due(handlerIds: Iterable<string>, lifecycle: 'asap' | 'all-at-once' = 'asap'): string[] {
    const awakened = new Set(this.awakened);
    const due = [...handlerIds].filter((id) => awakened.has(id));
    if (lifecycle === 'all-at-once' || due.length <= 1) return due;
    const retries = (id: string): number => this.states.get(id)?.retries ?? 0;
    return [due.reduce((best, id) => (retries(id) < retries(best) ? id : best))];
  }

  /** The ids of active handlers that are due now, in order. */
  get awakened(): string[] {
    const now = this.now();
    const ids: string[] = [];
    for (const [id, state] of this.states) if (state.active && state.isAwakened(now)) ids.push(id);
    return ids;
  }
}
