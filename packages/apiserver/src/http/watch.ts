// Watch streams: one NDJSON response per watch. A watch starts from a synthetic snapshot (RV unset/0,
// or sendInitialEvents) or from the bounded history (RV N), then follows the store's commits live.
// Selector transitions become ADDED/DELETED; bookmarks go only to watches that asked; a too-old RV is
// answered with 200 plus one ERROR Status 410 (one ahead of the server: ERROR 504, see
// http/resourceVersion.ts) and the stream closes.
//
// Every stream is bounded. It honours the socket's backpressure: when a write reports a full buffer the
// session stops producing and goes on at 'drain', so a replay of every stored object is produced as the
// client reads it (the snapshot is a list of references, walked lazily), never queued in memory. Live
// events that arrive while a session cannot write wait in a per-session queue of shared lines (each
// event is serialised once for every watcher of its type); a watcher whose queue outgrows its bound, or
// whose socket stays full with events waiting for longer than the unresponsive timeout, is closed the
// way kube-apiserver's cacher closes an unresponsive watcher, and its connection is reset (not ended: an
// end would wait behind the unread data) so that its buffers are freed; the client re-watches from the
// last resourceVersion it saw (or relists on 410).
import type { ServerResponse } from 'node:http';
import { stringifyJson } from '@opkit/json';
import { StatusError, statusBody } from '../errors.js';
import { parseResourceVersion, tooLargeResourceVersion } from './resourceVersion.js';
import { arrangeObject } from '../resources/keyOrder.js';
import { apiVersionOf, qualifiedResource } from '../resources/types.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { ObjectStore, StoreEvent } from '../storage/index.js';
import { every } from '../timers.js';
import { ConversionScope, usesWebhook } from '../conversion/conversion.js';
import type { ServerTimers } from '../timers.js';

/** How much a watch may fall behind before it is closed as unresponsive. */
export interface WatchLimits {
  /** Live events a session may hold undelivered (its socket full, its replay unfinished, or a stall). */
  maxPendingEvents: number;
  /** How long a session's socket may stay full while live events wait, before the watch is closed. */
  unresponsiveMs: number;
}

/** The bounds every watch gets unless the server is told otherwise. */
export const DEFAULT_WATCH_LIMITS: WatchLimits = { maxPendingEvents: 10_000, unresponsiveMs: 5_000 };

/** What open watches hold for clients that have not taken it yet (`ApiServer.stats().watchBacklog`). */
export interface WatchBacklog {
  /** Watches whose initial events (snapshot or history replay) are not all produced yet. */
  replaying: number;
  /** Bytes written to watch responses that their sockets have not taken yet, over all watches. */
  bytes: number;
  /** The most bytes one watch holds. */
  maxBytes: number;
  /** Live events waiting to be written, over all watches. */
  events: number;
  /** The most live events one watch holds (never above `maxPendingEvents`: the watch is closed first). */
  maxEvents: number;
}

/** Replay lines written per socket write (a replay of thousands of objects goes out in chunks of about this size). */
const REPLAY_CHUNK_BYTES = 64 * 1024;

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
  /**
   * `sendInitialEvents` (validated: with resourceVersionMatch=NotOlderThan): true streams the current state as
   * ADDED events then the initial-events-end bookmark; false starts at `resourceVersion` (the current version
   * when unset or "0"); undefined is the legacy watch (unset or "0": the current state as ADDED events).
   */
  sendInitialEvents?: boolean;
  /** `timeoutSeconds`: undefined or 0 for the server's default, negative to end at once (as kube's timer). */
  timeoutSeconds: number | undefined;
  /** Stored → served conversion. */
  served: (obj: KubeObject) => KubeObject;
  /** When the client asked for Tables: served object → Table (with column definitions or without). */
  table?: (obj: KubeObject, withColumns: boolean) => KubeObject;
}

/** The served-form key of a watch's type: watches with the same key share serialised lines. */
function servedKey(t: ResourceType): string {
  return `${t.group}/${t.version}/${t.plural}`;
}

/** A live watch connection. */
export class WatchSession {
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private columnsSent = false;
  /** Initial lines not yet produced (snapshot or history replay), produced as the socket takes them. */
  private backlog: Iterator<Buffer> | undefined;
  /** Live lines waiting behind the backlog, a full socket or a stall; `pendingHead` is the next to write. */
  private pending: (string | undefined)[] = [];
  private pendingHead = 0;
  /** The last write reported a full buffer: nothing more is written until 'drain'. */
  private blocked = false;
  private stuckTimer: NodeJS.Timeout | undefined;
  private lingerTimer: NodeJS.Timeout | undefined;
  private readonly key: string;
  /** The memo key of this watch's MODIFIED lines (the common case, built once). */
  private readonly modifiedKey: string;
  /**
   * A conversion webhook serves this watch's version: its events are converted (asynchronously, in order,
   * without holding up other watches) before they are written; these wait for that meanwhile.
   */
  private readonly converting: boolean;
  private readonly toConvert: StoreEvent[] = [];
  private convertingNow = false;
  /** The initial events are being converted: live events wait behind them. */
  private initialising = false;

  constructor(
    readonly request: WatchRequest,
    private readonly res: ServerResponse,
    private readonly manager: WatchManager,
  ) {
    this.key = servedKey(request.type) + (request.table ? '|table' : '');
    this.modifiedKey = `MODIFIED|${this.key}`;
    this.converting = usesWebhook(request.type);
  }

  /** Whether the object (stored form) is in this watch's scope and selectors. */
  private inScope(stored: KubeObject | undefined): boolean {
    if (!stored) return false;
    const r = this.request;
    const meta = stored.metadata ?? {};
    if (r.namespace !== undefined && meta.namespace !== r.namespace) return false;
    if (r.name !== undefined && meta.name !== r.name) return false;
    return r.matches ? r.matches(r.served(stored)) : true;
  }

  /** The event type this watch sees for a committed event (selector transitions), or undefined. */
  private eventType(event: StoreEvent): string | undefined {
    const now = this.inScope(event.object);
    if (event.type === 'ADDED') return now ? 'ADDED' : undefined;
    if (event.type === 'DELETED') return now || this.inScope(event.previous) ? 'DELETED' : undefined;
    const before = this.inScope(event.previous);
    if (before && now) return 'MODIFIED';
    if (!before && now) return 'ADDED';
    if (before && !now) return 'DELETED';
    return undefined;
  }

  /**
   * Delivers one committed event, translating selector transitions. `memo` caches the event's line per
   * event type and served type, so N watchers of one type serialise it once and share one string.
   */
  deliver(event: StoreEvent, memo?: Map<string, string>): void {
    if (this.closed) return;
    if (this.converting) {
      this.toConvert.push(event);
      if (this.toConvert.length > this.manager.limits.maxPendingEvents) {
        this.closeUnresponsive();
        return;
      }
      void this.convertQueued();
      return;
    }
    const type = this.eventType(event);
    if (type !== undefined) this.emit(this.line(type, event.object, memo));
  }

  /**
   * Converts the queued live events (one ConversionReview for all of them) and delivers them in order; a
   * failed conversion ends the watch with an ERROR event, as kube's watch does when it cannot decode one.
   */
  private async convertQueued(): Promise<void> {
    if (this.convertingNow || this.initialising) return;
    this.convertingNow = true;
    try {
      while (!this.closed && this.toConvert.length > 0) {
        const batch = this.toConvert.splice(0);
        const scope = new ConversionScope();
        const objects = batch.flatMap((e) => (e.previous ? [e.object, e.previous] : [e.object]));
        try {
          await scope.prepare(this.request.type, objects, this.request.type.version);
        } catch (error) {
          this.fail(error);
          return;
        }
        for (const event of batch) {
          if (this.closed) return;
          scope.within(() => {
            const type = this.eventType(event);
            if (type !== undefined) this.emit(this.line(type, event.object));
          });
        }
      }
    } finally {
      this.convertingNow = false;
    }
  }

  /** Ends the watch with an ERROR event carrying kube's InternalError Status (a conversion that failed). */
  private fail(error: unknown): void {
    if (this.closed) return;
    const message = error instanceof Error ? error.message : String(error);
    const status = statusBody(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ message }] });
    // What waits goes first, then the ERROR event, whatever the socket holds: the watch ends here. While
    // initial events are still being produced, they and the live events behind them are dropped instead
    // (the client relists after the error; it must not see changes of objects it was never shown).
    const waiting = this.backlog === undefined ? this.pending.slice(this.pendingHead).join('') : '';
    this.pending = [];
    this.pendingHead = 0;
    this.backlog = undefined;
    this.res.write(`${waiting}${stringifyJson({ type: 'ERROR', object: status })}\n`);
    this.end();
  }

  /** The NDJSON line of one event for this watch (memoised per event type and served form). */
  private line(type: string, stored: KubeObject, memo?: Map<string, string>): string {
    const table = this.request.table;
    if (table) {
      const withColumns = !this.columnsSent;
      this.columnsSent = true;
      const key = `${type}|${this.key}${withColumns ? '+' : ''}`;
      let text = memo?.get(key);
      if (text === undefined) {
        text = `{"type":${JSON.stringify(type)},"object":${stringifyJson(table(this.request.served(stored), withColumns))}}\n`;
        memo?.set(key, text);
      }
      return text;
    }
    const key = type === 'MODIFIED' ? this.modifiedKey : `${type}|${this.key}`;
    let text = memo?.get(key);
    if (text === undefined) {
      text = `{"type":${JSON.stringify(type)},"object":${stringifyJson(this.request.served(stored))}}\n`;
      memo?.set(key, text);
    }
    return text;
  }

  /** Sends one live line now, or queues it behind what this session cannot write yet (bounded). */
  private emit(line: string): void {
    if (this.backlog !== undefined || this.blocked || this.pendingHead < this.pending.length || this.manager.stalled()) {
      this.pending.push(line);
      if (this.pending.length - this.pendingHead > this.manager.limits.maxPendingEvents) {
        this.closeUnresponsive();
        return;
      }
      if (this.blocked) this.armStuck();
      return;
    }
    this.writeOut(line);
  }

  /** Writes to the socket; a full buffer stops production until 'drain'. */
  private writeOut(text: string | Buffer): void {
    if (this.res.write(text)) return;
    this.blocked = true;
    this.res.once('drain', this.onDrain);
  }

  private readonly onDrain = (): void => {
    this.blocked = false;
    clearTimeout(this.stuckTimer);
    this.stuckTimer = undefined;
    this.pump();
  };

  /** Events wait while the socket stays full: if it does not drain in time, the watcher is unresponsive. */
  private armStuck(): void {
    if (this.stuckTimer !== undefined) return;
    this.stuckTimer = setTimeout(() => this.closeUnresponsive(), this.manager.limits.unresponsiveMs);
    this.stuckTimer.unref();
  }

  /** Produces backlog and queued lines for as long as the socket takes them (in chunks). */
  pump(): void {
    while (!this.closed && !this.blocked && !this.manager.stalled()) {
      let chunk: string | Buffer = '';
      if (this.backlog !== undefined) {
        // Replay lines are Buffers shared by every watcher of the object: one copy into each chunk.
        const parts: Buffer[] = [];
        let size = 0;
        while (size < REPLAY_CHUNK_BYTES) {
          const next = this.backlog.next();
          if (next.done) {
            this.backlog = undefined;
            break;
          }
          parts.push(next.value);
          size += next.value.length;
        }
        if (size > 0) chunk = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
      } else {
        while (chunk.length < REPLAY_CHUNK_BYTES && this.pendingHead < this.pending.length) {
          chunk += this.pending[this.pendingHead]!;
          this.pending[this.pendingHead++] = undefined;
        }
        if (this.pendingHead === this.pending.length) {
          this.pending = [];
          this.pendingHead = 0;
        }
      }
      if (chunk.length === 0) {
        if (this.backlog === undefined && this.pendingHead === this.pending.length) break;
        continue;
      }
      this.writeOut(chunk);
    }
  }

  /**
   * What this session holds for its client: whether its initial events are still being produced, the
   * bytes its response has not handed to the socket yet, and the live events waiting behind them.
   */
  held(): { replaying: boolean; bytes: number; events: number } {
    if (this.closed) return { replaying: false, bytes: 0, events: 0 };
    return { replaying: this.backlog !== undefined, bytes: this.res.writableLength, events: this.pending.length - this.pendingHead };
  }

  /** Delivers what a stall held back, in order (once the stall is over). */
  flushHeld(): void {
    if (!this.closed) this.pump();
  }

  /** The BOOKMARK line at `rv`: the type's kind and apiVersion, encoded as any object of the type. */
  private bookmarkLine(rv: number, annotations?: Record<string, string>): string {
    const t = this.request.type;
    const metadata: Record<string, any> = { resourceVersion: String(rv) };
    if (annotations) metadata.annotations = annotations;
    return `${stringifyJson({ type: 'BOOKMARK', object: arrangeObject(t, { kind: t.kind, apiVersion: apiVersionOf(t), metadata }) })}\n`;
  }

  /**
   * Writes a progress BOOKMARK at `rv` (only when the client allowed bookmarks, and only when nothing is
   * waiting: a bookmark is optional, and must never overtake events it would claim to cover).
   */
  bookmark(rv: number, memo?: Map<string, string>): void {
    if (this.closed || !this.request.allowBookmarks || this.manager.stalled()) return;
    if (this.blocked || this.backlog !== undefined || this.pendingHead < this.pending.length) return;
    if (this.initialising || this.convertingNow || this.toConvert.length > 0) return;
    const key = `BOOKMARK|${this.key}`;
    let line = memo?.get(key);
    if (line === undefined) {
      line = this.bookmarkLine(rv);
      memo?.set(key, line);
    }
    this.writeOut(line);
  }

  /** The initial lines of a watch from the snapshot: an ADDED per object in scope, then the end-of-initial-events bookmark. */
  private *snapshotLines(objects: KubeObject[], endBookmark: number | undefined, scope?: ConversionScope): Generator<Buffer> {
    const table = this.request.table !== undefined;
    const within = <T>(compute: () => T): T => (scope ? scope.within(compute) : compute());
    for (const obj of objects) {
      const line = within(() => {
        if (!this.inScope(obj)) return undefined;
        return table ? Buffer.from(this.line('ADDED', obj)) : this.manager.addedLine(this.key, obj, this.request.served);
      });
      if (line !== undefined) yield line;
    }
    if (endBookmark !== undefined && this.request.allowBookmarks) yield Buffer.from(this.bookmarkLine(endBookmark, { 'k8s.io/initial-events-end': 'true' }));
  }

  /** The initial lines of a watch from a resourceVersion: the history since it. */
  private *historyLines(events: StoreEvent[], scope?: ConversionScope): Generator<Buffer> {
    const within = <T>(compute: () => T): T => (scope ? scope.within(compute) : compute());
    for (const event of events) {
      const line = within(() => {
        const type = this.eventType(event);
        return type === undefined ? undefined : Buffer.from(this.line(type, event.object));
      });
      if (line !== undefined) yield line;
    }
  }

  /**
   * The initial lines, once the objects they show are converted (a conversion webhook serves this
   * version): live events wait meanwhile; a failed conversion ends the watch with an ERROR event.
   */
  private convertInitial(objects: KubeObject[], lines: (scope: ConversionScope) => Iterator<Buffer>): void {
    this.initialising = true;
    const scope = new ConversionScope();
    scope.prepare(this.request.type, objects, this.request.type.version, true).then(
      () => {
        this.initialising = false;
        if (this.closed) return;
        this.backlog = lines(scope);
        this.pump();
        void this.convertQueued();
      },
      (error: unknown) => {
        this.initialising = false;
        this.fail(error);
      },
    );
  }

  /** Starts the stream: headers, initial events or replay, timeout. Returns false if it ended at once. */
  start(store: ObjectStore): boolean {
    this.res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
    this.res.flushHeaders();
    const r = this.request;
    const current = store.resourceVersion;
    const from = parseResourceVersion(r.resourceVersion);
    if (from !== undefined && from > current && r.sendInitialEvents !== undefined) {
      // NotOlderThan a version this server has not reached: kube's watch cache waits for it, then gives up.
      this.res.write(`${stringifyJson({ type: 'ERROR', object: tooLargeResourceVersion(from, current).toStatus() })}\n`);
      this.end();
      return false;
    }
    if (r.sendInitialEvents === true || (from === undefined && r.sendInitialEvents === undefined)) {
      // The snapshot holds references to the stored objects of this moment (the store replaces objects,
      // never mutates them), so walking it later still yields this moment's state.
      const objects = this.manager.snapshot(r.type.storageKey, r.namespace);
      const end = r.sendInitialEvents === true ? current : undefined;
      if (this.converting) this.convertInitial(objects, (scope) => this.snapshotLines(objects, end, scope));
      else this.backlog = this.snapshotLines(objects, end);
    } else if (from === undefined) {
      // sendInitialEvents=false from "now": only what happens from here on.
      this.backlog = this.historyLines([]);
    } else {
      const replay = from > current ? tooLargeResourceVersion(from, current) : store.history.since(r.type.storageKey, from);
      if (replay === 'expired' || replay instanceof StatusError) {
        const oldest = store.history.oldestResumable(r.type.storageKey);
        const status = replay instanceof StatusError ? replay.toStatus() : statusBody(410, 'Expired', `too old resource version: ${from} (${oldest})`);
        this.res.write(`${stringifyJson({ type: 'ERROR', object: status })}\n`);
        this.end();
        return false;
      }
      if (this.converting) this.convertInitial(replay.flatMap((e) => (e.previous ? [e.object, e.previous] : [e.object])), (scope) => this.historyLines(replay, scope));
      else this.backlog = this.historyLines(replay);
    }
    const asked = r.timeoutSeconds;
    const timeout = asked === undefined || asked === 0 ? 1800 + Math.floor(Math.random() * 1800) : Math.max(0, asked);
    this.timer = setTimeout(() => {
      this.bookmark(store.resourceVersion);
      this.end();
    }, timeout * 1000);
    this.timer.unref();
    this.pump();
    return true;
  }

  /**
   * Closes a watcher that cannot keep up, as kube-apiserver's cacher does ("Forcing watcher close due
   * to unresponsiveness"): no error event; what it had not taken is dropped and its connection is reset.
   */
  private closeUnresponsive(): void {
    if (this.closed) return;
    this.manager.countUnresponsive(this.request.type);
    // Ending the stream would queue its last chunk and the FIN behind everything the client has not read:
    // the kernel would keep holding that data and the client would never see the close. The connection is
    // reset instead, which frees the socket's buffers at once and tells the client straight away.
    this.closed = true;
    this.release();
    const socket = this.res.socket;
    try {
      // A TCP socket can be reset; a TLS socket (another handle type) throws, and is destroyed instead.
      if (socket && !socket.destroyed) socket.resetAndDestroy();
      else this.res.destroy();
    } catch {
      this.res.destroy();
    }
  }

  /**
   * Ends the stream cleanly. A client that does not read cannot take even the end of the stream: its
   * connection is destroyed when it has not taken the rest within the unresponsive timeout.
   */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.release();
    this.res.end();
    if (this.blocked && !this.res.writableFinished) {
      this.lingerTimer = setTimeout(() => this.res.destroy(), this.manager.limits.unresponsiveMs);
      this.lingerTimer.unref();
    }
  }

  /** Forgets the session after its connection closed (client went away). */
  destroy(): void {
    clearTimeout(this.lingerTimer);
    if (this.closed) return;
    this.closed = true;
    this.release();
    this.res.destroy();
  }

  private release(): void {
    clearTimeout(this.timer);
    clearTimeout(this.stuckTimer);
    this.res.off('drain', this.onDrain);
    this.backlog = undefined;
    this.pending = [];
    this.pendingHead = 0;
    this.manager.remove(this);
  }
}

/**
 * Every open watch, fed by the store's commits.
 *
 * @example
 * const watches = new WatchManager(store, { bookmarkIntervalMs: 60_000, stalled: () => false });
 * watches.start(request, res);
 */
export class WatchManager {
  private readonly byKey = new Map<string, Set<WatchSession>>();
  private readonly unsubscribe: () => void;
  private readonly stopBookmarks: () => void;
  private count = 0;
  private readonly terminated = new Map<string, number>();
  /**
   * The ADDED line of stored objects in their served form, kept as long as the object is stored: replays
   * of one snapshot to many watchers serialise each object once (as kube's watch cache keeps encodings).
   */
  private readonly addedLines = new WeakMap<KubeObject, { key: string; line: Buffer }>();
  /** The last snapshot taken, reused while no commit happened. */
  private lastSnapshot: { rv: number; storageKey: string; namespace: string | undefined; objects: KubeObject[] } | undefined;
  /** The bounds of every watch. */
  readonly limits: WatchLimits;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: { bookmarkIntervalMs: number; stalled: () => boolean; limits?: Partial<WatchLimits>; timers?: ServerTimers | undefined },
  ) {
    this.limits = { ...DEFAULT_WATCH_LIMITS, ...options.limits };
    this.unsubscribe = store.subscribe((event) => {
      const sessions = this.byKey.get(event.storageKey);
      if (!sessions || sessions.size === 0) return;
      const memo = new Map<string, string>();
      for (const s of [...sessions]) s.deliver(event, memo);
    });
    this.stopBookmarks = every(options.timers, Math.max(10, options.bookmarkIntervalMs), () => this.bookmarkAll());
  }

  /** Whether watches must currently receive nothing. */
  stalled(): boolean {
    return this.options.stalled();
  }

  /** Number of open watches. */
  get open(): number {
    return this.count;
  }

  /**
   * What the open watches hold for their clients now: the figures that stay bounded however slowly a
   * client reads (a replay is produced as the socket takes it; live events are capped per watch).
   */
  backlog(): WatchBacklog {
    const total: WatchBacklog = { replaying: 0, bytes: 0, maxBytes: 0, events: 0, maxEvents: 0 };
    for (const set of this.byKey.values()) {
      for (const s of set) {
        const held = s.held();
        if (held.replaying) total.replaying++;
        total.bytes += held.bytes;
        total.maxBytes = Math.max(total.maxBytes, held.bytes);
        total.events += held.events;
        total.maxEvents = Math.max(total.maxEvents, held.events);
      }
    }
    return total;
  }

  /** Watches closed so far because they could not keep up, per resource (`configmaps`, `widgets.example.com`). */
  terminatedWatchers(): Record<string, number> {
    return Object.fromEntries(this.terminated);
  }

  /** Counts one watch of a type closed as unresponsive (called by the session). */
  countUnresponsive(type: ResourceType): void {
    const resource = qualifiedResource(type);
    this.terminated.set(resource, (this.terminated.get(resource) ?? 0) + 1);
  }

  /**
   * The stored objects of a storage key (one namespace or all) at this moment, sorted. Watches that start
   * with no commit in between share one snapshot (a burst of replaying watches sorts the objects once).
   */
  snapshot(storageKey: string, namespace: string | undefined): KubeObject[] {
    const rv = this.store.resourceVersion;
    const last = this.lastSnapshot;
    if (last !== undefined && last.rv === rv && last.storageKey === storageKey && last.namespace === namespace) return last.objects;
    const objects = this.store.list(storageKey, namespace);
    this.lastSnapshot = { rv, storageKey, namespace, objects };
    return objects;
  }

  /** The ADDED line of a stored object in the served form `key`, serialised once per object. */
  addedLine(key: string, stored: KubeObject, served: (obj: KubeObject) => KubeObject): Buffer {
    // One form per object: a type is nearly always served in one version (a second form replaces the first).
    const cached = this.addedLines.get(stored);
    if (cached !== undefined && cached.key === key) return cached.line;
    const line = Buffer.from(`{"type":"ADDED","object":${stringifyJson(served(stored))}}\n`);
    this.addedLines.set(stored, { key, line });
    return line;
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
    for (const set of this.byKey.values()) {
      const memo = new Map<string, string>();
      for (const s of set) s.bookmark(rv, memo);
    }
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
    this.stopBookmarks();
    this.unsubscribe();
    for (const set of [...this.byKey.values()]) for (const s of [...set]) s.end();
  }
}
