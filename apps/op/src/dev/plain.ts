// `op dev --plain` (and any run whose stdout is not a terminal): Kopf-worded log lines with
// generation banners, and never an escape byte — safe to pipe, grep and keep as a CI log.
// `--json` prints every record as one JSON line instead, written with @opkit/json (object bodies may
// hold integers beyond 2^53 as bigint).
import { stringifyJson } from '@opkit/json';
import type { DevRecord } from './records.js';
import { formatMs, levelAtLeast } from './model/store.js';

/** Options of {@link plainLines}. */
export interface PlainOptions {
  /** The lowest log level printed. @defaultValue 'info' */
  readonly level?: 'debug' | 'info' | 'warn' | 'error';
  /** Print times in UTC (tests). @defaultValue false: local time */
  readonly utc?: boolean;
}

const LEVELS = { debug: 'DEBUG', info: 'INFO', warn: 'WARNING', error: 'ERROR' } as const;

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

/** Text without escape sequences or control characters (tabs kept). */
export function sanitize(text: string): string {
  return text.replace(ANSI, '').replace(CONTROL, '?');
}

function time(ts: number, utc: boolean): string {
  const date = new Date(ts);
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return utc
    ? `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`
    : `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function banner(text: string): string {
  return `── ${text} ──`;
}

function prefix(object: { namespace?: string | undefined; name?: string | undefined } | undefined): string {
  if (!object?.name) return '';
  return object.namespace ? `[${object.namespace}/${object.name}] ` : `[${object.name}] `;
}

/**
 * The plain lines of one record (none for most feed records: their log lines say it in Kopf's words).
 *
 * @example
 * ```ts
 * plainLines({ v: 1, ts, gen: 1, type: 'log', level: 'info', message: "Handler 'create_fn' succeeded.", object: ref });
 * // ["12:01:03.120 INFO    [default/kopf-example-1] Handler 'create_fn' succeeded."]
 * ```
 */
export function plainLines(record: DevRecord, options: PlainOptions = {}): string[] {
  const min = options.level ?? 'info';
  const utc = options.utc ?? false;
  const at = time(record.ts, utc);
  const r = record as unknown as Record<string, any> & { type: string };
  const lines = ((): string[] => {
    switch (r.type) {
      case 'dev.target':
        return [`op dev: ${r.mode === 'embedded' ? 'the embedded Kubernetes API server' : `the cluster of ${r.label}`} at ${r.server} (${r.reason})`, `op dev: ${r.kubectl}`];
      case 'dev.gen':
        switch (r.phase) {
          case 'loading': return [];
          case 'started': return [banner(`gen ${r.gen}: ${r.reason ?? 'start'} · loaded ${formatMs(r.loadMs ?? 0)} · pid ${r.pid ?? '?'}`)];
          case 'ready': return [banner(`gen ${r.gen} ready${r.readyMs !== undefined ? ` in ${formatMs(r.readyMs)}` : ''}`)];
          case 'stopping': return [banner(`gen ${r.gen} stopping: ${r.reason ?? ''}`)];
          case 'stopped': {
            const interrupted = (r.interrupted ?? []) as { id: string; namespace?: string; name: string }[];
            const names = interrupted.map((item) => `${item.id} on ${item.namespace ? `${item.namespace}/` : ''}${item.name}`).join(', ');
            const how = r.forced ? `forced after ${formatMs(r.stopMs ?? 0)}` : `in ${formatMs(r.stopMs ?? 0)}${r.graceful ? ' (graceful)' : ''}`;
            return [banner(`gen ${r.gen} stopped ${how}${names ? `; interrupted: ${names} (they resume from the stored state)` : ''}`)];
          }
          case 'crashed': return [banner(`gen ${r.gen} crashed: ${r.message ?? ''}`)];
          default: return [];
        }
      case 'dev.build-error': {
        const location = r.location as { file: string; line: number; column: number; frame?: string[] } | undefined;
        return [
          banner(`gen ${r.gen} failed to load (the running generation keeps running): ${r.message}`),
          ...(location ? [`   at ${location.file}:${location.line}:${location.column}`, ...(location.frame ?? []).map((line) => `   ${line}`)] : []),
        ];
      }
      case 'dev.registry': {
        const handlers = (r.handlers as { id: string; kind: string }[]).map((handler) => `${handler.id} (${handler.kind})`).join(', ');
        const suggestions = (r.suggestions ?? {}) as Record<string, string>;
        const unserved = (r.unserved as string[]).map((selector) => (suggestions[selector] !== undefined
          ? `op dev: warning: nothing serves ${selector}: did you mean '${suggestions[selector]}'? (or apply its CRD, --crds)`
          : `op dev: warning: nothing serves ${selector} yet; apply its CRD (--crds)`));
        return [`op dev: gen ${r.gen} handles ${(r.resources as string[]).join(', ') || 'no served resource yet'}: ${handlers}`, ...unserved];
      }
      case 'dev.output':
        return [`${at} ${r.stream === 'stderr' ? 'STDERR ' : 'STDOUT '} ${r.line}`];
      case 'dev.notice':
        return levelAtLeast(r.level, min) ? [`op dev: ${r.level === 'info' ? '' : `${r.level === 'warn' ? 'warning' : 'error'}: `}${r.message}`] : [];
      case 'dev.paused':
        return [banner(r.paused ? 'paused: the operator watches nothing' : 'resumed')];
      case 'log':
        return levelAtLeast(r.level, min) ? [`${at} ${LEVELS[r.level as keyof typeof LEVELS].padEnd(7)} ${prefix(r.object)}${r.message}`] : [];
      default:
        return [];
    }
  })();
  return lines.map(sanitize);
}

/**
 * One JSON line of a record (no newline).
 *
 * @example
 * ```ts
 * jsonLine({ v: 1, ts: 0, type: 'dev.notice', level: 'info', message: 'hello' }); // '{"type":"dev.notice",…}'
 * ```
 */
export function jsonLine(record: DevRecord): string {
  return stringifyJson(record);
}
