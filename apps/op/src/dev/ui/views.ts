// What each part of the screen says, as plain data: the text of an object row and the lines of every
// detail tab. Pure functions of the store and the time, so that layout components stay small and
// the wording is tested without rendering.
import { stringify } from 'yaml';
import type { LogLine, ObjectEntry, RowState } from '../model/objects.js';
import { objectLabel } from '../model/objects.js';
import { storedTime } from '../model/progress.js';
import type { DevStore, HandlerStats } from '../model/store.js';
import { formatMs, levelAtLeast } from '../model/store.js';

/** One line of a pane, with one style. */
export interface Line {
  readonly text: string;
  readonly color?: string | undefined;
  readonly dim?: boolean | undefined;
  readonly bold?: boolean | undefined;
}

/** The glyphs, and their ASCII stand-ins (`--ascii`). */
export interface Glyphs {
  readonly idle: string; readonly handling: string; readonly retrying: string; readonly failed: string;
  readonly pending: string; readonly deleting: string; readonly daemon: string; readonly timer: string;
  readonly interrupted: string; readonly cursor: string; readonly all: string; readonly cluster: string; readonly dot: string;
}

export const UNICODE: Glyphs = {
  idle: '✓', handling: '●', retrying: '⟳', failed: '✗', pending: '…', deleting: '⊗', daemon: '◆', timer: '◷',
  interrupted: '↯', cursor: '▸', all: '★', cluster: '⎈', dot: '·',
};
export const ASCII: Glyphs = {
  idle: 'ok', handling: '*', retrying: '~', failed: 'x', pending: '.', deleting: '-', daemon: 'D', timer: 'T',
  interrupted: '!', cursor: '>', all: '*', cluster: '@', dot: '-',
};

/** The color of a state. */
export function stateColor(state: RowState): string | undefined {
  switch (state.kind) {
    case 'handling': return 'cyan';
    case 'retrying': return 'yellow';
    case 'failed': return 'red';
    case 'deleting': return 'magenta';
    case 'pending': return 'blue';
    default: return 'green';
  }
}

function seconds(ms: number): string {
  if (ms < 0) return '0s';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)}s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)}m${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}s`;
  if (ms < 172_800_000) return `${Math.floor(ms / 3_600_000)}h${String(Math.floor((ms % 3_600_000) / 60_000)).padStart(2, '0')}m`;
  return `${Math.floor(ms / 86_400_000)}d`;
}

/**
 * The state column: `idle`, `handling create_fn (2.1s)`, `retrying create_fn #3 in 12s`, `failed create_fn`, `deleting`.
 *
 * @example
 * ```ts
 * stateText({ kind: 'retrying', handler: 'create_fn', retry: 3, dueAt: now + 12_000 }, now); // 'retrying create_fn #3 in 12s'
 * ```
 */
export function stateText(state: RowState, now: number): string {
  switch (state.kind) {
    case 'idle': return 'idle';
    case 'handling': return `handling ${state.handler} (${seconds(now - state.since)})`;
    case 'retrying': {
      const due = state.dueAt === undefined ? '' : state.dueAt > now ? ` in ${seconds(state.dueAt - now)}` : ' (due)';
      return `retrying ${state.handler} #${state.retry}${due}`;
    }
    case 'failed': return `failed ${state.handler}`;
    case 'pending': return `pending (${state.reason})`;
    case 'deleting': return state.handler ? `deleting: handling ${state.handler}${state.since !== undefined ? ` (${seconds(now - state.since)})` : ''}` : `deleting${state.finalizers.length > 0 ? ` (${state.finalizers.length} finalizer${state.finalizers.length > 1 ? 's' : ''})` : ''}`;
  }
}

/** Daemon, timer and interruption marks of a row. */
export function marks(entry: ObjectEntry, glyphs: Glyphs): string {
  let text = '';
  for (const view of entry.runtime.values()) {
    if (view.phase === 'stopped' || view.phase === 'abandoned') continue;
    text += view.kind === 'timer' ? glyphs.timer : glyphs.daemon;
  }
  if (entry.interrupted) text += glyphs.interrupted;
  return text;
}

/** Whether anything on screen changes with time alone (a countdown or a running handler). */
export function isTicking(store: DevStore): boolean {
  const counts = store.counts();
  return counts.handling > 0 || counts.retrying > 0 || counts.deleting > 0 || store.loadingGen !== undefined;
}

/** The p50 of a handler's durations. */
export function p50(stats: HandlerStats): number | undefined {
  const values = stats.durations.toArray().sort((a, b) => a - b);
  return values.length === 0 ? undefined : values[Math.floor((values.length - 1) / 2)];
}

/** The Handlers pane (and tab); ids get a column as wide as the longest (up to `width` × 0.45). */
export function handlerLines(store: DevStore, glyphs: Glyphs, width = 80): Line[] {
  if (store.handlers.size === 0) return [{ text: 'no handlers yet', dim: true }];
  const idWidth = Math.min(Math.max(...[...store.handlers.keys()].map((id) => id.length)) + 1, Math.max(10, Math.floor(width * 0.45)));
  return [...store.handlers.values()].map((stats) => {
    const median = p50(stats);
    const background = stats.kind === 'daemon' || stats.kind === 'timer';
    const counts = background
      ? `${stats.kind === 'timer' ? glyphs.timer : glyphs.daemon}${stats.active} ${glyphs.idle}${stats.successes} ${glyphs.failed}${stats.failures}`
      : `${glyphs.idle}${stats.successes} ${glyphs.retrying}${stats.retries} ${glyphs.failed}${stats.failures}${stats.running > 0 ? ` ${glyphs.handling}${stats.running}` : ''}`;
    return {
      text: `${(stats.id.length > idWidth - 1 ? `${stats.id.slice(0, idWidth - 2)}…` : stats.id).padEnd(idWidth)}${stats.kind.padEnd(7)} ${counts}${median !== undefined ? `  p50 ${formatMs(median)}` : ''}`,
      color: stats.failures > 0 ? 'red' : stats.running > 0 ? 'cyan' : undefined,
    };
  });
}

function time(ts: number): string {
  const date = new Date(ts);
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

const LEVEL_COLORS = { debug: 'gray', info: undefined, warn: 'yellow', error: 'red' } as const;
const LEVEL_NAMES = { debug: 'DEBUG', info: 'INFO ', warn: 'WARN ', error: 'ERROR' } as const;

/** Log filters of the Logs tab. */
export interface LogFilter {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly search: string;
  /** Lines up to this sequence number were cleared (`C`). */
  readonly clearedSeq: number;
}

/** A search term: words (case-insensitive) or `/regex/`. */
export function searchMatcher(search: string): (text: string) => boolean {
  const term = search.trim();
  if (term === '') return () => true;
  if (term.length > 2 && term.startsWith('/') && term.endsWith('/')) {
    try {
      const re = new RegExp(term.slice(1, -1), 'i');
      return (text) => re.test(text);
    } catch {
      return () => false;
    }
  }
  const lower = term.toLowerCase();
  return (text) => text.toLowerCase().includes(lower);
}

/** The Logs tab: one object's lines, or all of them. */
export function logLines(store: DevStore, entry: ObjectEntry | undefined, filter: LogFilter): Line[] {
  const source: readonly LogLine[] = entry ? entry.logs?.toArray() ?? [] : store.logs.toArray();
  const matches = searchMatcher(filter.search);
  const lines: Line[] = [];
  for (const line of source) {
    if (line.seq <= filter.clearedSeq || !levelAtLeast(line.level, filter.level)) continue;
    const origin = line.source === 'output' ? 'out  ' : line.source === 'dev' ? 'opdev' : LEVEL_NAMES[line.level];
    const text = `${time(line.ts)} ${origin} ${!entry && line.label ? `[${line.label}] ` : ''}${line.message}`;
    if (!matches(text)) continue;
    lines.push({ text, color: LEVEL_COLORS[line.level] });
  }
  if (lines.length === 0) lines.push({ text: filter.search ? `no log lines match "${filter.search}"` : 'no log lines yet', dim: true });
  return lines;
}

/** The Progress tab: per handler, from the stored records and the feed. */
export function progressLines(entry: ObjectEntry, now: number): Line[] {
  const lines: Line[] = [];
  const records = entry.stored?.progress ?? [];
  if (records.length === 0) lines.push({ text: 'no progress stored: no cause is in flight', dim: true });
  for (const record of records) {
    const status = record.success ? 'succeeded' : record.failure ? 'failed' : record.delayed ? 'delayed' : 'in progress';
    lines.push({ text: `${record.id}  ${status}`, bold: true, color: record.failure ? 'red' : record.success ? 'green' : 'yellow' });
    if (record.purpose) lines.push({ text: `  purpose   ${record.purpose}` });
    if (record.started) lines.push({ text: `  started   ${record.started}` });
    lines.push({ text: `  retries   ${record.retries ?? 0}` });
    const due = storedTime(record.delayed);
    if (record.delayed) lines.push({ text: `  delayed   ${record.delayed}${due !== undefined ? (due > now ? ` (in ${seconds(due - now)})` : ' (due)') : ''}`, color: 'yellow' });
    if (record.stopped) lines.push({ text: `  stopped   ${record.stopped}` });
    if (record.message) lines.push({ text: `  message   ${record.message}` });
    if (record.subrefs && record.subrefs.length > 0) lines.push({ text: `  subhandlers ${record.subrefs.join(', ')}` });
    lines.push({ text: `  stored at ${record.location}`, dim: true });
  }
  if (entry.outcomes.size > 0) {
    lines.push({ text: '' }, { text: 'last outcomes (this session)', bold: true });
    for (const [id, outcome] of entry.outcomes) {
      lines.push({
        text: `  ${id.padEnd(18)} ${outcome.phase}${outcome.durationMs !== undefined ? ` in ${formatMs(outcome.durationMs)}` : ''} · gen ${outcome.gen} · ${time(outcome.at)}${outcome.message ? ` · ${outcome.message}` : ''}`,
        color: outcome.phase === 'failed' ? 'red' : outcome.phase === 'retrying' ? 'yellow' : undefined,
      });
    }
  }
  return lines;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '∅';
  const text = typeof value === 'string' ? JSON.stringify(value) : stringify(value, { lineWidth: 0 }).trim().replaceAll('\n', ' ');
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
}

/** The Diff tab: diff-base vs now, what the next update handler receives. */
export function diffLines(entry: ObjectEntry): Line[] {
  const stored = entry.stored;
  if (!stored) return [{ text: 'not seen yet', dim: true }];
  if (stored.diffBase === null) return [{ text: 'no diff-base stored: the object was never fully handled, so the next cause is create (or resume)', dim: true }];
  if (stored.pending.length === 0) return [{ text: 'no pending changes: the diff-base matches the object', color: 'green' }];
  const lines: Line[] = [{ text: `${stored.pending.length} change${stored.pending.length > 1 ? 's' : ''} the next update handler will receive:`, bold: true }];
  for (const item of stored.pending) {
    const path = item.path.join('.') || '(root)';
    const color = item.op === 'add' ? 'green' : item.op === 'remove' ? 'red' : 'yellow';
    lines.push({ text: `  ${item.op.padEnd(6)} ${path}: ${show(item.old)} → ${show(item.new)}`, color });
  }
  return lines;
}

/** The History tab: the kept versions, each against the one before. */
export function historyLines(entry: ObjectEntry): Line[] {
  const versions = entry.history.toArray();
  const lines: Line[] = [];
  for (const item of entry.timeline.toArray().slice(-15)) {
    lines.push({ text: `${time(item.ts)} ${item.gen !== undefined ? `gen ${item.gen} ` : ''}${item.text}`, color: item.level === 'error' ? 'red' : item.level === 'warn' ? 'yellow' : undefined });
  }
  if (lines.length > 0) lines.unshift({ text: 'timeline', bold: true });
  lines.push({ text: '' }, { text: `versions (${versions.length} kept)`, bold: true });
  for (let index = versions.length - 1; index >= 0; index--) {
    const version = versions[index]!;
    lines.push({ text: `rv ${version.resourceVersion} · ${time(version.ts)}${version.manager ? ` · by ${version.manager}` : ''}`, color: 'cyan' });
    const before = versions[index - 1];
    if (!before) continue;
    for (const change of shallowChanges(before.body, version.body)) lines.push({ text: `  ${change}`, dim: true });
  }
  return lines;
}

function flatten(value: unknown, path: string, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key, out);
    return;
  }
  out.set(path, show(value));
}

function shallowChanges(before: unknown, after: unknown): string[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before, '', a);
  flatten(after, '', b);
  const changes: string[] = [];
  for (const [path, value] of b) {
    if (path === 'metadata.resourceVersion' || path.startsWith('metadata.managedFields')) continue;
    if (!a.has(path)) changes.push(`+ ${path}: ${value}`);
    else if (a.get(path) !== value) changes.push(`~ ${path}: ${a.get(path)} → ${value}`);
  }
  for (const path of a.keys()) if (!b.has(path) && !path.startsWith('metadata.managedFields')) changes.push(`- ${path}`);
  return changes.slice(0, 12);
}

/** The Events tab. */
export function eventLines(store: DevStore, entry: ObjectEntry | undefined): Line[] {
  const events = entry ? entry.events?.toArray() ?? [] : store.events.toArray();
  if (events.length === 0) return [{ text: 'no Kubernetes events', dim: true }];
  return events.map((event) => ({
    text: `${time(event.ts)} ${event.type.padEnd(7)} ${event.reason.padEnd(18)} ${event.count > 1 ? `×${event.count} ` : ''}${event.message}`,
    color: event.type === 'Warning' ? 'yellow' : event.type === 'Error' ? 'red' : undefined,
  }));
}

/** The YAML tab (managedFields hidden unless asked). */
export function yamlLines(entry: ObjectEntry, managedFields: boolean): Line[] {
  if (!entry.body) return [{ text: 'not seen by op dev yet', dim: true }];
  let body = entry.body;
  if (!managedFields && body.metadata?.managedFields) {
    const { managedFields: _hidden, ...metadata } = body.metadata;
    body = { ...body, metadata };
  }
  return stringify(body, { lineWidth: 0 }).trimEnd().split('\n').map((text) => ({ text }));
}

/** The API tab: the operator's requests (for one object, or all). */
export function apiLines(store: DevStore, entry: ObjectEntry | undefined): Line[] {
  const requests = store.api.filter((line) => !entry || (line.name === entry.name && line.namespace === entry.namespace));
  if (requests.length === 0) return [{ text: 'no API requests yet', dim: true }];
  return requests.slice(-500).map((line) => ({
    text: `${time(line.ts)} ${String(line.code || 'ERR').padEnd(3)} ${line.verb.padEnd(9)} ${line.resource}${line.namespace ? ` -n ${line.namespace}` : ''}${line.name ? ` ${line.name}` : ''} ${line.durationMs} ms${line.attempt > 1 ? ` (attempt ${line.attempt})` : ''}`,
    color: line.code >= 400 || line.code === 0 ? 'red' : undefined,
  }));
}

/** The Peering tab: peering objects and Leases. */
export function peeringLines(store: DevStore): Line[] {
  if (store.coordination.size === 0) return [{ text: 'no peering objects or Leases: nothing else coordinates with this operator', dim: true }];
  const lines: Line[] = [];
  for (const view of store.coordination.values()) {
    const meta = view.object.metadata;
    lines.push({ text: `${view.resource} ${meta.namespace ? `${meta.namespace}/` : ''}${meta.name ?? ''}`, bold: true });
    if (view.resource.startsWith('leases')) {
      const spec = (view.object.spec ?? {}) as Record<string, unknown>;
      lines.push({ text: `  holder ${String(spec.holderIdentity ?? '—')} · renewed ${String(spec.renewTime ?? '—')} · ${String(spec.leaseDurationSeconds ?? '?')}s` });
    } else {
      const status = (view.object.status ?? {}) as Record<string, unknown>;
      for (const [peer, info] of Object.entries(status)) lines.push({ text: `  peer ${peer}: ${show(info)}` });
    }
  }
  return lines;
}

/** The Overview tab of one object. */
export function overviewLines(store: DevStore, entry: ObjectEntry, now: number, glyphs: Glyphs): Line[] {
  const body = entry.body;
  const meta = body?.metadata;
  const lines: Line[] = [
    { text: `${entry.kind} ${objectLabel(entry)}`, bold: true },
    { text: `state      ${stateText(entry.state, now)}`, color: stateColor(entry.state) },
  ];
  if (entry.state.kind === 'retrying' && entry.state.message) lines.push({ text: `           ${entry.state.message}`, color: 'yellow' });
  if (entry.state.kind === 'failed' && entry.state.message) lines.push({ text: `           ${entry.state.message}`, color: 'red' });
  if (entry.interrupted) lines.push({ text: `${glyphs.interrupted} interrupted by the forced stop of gen ${entry.interrupted.gen}: ${entry.interrupted.handlers.join(', ')} (resumes from the stored state)`, color: 'yellow' });
  lines.push({ text: `resource   ${entry.resource}` });
  if (meta?.uid) lines.push({ text: `uid        ${meta.uid} · rv ${meta.resourceVersion ?? '?'} · generation ${String(meta.generation ?? '?')}` });
  if (meta?.creationTimestamp) lines.push({ text: `created    ${meta.creationTimestamp}` });
  if (meta?.deletionTimestamp) lines.push({ text: `deleting   since ${meta.deletionTimestamp}`, color: 'magenta' });
  lines.push({ text: `finalizers ${(meta?.finalizers ?? []).join(', ') || '—'}` });
  const owners = meta?.ownerReferences ?? [];
  if (owners.length > 0) lines.push({ text: `owners     ${owners.map((owner) => `${owner.kind}/${owner.name}`).join(', ')}` });
  const labels = Object.entries(meta?.labels ?? {}).map(([key, value]) => `${key}=${value}`).join(' ');
  if (labels) lines.push({ text: `labels     ${labels}` });
  const conditions = ((body?.status as { conditions?: { type?: string; status?: string; reason?: string }[] } | undefined)?.conditions) ?? [];
  for (const condition of conditions) lines.push({ text: `condition  ${condition.type ?? '?'}=${condition.status ?? '?'}${condition.reason ? ` (${condition.reason})` : ''}` });
  for (const [id, view] of entry.runtime) {
    lines.push({ text: `${view.kind.padEnd(10)} ${id} ${view.phase}${view.reason ? ` (${view.reason})` : ''} · runs ${view.runs}${view.lastRunAt ? ` · last ${seconds(now - view.lastRunAt)} ago` : ''}` });
  }
  const handlers = store.handlerInfos.filter((handler) => (handler.resources ?? []).includes(entry.resource));
  if (handlers.length > 0) {
    lines.push({ text: '' }, { text: 'handlers', bold: true });
    for (const handler of handlers) {
      const outcome = entry.outcomes.get(handler.id);
      const running = entry.running.get(handler.id);
      const last = running ? `running (${seconds(now - running.since)})` : outcome ? `${outcome.phase}${outcome.durationMs !== undefined ? ` in ${formatMs(outcome.durationMs)}` : ''}${outcome.message ? `: ${outcome.message}` : ''}` : '—';
      lines.push({ text: `  ${handler.id.padEnd(18)} ${handler.kind.padEnd(7)} ${last}`, color: outcome?.phase === 'failed' ? 'red' : outcome?.phase === 'retrying' ? 'yellow' : undefined });
    }
  }
  const stored = entry.stored;
  if (stored?.corrupted) lines.push({ text: `stored state cannot be read: ${stored.corrupted}`, color: 'red' });
  const recent = entry.logs?.toArray().slice(-5) ?? [];
  if (recent.length > 0) {
    lines.push({ text: '' }, { text: 'recent logs', bold: true });
    for (const line of recent) lines.push({ text: `  ${time(line.ts)} ${line.message}`, color: LEVEL_COLORS[line.level] });
  }
  return lines;
}

/** The Overview of the session (the "all objects" row). */
export function sessionLines(store: DevStore, now: number): Line[] {
  const lines: Line[] = [];
  const target = store.target;
  if (target) {
    lines.push({ text: `target     ${target.mode === 'embedded' ? 'embedded API server' : `cluster ${target.label}`} at ${target.server} (${target.reason})` });
    lines.push({ text: `kubectl    ${target.kubectl}`, color: 'cyan' });
  }
  const counts = store.counts();
  lines.push({ text: `objects    ${store.objects.size}: ${Object.entries(counts).filter(([, n]) => n > 0).map(([kind, n]) => `${n} ${kind}`).join(', ') || 'none yet'}` });
  if (store.queue) lines.push({ text: `queue      ${store.queue.running} running, ${store.queue.waiting} waiting (last wait ${store.queue.waitMs} ms)` });
  if (store.loop) lines.push({ text: `event loop gen ${store.loop.gen}: p50 ${store.loop.p50Ms.toFixed(1)} ms · p99 ${store.loop.p99Ms.toFixed(1)} ms · max ${store.loop.maxMs.toFixed(1)} ms` });
  for (const [resource, watch] of store.watches) lines.push({ text: `watch      ${resource}: ${watch.phase} ${seconds(now - watch.ts)} ago${watch.message ? ` (${watch.message})` : ''}` });
  for (const selector of store.unserved) {
    const suggestion = store.suggestions[selector];
    lines.push({ text: `warning    nothing serves ${selector}${suggestion === undefined ? ' yet: apply its CRD' : `: did you mean '${suggestion}'? (or apply its CRD)`}`, color: 'yellow' });
  }
  if (store.unknown.size > 0) lines.push({ text: `other feed ${[...store.unknown].map(([type, n]) => `${type} ×${n}`).join(', ')}`, dim: true });
  lines.push({ text: '' }, { text: 'generations', bold: true });
  for (const view of [...store.gens.values()].reverse().slice(0, 20)) {
    const parts = [`gen ${view.gen}`, view.phase];
    if (view.reason) parts.push(view.reason);
    if (view.loadMs !== undefined) parts.push(`loaded ${formatMs(view.loadMs)}`);
    if (view.readyMs !== undefined) parts.push(`ready ${formatMs(view.readyMs)}`);
    if (view.stopMs !== undefined) parts.push(`stopped in ${formatMs(view.stopMs)}${view.forced ? ' (forced)' : view.graceful ? ' (graceful)' : ''}`);
    if (view.interrupted && view.interrupted.length > 0) parts.push(`interrupted ${view.interrupted.map((item) => `${item.id} on ${item.name}`).join(', ')}`);
    if (view.message) parts.push(view.message);
    lines.push({ text: `  ${parts.join(' · ')}`, color: view.phase === 'crashed' || view.forced ? 'red' : undefined });
  }
  if (store.operatorFiles.length > 0) {
    lines.push({ text: '' }, { text: 'watched files', bold: true });
    for (const file of store.operatorFiles) lines.push({ text: `  ${file}`, dim: true });
  }
  return lines;
}
