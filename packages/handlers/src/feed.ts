// The event feed: one versioned, JSON-safe stream of what the operator does — objects seen, causes,
// handlers started/succeeded/failed/retrying with durations, daemons and timers started/stopped (and
// their lateness), patches, watch phases, posted events, log lines, and the coordination with other
// operators and replicas (peering, leadership, shards). `op dev`, metrics and tests consume only this;
// later features add members to the union (a new member is no format change; `v` changes when a
// member changes incompatibly). It lives with the handling vocabulary so that every package that
// reports on it (core, daemons, webhooks) and every consumer (health, op dev) shares one definition.
import type { LogFields, Logger } from '@opkit/tasks';
import type { LogLevel, LogObjectRef } from './logging.js';

/** A reference to the object an entry is about. */
export interface FeedObjectRef {
  /** The resource, e.g. `kopfexamples.v1.kopf.dev`. */
  readonly resource: string;
  readonly namespace?: string | undefined;
  readonly name: string;
  readonly uid?: string | undefined;
}

/** How a handler's attempt ended, as the feed reports it. */
export type FeedHandlerOutcome = 'success' | 'ignored' | 'temporary' | 'exception' | 'permanent' | 'timeout' | 'cancelled';
/** A peer in a peering object, as the feed reports it. */
export interface FeedPeer {
  readonly identity: string;
  readonly priority: number;
  /** Seconds the record stays valid after `lastseen`. */
  readonly lifetime: number;
  /** As written (Kopf's isoformat). */
  readonly lastseen: string;
  /** Opkit replicas of one operator share a group. */
  readonly group?: string | undefined;
  /** Why a manual record (op freeze --message) exists. */
  readonly message?: string | undefined;
}

/** The members of the feed, without the common fields. */
export type FeedEventInput =
  | { readonly type: 'operator'; readonly phase: 'starting' | 'ready' | 'stopping' | 'stopped' }
  | {
    readonly type: 'watch';
    /** started/stopped: the stream of a resource; synced: its first listing is delivered; the rest as the stream reports them. */
    readonly phase: 'started' | 'synced' | 'stopped' | 'listed' | 'bookmark' | 'relist' | 'reconnect' | 'stalled' | 'inactivity';
    readonly resource: string; readonly namespace?: string | undefined;
    readonly resourceVersion?: string | undefined; readonly message?: string | undefined;
  }
  | ({ readonly type: 'object-seen'; readonly event: 'LISTED' | 'ADDED' | 'MODIFIED' | 'DELETED'; readonly resourceVersion?: string | undefined } & FeedObjectRef)
  | ({ readonly type: 'object-gone' } & FeedObjectRef)
  | ({ readonly type: 'cause'; readonly reason: 'create' | 'update' | 'delete' | 'resume' | 'noop' | 'free' | 'gone' } & FeedObjectRef)
  | ({
    readonly type: 'handler'; readonly phase: 'started' | 'succeeded' | 'failed' | 'retrying';
    readonly id: string; readonly kind: string; readonly retry: number;
    /** How long the attempt took (not for `started`). */
    readonly durationMs?: number | undefined;
    /** Seconds until the next attempt (`retrying`). */
    readonly delay?: number | undefined;
    /** Timers (`started`): how many milliseconds after its scheduled time the run started. */
    readonly latenessMs?: number | undefined;
    readonly message?: string | undefined;
    /** Change handlers: the cause being handled. */
    readonly cause?: 'create' | 'update' | 'delete' | 'resume' | undefined;
    /**
     * How the attempt ended (not for `started`): `success`, `ignored` (an error counted as done), `temporary`
     * (TemporaryError), `exception` (another error, retried), `permanent`, `timeout`, or `cancelled` (a daemon or timer stopped by us).
     */
    readonly outcome?: FeedHandlerOutcome | undefined;
  } & FeedObjectRef)
  | ({
    readonly type: 'daemon';
    /** started: spawned; stopping: asked to stop (the first time); stopped: its function returned; abandoned: left running after its cancellation timeout. */
    readonly phase: 'started' | 'stopping' | 'stopped' | 'abandoned';
    readonly kind: 'daemon' | 'timer'; readonly id: string;
    /** stopping: why (`resource-deleted`, `filters-mismatch`, `operator-pausing`, `operator-exiting`). */
    readonly reason?: string | undefined;
    /** stopped: it ended by itself (returned, or failed for good) and is not restarted for this object. */
    readonly onItsOwn?: boolean | undefined;
  } & FeedObjectRef)
  | ({
    readonly type: 'patch'; readonly patchType: 'merge' | 'json'; readonly subresource?: 'status' | undefined;
    /** The HTTP status code, or 0 when the request failed without one. */
    readonly code: number; readonly durationMs: number; readonly message?: string | undefined;
  } & FeedObjectRef)
  | { readonly type: 'event-posted'; readonly object: FeedObjectRef; readonly eventType: string; readonly reason: string; readonly message: string; readonly ok: boolean }
  | { readonly type: 'log'; readonly level: 'debug' | 'info' | 'warn' | 'error'; readonly message: string; readonly object?: FeedObjectRef | undefined }
  | {
    readonly type: 'queue';
    /** Objects with events waiting for a worker slot when a cycle started. */
    readonly waiting: number;
    /** Cycles running, the one starting included. */
    readonly running: number;
    /** How long the starting object's oldest event waited, in ms. */
    readonly waitMs: number;
  }
  | {
    readonly type: 'peering';
    /** Paused by peering: the watches are closed, daemons and timers stopped. */
    readonly paused: boolean;
    /** Why: `starting` (reading the peering objects), `missing` (mandatory peering without its object), `higher-priority`, `same-priority`. */
    readonly reason?: 'starting' | 'missing' | 'higher-priority' | 'same-priority' | undefined;
    /** No peering object found and peering not mandatory: running without peering. */
    readonly standalone: boolean;
    readonly identity: string; readonly priority: number;
    /** The peering object's name. */
    readonly name: string;
    /** Each followed peering object (`resource` is `<plural>.<group>`) with its records. */
    readonly objects: readonly { readonly resource: string; readonly namespace?: string | undefined; readonly found: boolean; readonly peers: readonly FeedPeer[] }[];
  }
  | {
    readonly type: 'leadership';
    /** We lead: this replica handles objects. */
    readonly leader: boolean;
    /** The Lease's holder as last seen ('' for none). */
    readonly holder: string;
    /** `<namespace>/<name>` of the Lease. */
    readonly lease: string;
    readonly identity: string;
  }
  | {
    readonly type: 'shards';
    /** We hold our membership and handle our share. */
    readonly active: boolean;
    /** The members by which shares are handed out (our published view). */
    readonly members: readonly string[];
    /** The members alive as we see them. */
    readonly live: readonly string[];
    /** `<namespace>/<group>`. */
    readonly group: string;
    readonly identity: string;
  }
  | {
    readonly type: 'api-request';
    /** get, list, watch, create, update, patch, delete, or discovery. */
    readonly verb: string;
    /** The resource (`kopfexamples`, `kopfexamples/status`); '' for discovery. */
    readonly resource: string;
    readonly namespace?: string | undefined; readonly name?: string | undefined;
    /** The HTTP status code; 0 when the request failed without one. */
    readonly code: number; readonly durationMs: number; readonly attempt: number;
  };

/** The version of the feed's format; bumped on incompatible changes. */
export const FEED_VERSION = 1;

/**
 * One entry of the feed: a member plus the format version and the time (epoch milliseconds).
 *
 * @example
 * ```ts
 * operator.feed$.subscribe((event) => {
 *   if (event.type === 'handler' && event.phase === 'succeeded') console.log(event.id, event.durationMs);
 * });
 * ```
 */
export type FeedEvent = FeedEventInput & { readonly v: typeof FEED_VERSION; readonly ts: number };

/**
 * A logger that also reports every line on the feed, as a `log` event (with the object, for object loggers).
 * With `observed`, a line builds its event only while it says someone reads the feed (a busy operator logs
 * a line or two per timer run; nobody may be reading).
 *
 * @example
 * ```ts
 * const logger = feedLogger(createLogger(), (event) => feed.push(event));
 * ```
 */
export function feedLogger(base: Logger, emit: (event: FeedEventInput) => void, fields: LogFields = {}, observed?: () => boolean): Logger {
  return new FeedLogger(base, emit, fields, observed);
}

/** {@link feedLogger}'s logger: methods on the prototype (an operator keeps one per object with daemons). */
class FeedLogger implements Logger {
  readonly #base: Logger;
  readonly #emit: (event: FeedEventInput) => void;
  readonly #fields: LogFields;
  readonly #observed: (() => boolean) | undefined;

  constructor(base: Logger, emit: (event: FeedEventInput) => void, fields: LogFields, observed: (() => boolean) | undefined) {
    this.#base = base;
    this.#emit = emit;
    this.#fields = fields;
    this.#observed = observed;
  }

  debug(message: string, extra?: LogFields): void { this.#log('debug', message, extra); }
  info(message: string, extra?: LogFields): void { this.#log('info', message, extra); }
  warn(message: string, extra?: LogFields): void { this.#log('warn', message, extra); }
  error(message: string, extra?: LogFields): void { this.#log('error', message, extra); }

  child(more: LogFields): Logger {
    return new FeedLogger(this.#base.child(more), this.#emit, { ...this.#fields, ...more }, this.#observed);
  }

  /** Enabled while the feed is read (every level goes to it), else as the base logger says. */
  isEnabled(level: LogLevel): boolean {
    return this.#observed === undefined || this.#observed() || (this.#base.isEnabled?.(level) ?? true);
  }

  #log(level: LogLevel, message: string, extra: LogFields | undefined): void {
    if (this.#observed === undefined || this.#observed()) {
      const object = (extra?.object ?? this.#fields.object) as LogObjectRef | undefined;
      const ref: FeedObjectRef | undefined = object?.name ? { resource: object.resource ?? `${object.kind ?? ''}`, namespace: object.namespace, name: object.name, uid: object.uid } : undefined;
      this.#emit({ type: 'log', level, message, object: ref });
    }
    this.#base[level](message, extra);
  }
}
