// Running an operator inside a test: in-process, against the test environment's server, as its own
// user (so the server's audit log tells its requests from the test's), with every log line (plain
// format, debug level) and every feed event captured for assertions, and a stop that waits for the
// operator's clean shutdown.
import type { AuditRecord } from '@opkit/apiserver';
import { createLogger, loadOperator, Operator, Registry } from '@opkit/core';
import type { FeedEvent, LogRecord, SettingsInput } from '@opkit/core';
import type { KubeClient } from '@opkit/kube';
import type { TestClock } from './testClock.js';

/** The identity `env.run()` gives an operator unless told otherwise: a ServiceAccount, as in a cluster. */
export const DEFAULT_OPERATOR_USER = 'system:serviceaccount:default:operator';

/** The deadline of every wait that names none, in ms: generous, so that a loaded CI machine only makes a wait longer. */
export const DEFAULT_WAIT_MS = 30_000;

/** What to run: a Registry, operator file paths, or a function registering handlers on a fresh registry. */
export type RunTarget = Registry | string | readonly string[] | ((registry: Registry) => void | Promise<void>);

/** Options of `env.run()`. */
export interface RunOptions {
  /** Settings (tests usually shorten delays). */
  readonly settings?: SettingsInput;
  /** Serve these namespaces; default: the whole cluster. */
  readonly namespaces?: readonly string[];
  /** The operator memo. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo?: Record<string, any>;
  /** The lowest level captured. @defaultValue 'debug' */
  readonly level?: 'debug' | 'info' | 'warn' | 'error';
  /** Also print the log lines (for debugging a test). @defaultValue false */
  readonly echo?: boolean;
  /**
   * The user the operator's client authenticates as (its own bearer token), recorded in the server's
   * audit log; name a ServiceAccount as a cluster does: `system:serviceaccount:<namespace>:<name>`.
   * @defaultValue 'system:serviceaccount:default:operator'
   */
  readonly user?: string;
}

/** An operator running in a test. */
export interface RunningOperator {
  /** The user the operator's requests are made as. */
  readonly user: string;
  /**
   * The API requests this operator made (the server's audit records of its user, from its start until it
   * stopped), oldest first — e.g. for `expectCoveredBy(run.requests(), 'deploy/rbac.yaml')`. Runs that share a
   * user and overlap in time share their records; give them different `user`s to tell them apart.
   */
  requests(): AuditRecord[];
  /** Log lines as `[namespace/name] message` (plain format). */
  readonly logs: readonly string[];
  /** The same lines as records: level, message and the object they are about (e.g. to compare levels). */
  readonly records: readonly LogRecord[];
  /** Every feed event so far. */
  readonly feed: readonly FeedEvent[];
  /** Wait until a log line contains the text (or matches the RegExp); returns the line. */
  waitForLog(match: string | RegExp, options?: { readonly timeout?: number }): Promise<string>;
  /** Wait until a feed event satisfies the predicate; returns it. */
  waitForFeed(predicate: (event: FeedEvent) => boolean, options?: { readonly timeout?: number }): Promise<FeedEvent>;
  /** Run the operator's `on.probe` handlers once: their results by id, as the liveness endpoint reports them. */
  probe(): Promise<Record<string, unknown>>;
  /** Stop the operator and wait for its clean stop. Idempotent. Rejects if the operator failed. */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

async function registryOf(target: RunTarget): Promise<Registry> {
  if (target instanceof Registry) return target;
  if (typeof target === 'function') {
    const registry = new Registry();
    await target(registry);
    return registry;
  }
  const files = typeof target === 'string' ? [target] : [...target];
  return (await loadOperator(files)).registry;
}

function waitUntil<T>(find: () => T | undefined, what: string, timeout: number, onChange: (listener: () => void) => () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const found = find();
    if (found !== undefined) {
      resolve(found);
      return;
    }
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Timed out after ${timeout} ms waiting for ${what}.`));
    }, timeout);
    const unsubscribe = onChange(() => {
      const value = find();
      if (value === undefined) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    });
  });
}

/** What `env.run` gives `startRun` besides the target: the operator's own client and the audit log. */
export interface RunContext {
  /** The operator's client, closed when the run stops. */
  readonly client: KubeClient;
  /** The user the client authenticates as. */
  readonly user: string;
  /** The server's audit log. */
  readonly auditLog: () => readonly AuditRecord[];
  /** Fake time: the operator runs on this clock, and tells it of its activity (requests, feed events, running handlers). */
  readonly clock?: TestClock | undefined;
}

/** Background handlers run for as long as the operator does: they never hold fake time back. */
const BACKGROUND_KINDS = new Set(['daemon', 'timer']);

/** Tells a fake clock of an operator's activity: every answered request and feed event, and change handlers while they run. */
function watchActivity(clock: TestClock, client: KubeClient, subscribe: (listener: (event: FeedEvent) => void) => void): () => void {
  const running = new Map<string, () => void>();
  const stopObserving = client.observeRequests(() => clock.activity());
  subscribe((event) => {
    clock.activity();
    if (event.type !== 'handler' || BACKGROUND_KINDS.has(event.kind)) return;
    const key = `${event.id}\u0000${event.namespace ?? ''}\u0000${event.name ?? ''}`;
    running.get(key)?.();
    running.delete(key);
    if (event.phase === 'started') running.set(key, clock.hold());
  });
  return () => {
    stopObserving();
    for (const release of running.values()) release();
    running.clear();
  };
}

/** Start an operator in-process; resolves once it is ready (or rejects if it fails to start). */
export async function startRun(context: RunContext, target: RunTarget, options: RunOptions = {}): Promise<RunningOperator> {
  const { client, user } = context;
  const registry = await registryOf(target);
  const startedAt = new Date().toISOString();
  let stoppedAt: string | undefined;
  const logs: string[] = [];
  const records: LogRecord[] = [];
  const feed: FeedEvent[] = [];
  const listeners = new Set<() => void>();
  const notify = (): void => { for (const listener of [...listeners]) listener(); };
  const logger = createLogger({
    format: 'plain', level: options.level ?? 'debug', onRecord: (record) => records.push(record),
    write: (line) => {
      logs.push(line);
      if (options.echo) process.stdout.write(`${line}\n`);
      notify();
    },
  });
  const controller = new AbortController();
  const op = new Operator({
    // Alone unless the test asks for peering: no peering objects are read or written (Kopf's KopfRunner runs --standalone).
    registry, client, logger, settings: { peering: { standalone: true }, ...options.settings }, memo: options.memo ?? {},
    // The embedded API server runs in this process: admission handlers are served on loopback with a generated CA.
    localApiServer: true,
    ...(context.clock ? { clock: context.clock } : {}),
    ...(options.namespaces ? { namespaces: options.namespaces } : { clusterwide: true }),
  });
  const feedListeners: ((event: FeedEvent) => void)[] = [];
  const unwatch = context.clock ? watchActivity(context.clock, client, (listener) => feedListeners.push(listener)) : () => undefined;
  op.feed$.subscribe((event) => {
    feed.push(event);
    for (const listener of feedListeners) listener(event);
    notify();
  });
  const done = op.run(controller.signal);
  done.catch(() => undefined);
  try {
    await Promise.race([op.ready, done]);
  } catch (error) {
    controller.abort();
    await done.catch(() => undefined);
    unwatch();
    client.close();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  const onChange = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const running: RunningOperator = {
    user,
    requests: () => context.auditLog().filter((r) => r.user === user && r.timestamp >= startedAt && (stoppedAt === undefined || r.timestamp <= stoppedAt)),
    logs, records, feed,
    waitForLog: (match, waitOptions = {}) => waitUntil(
      () => logs.find((line) => (typeof match === 'string' ? line.includes(match) : match.test(line))),
      `a log line ${typeof match === 'string' ? JSON.stringify(match) : String(match)}; last lines:\n${logs.slice(-10).join('\n')}`,
      waitOptions.timeout ?? DEFAULT_WAIT_MS, onChange),
    waitForFeed: (predicate, waitOptions = {}) => waitUntil(() => feed.find(predicate), 'a feed event', waitOptions.timeout ?? DEFAULT_WAIT_MS, onChange),
    probe: () => op.probe({ signal: controller.signal }),
    stop: () => {
      stopping ??= (async () => {
        controller.abort();
        try {
          await done;
        } finally {
          stoppedAt = new Date().toISOString();
          unwatch();
          client.close();
        }
      })();
      return stopping;
    },
    [Symbol.asyncDispose]: () => running.stop(),
  };
  return running;
}
