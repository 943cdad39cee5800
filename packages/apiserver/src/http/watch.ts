// Watch streams: one NDJSON response per watch, written and flushed per event. A watch starts from a
// synthetic snapshot (RV unset/0, or sendInitialEvents) or from the bounded history (RV N), then follows
// the store's commits live. Selector transitions become ADDED/DELETED; bookmarks go only to watches
// that asked; a too-old RV (or one ahead of the server, see http/resourceVersion.ts) is answered with 200
// plus one ERROR Status 410 and the stream closes.
import type { ServerResponse } from 'node:http';
import { stringifyJson } from '@opkit/json';
import { StatusError, statusBody } from '../errors.js';
import { aheadOnWatch, parseResourceVersion } from './resourceVersion.js';
import { arrangeObject } from '../resources/keyOrder.js';
import { apiVersionOf } from '../resources/types.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { ObjectStore, StoreEvent } from '../storage/index.js';

/** Events held per watch during a stall before the watch is ended instead. */
const MAX_HELD_EVENTS = 10_000;

/** What a watch request asked for. */
export interface WatchRequest {
  type: ResourceType;
  namespace: string | undefined;
  /** Single-object watch (legacy /watch/…/NAME). */
  name?: string;
  matches: ((obj: KubeObject) => boolean) | undefined;
  /** resourceVersion query value ('' when unset). */
  resourceVersion: string;
  allowBookmarks: boolean;
  sendInitialEvents: boolean;
  timeoutSeconds: number | undefined;
  /** Stored → served conversion. */
  served: (obj: KubeObject) => KubeObject;
  /** When the client asked for Tables: served object → Table (with column definitions or without). */
  table?: (obj: KubeObject, withColumns: boolean) => KubeObject;
}

/** A live watch connection. */
export class WatchSession {
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private columnsSent = false;
  private held: string[] = [];

  constructor(
    readonly request: WatchRequest,
    private readonly res: ServerResponse,
    private readonly manager: WatchManager,
  ) {}

  /** Whether the object (stored form) is in this watch's scope and selectors. */
  private inScope(stored: KubeObject | undefined): boolean {
    if (!stored) return false;
    const r = this.request;
    const meta = stored.metadata ?? {};
    if (r.namespace !== undefined && meta.namespace !== r.namespace) return false;
    if (r.name !== undefined && meta.name !== r.name) return false;
    return r.matches ? r.matches(r.served(stored)) : true;
  }

  /**
   * Delivers one committed event, translating selector transitions. `memo` caches the served JSON of
   * the event's object per served type, so N watchers of one type serialize it once.
   */
  deliver(event: StoreEvent, memo?: Map<string, string>): void {
    if (this.closed) return;
    const now = this.inScope(event.object);
    let type: string | undefined;
    if (event.type === 'ADDED') {
      if (now) type = 'ADDED';
    } else if (event.type === 'DELETED') {
      if (now || this.inScope(event.previous)) type = 'DELETED';
    } else {
      const before = this.inScope(event.previous);
      if (before && now) type = 'MODIFIED';
      else if (!before && now) type = 'ADDED';
      else if (before && !now) type = 'DELETED';
    }
    if (type !== undefined) this.send(type, event.object, memo);
  }

  /** Writes one event line; while watches are stalled the line is held (in order) instead. */
  send(type: string, stored: KubeObject, memo?: Map<string, string>): void {
    if (this.closed) return;
    const t = this.request.type;
    const table = this.request.table;
    const withColumns = table !== undefined && !this.columnsSent;
    const key = `${t.group}/${t.version}/${t.plural}${table ? (withColumns ? '|table+' : '|table') : ''}`;
    let json = memo?.get(key);
    if (json === undefined) {
      const served = this.request.served(stored);
      json = stringifyJson(table ? table(served, withColumns) : served);
      memo?.set(key, json);
    }
    if (table) this.columnsSent = true;
    this.write(`{"type":${JSON.stringify(type)},"object":${json}}\n`);
  }

  private write(line: string): void {
    if (this.manager.stalled()) {
      // A stall models a hung connection: nothing arrives, nothing is lost.
      this.held.push(line);
      if (this.held.length > MAX_HELD_EVENTS) this.end();
      return;
    }
    this.flushHeld();
    this.res.write(line);
  }

  /** Delivers the events held during a stall, in order (once the stall is over). */
  flushHeld(): void {
    if (this.closed || this.held.length === 0 || this.manager.stalled()) return;
    const lines = this.held;
    this.held = [];
    this.res.write(lines.join(''));
  }

  /** Writes a BOOKMARK at `rv` (only when the client allowed bookmarks). */
  bookmark(rv: number, annotations?: Record<string, string>): void {
    if (this.closed || !this.request.allowBookmarks || this.manager.stalled()) return;
    const t = this.request.type;
    const metadata: Record<string, any> = { resourceVersion: String(rv) };
    if (annotations) metadata.annotations = annotations;
    this.flushHeld();
    // The bookmark object is encoded like any object of the type (a custom resource's keys sorted).
    this.res.write(`${stringifyJson({ type: 'BOOKMARK', object: arrangeObject(t, { kind: t.kind, apiVersion: apiVersionOf(t), metadata }) })}\n`);
  }

  /** Starts the stream: headers, initial events or replay, timeout. Returns false if it ended at once. */
  start(store: ObjectStore): boolean {
    this.res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
    this.res.flushHeaders();
    const r = this.request;
    const current = store.resourceVersion;
    const from = parseResourceVersion(r.resourceVersion);
    if (r.sendInitialEvents || from === undefined) {
      for (const obj of store.list(r.type.storageKey, r.namespace)) if (this.inScope(obj)) this.send('ADDED', obj);
      if (r.sendInitialEvents) this.bookmark(current, { 'k8s.io/initial-events-end': 'true' });
    } else {
      const replay = from > current ? aheadOnWatch(from, current) : store.history.since(r.type.storageKey, from);
      if (replay === 'expired' || replay instanceof StatusError) {
        const oldest = store.history.oldestResumable(r.type.storageKey);
        const status = replay instanceof StatusError ? replay.toStatus() : statusBody(410, 'Expired', `too old resource version: ${from} (${oldest})`);
        this.res.write(`${stringifyJson({ type: 'ERROR', object: status })}\n`);
        this.end();
        return false;
      }
      for (const ev of replay) this.deliver(ev);
    }
    const timeout = r.timeoutSeconds !== undefined && r.timeoutSeconds > 0 ? r.timeoutSeconds : 1800 + Math.floor(Math.random() * 1800);
    this.timer = setTimeout(() => {
      this.bookmark(store.resourceVersion);
      this.end();
    }, timeout * 1000);
    this.timer.unref();
    return true;
  }

  /** Ends the stream cleanly. */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.manager.remove(this);
    this.res.end();
  }

  /** Forgets the session after its connection closed (client went away). */
  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.manager.remove(this);
    this.res.destroy();
  }
}

/**
 * Every open watch, fed by the store's commits.
 *
 * @example
 * const watches = new WatchManager(store, { bookmarkIntervalMs: 60_000, stalled: () => false });
 * watches.open(request, res);
 */
export class WatchManager {
  private readonly byKey = new Map<string, Set<WatchSession>>();
  private readonly unsubscribe: () => void;
  private readonly bookmarkTimer: NodeJS.Timeout;
  private count = 0;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: { bookmarkIntervalMs: number; stalled: () => boolean },
  ) {
    this.unsubscribe = store.subscribe((event) => {
      const sessions = this.byKey.get(event.storageKey);
      if (!sessions || sessions.size === 0) return;
      const memo = new Map<string, string>();
      for (const s of [...sessions]) s.deliver(event, memo);
    });
    this.bookmarkTimer = setInterval(() => this.bookmarkAll(), Math.max(10, options.bookmarkIntervalMs));
    this.bookmarkTimer.unref();
  }

  /** Whether watches must currently receive nothing. */
  stalled(): boolean {
    return this.options.stalled();
  }

  /** Number of open watches. */
  get open(): number {
    return this.count;
  }

  /** Opens a watch on `res`. */
  start(request: WatchRequest, res: ServerResponse): WatchSession {
    const session = new WatchSession(request, res, this);
    let set = this.byKey.get(request.type.storageKey);
    if (!set) {
      set = new Set();
      this.byKey.set(request.type.storageKey, set);
    }
    set.add(session);
    this.count++;
    res.on('close', () => session.destroy());
    session.start(this.store);
    return session;
  }

  /** Forgets a session (called by the session itself). */
  remove(session: WatchSession): void {
    const set = this.byKey.get(session.request.type.storageKey);
    if (set?.delete(session)) this.count--;
  }

  /** Delivers the events every session held while watches were stalled. */
  flushHeld(): void {
    for (const set of this.byKey.values()) for (const s of set) s.flushHeld();
  }

  /** Sends a bookmark to every watch that allows them. */
  bookmarkAll(): void {
    const rv = this.store.resourceVersion;
    for (const set of this.byKey.values()) for (const s of set) s.bookmark(rv);
  }

  /** Ends (cleanly) every watch of a storage key (its CRD is gone). */
  endStorageKey(storageKey: string): void {
    for (const s of [...(this.byKey.get(storageKey) ?? [])]) s.end();
  }

  /** Ends every watch connection (fault injection): a clean end, as a real server closing a watch. Returns how many it ended. */
  dropAll(): number {
    let dropped = 0;
    for (const set of [...this.byKey.values()]) {
      for (const s of [...set]) {
        s.end();
        dropped++;
      }
    }
    return dropped;
  }

  /** Ends every watch and stops the bookmark timer. */
  close(): void {
    clearInterval(this.bookmarkTimer);
    this.unsubscribe();
    for (const set of [...this.byKey.values()]) for (const s of [...set]) s.end();
  }
}
