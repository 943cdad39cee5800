// One object as op dev shows it, merged from its two sources: the object itself (op dev's own watch:
// body, progress records, diff-base) and the operator's feed (which handler runs right now, the last
// outcome of each). The row state is derived from both, most urgent first.
import type { KubeObject } from '@opkit/kube';
import { Ring } from './ring.js';
import type { StoredState } from './progress.js';
import { readStoredState, storedTime } from './progress.js';

/** Handler kinds that run in the background for as long as an object exists (shown as marks, not states). */
export const BACKGROUND_KINDS: ReadonlySet<string> = new Set(['daemon', 'timer']);

/** A log line, from the operator's feed, its output, or op dev itself. */
export interface LogLine {
  readonly seq: number;
  readonly ts: number;
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  /** operator: the operator's logger; output: its stdout/stderr; dev: op dev's own notices. */
  readonly source: 'operator' | 'output' | 'dev';
  readonly gen?: number | undefined;
  /** The object's key in the store, when the line is about one. */
  readonly object?: string | undefined;
  /** `namespace/name`, for the `[ns/name]` prefix. */
  readonly label?: string | undefined;
  readonly message: string;
}

/** A handler attempt in flight. */
export interface HandlerRun {
  readonly since: number;
  readonly retry: number;
  readonly gen: number;
  readonly kind: string;
}

/** How a handler's last attempt on an object ended. */
export interface HandlerOutcomeView {
  readonly phase: 'succeeded' | 'failed' | 'retrying';
  readonly at: number;
  readonly retry: number;
  readonly gen: number;
  readonly durationMs?: number | undefined;
  readonly delay?: number | undefined;
  readonly message?: string | undefined;
}

/** A daemon or timer of an object (from the feed). */
export interface RuntimeView {
  readonly kind: string;
  readonly phase: string;
  readonly ts: number;
  readonly reason?: string | undefined;
  readonly runs: number;
  readonly lastRunAt?: number | undefined;
}

/** A Kubernetes Event about an object. */
export interface K8sEventView {
  readonly ts: number;
  readonly type: string;
  readonly reason: string;
  readonly message: string;
  readonly count: number;
  readonly source: string;
}

/** One entry of an object's timeline (causes, handler outcomes, patches). */
export interface TimelineItem {
  readonly ts: number;
  readonly gen?: number | undefined;
  readonly level: 'info' | 'warn' | 'error';
  readonly text: string;
}

/** A stored version of the object (History). */
export interface VersionView {
  readonly ts: number;
  readonly resourceVersion: string;
  /** The field manager of the last change, when the server keeps managedFields. */
  readonly manager?: string | undefined;
  readonly body: KubeObject;
}

/** What an object row says. */
export type RowState =
  | { readonly kind: 'deleting'; readonly finalizers: readonly string[]; readonly handler?: string | undefined; readonly since?: number | undefined }
  | { readonly kind: 'handling'; readonly handler: string; readonly since: number; readonly retry: number }
  | { readonly kind: 'retrying'; readonly handler: string; readonly retry: number; readonly dueAt?: number | undefined; readonly message?: string | undefined }
  | { readonly kind: 'failed'; readonly handler: string; readonly message?: string | undefined }
  | { readonly kind: 'pending'; readonly reason: string }
  | { readonly kind: 'idle' };

/** The row state kinds, in the order the header counts them. */
export const STATE_KINDS = ['handling', 'retrying', 'failed', 'pending', 'deleting', 'idle'] as const;
export type StateKind = (typeof STATE_KINDS)[number];

/** One object. Mutable: the store updates it in place and bumps versions. */
export interface ObjectEntry {
  readonly key: string;
  resource: string;
  kind: string;
  readonly namespace: string | undefined;
  readonly name: string;
  uid: string | undefined;
  body: KubeObject | undefined;
  stored: StoredState | undefined;
  readonly running: Map<string, HandlerRun>;
  readonly outcomes: Map<string, HandlerOutcomeView>;
  readonly runtime: Map<string, RuntimeView>;
  /** The last resourceVersion the operator reported seeing (object-seen). */
  seenRv: string | undefined;
  /** A permanent failure not superseded by a newer cause (`cause`: the cause it happened in). */
  failed: { readonly handler: string; readonly message?: string | undefined; readonly at: number; readonly cause: string | undefined } | undefined;
  /** The reason of the cause of the operator's last cycle (create, update, delete). */
  cause: string | undefined;
  /** Handlers interrupted by a forced stop of their generation (they resume from the stored state). */
  interrupted: { readonly gen: number; readonly handlers: readonly string[] } | undefined;
  /** The last generation that did something with this object. */
  gen: number | undefined;
  logs: Ring<LogLine> | undefined;
  events: Ring<K8sEventView> | undefined;
  readonly history: Ring<VersionView>;
  readonly timeline: Ring<TimelineItem>;
  state: RowState;
  /** Bumped on every change of this entry. */
  version: number;
}

/** `namespace/name`, or `name` for cluster-scoped objects. */
export function objectLabel(entry: { readonly namespace?: string | undefined; readonly name: string }): string {
  return entry.namespace ? `${entry.namespace}/${entry.name}` : entry.name;
}

/** A new, empty entry. */
export function newEntry(key: string, ref: { resource: string; kind?: string | undefined; namespace?: string | undefined; name: string; uid?: string | undefined }): ObjectEntry {
  return {
    key, resource: ref.resource, kind: ref.kind ?? kindOf(ref.resource), namespace: ref.namespace, name: ref.name, uid: ref.uid,
    body: undefined, stored: undefined, running: new Map(), outcomes: new Map(), runtime: new Map(), seenRv: undefined,
    failed: undefined, cause: undefined, interrupted: undefined, gen: undefined, logs: undefined, events: undefined,
    history: new Ring(20), timeline: new Ring(50), state: { kind: 'pending', reason: 'new' }, version: 0,
  };
}

/** A kind-ish label from a resource name (`kopfexamples.kopf.dev/v1` → `kopfexamples`) until the body tells the kind. */
function kindOf(resource: string): string {
  return resource.split(/[./]/)[0] ?? resource;
}

/** Update the body (and what is stored on it). */
export function setBody(entry: ObjectEntry, body: KubeObject, handlerIds: readonly string[], ts: number): void {
  entry.body = body;
  entry.uid ??= body.metadata?.uid;
  if (body.kind) entry.kind = body.kind;
  entry.stored = readStoredState(body, handlerIds);
  const rv = body.metadata?.resourceVersion ?? '';
  const managed = body.metadata?.managedFields as { manager?: string; time?: string }[] | undefined;
  const manager = managed && managed.length > 0
    ? [...managed].sort((a, b) => (a.time ?? '').localeCompare(b.time ?? '')).at(-1)?.manager
    : undefined;
  if (entry.history.last()?.resourceVersion !== rv) entry.history.push({ ts, resourceVersion: rv, manager, body });
}

/**
 * The row state of an object, most urgent first: deleting, handling, failed, retrying, pending, idle.
 *
 * @param hasChangeHandlers - whether the operator has change handlers for the object's resource (else
 *   a missing diff-base means nothing).
 */
export function computeState(entry: ObjectEntry, hasChangeHandlers: boolean): RowState {
  const body = entry.body;
  let first: [string, HandlerRun] | undefined;
  for (const item of entry.running) {
    if (!BACKGROUND_KINDS.has(item[1].kind)) {
      first = item;
      break;
    }
  }
  if (body?.metadata?.deletionTimestamp) {
    return { kind: 'deleting', finalizers: body.metadata.finalizers ?? [], handler: first?.[0], since: first?.[1].since };
  }
  if (first) return { kind: 'handling', handler: first[0], since: first[1].since, retry: first[1].retry };
  const progress = entry.stored?.progress ?? [];
  const failedRecord = progress.find((record) => record.failure === true);
  if (failedRecord) return { kind: 'failed', handler: failedRecord.id, message: failedRecord.message ?? undefined };
  if (entry.failed) return { kind: 'failed', handler: entry.failed.handler, message: entry.failed.message };
  const open = progress.filter((record) => record.success !== true && record.failure !== true && !record.stopped);
  const delayed = open.find((record) => record.delayed || (record.retries ?? 0) > 0);
  if (delayed) {
    return { kind: 'retrying', handler: delayed.id, retry: delayed.retries ?? 0, dueAt: storedTime(delayed.delayed), message: delayed.message ?? undefined };
  }
  if (open.length > 0) return { kind: 'pending', reason: `next ${open[0]!.id}` };
  if (body && hasChangeHandlers) {
    const seen = entry.seenRv !== undefined && entry.seenRv === body.metadata?.resourceVersion;
    const stored = entry.stored;
    if (!seen && stored && stored.diffBase === null) return { kind: 'pending', reason: 'new' };
    if (!seen && stored && stored.pending.length > 0) return { kind: 'pending', reason: 'changed' };
  }
  if (!body && entry.running.size === 0 && entry.seenRv === undefined) return { kind: 'pending', reason: 'not seen' };
  return { kind: 'idle' };
}
