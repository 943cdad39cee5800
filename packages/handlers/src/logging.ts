// The operator's log output in Kopf's three formats (plain, full, json). Object loggers prefix
// every line with `[namespace/name]` — the lines users grep for — and carry a reference to the
// object, which the JSON format writes as `object`. Structured fields follow the message; a Secret
// among them (a body, a list, a watch event) is written with its data redacted, as everywhere else.
import { redactSecrets, stringifyJson } from '@opkit/json';
import type { KubeObject, Resource } from '@opkit/kube';
import { resourceName } from '@opkit/kube';
import type { LogFields, Logger } from '@opkit/tasks';

/** A log level. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
/** An output format. */
export type LogFormat = 'plain' | 'full' | 'json';

/** The reference an object logger carries (JSON format: `object`). */
export interface LogObjectRef {
  apiVersion?: string | undefined;
  kind?: string | undefined;
  name?: string | undefined;
  uid?: string | undefined;
  namespace?: string | undefined;
  resource?: string | undefined;
}

/** One log record, as given to {@link LoggerOptions.onRecord}. */
export interface LogRecord {
  readonly level: LogLevel;
  readonly message: string;
  readonly name: string;
  readonly object?: LogObjectRef | undefined;
  readonly fields: LogFields;
  readonly time: Date;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** @defaultValue 'full' */
  readonly format?: LogFormat;
  /** The lowest level written. @defaultValue 'info' */
  readonly level?: LogLevel;
  /** Where lines go (without a newline). @defaultValue stderr */
  readonly write?: (line: string) => void;
  /** The logger name of operator-level lines (object lines use `opkit.objects`). @defaultValue 'opkit' */
  readonly name?: string;
  /** Called for every record at or above the level (the operator forwards them to its feed). */
  readonly onRecord?: (record: LogRecord) => void;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const LEVEL_NAMES: Record<LogLevel, string> = { debug: 'DEBUG', info: 'INFO', warn: 'WARNING', error: 'ERROR' };

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function localTime(time: Date): string {
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())},${pad(time.getMilliseconds(), 3)}`;
}

function encodeValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return JSON.stringify(value.message);
  try {
    return value === undefined || typeof value === 'function' || typeof value === 'symbol' ? String(value) : stringifyJson(value);
  } catch {
    return String(value);
  }
}

/** `[namespace/name] ` or `[name] ` for an object reference. */
export function objectPrefix(object: LogObjectRef | undefined): string {
  if (!object?.name) return '';
  return object.namespace ? `[${object.namespace}/${object.name}] ` : `[${object.name}] `;
}

class FormattingLogger implements Logger {
  readonly #options: Required<Omit<LoggerOptions, 'onRecord'>> & Pick<LoggerOptions, 'onRecord'>;
  readonly #fields: LogFields;

  constructor(options: Required<Omit<LoggerOptions, 'onRecord'>> & Pick<LoggerOptions, 'onRecord'>, fields: LogFields) {
    this.#options = options;
    this.#fields = fields;
  }

  debug(message: string, fields?: LogFields): void { this.#log('debug', message, fields); }
  info(message: string, fields?: LogFields): void { this.#log('info', message, fields); }
  warn(message: string, fields?: LogFields): void { this.#log('warn', message, fields); }
  error(message: string, fields?: LogFields): void { this.#log('error', message, fields); }

  child(fields: LogFields): Logger {
    return new FormattingLogger(this.#options, { ...this.#fields, ...fields });
  }

  isEnabled(level: LogLevel): boolean {
    return LEVELS[level] >= LEVELS[this.#options.level];
  }

  #log(level: LogLevel, message: string, extra: LogFields | undefined): void {
    if (LEVELS[level] < LEVELS[this.#options.level]) return;
    const { object, ...fields } = { ...this.#fields, ...extra } as LogFields & { object?: LogObjectRef };
    const rest = redactSecrets(fields);
    const name = object ? 'opkit.objects' : this.#options.name;
    const time = new Date();
    this.#options.onRecord?.({ level, message, name, object, fields: rest, time });
    this.#options.write(this.#format({ level, message, name, object, fields: rest, time }));
  }

  #format(record: LogRecord): string {
    const { format } = this.#options;
    if (format === 'json') {
      const entry: Record<string, unknown> = { message: record.message, timestamp: record.time.toISOString(), severity: record.level };
      for (const [key, value] of Object.entries(record.fields)) if (!(key in entry)) entry[key] = value instanceof Error ? value.message : value;
      if (record.object) entry.object = record.object;
      return stringifyJson(entry);
    }
    const stack = record.fields.error instanceof Error && record.level === 'error' && record.fields.stack === true ? `\n${record.fields.error.stack ?? ''}` : '';
    const suffix = Object.entries(record.fields).filter(([key]) => key !== 'stack')
      .map(([key, value]) => ` ${key}=${encodeValue(value)}`).join('');
    const text = `${objectPrefix(record.object)}${record.message}${suffix}${stack}`;
    if (format === 'plain') return text;
    return `[${localTime(record.time)}] ${record.name.padEnd(20).slice(0, 20)} [${LEVEL_NAMES[record.level].padEnd(8)}] ${text}`;
  }
}

/**
 * A logger writing Kopf-style lines.
 *
 * @example
 * ```ts
 * const logger = createLogger({ format: 'plain', level: 'debug', write: (line) => lines.push(line) });
 * objectLogger(logger, body, resource).info('Something was logged here.'); // "[default/kopf-example-1] Something was logged here."
 * ```
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const format = options.format ?? 'full';
  if (!['plain', 'full', 'json'].includes(format)) throw new TypeError(`Unknown log format ${JSON.stringify(format)}: expected 'plain', 'full' or 'json'.`);
  const level = options.level ?? 'info';
  if (!(level in LEVELS)) throw new TypeError(`Unknown log level ${JSON.stringify(level)}: expected 'debug', 'info', 'warn' or 'error'.`);
  return new FormattingLogger({
    format, level, name: options.name ?? 'opkit',
    write: options.write ?? ((line) => process.stderr.write(`${line}\n`)),
    onRecord: options.onRecord,
  }, {});
}

/**
 * The reference of an object for logs and the feed.
 *
 * @example
 * ```ts
 * objectRef(body, resource); // { apiVersion, kind, name, uid, namespace, resource: 'kopfexamples.v1.kopf.dev' }
 * ```
 */
export function objectRef(body: KubeObject, resource?: Resource): LogObjectRef {
  const ref: LogObjectRef = {
    apiVersion: body.apiVersion, kind: body.kind, name: body.metadata?.name, uid: body.metadata?.uid, namespace: body.metadata?.namespace,
  };
  if (resource) ref.resource = resourceName(resource);
  return ref;
}

/**
 * A child logger for one object: its lines start with `[namespace/name]`.
 *
 * @example
 * ```ts
 * objectLogger(logger, body).info('Creation is processed: 1 succeeded; 0 failed.');
 * ```
 */
export function objectLogger(logger: Logger, body: KubeObject, resource?: Resource): Logger {
  return logger.child({ object: objectRef(body, resource) });
}

const EVENT_TYPES: Record<LogLevel, string> = { debug: 'Debug', info: 'Normal', warn: 'Warning', error: 'Error' };

/**
 * A logger that also posts each line as a Kubernetes event about `body` (reason `Logging`; type Debug,
 * Normal, Warning or Error by level) — Kopf's `posting.loggers`. The sink decides which levels are posted.
 *
 * @example
 * ```ts
 * const logger = postingLogger(objectLogger(base, body), body, poster);
 * ```
 */
export function postingLogger(logger: Logger, body: KubeObject, sink: { post(body: KubeObject, event: { type: string; reason: string; message: string }): void; posts?(type: string): boolean }): Logger {
  const post = (level: LogLevel) => (message: string, fields?: LogFields): void => {
    logger[level](message, fields);
    sink.post(body, { type: EVENT_TYPES[level], reason: 'Logging', message });
  };
  return {
    debug: post('debug'), info: post('info'), warn: post('warn'), error: post('error'),
    child: (fields) => postingLogger(logger.child(fields), body, sink),
    isEnabled: (level) => (logger.isEnabled?.(level) ?? true) || (sink.posts?.(EVENT_TYPES[level]) ?? true),
  };
}
