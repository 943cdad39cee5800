// The state of one handler for the cause in flight, built from its progress record and turned
// back into one. It answers the questions the processing cycle asks: is it finished, is it due now
// or when, how many attempts so far; and it records an attempt's outcome the way Kopf does. The
// outcome's result goes to the status (`status[<id>]`), which deliverResults() writes.
import { CorruptedStateError, StateError } from './errors.js';
import { compareCodePoints, deepCopy, isObject, setKey } from './internal/fields.js';
import type { Patch } from './patch.js';
import type { ProgressRecord } from './progressRecord.js';
import type { EpochMicros } from './timestamps.js';
import { formatTimestamp, parseTimestamp } from './timestamps.js';

/** The outcome of one attempt of a handler. */
export interface HandlerOutcome {
  /** Whether the handler is finished for this cause (succeeded or failed for good). */
  readonly final: boolean;
  /** Seconds until the next attempt, for a non-final outcome; `null` means "on the next event". */
  readonly delay?: number | null;
  /** The handler's return value (delivered to the status by {@link deliverResults}). */
  readonly result?: unknown;
  /** The error of a failed attempt; a final outcome with an error is a failure. */
  readonly error?: unknown;
  /** Ids of the sub-handlers seen during the attempt. */
  readonly subrefs?: Iterable<string>;
  /** The message recorded for an outcome without an error (see {@link subhandlersPendingOutcome}). */
  readonly message?: string | null;
}

/**
 * What Kopf records as the `message` of a handler whose sub-handlers are unfinished: Kopf retries the
 * parent with an internal exception that carries no message, and stores Python's `str()` of it.
 */
export const SUBHANDLERS_PENDING_MESSAGE = 'None';

/**
 * The outcome of a parent handler whose sub-handlers are not all finished: not final, due again when
 * the soonest of them is, and recorded as Kopf records it (`"message":"None"`).
 *
 * @example
 * ```ts
 * subhandlersPendingOutcome({ delay: 5, subrefs: ['create_fn/sub1', 'create_fn/sub2'] });
 * // { final: false, delay: 5, subrefs: [...], message: 'None' }
 * ```
 */
export function subhandlersPendingOutcome(args: { readonly delay: number | null; readonly subrefs: Iterable<string> }): HandlerOutcome {
  return { final: false, delay: args.delay, subrefs: [...args.subrefs], message: SUBHANDLERS_PENDING_MESSAGE };
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

function parseOptional(value: unknown, field: string): EpochMicros | null {
  if (value === null || value === undefined) return null;
  try {
    return parseTimestamp(value as string);
  } catch (error) {
    throw new CorruptedStateError(field, `The progress record's ${field} is ${JSON.stringify(value)}; expected an ISO 8601 timestamp.`, { cause: error });
  }
}

/** The fields of a {@link HandlerState}. */
export interface HandlerStateFields {
  /** Whether the handler takes part in the current cause (counts for done and delays). */
  readonly active: boolean;
  /** The first attempt for this cause; `null` when unknown. */
  readonly started: EpochMicros | null;
  /** When it finished; `null` while it is still running or waiting. */
  readonly stopped: EpochMicros | null;
  /** When it is due again; `null` when due on the next event (or finished). */
  readonly delayed: EpochMicros | null;
  /** The cause it serves: `create`, `update`, `delete`, `resume`; `null` for old records. */
  readonly purpose: string | null;
  /** Attempts so far. */
  readonly retries: number;
  /** Finished successfully. */
  readonly success: boolean;
  /** Failed for good. */
  readonly failure: boolean;
  /** The last error's message. */
  readonly message: string | null;
  /** Ids of its sub-handlers. */
  readonly subrefs: readonly string[];
  /** The record it was read from, to store only what changed. */
  readonly origin: ProgressRecord | null;
}

/** The sub-handler list of most states: none, one frozen list for all. */
const NO_SUBREFS: readonly string[] = Object.freeze([]);

/**
 * The immutable state of one handler. Times are epoch microseconds.
 *
 * @example
 * ```ts
 * const state = HandlerState.fromScratch({ purpose: 'create', now: Date.now() * 1000 });
 * const next = state.withOutcome({ final: false, delay: 60, error: new Error('not yet') }, { now: Date.now() * 1000 });
 * next.forStorage(); // { started, stopped: null, delayed, purpose: 'create', retries: 1, success: false, failure: false, message: 'not yet', subrefs: null }
 * ```
 */
export class HandlerState implements HandlerStateFields {
  readonly active: boolean;
  readonly started: EpochMicros | null;
  readonly stopped: EpochMicros | null;
  readonly delayed: EpochMicros | null;
  readonly purpose: string | null;
  readonly retries: number;
  readonly success: boolean;
  readonly failure: boolean;
  readonly message: string | null;
  readonly subrefs: readonly string[];
  readonly origin: ProgressRecord | null;

  constructor(fields: Partial<HandlerStateFields> = {}) {
    this.active = fields.active ?? false;
    this.started = fields.started ?? null;
    this.stopped = fields.stopped ?? null;
    this.delayed = fields.delayed ?? null;
    this.purpose = fields.purpose ?? null;
    this.retries = fields.retries ?? 0;
    this.success = fields.success ?? false;
    this.failure = fields.failure ?? false;
    this.message = fields.message ?? null;
    // A frozen copy (a caller's list may change), shared by the states derived from this one; none for most.
    const subrefs = fields.subrefs;
    this.subrefs = subrefs === undefined || subrefs.length === 0 ? NO_SUBREFS : Object.isFrozen(subrefs) ? subrefs : Object.freeze([...subrefs]);
    this.origin = fields.origin ?? null;
  }

  /** A new, active state for a handler seen for the first time in this cause. */
  static fromScratch(options: { readonly purpose?: string | null; readonly now: EpochMicros }): HandlerState {
    return new HandlerState({ active: true, started: options.now, purpose: options.purpose ?? null });
  }

  /** A (passive) state read from a stored record; a missing `started` becomes `now`. */
  static fromStorage(record: ProgressRecord, options: { readonly now: EpochMicros }): HandlerState {
    if (record.subrefs !== undefined && record.subrefs !== null && !Array.isArray(record.subrefs)) {
      throw new CorruptedStateError('subrefs', `The progress record's subrefs is ${JSON.stringify(record.subrefs)}; expected a list of handler ids.`);
    }
    return new HandlerState({
      active: false,
      started: parseOptional(record.started, 'started') ?? options.now,
      stopped: parseOptional(record.stopped, 'stopped'),
      delayed: parseOptional(record.delayed, 'delayed'),
      purpose: record.purpose ? record.purpose : null,
      retries: typeof record.retries === 'number' ? record.retries : 0,
      success: Boolean(record.success),
      failure: Boolean(record.failure),
      message: record.message ?? null,
      subrefs: record.subrefs ?? [],
      origin: record,
    });
  }

  /** Finished for this cause: succeeded or failed for good. */
  get finished(): boolean {
    return this.success || this.failure;
  }

  /** Not finished and waiting for a future time. */
  isSleeping(now: EpochMicros): boolean {
    return !this.finished && this.delayed !== null && this.delayed > now;
  }

  /** Not finished and due now. */
  isAwakened(now: EpochMicros): boolean {
    return !this.finished && !this.isSleeping(now);
  }

  /** Seconds since the first attempt. */
  runtime(now: EpochMicros): number {
    return (now - (this.started ?? now)) / 1e6;
  }

  /** The record to store, with every field (nulls included) in Kopf's order. */
  forStorage(): Required<ProgressRecord> {
    return {
      started: this.started === null ? null : formatTimestamp(this.started),
      stopped: this.stopped === null ? null : formatTimestamp(this.stopped),
      delayed: this.delayed === null ? null : formatTimestamp(this.delayed),
      purpose: this.purpose,
      retries: this.retries,
      success: this.success,
      failure: this.failure,
      message: this.message,
      subrefs: this.subrefs.length === 0 ? null : [...this.subrefs].sort(compareCodePoints),
    };
  }

  /** The record as it looks once stored (null fields dropped). */
  asInStorage(): ProgressRecord {
    const record: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.forStorage())) if (value !== null) record[key] = value;
    return record;
  }

  /** The same state, marked as taking part in the current cause. */
  asActive(): HandlerState {
    return new HandlerState({ ...this.fields(), active: true });
  }

  /** The same state with another purpose. */
  withPurpose(purpose: string | null): HandlerState {
    return new HandlerState({ ...this.fields(), purpose });
  }

  /** The state after one attempt with this outcome. */
  withOutcome(outcome: HandlerOutcome, options: { readonly now: EpochMicros }): HandlerState {
    const { now } = options;
    const failed = outcome.error !== undefined && outcome.error !== null;
    if (outcome.delay !== undefined && outcome.delay !== null && !Number.isFinite(outcome.delay)) {
      throw new StateError('invalid-argument', `A handler outcome's delay must be a finite number of seconds; got ${outcome.delay}.`);
    }
    return new HandlerState({
      active: this.active,
      purpose: this.purpose,
      started: this.started ?? now,
      stopped: this.stopped ?? (outcome.final ? now : null),
      delayed: outcome.delay === undefined || outcome.delay === null ? null : now + Math.round(outcome.delay * 1e6),
      success: outcome.final && !failed,
      failure: outcome.final && failed,
      retries: this.retries + 1,
      message: failed ? errorMessage(outcome.error) : outcome.message ?? null,
      subrefs: outcome.subrefs === undefined ? this.subrefs : [...new Set([...this.subrefs, ...outcome.subrefs])].sort(compareCodePoints),
      origin: this.origin,
    });
  }

  private fields(): HandlerStateFields {
    return {
      active: this.active, started: this.started, stopped: this.stopped, delayed: this.delayed,
      purpose: this.purpose, retries: this.retries, success: this.success, failure: this.failure,
      message: this.message, subrefs: this.subrefs, origin: this.origin,
    };
  }
}

/**
 * Write handler results into the patch's status.
 *
 * @example
 * ```ts
 * deliverResults({ outcomes: { create_fn: { final: true, result: { message: 'hello world' } } }, patch });
 * patch.status.create_fn; // { message: 'hello world' }
 * ```
 */
export function deliverResults(args: {
  readonly outcomes: ReadonlyMap<string, HandlerOutcome> | Readonly<Record<string, HandlerOutcome>>;
  readonly patch: Patch;
}): void {
  const pairs = args.outcomes instanceof Map ? [...args.outcomes.entries()] : Object.entries(args.outcomes);
  for (const [id, outcome] of pairs) {
    if (outcome.error !== undefined && outcome.error !== null) continue;
    if (outcome.result === undefined || outcome.result === null) continue;
    if (isObject(outcome.result)) {
      const existing = args.patch.get(['status', id]);
      const merged = isObject(existing) ? existing : {};
      for (const [key, value] of Object.entries(outcome.result)) setKey(merged, key, deepCopy(value));
      args.patch.set(['status', id], merged);
    } else {
      args.patch.set(['status', id], deepCopy(outcome.result));
    }
  }
}
