// The public types of the server handle and its options, exactly as the package contract states them
// (several packages code against them).
import type { FaultCounts, FaultRule, FaultSpec } from './faults.js';
import type { WatchBacklog } from './http/watch.js';
import type { AuditRecord } from './metrics/index.js';
import type { Logger } from '@opkit/tasks';

/**
 * How requests are authorized: `'allow-all'` (every request is allowed; local development) or `'rbac'`
 * (Role, ClusterRole, RoleBinding and ClusterRoleBinding objects decide, as Kubernetes's RBAC authorizer;
 * members of `system:masters`, such as the admin of the kubeconfig the server writes, are always allowed).
 */
export type AuthorizationMode = 'allow-all' | 'rbac';

/**
 * Options of `startApiServer`.
 *
 * @example
 * const server = await startApiServer({ port: 0, bookmarkIntervalMs: 1000, faults: 'latency=5ms' });
 */
export interface ApiServerOptions {
  /** Interface to bind. @defaultValue '127.0.0.1' (loopback only unless told otherwise) */
  host?: string;
  /** Port to bind. @defaultValue 0 (any free port) */
  port?: number;
  /** Persist to this directory (journal + snapshot). @defaultValue undefined (in memory) */
  dataDir?: string;
  /**
   * Require `Authorization: Bearer <token>` on every request (401 otherwise); its user is `opkit:token`, the
   * admin (groups `system:masters`, `system:authenticated`). @defaultValue undefined
   */
  token?: string;
  /**
   * How requests are authorized. In `'rbac'` mode, without a `token`, the server makes an admin token of its
   * own for the kubeconfig it writes, and requests without a token are `system:anonymous`.
   * @defaultValue 'allow-all'
   */
  authorization?: AuthorizationMode;
  /**
   * Serve https with a self-signed certificate (clients skip its verification, as the kubeconfig says).
   * kubectl sends bearer tokens (`--token`, a kubeconfig's token) only over https.
   * @defaultValue true in `'rbac'` mode, else false
   */
  tls?: boolean;
  /**
   * The clock of service-account tokens (issue time and expiry), in milliseconds since the epoch; tests
   * move it to expire a token without waiting. With `setTimeout` and `clearTimeout` too (an @opkit/tasks
   * Clock), the server's periodic work runs on it: watch bookmarks and the periodic faults (`watchDropMs`,
   * `compactEveryMs`) — so a test on fake time sees them without waiting. @defaultValue the system clock
   */
  clock?: { now(): number; setTimeout?(fn: () => void, ms: number): unknown; clearTimeout?(handle: unknown): void };
  /**
   * Bearer tokens of named users, `{ [token]: userName }`: a request bearing one is that user in the audit
   * log (`requests()[i].user`) and in access reviews. Requests without a token stay `system:anonymous`
   * (unless `token` is set); once any token is configured, an unknown token is refused with 401.
   * Service accounts are named as on a cluster: `system:serviceaccount:<namespace>:<name>`.
   * @defaultValue {} (no users)
   */
  users?: Record<string, string>;
  /** Initial faults; the string form is the `--faults` syntax. @defaultValue none */
  faults?: FaultSpec | string;
  /** Bookmark period for watches with allowWatchBookmarks=true. @defaultValue 60_000 */
  bookmarkIntervalMs?: number;
  /**
   * Bounds of every watch (docs/apiserver.md, "Bounded watches"): live events a watch may hold while its
   * client does not read (`maxPendingEvents`), and how long its socket may stay full with events waiting
   * (`unresponsiveMs`) before the watch is closed as unresponsive. @defaultValue { maxPendingEvents: 10_000, unresponsiveMs: 5_000 }
   */
  watchLimits?: { maxPendingEvents?: number; unresponsiveMs?: number };
  /**
   * Timeouts and the bound of client connections (docs/apiserver.md, "Slow clients"), as kube-apiserver
   * has them: the request headers must arrive within `headersTimeoutMs` and the whole request, body
   * included, within `requestTimeoutMs` (the connection is answered 408 and closed otherwise); an idle
   * keep-alive connection is closed after `keepAliveTimeoutMs`. At most `maxConnections` connections are
   * open: one more closes the oldest connection that serves no request (unfinished headers, idle
   * keep-alive), or the newcomer when every connection is serving one. Watches are not timed out by these.
   * Without `headersTimeoutMs`, a `requestTimeoutMs` shorter than its default bounds the headers too.
   * @defaultValue { headersTimeoutMs: 32_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 90_000, maxConnections: 4096 }
   */
  connections?: { headersTimeoutMs?: number; requestTimeoutMs?: number; keepAliveTimeoutMs?: number; maxConnections?: number };
  /**
   * Serve WatchList streams: a watch with `sendInitialEvents=true&resourceVersionMatch=NotOlderThan` gets the
   * current state as ADDED events, then a bookmark annotated `k8s.io/initial-events-end`. `false` answers such a
   * watch as a kube-apiserver without the WatchList feature gate does (422), so that clients' fallback to a
   * paged list can be tested. @defaultValue true
   */
  watchList?: boolean;
  /** Watch history kept for resumes (events). @defaultValue 10_000 */
  historySize?: number;
  /**
   * Request records kept in memory for `requests()` and the tests that read them (the oldest are dropped); each
   * costs a few hundred bytes, so a long-running server that nobody inspects can keep fewer. @defaultValue 100_000
   */
  maxRequestRecords?: number;
  /**
   * Seconds an Event lives after its last update, as kube-apiserver's `--event-ttl`: Events are data the server
   * keeps, so a busy operator's Events would otherwise grow its memory for an hour. @defaultValue 3600
   */
  eventTtlSeconds?: number;
  /** Audit log file: JSON lines, one per request. @defaultValue undefined */
  auditLogPath?: string;
  /** Reject Event eventTime / Lease times without 6 fractional digits. @defaultValue false */
  strictMicroTime?: boolean;
  /** Largest accepted request body; 413 above. @defaultValue 3 MiB */
  maxBodyBytes?: number;
  /**
   * Where the server reports problems of its own: a failed attempt of a background controller (garbage
   * collection, namespace or CRD removal, ServiceAccounts, the Event TTL) is logged as a `warn` line
   * `apiserver controller failed; retrying` with the controller, the key, the attempt, the delay and the
   * error, and retried with backoff. `opkit-apiserver` logs to stderr. @defaultValue noopLogger
   */
  logger?: Logger;
}

/**
 * Run-time control of injected faults.
 *
 * @example
 * server.faults.set({ errorRate: 0.1, errorCode: 429 });
 * server.faults.failNext(2, 503, { retryAfterSeconds: 1 });
 * server.faults.compactNow(); // resumes from older RVs now get ERROR 410
 * server.faults.clear();
 */
export interface FaultControl {
  /** Merges into the current spec. */
  set(spec: Partial<FaultSpec>): void;
  /** Turns every fault off. */
  clear(): void;
  /** The current spec. */
  current(): FaultSpec;
  /** Fails the next `count` API requests with `code`. */
  failNext(count: number, code: 401 | 429 | 500 | 503, options?: { retryAfterSeconds?: number }): void;
  /**
   * Answers chosen requests (by verb, resource, user; at a rate; a number of times) with a 410 or an error code,
   * until the rule is spent or {@link FaultControl.clear}.
   *
   * @example
   * server.faults.addRule({ code: 410, verbs: ['watch', 'list'], count: 2 });
   */
  addRule(rule: FaultRule): void;
  /** Closes all open watches now. */
  dropWatches(): void;
  /** Forgets all history now: any resume from an RV older than current gets 410. */
  compactNow(): void;
  /**
   * Cuts off every client whose User-Agent contains `userAgent`, as a network partition would: its open
   * connections (watches included) are closed and its requests get no answer until {@link FaultControl.heal}.
   */
  partition(userAgent: string): void;
  /** Ends the partition of `userAgent`, or all partitions when omitted. */
  heal(userAgent?: string): void;
  /** How many faults were injected so far: failed requests, requests or connections cut by partitions, watches dropped, compactions. */
  counts(): FaultCounts;
}

/**
 * Counters of a running server.
 *
 * @example
 * const { requests, watches } = server.stats();
 * requests['watch configmaps']; // how many watches of configmaps were opened
 */
export interface ApiServerStats {
  /** Request counts keyed `${verb} ${resource}`, e.g. 'list configmaps'. */
  requests: Record<string, number>;
  /** Currently open watch connections. */
  watches: number;
  /** Stored objects. */
  objects: number;
  /** Current global resourceVersion. */
  resourceVersion: string;
  /**
   * What open watches hold for clients that have not taken it yet — bounded however slowly they read: a
   * replay is produced as its socket takes it (about one 64 KB chunk beyond the socket's buffer), and a
   * watch is closed before its live events exceed `watchLimits.maxPendingEvents`.
   */
  watchBacklog: WatchBacklog;
}

/**
 * Whose credentials a kubeconfig carries, and its context.
 *
 * @example
 * server.kubeconfig({ user: 'system:serviceaccount:default:operator', namespace: 'default' });
 */
export interface KubeconfigRequest {
  /** Context (and cluster and user) name. @defaultValue 'opkit' */
  context?: string;
  /** Default namespace of the context. @defaultValue 'default' */
  namespace?: string;
  /** Authenticate as this user: its token from `users`, or a new random token registered for it. */
  user?: string;
  /** Carry exactly this bearer token. @defaultValue the `token` option's token, if any */
  token?: string;
}

/**
 * A running embedded API server.
 *
 * @example
 * const server = await startApiServer();
 * const kubeconfigYaml = server.kubeconfig({ namespace: 'default' });
 * await server.close();
 */
export interface ApiServer {
  /** Base URL, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /**
   * Kubeconfig YAML (insecure-skip-tls-verify: true; user `{}` or a token): for the admin by default (the
   * `token` option's, or in RBAC mode the server's own admin token), or for `options.user` (with its token,
   * registering one on first use). Note: kubectl sends no credentials over plain http (the server serves
   * https in RBAC mode or with `tls`), so over http only clients such as @kubernetes/client-node act as that user.
   */
  kubeconfig(options?: KubeconfigRequest): string;
  /** Writes {@link ApiServer.kubeconfig}'s YAML to `path` (mode 0600). */
  writeKubeconfig(path: string, options?: KubeconfigRequest): Promise<void>;
  /** Fault injection at run time. */
  readonly faults: FaultControl;
  /** Changes the required bearer token at run time (undefined: none). */
  setToken(token: string | undefined): void;
  /**
   * Adds a user at run time: requests bearing `token` (default: a new random one) are `user`. Returns the token.
   *
   * @example
   * const token = server.addUser('system:serviceaccount:default:operator');
   */
  addUser(user: string, token?: string): string;
  /** Counters. */
  stats(): ApiServerStats;
  /** The in-process audit log, oldest first. */
  requests(): AuditRecord[];
  /** Stops accepting, closes every connection including watches, flushes persistence. */
  close(): Promise<void>;
}
