// What an event means. Watch events only say ADDED/MODIFIED/DELETED; the cause — create, update,
// delete, resume, or nothing of interest — comes from comparing the object with its stored diff-base,
// with Kopf's exact precedence (reference §3.4). Also the start of a cause's bookkeeping: records of
// a superseded cause are reported and purged, exactly as Kopf does.
import type { Diff } from './diff.js';
import { diff as computeDiff } from './diff.js';
import type { Essence } from './essence.js';
import { essence as computeEssence } from './diffBaseStorage.js';
import type { Finalizers } from './finalizers.js';
import { isDeletionBlocked, isDeletionOngoing } from './finalizers.js';
import type { HandlerCounters, HandlerStatesOptions } from './handlerStates.js';
import { HandlerStates } from './handlerStates.js';
import type { FieldSpec } from './internal/fields.js';
import type { Patch } from './patch.js';
import type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
import { resolveProfile } from './profiles.js';
import type { ProgressStorage } from './progressStorage.js';

/** Why handlers run (the first four) or why nothing runs (the last three). */
export type CauseReason = 'create' | 'update' | 'delete' | 'resume' | 'noop' | 'free' | 'gone';

/** The reasons that invoke change handlers. */
export const HANDLER_REASONS: readonly CauseReason[] = ['create', 'update', 'delete', 'resume'];

/** Human-readable names of the handler reasons, as they appear in Kopf's log lines. */
export const CAUSE_TITLES: Readonly<Record<string, string>> = {
  create: 'creation', update: 'updating', delete: 'deletion', resume: 'resuming',
};

/** A watch event type; `null` for objects from the initial listing. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | null;

/** The input of {@link detectCause}. */
export interface DetectCauseInput {
  /** The watch event, or just its type (`null` for the initial listing). */
  readonly event: WatchEventType | { readonly type?: WatchEventType | string | undefined };
  /** The object's body as the event delivered it. */
  readonly body: unknown;
  /** The stored diff-base (`old`), or `null`/`undefined` when none is stored. */
  readonly diffBase: Essence | null | undefined;
  /** The current essence (`new`); computed from the body with the options below when omitted. */
  readonly essence?: Essence;
  /** The diff between diff-base and essence; computed when omitted. */
  readonly diff?: Diff;
  /** The finalizer that is ours; the profile's by default. */
  readonly finalizer?: Finalizers;
  /** Seen in the initial listing and not yet fully handled once by this process. */
  readonly initial?: boolean;
  /** The persistence profile (default `'opkit'`). */
  readonly profile?: PersistenceProfileName | PersistenceProfile;
  /** Passed to {@link essence} when the essence is computed here. */
  readonly ignoredFields?: readonly FieldSpec[];
  /** Passed to {@link essence} when the essence is computed here. */
  readonly extraFields?: readonly FieldSpec[];
  /** When given, its `clear()` is applied to both the diff-base and the essence first, as Kopf does. */
  readonly progressStorage?: ProgressStorage;
}

/** A detected changing cause, with what handlers receive as `old`, `new` and `diff`. */
export interface ChangingCause {
  readonly reason: CauseReason;
  /** Whether resume handlers are mixed in; always false for `create`. */
  readonly initial: boolean;
  readonly old: Essence | null;
  readonly new: Essence | null;
  readonly diff: Diff;
  /** Whether the object is being deleted (resume handlers then need `deleted: true`). */
  readonly deleted: boolean;
}

function eventType(event: DetectCauseInput['event']): string | null {
  if (event === null || typeof event === 'string') return event;
  return event?.type ?? null;
}

/**
 * Detect the changing cause with its old/new essences and diff. Precedence: DELETED event → `gone`;
 * deletion with our finalizer gone → `free`; deletion → `delete`; no diff-base → `create` (never
 * mixed with resume); no diff and initial → `resume`; no diff → `noop`; otherwise `update`.
 *
 * @example
 * ```ts
 * const cause = detectChangingCause({ event: { type: 'MODIFIED' }, body, diffBase: storage.fetch({ body }), profile: 'kopf' });
 * cause.reason; // 'update'
 * ```
 */
export function detectChangingCause(input: DetectCauseInput): ChangingCause {
  const profile = resolveProfile(input.profile);
  const finalizer = input.finalizer ?? profile.finalizer;
  const clear = (value: Essence | null): Essence | null =>
    value === null || !input.progressStorage ? value : input.progressStorage.clear(value);
  const old = clear(input.diffBase ?? null);
  const current = clear(input.essence ?? computeEssence(input.body, {
    profile, ignoredFields: input.ignoredFields ?? [], extraFields: input.extraFields ?? [],
  }));
  const changes = input.diff ?? computeDiff(old, current);
  const deleted = isDeletionOngoing(input.body);
  const initial = input.initial ?? false;
  const make = (reason: CauseReason, mixed = initial): ChangingCause =>
    ({ reason, initial: mixed, old, new: current, diff: changes, deleted });

  if (eventType(input.event) === 'DELETED') return make('gone');
  if (deleted && !isDeletionBlocked(input.body, finalizer)) return make('free');
  if (deleted) return make('delete');
  if (old === null) return make('create', false);
  if (changes.length === 0 && initial) return make('resume');
  if (changes.length === 0) return make('noop');
  return make('update');
}

/**
 * Detect the cause of an event: `create | update | delete | resume | noop | free | gone`.
 * See {@link detectChangingCause} for the precedence and the full result.
 *
 * @example
 * ```ts
 * detectCause({ event: 'ADDED', body, diffBase: null }); // 'create'
 * ```
 */
export function detectCause(input: DetectCauseInput): CauseReason {
  return detectChangingCause(input).reason;
}

/** A cause that was interrupted by the current one, with its handlers' counters. */
export interface SupersededCause {
  readonly purpose: string;
  readonly counters: HandlerCounters;
  /** Kopf's log line, e.g. `Creation is superseded by deletion: 1 succeeded; 0 failed; 2 left to the moment.` */
  readonly message: string;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Begin the bookkeeping of a cause: read every owned handler's record, set the purpose, activate
 * the cause's handlers, report records of other purposes as superseded, re-purpose those the cause
 * reuses, and purge the rest into the patch.
 *
 * @example
 * ```ts
 * const { states, superseded } = startCause({ body, patch, storage, reason: 'delete',
 *   ownedHandlerIds: ['create_fn', 'delete_fn'], causeHandlerIds: ['delete_fn'] });
 * superseded[0]?.message; // 'Creation is superseded by deletion: 0 succeeded; 0 failed; 1 left to the moment.'
 * ```
 */
export function startCause(args: {
  readonly body: unknown; readonly patch: Patch; readonly storage: ProgressStorage; readonly reason: CauseReason;
  readonly ownedHandlerIds: Iterable<string>; readonly causeHandlerIds: Iterable<string>;
} & Pick<HandlerStatesOptions, 'clock'>): { states: HandlerStates; superseded: SupersededCause[] } {
  const owned = [...args.ownedHandlerIds];
  const selected = [...args.causeHandlerIds];
  let states = HandlerStates.fromStorage({ body: args.body, storage: args.storage, handlerIds: owned, clock: args.clock ?? Date.now })
    .withPurpose(args.reason)
    .withHandlers(selected);
  const title = CAUSE_TITLES[args.reason] ?? JSON.stringify(args.reason);
  const superseded: SupersededCause[] = [];
  for (const [purpose, counters] of states.extras) {
    const extraTitle = CAUSE_TITLES[purpose] ?? JSON.stringify(purpose);
    superseded.push({
      purpose, counters,
      message: `${capitalize(extraTitle)} is superseded by ${title.toLowerCase()}: ${counters.success} succeeded; ${counters.failure} failed; ${counters.running} left to the moment.`,
    });
    states = states.withPurpose(args.reason, selected);
  }
  if (states.extras.size > 0) {
    states.purge({ body: args.body, patch: args.patch, storage: args.storage, handlerIds: owned });
  }
  return { states, superseded };
}
