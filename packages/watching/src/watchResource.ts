// Why this file exists: the resource stream every operator stands on. It streams the initial state with
// WatchList where the server serves it (else lists it in pages), watches from the state's resourceVersion with bookmarks, resumes from the last seen version, relists on 410 (or 504 ResourceVersionTooLarge)
// emitting only real differences, restarts a stalled stream (no events or bookmarks for twice the bookmark
// interval, once bookmarks are known to come) or a silent one after an inactivity timeout, backs off
// with jitter, never gives up while subscribed, and closes its connection the moment it is dropped.

import { ExponentialBackOff, noopLogger, sleep } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { apiError, GoneError, KubeApiError, objectKey, resourceName, ServerError, TooManyRequestsError } from '@opkit/kube';
import type { KubeClient, KubeObject, KubeStatus, Resource } from '@opkit/kube';
import type { Observable } from 'rxjs';
import { WatchingError } from './errors.js';
import { fromAbortable } from './fromAbortable.js';
import type { Emit } from './fromAbortable.js';
import { KnownObjects } from './internal/knownObjects.js';
import { resolveWatchSettings } from './settings.js';
import type { ResolvedWatchSettings, WatchSettings } from './settings.js';

/** An object event. `initial` is true for objects delivered by the first list of the stream. */
export interface ObjectEvent<T = KubeObject> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: T;
  initial: boolean;
}

/** Emitted once, after the first list has been delivered. `namespace` tells which stream (in merged streams). */
export interface SyncedEvent {
  type: 'SYNCED';
  namespace?: string | undefined;
}

/** What a resource stream emits. */
export type WatchEvent<T = KubeObject> = ObjectEvent<T> | SyncedEvent;

/** Options of {@link watchResource}. */
export interface WatchResourceOptions {
  /** Watch one namespace; omitted watches a namespaced resource in all namespaces. */
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  settings?: WatchSettings | undefined;
  /** Ends the stream (it completes) when aborted. */
  signal?: AbortSignal | undefined;
  /** Where reconnects and failures are reported. @defaultValue noopLogger */
  logger?: Logger | undefined;
  /** Told of the stream's life: each list, bookmark, 410 relist, reconnect after a failure, restart of a stalled watch, and reconnect after silence. */
  onPhase?: ((phase: WatchPhase) => void) | undefined;
}

/** What happens in a stream's life, for observers (an operator's event feed). */
export interface WatchPhase {
  /**
   * `stalled`: neither events nor bookmarks for twice the bookmark interval on a watch that had sent
   * bookmarks (restarted from the last resourceVersion); `inactivity`: nothing for the inactivity timeout.
   */
  readonly phase: 'listed' | 'bookmark' | 'relist' | 'reconnect' | 'stalled' | 'inactivity';
  readonly namespace?: string | undefined;
  readonly resourceVersion?: string | undefined;
  /** For `reconnect`: what failed. */
  readonly message?: string | undefined;
}

/**
 * Whether a watch failed because its resourceVersion is ahead of the server: kube-apiserver's 504 Timeout
 * with the cause ResourceVersionTooLarge (a server that lost its state, or a watch cache that did not catch
 * up within 3 s). Resuming from that version cannot succeed, so the stream relists, as client-go does.
 */
function isResourceVersionTooLarge(error: unknown): boolean {
  return error instanceof KubeApiError && error.status === 504 && (error.body.details?.causes ?? []).some((cause) => cause.reason === 'ResourceVersionTooLarge');
}

/**
 * A never-ending stream of a resource's events: ADDED for the initial list (initial: true), then
 * SYNCED, then ADDED/MODIFIED/DELETED as they happen.
 *
 * Guarantees: the last event seen for an object reflects the server's latest state once the stream
 * catches up; deletions are never missed (a relist after 410 synthesizes DELETED with a metadata-only
 * body); unsubscribing closes the HTTP connection immediately.
 * Caveats: events may be delayed by reconnect backoff; a DELETED synthesized by a relist carries only
 * metadata (name, namespace, uid, resourceVersion, labels, finalizers, ownerReferences…).
 *
 * @example
 * ```ts
 * watchResource(client, kopfexamples, { namespace: 'default' }).subscribe((event) => console.log(event.type));
 * ```
 */
export function watchResource<T extends KubeObject = KubeObject>(client: KubeClient, resource: Resource, options: WatchResourceOptions = {}): Observable<WatchEvent<T>> {
  const settings = resolveWatchSettings(options.settings);
  return fromAbortable<WatchEvent<T>>(async (emit, signal) => {
    const linked = options.signal ? AbortSignal.any([signal, options.signal]) : signal;
    const stream = new ResourceStream(client, resource, options, settings, emit as Emit<WatchEvent>);
    try {
      await stream.run(linked);
    } catch (error) {
      if (!linked.aborted) throw error;
    }
  });
}

/** The state a WatchList stream delivers before its initial-events-end bookmark. */
interface InitialEvents {
  /** Keys of the objects delivered so far (the rest of what is known is swept at the bookmark). */
  readonly seen: Set<string>;
  /** Whether these are the stream's first objects (their events are `initial`). */
  readonly initial: boolean;
  /** The initial-events-end bookmark arrived. */
  done: boolean;
}

/** The annotation of the bookmark that ends a WatchList stream's initial events. */
const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

/** The server does not serve WatchList streams: the stream lists in pages from then on. */
class WatchListUnsupported extends Error {}

/** Whether a refused watch says that the server does not take `sendInitialEvents` (kube's 422 without the feature, or a 400). */
function refusesWatchList(error: unknown): boolean {
  return error instanceof KubeApiError && (error.status === 422 || error.status === 400);
}

interface WatchPosition {
  /** Where to resume; undefined means relist. */
  resourceVersion: string | undefined;
  /** At least one line arrived on the current connection. */
  progressed: boolean;
}

/** The shortest stall window, whatever the bookmark interval: a busy event loop must not look like a stall. */
const MIN_STALL_MS = 1000;
/** How many windows in a row a silence timer that fired late (this process stalled) grants the stream. */
const LATE_WINDOWS = 3;

class ResourceStream {
  readonly #known = new KnownObjects();
  readonly #logger: Logger;
  #synced = false;
  /** The server's bookmark interval: configured, else the longest gap between two bookmarks seen on one connection. */
  #bookmarkIntervalMs: number | undefined;
  /** A bookmark was seen on this stream: the server sends them, so their absence means a stall. */
  #bookmarksSeen = false;
  /** Whether to ask for WatchList streams: until the server shows that it does not serve them. */
  #watchList: boolean;

  constructor(
    private readonly client: KubeClient,
    private readonly resource: Resource,
    private readonly options: WatchResourceOptions,
    private readonly settings: ResolvedWatchSettings,
    private readonly emit: Emit<WatchEvent>,
  ) {
    this.#logger = (options.logger ?? noopLogger).child({ resource: resourceName(resource), namespace: options.namespace });
    this.#bookmarkIntervalMs = settings.bookmarkIntervalMs > 0 ? settings.bookmarkIntervalMs : undefined;
    this.#watchList = settings.watchList;
  }

  /** How long a watch may be silent: twice the bookmark interval once bookmarks are known to come, else the inactivity timeout. */
  #silenceLimit(): { readonly ms: number; readonly stall: boolean } {
    const stallMs = this.#bookmarksSeen && this.#bookmarkIntervalMs !== undefined ? Math.max(2 * this.#bookmarkIntervalMs, MIN_STALL_MS) : Infinity;
    return stallMs < this.settings.inactivityTimeoutMs ? { ms: stallMs, stall: true } : { ms: this.settings.inactivityTimeoutMs, stall: false };
  }

  /** Learn the bookmark interval from the gaps between bookmarks of one connection (the longest, to never stall early). */
  #sawBookmark(now: number, previous: number | undefined): void {
    this.#bookmarksSeen = true;
    if (this.settings.bookmarkIntervalMs > 0 || previous === undefined) return;
    this.#bookmarkIntervalMs = Math.max(this.#bookmarkIntervalMs ?? 0, now - previous);
  }

  async run(signal: AbortSignal): Promise<void> {
    const { clock } = this.settings;
    const backoff = new ExponentialBackOff({ start: this.settings.backoffStartMs, max: this.settings.backoffMaxMs, jitter: this.settings.backoffJitter });
    // Updated by every event and bookmark as it is delivered, so that a connection failing half-way
    // resumes after the last event delivered (never replays it).
    const position: WatchPosition = { resourceVersion: undefined, progressed: false };
    while (!signal.aborted) {
      try {
        // Without a resourceVersion the state is (re)read: streamed by a WatchList watch, or listed in pages.
        let initial: InitialEvents | undefined;
        if (position.resourceVersion === undefined) {
          if (this.#watchList) initial = { seen: new Set(), initial: !this.#synced, done: false };
          else position.resourceVersion = await this.#relist(signal);
        }
        position.progressed = false;
        try {
          await this.#watch(position, signal, initial);
        } catch (error) {
          if (!(error instanceof WatchListUnsupported) || signal.aborted) throw error;
          this.#watchList = false;
          this.#logger.info('the server does not stream the initial state (WatchList); listing it in pages', { reason: error.message });
          continue;
        }
        if (position.progressed) {
          backoff.reset();
          continue;
        }
        await sleep(backoff.next(), { signal, clock });
      } catch (error) {
        if (signal.aborted) return;
        if (position.progressed) backoff.reset();
        if (error instanceof GoneError || isResourceVersionTooLarge(error)) {
          this.#logger.info(error instanceof GoneError ? 'resourceVersion expired; relisting' : 'resourceVersion ahead of the server (it lost its state); relisting', { resourceVersion: position.resourceVersion });
          this.#phase({ phase: 'relist', resourceVersion: position.resourceVersion });
          position.resourceVersion = undefined;
        } else {
          this.#logger.warn('stream failed; reconnecting with backoff', { error: (error as Error).message, resourceVersion: position.resourceVersion });
          this.#phase({ phase: 'reconnect', resourceVersion: position.resourceVersion, message: (error as Error).message });
        }
        const hinted = error instanceof TooManyRequestsError || error instanceof ServerError ? error.retryAfterMs : undefined;
        await sleep(Math.max(hinted ?? 0, backoff.next()), { signal, clock });
      }
    }
  }

  /** List every page, emit differences against what was delivered, return the list's resourceVersion. */
  async #relist(signal: AbortSignal): Promise<string> {
    const seen = new Set<string>();
    let resourceVersion = '';
    const initial = !this.#synced;
    for await (const page of this.client.list(this.resource, this.#listOptions(signal))) {
      resourceVersion = page.resourceVersion;
      for (const object of page.items) {
        seen.add(objectKey(object));
        for (const difference of this.#known.compare(object)) this.emit({ ...difference, initial: initial && difference.type !== 'DELETED' });
        if (signal.aborted) return resourceVersion;
      }
    }
    this.#listed(seen, resourceVersion, 'list');
    return resourceVersion;
  }

  /** The whole state was read (`seen`, as of `resourceVersion`): synthesize DELETED for the rest, then SYNCED once. */
  #listed(seen: ReadonlySet<string>, resourceVersion: string, via: 'list' | 'watch-list'): void {
    for (const object of this.#known.sweep(seen)) this.emit({ type: 'DELETED', object, initial: false });
    if (!this.#synced) {
      this.#synced = true;
      this.emit({ type: 'SYNCED', namespace: this.options.namespace });
    }
    this.#logger.debug('listed', { objects: seen.size, resourceVersion, via });
    this.#phase({ phase: 'listed', resourceVersion });
  }

  /** One object of a WatchList stream's initial state: emit its difference against what was delivered. */
  #initialObject(initial: InitialEvents, type: 'ADDED' | 'MODIFIED' | 'DELETED', object: KubeObject): void {
    const key = objectKey(object);
    if (type === 'DELETED') {
      initial.seen.delete(key);
      this.#known.forget(object);
      this.emit({ type, object, initial: false });
      return;
    }
    initial.seen.add(key);
    for (const difference of this.#known.compare(object)) this.emit({ ...difference, initial: initial.initial && difference.type !== 'DELETED' });
  }

  /**
   * One watch connection, from `resourceVersion` until the server ends it, it stalls, or an error. With
   * `initial`, a WatchList stream: the state first, as of the initial-events-end bookmark's resourceVersion
   * (a server that shows it does not serve WatchList throws {@link WatchListUnsupported}).
   */
  async #watch(position: WatchPosition, signal: AbortSignal, initial?: InitialEvents): Promise<void> {
    const { clock, inactivityTimeoutMs, serverTimeoutSeconds, requestTimeoutMs } = this.settings;
    const connection = new AbortController();
    const linked = AbortSignal.any([signal, connection.signal]);
    let stalled: { readonly ms: number; readonly stall: boolean } | undefined;
    let timer: unknown;
    let lastBookmarkAt: number | undefined;
    // When the silence timer fires late by more than half its window, this process was not running (a loaded
    // machine, a long GC pause): what the stream sent meanwhile is still unread, so the silence may be ours,
    // not the server's. It gets another window, at most LATE_WINDOWS times in a row; an event resets the count.
    let lateWindows = 0;
    // The silence window runs from the last event. An event only notes its time (`heard`); the timer, when it
    // fires, moves itself to the end of the window of the last event heard meanwhile. A timer cleared and
    // set again per event was a measurable part of a restart's initial state (thousands of events at once).
    let heardAt = clock.now();
    let limit = this.#silenceLimit();
    let due = heardAt + limit.ms;
    const schedule = (ms: number): void => {
      timer = clock.setTimeout(expire, ms);
    };
    const expire = (): void => {
      const now = clock.now();
      if (heardAt + limit.ms > due) {
        // Something came meanwhile: a new window from it (the late-window count restarts with an event).
        lateWindows = 0;
        due = heardAt + limit.ms;
        if (due > now) return schedule(due - now);
      }
      if (now - due > limit.ms / 2 && lateWindows < LATE_WINDOWS) {
        lateWindows += 1;
        due = now + limit.ms;
        return schedule(limit.ms);
      }
      stalled = limit;
      connection.abort(new WatchingError('stalled', `no watch event or bookmark for ${limit.ms} ms`));
    };
    const heard = (): void => {
      heardAt = clock.now();
    };
    /** A bookmark may change the window (its period is learned from bookmarks): the timer is set anew. */
    const rearm = (): void => {
      clock.clearTimeout(timer);
      heard();
      lateWindows = 0;
      limit = this.#silenceLimit();
      due = heardAt + limit.ms;
      schedule(limit.ms);
    };
    schedule(limit.ms);
    try {
      const stream = await this.client
        .watch(this.resource, {
          ...this.#listOptions(linked),
          resourceVersion: position.resourceVersion,
          allowWatchBookmarks: true,
          ...(initial ? { sendInitialEvents: true } : {}),
          timeoutSeconds: Math.round(serverTimeoutSeconds * (1 + Math.random())),
          timeoutMs: requestTimeoutMs,
        })
        .catch((error: unknown) => {
          throw initial && refusesWatchList(error) ? new WatchListUnsupported(`the watch was refused: ${(error as Error).message}`) : error;
        });
      try {
        for await (const event of stream) {
          if (initial && !initial.done && event.type !== 'ERROR') {
            heard();
            position.progressed = true;
            const object = event.object;
            if (event.type !== 'BOOKMARK') {
              this.#initialObject(initial, event.type, object);
            } else if (object.metadata?.annotations?.[INITIAL_EVENTS_END] === 'true') {
              // Not a period of the server's bookmarks: this one comes right after the state, so it is not learned from.
              const version = object.metadata?.resourceVersion ?? '';
              initial.done = true;
              this.#listed(initial.seen, version, 'watch-list');
              if (version) position.resourceVersion = version;
            } else {
              throw new WatchListUnsupported('a bookmark came before the initial-events-end bookmark');
            }
            if (signal.aborted) break;
            continue;
          }
          if (event.type === 'BOOKMARK') {
            const now = clock.now();
            this.#sawBookmark(now, lastBookmarkAt);
            lastBookmarkAt = now;
            rearm();
          } else {
            heard();
          }
          if (event.type === 'ERROR') {
            const status = event.object as KubeStatus;
            throw apiError(status.code ?? 500, status, `watch ${resourceName(this.resource)}`);
          }
          position.progressed = true;
          const object = event.object;
          const version = object.metadata?.resourceVersion;
          if (event.type === 'BOOKMARK') this.#phase({ phase: 'bookmark', resourceVersion: version });
          if (event.type !== 'BOOKMARK') {
            if (event.type === 'DELETED') this.#known.forget(object);
            else this.#known.remember(object);
            this.emit({ type: event.type, object, initial: false });
          }
          if (version) position.resourceVersion = version;
          if (signal.aborted) break;
        }
        if (initial && !initial.done && !signal.aborted) throw new WatchListUnsupported('the stream ended before the initial-events-end bookmark');
      } finally {
        stream.close();
      }
    } catch (error) {
      if (stalled && initial && !initial.done && !signal.aborted) throw new WatchListUnsupported(`no initial-events-end bookmark and no event for ${stalled.ms} ms`);
      if (stalled && !signal.aborted) {
        if (stalled.stall) {
          this.#logger.warn('watch stalled: no events or bookmarks for twice the bookmark interval; restarting it', { stalledMs: stalled.ms, bookmarkIntervalMs: this.#bookmarkIntervalMs, resourceVersion: position.resourceVersion });
          this.#phase({ phase: 'stalled', resourceVersion: position.resourceVersion, message: `no events or bookmarks for ${stalled.ms} ms; bookmarks come every ${this.#bookmarkIntervalMs} ms` });
        } else {
          this.#logger.warn('watch went silent; reconnecting', { inactivityTimeoutMs, resourceVersion: position.resourceVersion });
          this.#phase({ phase: 'inactivity', resourceVersion: position.resourceVersion });
        }
        position.progressed = true;
        return;
      }
      throw error;
    } finally {
      clock.clearTimeout(timer);
    }
  }

  #phase(phase: WatchPhase): void {
    this.options.onPhase?.({ ...phase, namespace: this.options.namespace });
  }

  #listOptions(signal: AbortSignal): { namespace?: string; labelSelector?: string; fieldSelector?: string; limit: number; signal: AbortSignal; timeoutMs: number } {
    const { namespace, labelSelector, fieldSelector } = this.options;
    return {
      ...(this.resource.namespaced && namespace ? { namespace } : {}),
      ...(labelSelector ? { labelSelector } : {}),
      ...(fieldSelector ? { fieldSelector } : {}),
      limit: this.settings.pageSize,
      signal,
      timeoutMs: this.settings.requestTimeoutMs,
    };
  }
}
