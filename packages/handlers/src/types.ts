// The public types of handling: handler kinds, their options as users write them, the normalized
// handlers the Registry keeps, the context a handler receives, and the outcome of one invocation.
// Everything that runs or describes a handler (core, daemons, webhooks, testing) speaks these types.
import type { KubeObject, Resource, ResourceSelector } from '@opkit/kube';
import type { ResourceBody, TypedResource } from '@opkit/schema';
import type { Logger } from '@opkit/tasks';
import type { HandlerClient } from './client.js';
import type { Indices } from './indices.js';
import type { ABSENT, PRESENT } from './markers.js';

/**
 * Which resources a handler serves: a name (`kopfexamples`, `kopfexamples.kopf.dev`, a kind), a
 * query, a predicate, or a typed resource of @opkit/schema (matched by its group, version and plural).
 */
export type Selector = ResourceSelector | TypedResource<any>;

/** The object type handlers of a typed resource receive. */
export type TypedResourceBody<R> = ResourceBody<R> extends infer B extends KubeObject ? B : KubeObject;

/** What `spec` is in a handler's context: the typed resource's spec, else a plain record. */
export type HandlerSpec<B> = B extends { spec: infer S } ? (unknown extends S ? Record<string, any> : S) : Record<string, any>;

/**
 * What `status` is in a handler's context: the typed resource's status fields (each possibly absent)
 * plus whatever else is stored there (handler results), else a plain record.
 */
export type HandlerStatus<B> = B extends { status?: infer S }
  ? (unknown extends S ? Record<string, any> : Partial<NonNullable<S>> & { readonly [key: string]: unknown })
  : Record<string, any>;

/** A label or annotation filter: an exact value, {@link PRESENT}, {@link ABSENT}, or a predicate. */
export type MetaFilter = string | typeof PRESENT | typeof ABSENT | ((value: string | undefined, context: FilterContext) => boolean);

/** A field value filter: an exact (deep-equal) value, {@link PRESENT}, {@link ABSENT}, or a predicate. */
export type ValueFilter = unknown;

/** What an arbitrary (not Temporary/Permanent) error means. */
export type ErrorsMode = 'temporary' | 'permanent' | 'ignored';

/** The filters every resource handler accepts. All are ANDed; `when` is evaluated last. */
export interface FilterOptions {
  /** Label conditions, e.g. `{ app: 'db', tier: PRESENT, legacy: ABSENT }`. */
  readonly labels?: Readonly<Record<string, MetaFilter>>;
  /** Annotation conditions, same forms as `labels`. */
  readonly annotations?: Readonly<Record<string, MetaFilter>>;
  /** A predicate over the handler's context, evaluated after the cheaper filters. */
  readonly when?: (context: FilterContext) => boolean;
  /** A dotted field path for `value` (and for field handlers), e.g. `'spec.field'`. */
  readonly field?: string;
  /** The field's value: exact, PRESENT, ABSENT, or a predicate. With `field` but no `value`: PRESENT. */
  readonly value?: ValueFilter;
}

/** Retry behaviour of handlers that can be retried. Durations are seconds. */
export interface RetryOptions {
  /** What an arbitrary error means. @defaultValue 'temporary' (change handlers and activities) */
  readonly errors?: ErrorsMode;
  /** Attempts allowed for one change before the handler fails for good. @defaultValue unlimited */
  readonly retries?: number;
  /** Seconds before retrying after an arbitrary error. @defaultValue the operator's default (60) */
  readonly backoff?: number;
  /** Seconds since the first attempt after which the handler fails for good. @defaultValue unlimited */
  readonly timeout?: number;
}

/** Options every handler accepts. */
export interface BaseOptions {
  /** The handler id (stored progress is keyed by it). @defaultValue the function's name */
  readonly id?: string;
  /** A value passed to the handler as `param`, so one function can serve several registrations. */
  readonly param?: unknown;
}

/** Options of `on.create`. */
export type ChangeHandlerOptions = BaseOptions & FilterOptions & RetryOptions;
/** Options of `on.update` and `on.field`: also `old`/`new` value filters. */
export type UpdateHandlerOptions = ChangeHandlerOptions & { readonly old?: ValueFilter; readonly new?: ValueFilter };
/** Options of `on.delete`: `optional: true` means best effort, no finalizer. */
export type DeleteHandlerOptions = ChangeHandlerOptions & { readonly optional?: boolean };
/** Options of `on.resume`: `deleted: true` also resumes objects being deleted. */
export type ResumeHandlerOptions = ChangeHandlerOptions & { readonly deleted?: boolean };
/** Options of `on.event` (spies): errors are always ignored, no retries. */
export type EventHandlerOptions = BaseOptions & FilterOptions;
/**
 * Options of `on.index`. Errors are `ignored` by default (the stale values stay); `temporary` removes the
 * object's values and leaves it out for `delay`/`backoff` seconds; `permanent` leaves it out for good.
 */
export type IndexHandlerOptions = BaseOptions & FilterOptions & RetryOptions;
/** Options of activities (`on.startup`, `on.cleanup`, `on.login`, `on.probe`). */
export type ActivityHandlerOptions = BaseOptions & RetryOptions;

/** Seconds before the first run of a daemon or timer: a number, or a function of the handler's context. */
export type InitialDelay = number | ((context: DaemonContext) => number);

/**
 * Options of `on.daemon`. Stopping a daemon (on deletion, a filter mismatch, a pause or the operator's
 * exit) sets `stopped`, waits `cancellationBackoff`, aborts `signal`, waits `cancellationTimeout`, and
 * then abandons the daemon with a warning. Durations are seconds.
 */
export type DaemonHandlerOptions = BaseOptions & FilterOptions & RetryOptions & {
  /** Seconds before the first run. @defaultValue none */
  readonly initialDelay?: InitialDelay;
  /** Seconds between setting `stopped` and aborting `signal`. @defaultValue none (abort at once, if at all) */
  readonly cancellationBackoff?: number;
  /**
   * Seconds a daemon may take to exit after `signal` was aborted before it is abandoned with a warning.
   * Without it, `signal` is not aborted and the daemon is waited for as long as it takes (holding the
   * finalizer of an object being deleted), except when the operator exits. @defaultValue none
   */
  readonly cancellationTimeout?: number;
  /** Seconds between checks (and log lines) while waiting for a daemon without a timeout to exit. @defaultValue settings.background.cancellationPolling (60) */
  readonly cancellationPolling?: number;
};

/** Options of `on.timer`. Durations are seconds. */
export type TimerHandlerOptions = BaseOptions & FilterOptions & RetryOptions & {
  /** Seconds between runs: from the end of one run to the start of the next (see `sharp`). @defaultValue none (run once per idle period) */
  readonly interval?: number;
  /** Run only after the object had no essential change for this long (its creation counts as a change). @defaultValue none */
  readonly idle?: number;
  /** Keep runs on a grid of `interval` from the start of a run, however long the run takes. @defaultValue false */
  readonly sharp?: boolean;
  /** Seconds before the first run. @defaultValue none */
  readonly initialDelay?: InitialDelay;
};

/** The causes change handlers serve. */
export type ChangeReason = 'create' | 'update' | 'delete' | 'resume';
/** The kinds of resource handlers. */
export type ResourceHandlerKind = 'create' | 'update' | 'delete' | 'resume' | 'field' | 'event' | 'daemon' | 'timer' | 'index';
/** The kinds that run in the background for as long as an object exists: daemons and timers. */
export type BackgroundHandlerKind = 'daemon' | 'timer';
/** The kinds of activities. */
export type ActivityKind = 'startup' | 'cleanup' | 'login' | 'probe';

/** A handler's function: it receives one context object; what it returns goes to `status[<id>]`. */
export type ResourceHandlerFn<B extends KubeObject = KubeObject> = (context: HandlerContext<B>) => unknown;
/** A daemon's or timer's function: its context also has `stopped`. */
export type DaemonHandlerFn<B extends KubeObject = KubeObject> = (context: DaemonContext<B>) => unknown;
/** An activity's function. */
export type ActivityHandlerFn = (context: ActivityContext) => unknown;

/** The filters of a normalized handler, as given. */
export interface HandlerFilters {
  readonly labels?: Readonly<Record<string, MetaFilter>>;
  readonly annotations?: Readonly<Record<string, MetaFilter>>;
  readonly when?: (context: FilterContext) => boolean;
  /** The parsed `field` of the `value` filter (for spies and non-field handlers). */
  readonly valueField?: readonly string[];
  readonly value?: ValueFilter;
  readonly hasValue: boolean;
  readonly old?: ValueFilter;
  readonly hasOld: boolean;
  readonly new?: ValueFilter;
  readonly hasNew: boolean;
}

/** A registered resource handler (immutable, normalized). */
export interface ResourceHandler {
  readonly kind: ResourceHandlerKind;
  readonly id: string;
  readonly fn: ResourceHandlerFn<any>;
  readonly selector: Selector;
  /** The cause it serves; `null` for field handlers (any change of the field) and spies. */
  readonly reason: ChangeReason | null;
  /** The `field` option as a key path (`['spec', 'field']`): it narrows a change handler's `old`/`new`/`diff`, and suffixes the id (`fn/spec.field`) except for index handlers and sub-handlers. */
  readonly field?: readonly string[];
  readonly errors: ErrorsMode;
  readonly retries?: number;
  readonly backoff?: number;
  readonly timeout?: number;
  /** Delete handlers: best effort, no finalizer. */
  readonly optional: boolean;
  /** Resume handlers: also for objects being deleted. */
  readonly deleted: boolean;
  /** Whether a matching instance needs the finalizer (a non-optional delete handler, a daemon, a timer). */
  readonly requiresFinalizer: boolean;
  readonly filters: HandlerFilters;
  readonly param?: unknown;
  /** Daemons and timers: seconds (or a function of the context) before the first run. */
  readonly initialDelay?: InitialDelay;
  /** Daemons: seconds between setting `stopped` and aborting `signal`. */
  readonly cancellationBackoff?: number;
  /** Daemons: seconds after aborting `signal` before the daemon is abandoned. */
  readonly cancellationTimeout?: number;
  /** Daemons: seconds between checks while waiting for a daemon without a timeout to exit. */
  readonly cancellationPolling?: number;
  /** Timers: seconds between runs. */
  readonly interval?: number;
  /** Timers: seconds without an essential change before a run. */
  readonly idle?: number;
  /** Timers: runs stay on a grid of `interval`. */
  readonly sharp?: boolean;
}

/** A registered activity (immutable, normalized). */
export interface ActivityHandler {
  readonly kind: ActivityKind;
  readonly id: string;
  readonly fn: ActivityHandlerFn;
  readonly errors: ErrorsMode;
  readonly retries?: number;
  readonly backoff?: number;
  readonly timeout?: number;
  readonly param?: unknown;
}

/**
 * The part of a patch a handler writes into: a JSON merge patch with views (`null` deletes). Assigning a
 * whole view merges the object into the patch (`patch.metadata = { labels: { a: 'b' } }` sets that label);
 * `null` deletes the field; anything else throws, saying how.
 */
export interface HandlerPatch {
  get spec(): Record<string, any>;
  set spec(value: Record<string, any> | null);
  get status(): Record<string, any>;
  set status(value: Record<string, any> | null);
  get metadata(): Record<string, any> & { labels: Record<string, any>; annotations: Record<string, any> };
  set metadata(value: Record<string, any> | null);
  get meta(): Record<string, any> & { labels: Record<string, any>; annotations: Record<string, any> };
  set meta(value: Record<string, any> | null);
  get labels(): Record<string, any>;
  set labels(value: Record<string, any> | null);
  get annotations(): Record<string, any>;
  set annotations(value: Record<string, any> | null);
  /** Transformations of the freshest body that become JSON-patch operations. */
  readonly fns: ((body: Record<string, unknown>) => void)[];
}

/** One change between the old and the new essence. */
export interface DiffItem {
  readonly op: 'add' | 'change' | 'remove';
  readonly path: readonly string[];
  readonly old: unknown;
  readonly new: unknown;
}

/** A watch event as spies see it; `type` is `null` for objects of the initial listing. */
export interface HandlerEvent<B extends KubeObject = KubeObject> {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | null;
  readonly object: B;
}

/** What every resource handler receives (one object). */
export interface HandlerContext<B extends KubeObject = KubeObject> {
  readonly id: string;
  readonly resource: Resource;
  readonly body: B;
  /** The object's spec (`{}` when it has none); typed for typed resources. */
  readonly spec: HandlerSpec<B>;
  readonly meta: B['metadata'];
  /** The object's status (`{}` when it has none); typed for typed resources. */
  readonly status: HandlerStatus<B>;
  readonly name: string | undefined;
  readonly namespace: string | undefined;
  readonly uid: string | undefined;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly patch: HandlerPatch;
  readonly logger: Logger;
  readonly memo: Record<string, any>;
  /** Change handlers: the cause. */
  readonly reason?: ChangeReason;
  /** Change handlers: the old essence (or the field's old value for field handlers). */
  readonly old?: unknown;
  /** Change handlers: the new essence (or the field's new value). */
  readonly new?: unknown;
  /** Change handlers: the differences (reduced to the field for field handlers). */
  readonly diff?: readonly DiffItem[];
  /** Spies: the raw event. */
  readonly event?: HandlerEvent<B>;
  /** Spies: the event type (`null` for the initial listing). */
  readonly type?: HandlerEvent['type'];
  /** Attempts before this one for the current change (0-based). */
  readonly retry: number;
  /** When the first attempt for the current change started. */
  readonly started: Date;
  /** Seconds since {@link HandlerContext.started}. */
  readonly runtime: number;
  readonly param?: unknown;
  /** Aborted when the operator stops (daemons and timers: when they are cancelled; see `stopped`). */
  readonly signal: AbortSignal;
  /** Daemons and timers: set when they are asked to stop, with the reason. */
  readonly stopped?: DaemonStopped;
  /** Every index of the operator (`on.index`), by index id. */
  readonly indices: Indices;
  /**
   * The operator's own API client (the runtime's connection): objects by selector in this object's
   * namespace, and `createOrAdopt` for children owned by this object. See {@link HandlerClient}.
   */
  readonly client: HandlerClient;
}

/**
 * Why a daemon or timer is being stopped (Kopf's `DaemonStoppingReason`). The first reason says why
 * the stop was requested; `signalled`, `cancelled` and `abandoned` follow as the stop escalates, and
 * `done` once it has exited.
 */
export type DaemonStoppingReason =
  | 'done' | 'filters-mismatch' | 'resource-deleted' | 'operator-pausing' | 'operator-exiting'
  | 'signalled' | 'cancelled' | 'abandoned';

/**
 * The stop flag a daemon or timer receives as `stopped`.
 *
 * @example
 * ```ts
 * on.daemon('kopfexamples', async function monitor({ stopped, logger }) {
 *   while (!stopped.isSet) {
 *     logger.info('ping');
 *     await stopped.wait(5); // wakes at once when the daemon is asked to stop
 *   }
 *   logger.info(`stopping: ${stopped.reason}`);
 * });
 * ```
 */
export interface DaemonStopped {
  /** Whether a stop was requested (or the daemon is done). */
  readonly isSet: boolean;
  /** Why the stop was requested; `undefined` while running. */
  readonly reason: DaemonStoppingReason | undefined;
  /** Every reason so far, in order (e.g. `['resource-deleted', 'signalled', 'cancelled']`). */
  readonly reasons: readonly DaemonStoppingReason[];
  /** Aborted when the stop is requested (the graceful step; the context's `signal` is the forced one). */
  readonly signal: AbortSignal;
  /** Resolves `true` as soon as a stop is requested, or `false` after `seconds` (never, without). */
  wait(seconds?: number): Promise<boolean>;
}

/** What daemons and timers receive: a handler context whose body views are live, plus `stopped`. */
export type DaemonContext<B extends KubeObject = KubeObject> = HandlerContext<B> & { readonly stopped: DaemonStopped };

/** What activities receive. */
export interface ActivityContext {
  readonly id: string;
  readonly activity: ActivityKind;
  readonly settings: unknown;
  readonly memo: Record<string, any>;
  readonly logger: Logger;
  readonly retry: number;
  readonly started: Date;
  readonly runtime: number;
  readonly param?: unknown;
  readonly signal: AbortSignal;
  /** Every index of the operator (`on.index`), by index id; partial before the first listing is indexed. */
  readonly indices: Indices;
  /** The operator's own API client (the runtime's connection). See {@link HandlerClient}. */
  readonly client: HandlerClient;
}

/** What filter predicates receive: the handler's context as far as it is known when filtering. */
export type FilterContext = Partial<HandlerContext> & { readonly body: KubeObject };

/** The outcome of invoking a handler once. Core records it and decides what happens next. */
export type InvocationOutcome =
  /** Returned normally; `result` goes to `status[<id>]`; sub-handlers registered during the call. */
  | { readonly kind: 'success'; readonly result: unknown; readonly subhandlers: readonly ResourceHandler[] }
  /** TemporaryError: retry after `delay` seconds. */
  | { readonly kind: 'temporary'; readonly error: unknown; readonly delay: number }
  /** An arbitrary error in `errors: 'temporary'` mode: retry after `delay` (the backoff). */
  | { readonly kind: 'exception'; readonly error: unknown; readonly delay: number }
  /** PermanentError, or an arbitrary error in `errors: 'permanent'` mode, or retries used up. */
  | { readonly kind: 'permanent'; readonly error: unknown }
  /** An arbitrary error in `errors: 'ignored'` mode: the handler counts as done. */
  | { readonly kind: 'ignored'; readonly error: unknown }
  /** The handler's `timeout` is over. */
  | { readonly kind: 'timeout'; readonly error: unknown };

/** Where `events.*` post to; core supplies one while an operator runs. */
export interface EventSink {
  post(body: KubeObject, event: { readonly type: string; readonly reason: string; readonly message: string }): void;
  /** Whether an event of `type` (Normal, Warning, Error, Debug) would be posted now. Optional: without it, every type would. */
  posts?(type: string): boolean;
}
