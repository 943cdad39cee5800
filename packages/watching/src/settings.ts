// Why this file exists: every tunable of a resource stream in one typed object, with its default
// stated once (TSDoc) and filled in once (resolveWatchSettings), so that tests can shrink timeouts.

import { systemClock } from '@opkit/tasks';
import type { Clock } from '@opkit/tasks';
import { checkRange } from './errors.js';

/** Settings of a resource stream. Every field is optional; see its default. */
export interface WatchSettings {
  /** Reconnect a watch that delivered nothing (no event, no bookmark) for this long, in ms. @defaultValue 70000 */
  inactivityTimeoutMs?: number;
  /**
   * The server's bookmark interval, in ms, if known. Once a watch has seen a bookmark, one that then
   * delivers neither events nor bookmarks for twice this long is stalled and restarted (sooner than the
   * inactivity timeout when it is shorter). 0 learns it: the longest gap between two bookmarks seen on
   * one connection (kube-apiserver sends one about every minute; the embedded server every
   * `bookmarkIntervalMs`). @defaultValue 0 (learned)
   */
  bookmarkIntervalMs?: number;
  /**
   * Stream the initial state with WatchList (a watch with `sendInitialEvents`, where the server serves it: kube
   * 1.27+ with the WatchList feature, the embedded API server) instead of a paged list. A server that refuses it
   * (400/422), or ends the stream or sends a plain bookmark before the `k8s.io/initial-events-end` one, is
   * listed in pages from then on. @defaultValue true
   */
  watchList?: boolean;
  /** Page size of the list. @defaultValue 500 */
  pageSize?: number;
  /** Ask the server to end each watch after this many seconds (randomized up to twice as long). @defaultValue 300 */
  serverTimeoutSeconds?: number;
  /** Time allowed to open a watch or fetch a list page, in ms. @defaultValue 30000 */
  requestTimeoutMs?: number;
  /** First reconnect delay after a failure or an empty watch, in ms. @defaultValue 100 */
  backoffStartMs?: number;
  /** Largest reconnect delay, in ms. @defaultValue 30000 */
  backoffMaxMs?: number;
  /** Jitter ratio of reconnect delays (0..1). @defaultValue 0.5 */
  backoffJitter?: number;
  /** The clock for timers (tests may inject one). @defaultValue systemClock */
  clock?: Clock;
}

/** WatchSettings with every default filled in. */
export type ResolvedWatchSettings = Required<WatchSettings>;

/**
 * Fill in defaults and check ranges.
 *
 * @example
 * ```ts
 * resolveWatchSettings({ inactivityTimeoutMs: 5_000 }).pageSize; // 500
 * ```
 */
export function resolveWatchSettings(settings: WatchSettings = {}): ResolvedWatchSettings {
  return {
    inactivityTimeoutMs: checkRange('inactivityTimeoutMs', settings.inactivityTimeoutMs ?? 70_000, 1),
    bookmarkIntervalMs: checkRange('bookmarkIntervalMs', settings.bookmarkIntervalMs ?? 0, 0),
    watchList: settings.watchList ?? true,
    pageSize: checkRange('pageSize', settings.pageSize ?? 500, 1),
    serverTimeoutSeconds: checkRange('serverTimeoutSeconds', settings.serverTimeoutSeconds ?? 300, 1),
    requestTimeoutMs: checkRange('requestTimeoutMs', settings.requestTimeoutMs ?? 30_000, 1),
    backoffStartMs: checkRange('backoffStartMs', settings.backoffStartMs ?? 100, 0),
    backoffMaxMs: checkRange('backoffMaxMs', settings.backoffMaxMs ?? 30_000, settings.backoffStartMs ?? 100),
    backoffJitter: checkRange('backoffJitter', settings.backoffJitter ?? 0.5, 0, 1),
    clock: settings.clock ?? systemClock,
  };
}

/** The operator's `settings.watching` group, in seconds as in Kopf (@opkit/core validates it and fills in the defaults). */
export interface WatchingSettings {
  /** Seconds without any event or bookmark after which a watch is reconnected. @defaultValue 70 */
  inactivityTimeout: number;
  /** Seconds the server is asked to keep each watch open. @defaultValue 300 */
  serverTimeout: number;
  /** The server's bookmark interval in seconds; 0 learns it (see WatchSettings.bookmarkIntervalMs). @defaultValue 0 */
  bookmarkInterval?: number;
  /** Seconds before the first reconnect after a failure. @defaultValue 0.1 */
  reconnectBackoff: number;
  /** Objects per page of the initial listing. @defaultValue 500 */
  pageSize: number;
  /**
   * Stream the initial state with WatchList (`sendInitialEvents`) where the server supports it, falling back to the
   * paged list; `false` always lists page by page. @defaultValue true
   */
  watchList?: boolean;
}

/**
 * The operator's `settings.watching` group (seconds) as the streams take it (milliseconds).
 *
 * @example
 * ```ts
 * toWatchSettings({ inactivityTimeout: 70, serverTimeout: 300, reconnectBackoff: 0.1, pageSize: 500 }).inactivityTimeoutMs; // 70000
 * ```
 */
export function toWatchSettings(watching: WatchingSettings): WatchSettings {
  return {
    inactivityTimeoutMs: Math.round(watching.inactivityTimeout * 1000),
    serverTimeoutSeconds: Math.max(1, Math.round(watching.serverTimeout)),
    ...(watching.bookmarkInterval === undefined ? {} : { bookmarkIntervalMs: Math.round(watching.bookmarkInterval * 1000) }),
    backoffStartMs: Math.round(watching.reconnectBackoff * 1000),
    pageSize: watching.pageSize,
    ...(watching.watchList === undefined ? {} : { watchList: watching.watchList }),
  };
}
