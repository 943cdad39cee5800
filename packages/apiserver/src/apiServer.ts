// `startApiServer`: wires the store, the registry, the write engine, watches, controllers, faults,
// metrics and persistence into one HTTP server, and gives back the handle tests and the CLI use
// (url, kubeconfig, faults, stats, requests, close). close() really closes: every socket (watches
// included), every timer, the audit log and the journal.
import { createServer } from 'node:http';
import { noopLogger } from '@opkit/tasks';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { ApiServerError } from './errors.js';
import { FaultInjector } from './faults.js';
import type { FaultSpec } from './faults.js';
import { timersOf } from './timers.js';
import { RequestRecorder } from './metrics/index.js';
import type { AuditRecord } from './metrics/index.js';
import { FileJournal } from './persistence/index.js';
import { OpenApiCache } from './discovery/index.js';
import { BUILTIN_TYPES, CRDS, INITIAL_NAMESPACES, NAMESPACES, ResourceRegistry, storedArranger } from './resources/index.js';
import { parseJson, stringifyJson } from '@opkit/json';
import type { KubeObject } from './resources/index.js';
import { ObjectStore, objectKey } from './storage/index.js';
import { Admission } from './admission/admission.js';
import { Authenticator } from './http/authentication.js';
import { RbacAuthorizer } from './auth/rbacAuthorizer.js';
import { ServiceAccountTokens } from './auth/serviceAccountTokens.js';
import { selfSignedCertificate } from './auth/selfSignedCertificate.js';
import { Controllers } from './controllers/controllers.js';
import { establishCrd, typesOfCrd } from './registry/crds.js';
import { WriteEngine } from './registry/engine.js';
import { ObjectRegistry } from './registry/registry.js';
import { handleRequest } from './http/handler.js';
import type { ServerContext } from './http/handler.js';
import { kubeconfigYaml } from './kubeconfig.js';
import { Lister } from './http/reads.js';
import { WatchManager } from './http/watch.js';
import type { WatchLimits } from './http/watch.js';
import type { ApiServer, ApiServerOptions, ApiServerStats, AuthorizationMode, FaultControl, KubeconfigRequest } from './types.js';

const AUTHORIZATION_MODES: readonly AuthorizationMode[] = ['allow-all', 'rbac'];

function resolveOptions(options: ApiServerOptions): Required<Pick<ApiServerOptions, 'host' | 'port' | 'bookmarkIntervalMs' | 'historySize' | 'strictMicroTime' | 'maxBodyBytes' | 'authorization' | 'tls'>> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const bookmarkIntervalMs = options.bookmarkIntervalMs ?? 60_000;
  const historySize = options.historySize ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 3 * 1024 * 1024;
  const bad = (what: string, value: unknown, expected: string): never => {
    throw new ApiServerError('InvalidOptions', `invalid ${what}: ${JSON.stringify(value)}; expected ${expected}`);
  };
  if (typeof host !== 'string' || host === '') bad('host', host, 'a host name or IP address');
  if (!Number.isInteger(port) || port < 0 || port > 65535) bad('port', port, 'an integer 0..65535 (0 = any free port)');
  if (!(bookmarkIntervalMs > 0)) bad('bookmarkIntervalMs', bookmarkIntervalMs, 'a positive number of milliseconds');
  if (!Number.isInteger(historySize) || historySize < 1) bad('historySize', historySize, 'a positive integer');
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1) bad('maxBodyBytes', maxBodyBytes, 'a positive integer');
  const authorization = options.authorization ?? 'allow-all';
  if (!AUTHORIZATION_MODES.includes(authorization)) bad('authorization', authorization, `one of ${AUTHORIZATION_MODES.map((m) => `'${m}'`).join(', ')}`);
  const tls = options.tls ?? authorization === 'rbac';
  if (typeof tls !== 'boolean') bad('tls', tls, 'true or false');
  if (options.clock !== undefined && typeof options.clock?.now !== 'function') bad('clock', options.clock, 'an object with a now() method returning milliseconds since the epoch');
  return { host, port, bookmarkIntervalMs, historySize, strictMicroTime: options.strictMicroTime ?? false, maxBodyBytes, authorization, tls };
}

/** The connection timeouts and bound in force (see {@link ApiServerOptions.connections}). */
interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

/**
 * kube-apiserver's own: ReadHeaderTimeout 32 s, --request-timeout 60 s, IdleTimeout 90 s. The bound on
 * connections is this server's (kube relies on its listener and max-requests-inflight).
 */
const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersTimeoutMs: 32_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 90_000, maxConnections: 4096 };

/** The connection limits asked for, checked (positive integers; headers no later than the whole request). */
function connectionLimits(asked: ApiServerOptions['connections']): ConnectionLimits {
  const out: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS };
  for (const key of Object.keys(DEFAULT_CONNECTION_LIMITS) as (keyof ConnectionLimits)[]) {
    const value = asked?.[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1) throw new ApiServerError('InvalidOptions', `invalid connections.${key}: ${JSON.stringify(value)}; expected a positive integer`);
    out[key] = value;
  }
  // Only the request timeout asked for, shorter than the default headers timeout: the headers get the whole of it.
  if (asked?.headersTimeoutMs === undefined && out.headersTimeoutMs > out.requestTimeoutMs) out.headersTimeoutMs = out.requestTimeoutMs;
  if (out.headersTimeoutMs > out.requestTimeoutMs) {
    throw new ApiServerError('InvalidOptions', `invalid connections: headersTimeoutMs (${out.headersTimeoutMs}) exceeds requestTimeoutMs (${out.requestTimeoutMs}); the headers are part of the request`);
  }
  return out;
}

/** The watch bounds asked for, checked (positive integers). */
function watchLimits(asked: ApiServerOptions['watchLimits']): Partial<WatchLimits> {
  const out: Partial<WatchLimits> = {};
  for (const key of ['maxPendingEvents', 'unresponsiveMs'] as const) {
    const value = asked?.[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1) throw new ApiServerError('InvalidOptions', `invalid watchLimits.${key}: ${JSON.stringify(value)}; expected a positive integer`);
    out[key] = value;
  }
  return out;
}

function journalKey(storageKey: string, obj: KubeObject): string {
  return `${storageKey}|${objectKey(obj.metadata?.namespace, obj.metadata?.name)}`;
}

/**
 * Starts an embedded Kubernetes API server.
 *
 * @example
 * const server = await startApiServer();
 * await server.writeKubeconfig('/tmp/kubeconfig');
 * // kubectl --kubeconfig /tmp/kubeconfig get ns
 * await server.close();
 */
export async function startApiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const resolved = resolveOptions(options);
  const limits = watchLimits(options.watchLimits);
  const connectionBounds = connectionLimits(options.connections);
  const now = options.clock ? () => options.clock!.now() : () => Date.now();
  // The data directory first: it is checked, created and locked (each failure saying what is wrong) before
  // anything — the journal, the signing key — is read from it.
  const journal = options.dataDir ? await FileJournal.open(options.dataDir) : undefined;
  let tokens: ServiceAccountTokens;
  try {
    tokens = await ServiceAccountTokens.open({ dataDir: options.dataDir });
  } catch (error) {
    journal?.close();
    throw new ApiServerError('StartFailed', `cannot read or create the service-account signing key in ${options.dataDir}: ${(error as Error).message}`, { cause: error });
  }
  const rbac = resolved.authorization === 'rbac';
  const timers = timersOf(options.clock);
  const faults = new FaultInjector({ ...(options.faults !== undefined ? { spec: options.faults } : {}), timers });
  const arrange = storedArranger(BUILTIN_TYPES);
  // Each stored object is read back from its JSON once, as it is committed: the parser lays every object out in
  // one piece with its exact number of fields, about half the heap of the same object built key by key (the
  // arranger's work), for one serialisation per write (apps/bench/src/apiserverRss.ts measures it).
  const store = new ObjectStore({ historySize: resolved.historySize, arrange: (storageKey, obj) => parseJson(stringifyJson(arrange(storageKey, obj))) as KubeObject });
  const registry = new ResourceRegistry(BUILTIN_TYPES);
  const crdType = registry.lookup('apiextensions.k8s.io', 'v1', 'customresourcedefinitions');
  const nsType = registry.lookup('', 'v1', 'namespaces');
  if (!crdType || !nsType) throw new ApiServerError('StartFailed', 'built-in types are missing');
  const uidOf = (storageKey: string, namespace: string | undefined, name: string): string | undefined => {
    const obj = store.get(storageKey, namespace, name);
    return obj && obj.metadata?.deletionTimestamp === undefined ? String(obj.metadata?.uid ?? '') : undefined;
  };
  // In RBAC mode the kubeconfig the server writes must still be the admin's, while requests without a
  // token are anonymous (and so denied nearly everything): the admin gets a token of its own.
  const auth = new Authenticator({
    token: options.token,
    users: options.users,
    adminToken: rbac && options.token === undefined ? randomBytes(24).toString('base64url') : undefined,
    lookups: {
      tokens,
      now,
      serviceAccountUid: (namespace, name) => uidOf('/serviceaccounts', namespace, name),
      boundObjectUid: (kind, namespace, name) => (kind === 'Node' ? uidOf('/nodes', undefined, name) : uidOf(kind === 'Pod' ? '/pods' : '/secrets', namespace, name)),
    },
  });
  const engine: WriteEngine = new WriteEngine(store, { strictMicroTime: resolved.strictMicroTime }, {
    crdChanged: (crd) => establishCrd(engine, registry, crdType, crd),
  });
  if (options.maxRequestRecords !== undefined && (!Number.isInteger(options.maxRequestRecords) || options.maxRequestRecords < 1)) {
    throw new ApiServerError('InvalidOptions', `maxRequestRecords must be a positive whole number; got ${JSON.stringify(options.maxRequestRecords)}`);
  }
  const recorder = new RequestRecorder(options.maxRequestRecords !== undefined ? { maxRecords: options.maxRequestRecords } : {});
  try {
    if (options.auditLogPath) recorder.openAuditLog(options.auditLogPath);
    if (journal) {
      const state = journal.load();
      const restored: { storageKey: string; object: KubeObject }[] = [];
      for (const [key, object] of state.entries) restored.push({ storageKey: key.slice(0, key.indexOf('|')), object: object as KubeObject });
      engine.loadPersisted(restored, state.resourceVersion);
      for (const crd of store.list(CRDS)) {
        const accepted = (crd.status?.conditions ?? []).some((c: Record<string, any>) => c.type === 'NamesAccepted' && c.status === 'True');
        if (accepted) registry.setCustom(crd.metadata?.name, typesOfCrd(crd));
      }
      const j = journal;
      store.setPersistence((event) => {
        j.append({ resourceVersion: event.rv, key: journalKey(event.storageKey, event.object), object: event.type === 'DELETED' ? null : event.object });
        if (j.needsCompaction) j.compact(snapshotEntries(store), store.resourceVersion);
      });
    }
  } catch (error) {
    recorder.close();
    journal?.close();
    throw error;
  }
  for (const name of INITIAL_NAMESPACES) if (!store.get(NAMESPACES, undefined, name)) engine.create(nsType, undefined, { metadata: { name } }, {});

  const watches = new WatchManager(store, { bookmarkIntervalMs: resolved.bookmarkIntervalMs, stalled: () => faults.stallWatches, limits, timers });
  const admission = new Admission(store);
  const objects = new ObjectRegistry(engine, admission);
  if (options.eventTtlSeconds !== undefined && !(typeof options.eventTtlSeconds === 'number' && options.eventTtlSeconds > 0 && Number.isFinite(options.eventTtlSeconds))) {
    throw new ApiServerError('InvalidOptions', `eventTtlSeconds must be a positive number of seconds; got ${JSON.stringify(options.eventTtlSeconds)}`);
  }
  const controllers = new Controllers(objects, registry, watches, {
    logger: options.logger ?? noopLogger,
    ...(options.eventTtlSeconds !== undefined ? { eventTtlMs: options.eventTtlSeconds * 1000 } : {}),
  });

  controllers.resync();
  let address = '';
  const ctx: ServerContext = {
    store,
    registry,
    engine,
    objects,
    watches,
    lister: new Lister(store),
    admission,
    openapi: new OpenApiCache(registry),
    recorder,
    faults,
    maxBodyBytes: resolved.maxBodyBytes,
    watchList: options.watchList ?? true,
    auth,
    authorizer: rbac ? new RbacAuthorizer(store) : undefined,
    tokens,
    now,
    serverAddress: () => address,
  };
  const sockets = new Set<Socket>();
  // The User-Agent each connection last carried: a partition closes the connections of the clients it cuts off.
  const agents = new WeakMap<Socket, string>();
  // Every TCP connection, oldest first, with the number of requests it is serving (a watch counts until it ends).
  const connections = new Map<Socket, { busy: number }>();
  const tcpSocketOf = (socket: Socket): Socket => (socket as Socket & { _parent?: Socket | null })._parent ?? socket;
  const onRequest = (req: Parameters<typeof handleRequest>[1], res: Parameters<typeof handleRequest>[2]): void => {
    agents.set(req.socket, req.headers['user-agent'] ?? '');
    const connection = connections.get(tcpSocketOf(req.socket));
    if (connection) {
      connection.busy++;
      res.once('close', () => connection.busy--);
    }
    void handleRequest(ctx, req, res);
  };
  // Slow clients are cut off as kube-apiserver cuts them: headers must arrive within headersTimeoutMs and
  // the whole request (body included) within requestTimeoutMs (408 otherwise), and an idle keep-alive
  // connection is closed after keepAliveTimeoutMs. Node checks the first two every connectionsCheckingInterval.
  const serverOptions = {
    headersTimeout: connectionBounds.headersTimeoutMs,
    requestTimeout: connectionBounds.requestTimeoutMs,
    keepAliveTimeout: connectionBounds.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(connectionBounds.headersTimeoutMs / 4))),
  };
  const server: Server = resolved.tls
    ? createHttpsServer({ ...serverOptions, ...selfSignedCertificate([resolved.host]) }, onRequest)
    : createServer(serverOptions, onRequest);
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  // The bound on connections: one past it closes the oldest connection that serves no request (one that
  // never finished its headers, or an idle keep-alive one), so that clients that open connections and send
  // nothing cannot crowd out the others (/healthz keeps answering); when every connection is serving, the
  // newcomer is closed.
  const admitConnection = (socket: Socket): void => {
    connections.set(socket, { busy: 0 });
    socket.once('close', () => connections.delete(socket));
    if (connections.size <= connectionBounds.maxConnections) return;
    let victim = socket;
    for (const [candidate, state] of connections) {
      if (candidate === socket) break;
      if (state.busy === 0) {
        victim = candidate;
        break;
      }
    }
    connections.delete(victim);
    victim.destroy();
  };
  server.on('connection', (socket: Socket) => {
    track(socket);
    admitConnection(socket);
  });
  // Over TLS the requests arrive on the TLS socket, which a partition must find too.
  if (resolved.tls) server.on('secureConnection', track);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Headers or a body that did not arrive in time (headersTimeoutMs, requestTimeoutMs) are a 408.
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (socket.writable) socket.end(timedOut ? 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n' : 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // A deep accept queue (the kernel caps it at net.core.somaxconn): a burst of a thousand clients
      // connecting at once while the event loop is busy must queue, not be reset.
      server.listen({ port: resolved.port, host: resolved.host, backlog: 4096 }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    watches.close();
    await controllers.close();
    ctx.authorizer?.close();
    recorder.close();
    journal?.close();
    throw new ApiServerError('StartFailed', `cannot listen on ${resolved.host}:${resolved.port}: ${(error as Error).message}`, { cause: error });
  }
  const bound = server.address();
  const port = typeof bound === 'object' && bound ? bound.port : resolved.port;
  const hostForUrl = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host === '0.0.0.0' ? '127.0.0.1' : resolved.host === '::' ? '[::1]' : resolved.host;
  const url = `${resolved.tls ? 'https' : 'http'}://${hostForUrl}:${port}`;
  address = `${hostForUrl}:${port}`;
  // Every drop and compaction is counted, so reliability tests can prove the faults happened during a scenario.
  const dropWatches = (): void => faults.countDroppedWatches(watches.dropAll());
  const compact = (): void => {
    store.history.compactAll(store.resourceVersion);
    faults.countCompaction();
  };
  faults.start({ dropWatches, compact });

  let closing: Promise<void> | undefined;
  const faultControl: FaultControl = {
    set: (spec: Partial<FaultSpec>) => {
      faults.set(spec);
      watches.flushHeld();
    },
    clear: () => {
      faults.clear();
      watches.flushHeld();
    },
    current: () => faults.current(),
    failNext: (count, code, opts) => faults.failNext(count, code, opts),
    addRule: (rule) => faults.addRule(rule),
    dropWatches,
    compactNow: compact,
    partition: (userAgent) => {
      faults.partition(userAgent);
      for (const socket of sockets) {
        if (!faults.isPartitioned(agents.get(socket))) continue;
        faults.countCut();
        socket.destroy();
      }
    },
    heal: (userAgent) => faults.heal(userAgent),
    counts: () => faults.counts(),
  };
  const api: ApiServer = {
    url,
    kubeconfig: (opts = {}) => kubeconfigYaml(url, credentialFor(auth, opts), opts),
    writeKubeconfig: async (path, opts = {}) => writeFile(path, kubeconfigYaml(url, credentialFor(auth, opts), opts), { mode: 0o600 }),
    faults: faultControl,
    setToken: (next) => {
      auth.setToken(next);
    },
    addUser: (user, token) => auth.addUser(user, token),
    stats: (): ApiServerStats => ({ requests: recorder.counts(), watches: watches.open, objects: store.count, resourceVersion: String(store.resourceVersion), watchBacklog: watches.backlog() }),
    requests: (): AuditRecord[] => recorder.requests(),
    close: () => {
      closing ??= (async () => {
        faults.stop();
        await controllers.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        watches.close();
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
        await closed;
        ctx.authorizer?.close();
        ctx.lister.clear();
        recorder.close();
        journal?.close();
      })();
      return closing;
    },
  };
  return api;
}

/** The token a kubeconfig carries: the one asked for, the user's (registered on first use), or the `token` option's. */
function credentialFor(auth: Authenticator, options: KubeconfigRequest): string | undefined {
  if (options.token !== undefined) return options.token;
  if (options.user !== undefined) return auth.tokenFor(options.user) ?? auth.addUser(options.user);
  return auth.adminToken;
}

function* snapshotEntries(store: ObjectStore): IterableIterator<[string, unknown]> {
  for (const { storageKey, object } of store.entries()) yield [journalKey(storageKey, object), object];
}
