// Fault injection for everyone's reliability tests: operators must survive dropped watches, 5xx/429
// answers, slow responses and compacted history, so the embedded server can produce each on demand —
// from an option, from `--faults SPEC`, or at run time through `server.faults`.
import { ApiServerError } from './errors.js';
import { every } from './timers.js';
import type { ServerTimers } from './timers.js';

/** The faults the server injects; every field is optional and absent means "off". */
export interface FaultSpec {
  /** Close every open watch connection every N ms. */
  watchDropMs?: number;
  /** 0..1: share of API requests (paths under /api and /apis) answered with `errorCode`. */
  errorRate?: number;
  /** HTTP code of injected errors. @defaultValue 503 */
  errorCode?: 429 | 500 | 503;
  /** Retry-After header (seconds) on injected 429/503. @defaultValue 1 */
  retryAfterSeconds?: number;
  /** Added before every API response, in ms. */
  latencyMs?: number;
  /** Compact the watch history every N ms: resumes from older RVs get ERROR 410. */
  compactEveryMs?: number;
  /** Open watches stay open but receive nothing (no events, no bookmarks) while true. */
  stallWatches?: boolean;
}

/** Codes a {@link FaultRule} answers with. */
export type FaultRuleCode = 410 | 429 | 500 | 502 | 503 | 504;

/**
 * A targeted injected error: which API requests it answers, with what, how often and how many times.
 * Every filter is optional; absent means "any".
 *
 * @example
 * // The next 3 patches of kopfexamples' status by the operator are answered 503.
 * server.faults.addRule({ code: 503, verbs: ['patch'], resources: ['kopfexamples/status'], users: [operatorUser], count: 3 });
 * // Every second watch is refused with 410 Gone (the client must relist).
 * server.faults.addRule({ code: 410, verbs: ['watch'], rate: 0.5 });
 */
export interface FaultRule {
  /** The answer: 410 (Expired: the resourceVersion is too old; the client relists), 429, or a 5xx. */
  code: FaultRuleCode;
  /** Kubernetes verbs: get, list, watch, create, update, patch, delete, deletecollection. */
  verbs?: readonly string[];
  /** Resources by plural, or `plural/subresource` (`kopfexamples/status`); a bare plural matches its subresources too. */
  resources?: readonly string[];
  /** Only requests of these users (as the audit log names them). */
  users?: readonly string[];
  /** Never requests of these users. */
  exceptUsers?: readonly string[];
  /** 0..1: share of matching requests answered with `code`. @defaultValue 1 */
  rate?: number;
  /** Answer this many requests, then the rule is spent. @defaultValue unlimited */
  count?: number;
  /** Retry-After header (seconds) on 429/503. @defaultValue 1 */
  retryAfterSeconds?: number;
}

/** What a fault rule is matched against: the request's Kubernetes attributes and user. */
export interface FaultRequest {
  /** The URL path (only API paths are faulted: {@link isFaultablePath}). */
  path: string;
  /** The HTTP method. */
  verb: string;
  /** The Kubernetes verb (get, list, watch…), when known. */
  kubeVerb?: string;
  /** The resource's plural ('' for discovery). */
  resource?: string;
  subresource?: string | undefined;
  /** The authenticated user. */
  user?: string;
}

/** How many faults were injected so far. */
export interface FaultCounts {
  /** API requests answered with an injected error (`failNext`, `errorRate`, rules). */
  failed: number;
  /** `failed` by HTTP code, e.g. `{ '410': 2, '503': 5 }`. */
  byCode: Record<string, number>;
  /** Requests and connections of partitioned clients cut off without an answer. */
  cut: number;
  /** Open watches the server ended on purpose (`watchDropMs`, `dropWatches()`). */
  droppedWatches: number;
  /** Times the watch history was compacted (`compactEveryMs`, `compactNow()`): resumes from before it get 410. */
  compactions: number;
}

/** A fault decided for one request: answer with `code` (and `Retry-After` when given). */
export interface InjectedFault {
  code: number;
  retryAfterSeconds?: number;
}

type Kind = 'duration' | 'rate' | 'code' | 'seconds' | 'boolean';
const KEYS: Record<string, { field: keyof FaultSpec; kind: Kind }> = {
  'watch-drop': { field: 'watchDropMs', kind: 'duration' },
  'error-rate': { field: 'errorRate', kind: 'rate' },
  'error-code': { field: 'errorCode', kind: 'code' },
  'retry-after': { field: 'retryAfterSeconds', kind: 'seconds' },
  latency: { field: 'latencyMs', kind: 'duration' },
  'compact-every': { field: 'compactEveryMs', kind: 'duration' },
  'stall-watches': { field: 'stallWatches', kind: 'boolean' },
};
const ACCEPTED = 'watch-drop=<duration>, error-rate=<0..1>, error-code=<429|500|503>, retry-after=<seconds>, latency=<duration>, compact-every=<duration>, stall-watches=<true|false> (durations: 250ms, 2s, 1m; a bare number is ms)';
const ERROR_CODES = [429, 500, 503] as const;

function parseValue(kind: Kind, raw: string): number | boolean | undefined {
  switch (kind) {
    case 'duration': {
      const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(raw);
      if (!m) return undefined;
      const factor = m[2] === 's' ? 1000 : m[2] === 'm' ? 60_000 : 1;
      return Math.round(Number(m[1]) * factor);
    }
    case 'rate': {
      const n = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
      return n >= 0 && n <= 1 ? n : undefined;
    }
    case 'code': {
      const n = Number(raw);
      return (ERROR_CODES as readonly number[]).includes(n) ? n : undefined;
    }
    case 'seconds':
      return /^\d+$/.test(raw) ? Number(raw) : undefined;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
  }
}

function invalid(item: string, why: string): ApiServerError {
  return new ApiServerError('InvalidFaultSpec', `invalid fault item "${item}": ${why}; accepted: ${ACCEPTED}`);
}

/**
 * Parses the `--faults` text form into a {@link FaultSpec}. Items are `key=value`, comma-separated;
 * an empty text gives `{}`.
 *
 * @throws ApiServerError (code `InvalidFaultSpec`) naming the bad item and listing the accepted keys.
 * @example
 * parseFaultSpec('watch-drop=2s,error-rate=0.05,error-code=503,latency=5ms');
 * // → { watchDropMs: 2000, errorRate: 0.05, errorCode: 503, latencyMs: 5 }
 */
export function parseFaultSpec(text: string): FaultSpec {
  const spec: Record<string, number | boolean> = {};
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq < 0) throw invalid(item, 'expected key=value');
    const key = item.slice(0, eq).trim();
    const raw = item.slice(eq + 1).trim();
    const def = KEYS[key];
    if (!def) throw invalid(item, `unknown key "${key}"`);
    const value = parseValue(def.kind, raw);
    if (value === undefined) throw invalid(item, `bad value "${raw}" for ${key}`);
    spec[def.field] = value;
  }
  return spec;
}

/**
 * Checks a (partial) spec given in object form, with the same rules as {@link parseFaultSpec}.
 *
 * @throws ApiServerError (code `InvalidFaultSpec`) naming the bad field.
 * @example
 * validateFaultSpec({ errorRate: 0.1 }); // ok; { errorRate: 2 } throws
 */
export function validateFaultSpec(spec: Partial<FaultSpec>): void {
  const bad = (field: string, value: unknown, expected: string): never => {
    throw new ApiServerError('InvalidFaultSpec', `invalid fault ${field}=${JSON.stringify(value)}: expected ${expected}; accepted: ${ACCEPTED}`);
  };
  const nonNegative = (field: keyof FaultSpec): void => {
    const v = spec[field];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) bad(field, v, 'a non-negative number');
  };
  nonNegative('watchDropMs');
  nonNegative('latencyMs');
  nonNegative('compactEveryMs');
  nonNegative('retryAfterSeconds');
  const rate = spec.errorRate;
  if (rate !== undefined && (typeof rate !== 'number' || !(rate >= 0 && rate <= 1))) bad('errorRate', rate, 'a number in 0..1');
  if (spec.errorCode !== undefined && !(ERROR_CODES as readonly number[]).includes(spec.errorCode)) bad('errorCode', spec.errorCode, '429, 500 or 503');
  if (spec.stallWatches !== undefined && typeof spec.stallWatches !== 'boolean') bad('stallWatches', spec.stallWatches, 'a boolean');
}

/** Whether a request path is an API request that faults apply to (not /healthz, /metrics, /version…). */
export function isFaultablePath(path: string): boolean {
  return path === '/api' || path === '/apis' || path.startsWith('/api/') || path.startsWith('/apis/');
}

/** What the server supplies to {@link FaultInjector.start}: the actions its timers trigger. */
export interface FaultHooks {
  /** Close every open watch connection now. */
  dropWatches(): void;
  /** Forget all watch history now. */
  compact(): void;
}

/** Options of {@link FaultInjector}. */
export interface FaultInjectorOptions {
  /** Initial faults (object or `--faults` text). @defaultValue none */
  spec?: FaultSpec | string;
  /** Source of randomness for `errorRate` and rule rates, returning [0, 1). @defaultValue Math.random */
  random?: () => number;
  /** Where the periodic faults are scheduled (a test's fake clock). @defaultValue real unref'd timers */
  timers?: ServerTimers | undefined;
}

const RULE_CODES: readonly number[] = [410, 429, 500, 502, 503, 504];

/** Checks a rule, naming the bad field. */
function validateRule(rule: FaultRule): void {
  const bad = (field: string, value: unknown, expected: string): never => {
    throw new ApiServerError('InvalidFaultSpec', `invalid fault rule ${field}=${JSON.stringify(value)}: expected ${expected}`);
  };
  if (typeof rule !== 'object' || rule === null) bad('rule', rule, 'an object');
  if (!RULE_CODES.includes(rule.code)) bad('code', rule.code, RULE_CODES.join(', '));
  for (const field of ['verbs', 'resources', 'users', 'exceptUsers'] as const) {
    const list = rule[field];
    if (list !== undefined && (!Array.isArray(list) || list.some((v) => typeof v !== 'string' || v === ''))) bad(field, list, 'a list of non-empty strings');
  }
  if (rule.rate !== undefined && !(typeof rule.rate === 'number' && rule.rate >= 0 && rule.rate <= 1)) bad('rate', rule.rate, 'a number in 0..1');
  if (rule.count !== undefined && !(Number.isInteger(rule.count) && rule.count >= 0)) bad('count', rule.count, 'a non-negative integer');
  if (rule.retryAfterSeconds !== undefined && !(Number.isInteger(rule.retryAfterSeconds) && rule.retryAfterSeconds >= 0)) bad('retryAfterSeconds', rule.retryAfterSeconds, 'a non-negative integer');
}

/** Whether a rule's filters match a request. */
function ruleMatches(rule: FaultRule, request: FaultRequest): boolean {
  if (rule.verbs && !rule.verbs.includes(request.kubeVerb ?? request.verb.toLowerCase())) return false;
  if (rule.users && (request.user === undefined || !rule.users.includes(request.user))) return false;
  if (rule.exceptUsers && request.user !== undefined && rule.exceptUsers.includes(request.user)) return false;
  if (rule.resources) {
    const plural = request.resource ?? '';
    const full = request.subresource ? `${plural}/${request.subresource}` : plural;
    if (plural === '' || !rule.resources.some((r) => r === plural || r === full)) return false;
  }
  return true;
}

interface PendingFailure {
  code: number;
  retryAfterSeconds?: number;
}

/**
 * Decides, per request, which fault to inject, and runs the periodic faults (watch drops, history
 * compaction) through hooks the server supplies. Implements `FaultControl` minus `dropWatches` and
 * `compactNow`, which the server adds because only it owns the watches and the history.
 *
 * Guarantees: `failNext` failures are consumed first, in order, one per API request; `errorRate` is
 * then drawn per API request; non-API paths ({@link isFaultablePath}) are never failed. Timers are
 * unref'd (they never keep a process alive) and restart when `set()` changes their period.
 *
 * @example
 * const faults = new FaultInjector({ spec: 'error-rate=0.1' });
 * faults.start({ dropWatches: () => watches.closeAll(), compact: () => history.compact() });
 * const fault = faults.requestFault({ path: req.url, verb: 'GET' });
 * if (fault) respondWithStatus(fault.code, fault.retryAfterSeconds);
 * faults.stop();
 */
export class FaultInjector {
  private spec: FaultSpec = {};
  private pending: PendingFailure[] = [];
  private rules: { rule: FaultRule; left: number }[] = [];
  private readonly random: () => number;
  private readonly timers: ServerTimers | undefined;
  private hooks: FaultHooks | undefined;
  private readonly partitions = new Set<string>();
  private readonly counters: Omit<FaultCounts, 'byCode'> = { failed: 0, cut: 0, droppedWatches: 0, compactions: 0 };
  private readonly byCode: Record<string, number> = {};
  private stopDrops: (() => void) | undefined;
  private stopCompactions: (() => void) | undefined;

  constructor(options: FaultInjectorOptions = {}) {
    this.random = options.random ?? Math.random;
    this.timers = options.timers;
    if (options.spec !== undefined) this.set(typeof options.spec === 'string' ? parseFaultSpec(options.spec) : options.spec);
  }

  /** Merges `spec` into the current faults; a field set to `undefined` turns that fault off. */
  set(spec: Partial<FaultSpec>): void {
    validateFaultSpec(spec);
    const next: Record<string, unknown> = { ...this.spec, ...spec };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    const before = this.spec;
    this.spec = next;
    if (before.watchDropMs !== this.spec.watchDropMs) this.scheduleDrop();
    if (before.compactEveryMs !== this.spec.compactEveryMs) this.scheduleCompact();
  }

  /**
   * Adds a targeted error rule (checked after `failNext` failures, before `errorRate`; rules in the order
   * added, the first matching one answers).
   *
   * @throws ApiServerError (code `InvalidFaultSpec`) naming the bad field.
   */
  addRule(rule: FaultRule): void {
    validateRule(rule);
    this.rules.push({ rule: { ...rule }, left: rule.count ?? Number.POSITIVE_INFINITY });
  }

  /** Turns every fault off, including pending `failNext` failures, rules and partitions. */
  clear(): void {
    this.spec = {};
    this.pending = [];
    this.rules = [];
    this.partitions.clear();
    this.scheduleDrop();
    this.scheduleCompact();
  }

  /** A copy of the current faults. */
  current(): FaultSpec {
    return { ...this.spec };
  }

  /** Fails the next `count` API requests with `code` (429/503 carry Retry-After, default 1 s). */
  failNext(count: number, code: 401 | 429 | 500 | 503, options: { retryAfterSeconds?: number } = {}): void {
    if (!Number.isInteger(count) || count < 0) {
      throw new ApiServerError('InvalidFaultSpec', `failNext count must be a non-negative integer, got ${count}`);
    }
    const retryAfterSeconds = code === 429 || code === 503 ? (options.retryAfterSeconds ?? 1) : options.retryAfterSeconds;
    for (let i = 0; i < count; i++) this.pending.push(retryAfterSeconds === undefined ? { code } : { code, retryAfterSeconds });
  }

  /** The fault to answer this request with, or undefined to serve it normally. */
  requestFault(request: FaultRequest): InjectedFault | undefined {
    if (!isFaultablePath(request.path)) return undefined;
    const next = this.pending.shift();
    if (next) return this.count({ ...next });
    for (const entry of this.rules) {
      if (entry.left <= 0 || !ruleMatches(entry.rule, request)) continue;
      if (entry.rule.rate !== undefined && this.random() >= entry.rule.rate) continue;
      entry.left--;
      const { code, retryAfterSeconds } = entry.rule;
      return this.count(code === 429 || code === 503 ? { code, retryAfterSeconds: retryAfterSeconds ?? 1 } : retryAfterSeconds === undefined ? { code } : { code, retryAfterSeconds });
    }
    this.rules = this.rules.filter((entry) => entry.left > 0);
    const rate = this.spec.errorRate ?? 0;
    if (rate <= 0 || this.random() >= rate) return undefined;
    const code = this.spec.errorCode ?? 503;
    return this.count(code === 500 ? { code } : { code, retryAfterSeconds: this.spec.retryAfterSeconds ?? 1 });
  }

  private count(fault: InjectedFault): InjectedFault {
    this.counters.failed++;
    this.byCode[fault.code] = (this.byCode[fault.code] ?? 0) + 1;
    return fault;
  }

  /**
   * Cuts off the clients whose User-Agent contains `userAgent`, as a network partition would: their
   * requests get no answer (the connection is closed). The server also closes their open connections.
   */
  partition(userAgent: string): void {
    if (typeof userAgent !== 'string' || userAgent === '') {
      throw new ApiServerError('InvalidFaultSpec', `partition needs a non-empty User-Agent fragment, got ${JSON.stringify(userAgent)}`);
    }
    this.partitions.add(userAgent);
  }

  /** Ends the partition of `userAgent`, or every partition when omitted. */
  heal(userAgent?: string): void {
    if (userAgent === undefined) this.partitions.clear();
    else this.partitions.delete(userAgent);
  }

  /** Whether a client with this User-Agent is cut off now. */
  isPartitioned(userAgent: string | undefined): boolean {
    if (this.partitions.size === 0 || userAgent === undefined) return false;
    for (const fragment of this.partitions) if (userAgent.includes(fragment)) return true;
    return false;
  }

  /** Counts one request or connection cut off by a partition. */
  countCut(): void {
    this.counters.cut++;
  }

  /** Counts `count` open watches ended on purpose. */
  countDroppedWatches(count: number): void {
    this.counters.droppedWatches += count;
  }

  /** Counts one compaction of the watch history. */
  countCompaction(): void {
    this.counters.compactions++;
  }

  /** How many faults were injected so far. */
  counts(): FaultCounts {
    return { ...this.counters, byCode: { ...this.byCode } };
  }

  /** Latency to add before an API response, in ms (0 when off). */
  latencyMs(): number {
    return this.spec.latencyMs ?? 0;
  }

  /** Whether open watches must currently receive nothing. */
  get stallWatches(): boolean {
    return this.spec.stallWatches === true;
  }

  /** Starts the periodic faults (watch drops, compaction) with the server's hooks. */
  start(hooks: FaultHooks): void {
    this.hooks = hooks;
    this.scheduleDrop();
    this.scheduleCompact();
  }

  /** Stops the periodic faults; `requestFault` keeps working. */
  stop(): void {
    this.hooks = undefined;
    this.scheduleDrop();
    this.scheduleCompact();
  }

  private scheduleDrop(): void {
    this.stopDrops?.();
    this.stopDrops = undefined;
    const hooks = this.hooks;
    const ms = this.spec.watchDropMs;
    if (!hooks || ms === undefined || ms <= 0) return;
    this.stopDrops = every(this.timers, ms, () => hooks.dropWatches());
  }

  private scheduleCompact(): void {
    this.stopCompactions?.();
    this.stopCompactions = undefined;
    const hooks = this.hooks;
    const ms = this.spec.compactEveryMs;
    if (!hooks || ms === undefined || ms <= 0) return;
    this.stopCompactions = every(this.timers, ms, () => hooks.compact());
  }
}
