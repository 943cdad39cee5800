// The view model of `op dev`: every record (the operator's feed, op dev's own watch, generations)
// is applied here, in one place, to plain mutable state with version counters. The terminal UI, the
// plain and JSON writers and `--until-settled` all read it; nothing here renders or does I/O, so a
// recorded session replays into exactly the state a live one had.
import type { FeedObjectRef } from '@opkit/core';
import type { KubeObject } from '@opkit/kube';
import type { CodeLocation, DevRecord, HandlerInfo, InterruptedHandler } from '../records.js';
import type { HandlerOutcomeView, K8sEventView, LogLine, ObjectEntry, RowState, StateKind } from './objects.js';
import { BACKGROUND_KINDS, computeState, newEntry, objectLabel, setBody, STATE_KINDS } from './objects.js';
import { Ring } from './ring.js';

/** One generation of the operator. */
export interface GenView {
  readonly gen: number;
  phase: 'loading' | 'started' | 'ready' | 'stopping' | 'stopped' | 'crashed' | 'failed';
  pid?: number | undefined;
  reason?: string | undefined;
  changed?: readonly string[] | undefined;
  loadMs?: number | undefined;
  readyMs?: number | undefined;
  stopMs?: number | undefined;
  graceful?: boolean | undefined;
  forced?: boolean | undefined;
  interrupted?: readonly InterruptedHandler[] | undefined;
  exitCode?: number | null | undefined;
  signal?: string | null | undefined;
  message?: string | undefined;
  startedAt?: number | undefined;
}

/** Counters of one handler across all objects and generations. */
export interface HandlerStats {
  readonly id: string;
  kind: string;
  running: number;
  successes: number;
  retries: number;
  failures: number;
  /** Background handlers: daemons running now / timer runs. */
  active: number;
  readonly durations: Ring<number>;
  resources: readonly string[];
}

/** One API request of the operator. */
export interface ApiLine {
  readonly ts: number;
  readonly gen: number;
  readonly verb: string;
  readonly resource: string;
  readonly namespace?: string | undefined;
  readonly name?: string | undefined;
  readonly code: number;
  readonly durationMs: number;
  readonly attempt: number;
}

/** A Lease or peering object. */
export interface CoordinationView {
  readonly resource: string;
  readonly object: KubeObject;
  readonly ts: number;
}

/** Where op dev runs the operator. */
export interface TargetView {
  readonly mode: 'embedded' | 'cluster';
  readonly label: string;
  readonly server: string;
  readonly kubectl: string;
  readonly project: string;
  readonly reason: string;
}

/** A build (load) error; the running generation keeps running. */
export interface BuildErrorView {
  readonly gen: number;
  readonly ts: number;
  readonly message: string;
  readonly location?: CodeLocation | undefined;
}

/** Options of {@link DevStore}. */
export interface DevStoreOptions {
  /** Logs kept overall. @defaultValue 20000 */
  readonly logCapacity?: number;
  /** Logs kept per object. @defaultValue 500 */
  readonly objectLogCapacity?: number;
}

const LEVEL_RANK = { debug: 0, info: 1, warn: 2, error: 3 } as const;

/** Records that mean objects are changing or being handled. */
const ACTIVITY: ReadonlySet<string> = new Set(['dev.object', 'object-seen', 'cause', 'handler', 'patch']);

/** Whether a log level is at least `min`. */
export function levelAtLeast(level: LogLine['level'], min: LogLine['level']): boolean {
  return LEVEL_RANK[level] >= LEVEL_RANK[min];
}

function compareEntries(a: ObjectEntry, b: ObjectEntry): number {
  return (a.namespace ?? '').localeCompare(b.namespace ?? '') || a.name.localeCompare(b.name) || a.resource.localeCompare(b.resource);
}

/**
 * The state of an `op dev` session, built from records.
 *
 * @example
 * ```ts
 * const store = new DevStore();
 * for (const record of records) store.apply(record);
 * store.counts(); // { handling: 1, retrying: 0, failed: 0, pending: 0, deleting: 0, idle: 41 }
 * ```
 */
export class DevStore {
  /** Bumped on every applied record. */
  version = 0;
  /** Bumped when objects are added or removed or change state (what lists depend on). */
  listVersion = 0;
  target: TargetView | undefined;
  readonly gens = new Map<number, GenView>();
  /** The generation running the operator now, if any. */
  currentGen: number | undefined;
  /** The generation being loaded, if any. */
  loadingGen: number | undefined;
  buildError: BuildErrorView | undefined;
  paused = false;
  handlerInfos: readonly HandlerInfo[] = [];
  operatorFiles: readonly string[] = [];
  unserved: readonly string[] = [];
  /** The closest served name of an unserved selector that looks like a typo, by selector. */
  suggestions: Readonly<Record<string, string>> = {};
  readonly handlers = new Map<string, HandlerStats>();
  readonly objects = new Map<string, ObjectEntry>();
  readonly logs: Ring<LogLine>;
  readonly api = new Ring<ApiLine>(2000);
  readonly events = new Ring<K8sEventView & { readonly object: string }>(2000);
  readonly coordination = new Map<string, CoordinationView>();
  readonly watches = new Map<string, { phase: string; ts: number; message?: string | undefined }>();
  /** Feed entries of types this op dev does not know (newer runtimes): counted, never an error. */
  readonly unknown = new Map<string, number>();
  queue: { waiting: number; running: number; waitMs: number; ts: number } | undefined;
  loop: { gen: number; p50Ms: number; p99Ms: number; maxMs: number } | undefined;
  notice: { level: 'info' | 'warn' | 'error'; message: string; ts: number } | undefined;
  /** Resources op dev lists itself, once listed. */
  readonly synced = new Set<string>();
  /** The latest record time seen (the clock of a replay). */
  lastTs = 0;
  /** When an object last changed or the operator last did something with one (record time). */
  lastActivityTs = 0;
  readonly #counts: Record<StateKind, number> = { handling: 0, retrying: 0, failed: 0, pending: 0, deleting: 0, idle: 0 };
  readonly #order: ObjectEntry[] = [];
  readonly #byName = new Map<string, string>();
  readonly #gone = new Set<string>();
  readonly #objectLogCapacity: number;
  #handlerIds: string[] = [];
  /** Resources with change handlers; undefined until the operator's registry is known (then every resource may have some). */
  #changeResources: Set<string> | undefined;
  #seq = 0;
  #filterCache: { text: string; listVersion: number; result: ObjectEntry[] } | undefined;
  readonly #listeners = new Set<() => void>();

  constructor(options: DevStoreOptions = {}) {
    this.logs = new Ring(options.logCapacity ?? 20_000);
    this.#objectLogCapacity = options.objectLogCapacity ?? 500;
  }

  /** Be told after every applied record (cheap: listeners should only schedule work). */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** How many objects are in each state. */
  counts(): Readonly<Record<StateKind, number>> {
    return this.#counts;
  }

  /** Every object, sorted by namespace, name and resource. */
  ordered(): readonly ObjectEntry[] {
    return this.#order;
  }

  /** The objects a filter selects (see {@link matchesFilter}), cached until the list changes. */
  filtered(text: string): readonly ObjectEntry[] {
    const trimmed = text.trim();
    if (trimmed === '') return this.#order;
    const cache = this.#filterCache;
    if (cache && cache.text === trimmed && cache.listVersion === this.listVersion) return cache.result;
    const test = compileFilter(trimmed);
    const result = this.#order.filter(test);
    this.#filterCache = { text: trimmed, listVersion: this.listVersion, result };
    return result;
  }

  /** Apply one record. Unknown record types are counted and otherwise ignored. */
  apply(record: DevRecord): void {
    this.#apply(record);
    for (const listener of this.#listeners) listener();
  }

  #apply(record: DevRecord): void {
    this.version++;
    if (record.ts > this.lastTs) this.lastTs = record.ts;
    if (ACTIVITY.has(record.type)) this.lastActivityTs = Math.max(this.lastActivityTs, record.ts);
    const loose = record as unknown as { type: string; gen?: number } & Record<string, any>;
    switch (loose.type) {
      case 'dev.target': {
        const { mode, label, server, kubectl, project, reason } = loose;
        this.target = { mode, label, server, kubectl, project, reason };
        return;
      }
      case 'dev.gen': return this.#applyGen(loose as Extract<DevRecord, { type: 'dev.gen' }>);
      case 'dev.registry': return this.#applyRegistry(loose as Extract<DevRecord, { type: 'dev.registry' }>);
      case 'dev.build-error':
        this.buildError = { gen: loose.gen!, ts: record.ts, message: loose.message, location: loose.location };
        this.#log({ ts: record.ts, level: 'error', source: 'dev', gen: loose.gen, message: `generation ${loose.gen} failed to load: ${loose.message}` });
        return;
      case 'dev.output':
        this.#log({ ts: record.ts, level: loose.stream === 'stderr' ? 'warn' : 'info', source: 'output', gen: loose.gen, message: loose.line });
        return;
      case 'dev.object': return this.#applyObject(loose.event, loose.resource, loose.kind, loose.object as KubeObject, record.ts);
      case 'dev.k8s-event': return this.#applyK8sEvent(loose.event, loose.object as KubeObject, record.ts);
      case 'dev.coordination': {
        const meta = (loose.object as KubeObject).metadata;
        const key = `${loose.resource}/${meta.namespace ?? ''}/${meta.name ?? ''}`;
        if (loose.event === 'DELETED') this.coordination.delete(key);
        else this.coordination.set(key, { resource: loose.resource, object: loose.object, ts: record.ts });
        return;
      }
      case 'dev.synced':
        this.synced.add(loose.resource);
        return;
      case 'dev.loop':
        this.loop = { gen: loose.gen!, p50Ms: loose.p50Ms, p99Ms: loose.p99Ms, maxMs: loose.maxMs };
        return;
      case 'dev.notice':
        this.notice = { level: loose.level, message: loose.message, ts: record.ts };
        this.#log({ ts: record.ts, level: loose.level, source: 'dev', message: loose.message });
        return;
      case 'dev.paused':
        this.paused = loose.paused === true;
        return;
      default:
        if (loose.type.startsWith('dev.')) {
          this.unknown.set(loose.type, (this.unknown.get(loose.type) ?? 0) + 1);
          return;
        }
        this.#applyFeed(loose, record.ts);
    }
  }

  /** The entry a feed reference points at, if known. */
  find(ref: { readonly resource?: string; readonly namespace?: string | undefined; readonly name?: string; readonly uid?: string | undefined }): ObjectEntry | undefined {
    if (ref.uid && this.objects.has(ref.uid)) return this.objects.get(ref.uid);
    const byName = this.#byName.get(`${ref.resource ?? ''}|${ref.namespace ?? ''}|${ref.name ?? ''}`);
    return byName === undefined ? undefined : this.objects.get(byName);
  }

  /** Whether the operator has change handlers for a resource (`plural.group/version`). */
  hasChangeHandlers(resource: string): boolean {
    return this.#changeResources?.has(resource) ?? true;
  }

  /** The logs of one object (or all), oldest first. */
  logsOf(key?: string): readonly LogLine[] {
    if (key === undefined) return this.logs.toArray();
    return this.objects.get(key)?.logs?.toArray() ?? [];
  }

  #log(line: Omit<LogLine, 'seq'>): void {
    const full: LogLine = { ...line, seq: ++this.#seq };
    this.logs.push(full);
    if (full.object) {
      const entry = this.objects.get(full.object);
      if (entry) {
        entry.logs ??= new Ring(this.#objectLogCapacity);
        entry.logs.push(full);
      }
    }
  }

  #applyGen(record: Extract<DevRecord, { type: 'dev.gen' }>): void {
    const view = this.gens.get(record.gen) ?? { gen: record.gen, phase: record.phase };
    view.phase = record.phase;
    for (const key of ['pid', 'reason', 'changed', 'loadMs', 'readyMs', 'stopMs', 'graceful', 'forced', 'interrupted', 'exitCode', 'signal', 'message'] as const) {
      if (record[key] !== undefined) (view as unknown as Record<string, unknown>)[key] = record[key];
    }
    this.gens.set(record.gen, view);
    switch (record.phase) {
      case 'loading':
        this.loadingGen = record.gen;
        break;
      case 'started':
        view.startedAt = record.ts;
        if (this.loadingGen === record.gen) this.loadingGen = undefined;
        this.currentGen = record.gen;
        if (this.buildError && this.buildError.gen <= record.gen) this.buildError = undefined;
        for (const entry of this.objects.values()) {
          if (entry.seenRv !== undefined) entry.seenRv = undefined; // the new generation has seen nothing yet
        }
        this.#recomputeAll();
        break;
      case 'stopped':
      case 'crashed':
        if (this.currentGen === record.gen) this.currentGen = undefined;
        if (this.loadingGen === record.gen) this.loadingGen = undefined;
        view.interrupted = this.#endGeneration(record.gen, record.interrupted ?? [], record.phase === 'crashed' || record.forced === true);
        break;
      default:
        break;
    }
  }

  /**
   * Handlers of a stopped generation are no longer running. Those it names were interrupted; when it
   * was killed or crashed (and could not say), every handler it was running was.
   */
  #endGeneration(gen: number, interrupted: readonly InterruptedHandler[], allRunning: boolean): InterruptedHandler[] {
    const all: InterruptedHandler[] = [...interrupted];
    const byObject = new Map<ObjectEntry, string[]>();
    for (const item of interrupted) {
      const entry = this.find(item);
      if (entry) byObject.set(entry, [...(byObject.get(entry) ?? []), item.id]);
    }
    for (const entry of this.objects.values()) {
      let changed = false;
      for (const [id, run] of entry.running) {
        if (run.gen !== gen) continue;
        if (allRunning && !BACKGROUND_KINDS.has(run.kind)) {
          const ids = byObject.get(entry) ?? [];
          if (!ids.includes(id)) {
            byObject.set(entry, [...ids, id]);
            all.push({ resource: entry.resource, namespace: entry.namespace, name: entry.name, uid: entry.uid, id });
          }
        }
        entry.running.delete(id);
        const stats = this.handlers.get(id);
        if (stats) {
          if (BACKGROUND_KINDS.has(run.kind)) stats.active = Math.max(0, stats.active - 1);
          else stats.running = Math.max(0, stats.running - 1);
        }
        changed = true;
      }
      for (const [id, view] of entry.runtime) entry.runtime.set(id, { ...view, phase: 'stopped' });
      const ids = byObject.get(entry);
      if (ids) {
        entry.interrupted = { gen, handlers: ids };
        entry.timeline.push({ ts: this.lastTs, gen, level: 'warn', text: `interrupted by the stop of gen ${gen}: ${ids.join(', ')} (resumes from the stored state)` });
        changed = true;
      }
      if (changed) this.#recompute(entry);
    }
    return all;
  }

  #applyRegistry(record: Extract<DevRecord, { type: 'dev.registry' }>): void {
    this.handlerInfos = record.handlers;
    this.operatorFiles = record.files;
    this.unserved = record.unserved;
    this.suggestions = record.suggestions ?? {};
    this.#handlerIds = record.handlers.map((handler) => handler.id);
    const change = new Set<string>();
    for (const handler of record.handlers) {
      const resources = handler.resources ?? [];
      if (!BACKGROUND_KINDS.has(handler.kind) && handler.kind !== 'event') for (const resource of resources) change.add(resource);
      const stats = this.#stats(handler.id, handler.kind);
      stats.resources = resources;
    }
    this.#changeResources = change;
    for (const entry of this.objects.values()) {
      if (entry.body) setBody(entry, entry.body, this.#handlerIds, this.lastTs);
    }
    this.#recomputeAll();
  }

  #stats(id: string, kind: string): HandlerStats {
    let stats = this.handlers.get(id);
    if (!stats) {
      stats = { id, kind, running: 0, successes: 0, retries: 0, failures: 0, active: 0, durations: new Ring(256), resources: [] };
      this.handlers.set(id, stats);
    } else if (kind) {
      stats.kind = kind;
    }
    return stats;
  }

  #entryFor(ref: FeedObjectRef & { kind?: string }, create: boolean): ObjectEntry | undefined {
    const found = this.find(ref);
    if (found || !create || !ref.name) return found;
    if (ref.uid && this.#gone.has(ref.uid)) return undefined;
    const key = ref.uid || `${ref.resource}|${ref.namespace ?? ''}|${ref.name}`;
    const entry = newEntry(key, ref);
    this.#add(entry);
    return entry;
  }

  #add(entry: ObjectEntry): void {
    this.objects.set(entry.key, entry);
    this.#byName.set(`${entry.resource}|${entry.namespace ?? ''}|${entry.name}`, entry.key);
    let low = 0;
    let high = this.#order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareEntries(this.#order[mid]!, entry) < 0) low = mid + 1;
      else high = mid;
    }
    this.#order.splice(low, 0, entry);
    this.#counts[entry.state.kind]++;
    this.listVersion++;
  }

  #remove(entry: ObjectEntry): void {
    this.objects.delete(entry.key);
    this.#byName.delete(`${entry.resource}|${entry.namespace ?? ''}|${entry.name}`);
    const index = this.#order.indexOf(entry);
    if (index >= 0) this.#order.splice(index, 1);
    this.#counts[entry.state.kind]--;
    if (entry.uid) {
      this.#gone.add(entry.uid);
      if (this.#gone.size > 20_000) this.#gone.delete(this.#gone.values().next().value!);
    }
    this.listVersion++;
  }

  #recompute(entry: ObjectEntry): void {
    const next: RowState = computeState(entry, this.hasChangeHandlers(entry.resource));
    entry.version++;
    if (next.kind !== entry.state.kind) {
      this.#counts[entry.state.kind]--;
      this.#counts[next.kind]++;
      this.listVersion++;
    }
    entry.state = next;
  }

  #recomputeAll(): void {
    for (const entry of this.objects.values()) this.#recompute(entry);
    this.listVersion++;
  }

  #applyObject(event: 'ADDED' | 'MODIFIED' | 'DELETED', resource: string, kind: string, body: KubeObject, ts: number): void {
    const meta = body.metadata ?? {};
    const ref = { resource, kind, namespace: meta.namespace, name: meta.name ?? '', uid: meta.uid };
    if (event === 'DELETED') {
      const entry = this.find(ref);
      if (entry) this.#remove(entry);
      return;
    }
    if (ref.uid) this.#gone.delete(ref.uid);
    let entry = this.find(ref);
    if (entry && ref.uid && entry.uid && entry.uid !== ref.uid) {
      this.#remove(entry); // deleted and re-created under the same name
      entry = undefined;
    }
    if (!entry) {
      entry = newEntry(ref.uid ?? `${resource}|${ref.namespace ?? ''}|${ref.name}`, ref);
      setBody(entry, body, this.#handlerIds, ts);
      entry.state = computeState(entry, this.hasChangeHandlers(resource));
      this.#add(entry);
      return;
    }
    entry.resource = resource;
    setBody(entry, body, this.#handlerIds, ts);
    this.#recompute(entry);
  }

  #applyK8sEvent(event: 'ADDED' | 'MODIFIED' | 'DELETED', body: KubeObject, ts: number): void {
    if (event === 'DELETED') return;
    const involved = (body.involvedObject ?? body.regarding ?? {}) as { uid?: string; name?: string; namespace?: string; kind?: string };
    const source = (body.source as { component?: string } | undefined)?.component ?? (body.reportingComponent as string | undefined) ?? '';
    const view: K8sEventView = {
      ts: Date.parse((body.lastTimestamp ?? body.eventTime ?? body.firstTimestamp ?? '') as string) || ts,
      type: (body.type as string | undefined) ?? 'Normal', reason: (body.reason as string | undefined) ?? '',
      message: (body.message as string | undefined) ?? (body.note as string | undefined) ?? '', count: (body.count as number | undefined) ?? 1, source,
    };
    let entry = involved.uid ? this.objects.get(involved.uid) : undefined;
    if (!entry) {
      entry = this.#order.find((item) => item.name === involved.name && item.namespace === involved.namespace && (!involved.kind || item.kind === involved.kind));
    }
    this.events.push({ ...view, object: entry?.key ?? `${involved.namespace ?? ''}/${involved.name ?? ''}` });
    if (entry) {
      entry.events ??= new Ring(100);
      entry.events.push(view);
      entry.version++;
    }
  }

  #applyFeed(event: { type: string; gen?: number } & Record<string, any>, ts: number): void {
    const gen = event.gen ?? this.currentGen ?? 0;
    switch (event.type) {
      case 'operator':
        if (event.phase === 'ready') {
          const view = this.gens.get(gen);
          if (view && view.phase === 'started') view.phase = 'ready';
        }
        return;
      case 'watch':
        this.watches.set(event.resource as string, { phase: event.phase, ts, message: event.message });
        return;
      case 'object-seen': {
        if (event.event === 'DELETED') return;
        const entry = this.#entryFor(event as unknown as FeedObjectRef, true);
        if (!entry) return;
        entry.seenRv = event.resourceVersion;
        entry.gen = gen;
        this.#recompute(entry);
        return;
      }
      case 'object-gone': {
        const entry = this.find(event as unknown as FeedObjectRef);
        if (entry && !entry.body) this.#remove(entry);
        return;
      }
      case 'cause': {
        const entry = this.#entryFor(event as unknown as FeedObjectRef, false);
        if (!entry) return;
        // A failure belongs to its cause: the cycles of a creation are all `create`; a cause of another
        // reason (an update after the creation, a deletion) makes it history. (So does the failed handler
        // starting again, below: the same reason, a new change.)
        if (event.reason === 'create' || event.reason === 'update' || event.reason === 'delete') {
          entry.cause = event.reason;
          if (entry.failed && entry.failed.cause !== entry.cause) entry.failed = undefined;
        }
        entry.timeline.push({ ts, gen, level: 'info', text: `cause: ${event.reason}` });
        this.#recompute(entry);
        return;
      }
      case 'handler': return this.#applyHandler(event, ts, gen);
      case 'daemon': {
        const entry = this.#entryFor(event as unknown as FeedObjectRef, false);
        const stats = this.#stats(event.id, event.kind ?? 'daemon');
        if (event.phase === 'started') stats.active++;
        else if (event.phase === 'stopped' || event.phase === 'abandoned') stats.active = Math.max(0, stats.active - 1);
        if (!entry) return;
        const before = entry.runtime.get(event.id);
        entry.runtime.set(event.id, { kind: event.kind ?? 'daemon', phase: event.phase, ts, reason: event.reason, runs: before?.runs ?? 0, lastRunAt: before?.lastRunAt });
        entry.timeline.push({ ts, gen, level: event.phase === 'abandoned' ? 'warn' : 'info', text: `${event.kind ?? 'daemon'} ${event.id} ${event.phase}${event.reason ? ` (${event.reason})` : ''}` });
        entry.version++;
        return;
      }
      case 'patch': {
        const entry = this.#entryFor(event as unknown as FeedObjectRef, false);
        if (!entry) return;
        const ok = event.code >= 200 && event.code < 300;
        entry.timeline.push({ ts, gen, level: ok ? 'info' : 'warn', text: `patch (${event.patchType}${event.subresource ? `, ${event.subresource}` : ''}) → ${event.code || 'failed'} in ${event.durationMs} ms${event.message ? `: ${event.message}` : ''}` });
        entry.version++;
        return;
      }
      case 'event-posted':
        if (!event.ok) this.#log({ ts, level: 'warn', source: 'operator', gen, message: `could not post the event ${event.reason}: ${event.message}` });
        return;
      case 'log': {
        const ref = event.object as FeedObjectRef | undefined;
        const entry = ref ? this.find(ref) : undefined;
        this.#log({ ts, level: event.level, source: 'operator', gen, object: entry?.key, label: ref ? objectLabel(ref) : undefined, message: event.message });
        return;
      }
      case 'queue':
        this.queue = { waiting: event.waiting, running: event.running, waitMs: event.waitMs, ts };
        return;
      case 'api-request':
        this.api.push({ ts, gen, verb: event.verb, resource: event.resource, namespace: event.namespace, name: event.name, code: event.code, durationMs: event.durationMs, attempt: event.attempt });
        return;
      default:
        this.unknown.set(event.type, (this.unknown.get(event.type) ?? 0) + 1);
    }
  }

  #applyHandler(event: Record<string, any>, ts: number, gen: number): void {
    const id = event.id as string;
    const kind = (event.kind as string | undefined) ?? '';
    const stats = this.#stats(id, kind);
    const background = BACKGROUND_KINDS.has(kind);
    const entry = event.name ? this.#entryFor(event as unknown as FeedObjectRef, event.phase === 'started') : undefined;
    const wasRunning = entry?.running.get(id);
    if (event.phase === 'started') {
      if (background) stats.active++;
      else stats.running++;
      if (entry) {
        entry.running.set(id, { since: ts, retry: event.retry ?? 0, gen, kind });
        entry.interrupted = undefined;
        if (entry.failed?.handler === id) entry.failed = undefined;
        entry.gen = gen;
        if (background) {
          const before = entry.runtime.get(id);
          entry.runtime.set(id, { kind, phase: 'running', ts, runs: (before?.runs ?? 0) + 1, lastRunAt: ts });
        }
        this.#recompute(entry);
      }
      return;
    }
    if (wasRunning || !entry) {
      if (background) stats.active = Math.max(0, stats.active - 1);
      else stats.running = Math.max(0, stats.running - 1);
    }
    if (event.phase === 'succeeded') stats.successes++;
    else if (event.phase === 'retrying') stats.retries++;
    else if (event.phase === 'failed') stats.failures++;
    if (typeof event.durationMs === 'number') stats.durations.push(event.durationMs);
    if (!entry) return;
    entry.running.delete(id);
    const outcome: HandlerOutcomeView = { phase: event.phase, at: ts, retry: event.retry ?? 0, gen, durationMs: event.durationMs, delay: event.delay, message: event.message };
    entry.outcomes.set(id, outcome);
    if (background) {
      const before = entry.runtime.get(id);
      entry.runtime.set(id, { kind, phase: event.phase === 'succeeded' ? 'idle' : event.phase, ts, runs: before?.runs ?? 1, lastRunAt: before?.lastRunAt ?? ts });
    }
    if (event.phase === 'failed' && !background) entry.failed = { handler: id, message: event.message, at: ts, cause: entry.cause };
    if (event.phase === 'succeeded' && entry.failed?.handler === id) entry.failed = undefined;
    const level = event.phase === 'failed' ? 'error' : event.phase === 'retrying' ? 'warn' : 'info';
    const took = typeof event.durationMs === 'number' ? ` in ${formatMs(event.durationMs)}` : '';
    const detail = event.phase === 'retrying' ? ` (retry in ${event.delay ?? '?'}s${event.message ? `: ${event.message}` : ''})` : event.message ? `: ${event.message}` : '';
    entry.timeline.push({ ts, gen, level, text: `${id} ${event.phase}${took}${detail}` });
    this.#recompute(entry);
  }
}

/** `38 ms`, `2.1 s`, `3 m 4 s`. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} m ${Math.round((ms % 60_000) / 1000)} s`;
}

/**
 * A filter for the Objects list. Free words match `namespace/name` and the kind, case-insensitively;
 * `/re/` is a regular expression; `kind:K`, `ns:N`, `state:failed,retrying` and `handler:h` narrow by
 * field; a leading `!` inverts a term. All terms must match.
 *
 * @example
 * ```ts
 * compileFilter('state:failed,retrying ns:prod')(entry);
 * ```
 */
export function compileFilter(text: string): (entry: ObjectEntry) => boolean {
  const terms = text.trim().split(/\s+/).filter(Boolean).map((raw): (entry: ObjectEntry) => boolean => {
    const negate = raw.startsWith('!') && raw.length > 1;
    const term = negate ? raw.slice(1) : raw;
    let test: (entry: ObjectEntry) => boolean;
    const field = /^(kind|ns|state|handler):(.*)$/.exec(term);
    if (field) {
      const values = field[2]!.toLowerCase().split(',').filter(Boolean);
      const name = field[1];
      test = (entry) => {
        const value = name === 'kind' ? entry.kind : name === 'ns' ? entry.namespace ?? '' : name === 'state' ? entry.state.kind
          : 'handler' in entry.state ? entry.state.handler ?? '' : '';
        return values.some((item) => value.toLowerCase() === item || (name !== 'state' && value.toLowerCase().includes(item)));
      };
    } else if (term.length > 2 && term.startsWith('/') && term.endsWith('/')) {
      let re: RegExp;
      try {
        re = new RegExp(term.slice(1, -1), 'i');
      } catch {
        re = /$^/;
      }
      test = (entry) => re.test(objectLabel(entry)) || re.test(entry.kind);
    } else {
      const lower = term.toLowerCase();
      test = (entry) => objectLabel(entry).toLowerCase().includes(lower) || entry.kind.toLowerCase().includes(lower);
    }
    return negate ? (entry) => !test(entry) : test;
  });
  return (entry) => terms.every((test) => test(entry));
}

export { STATE_KINDS };
