// Why this file exists: `connect()` is the front door of @opkit/kube. It finds credentials (explicit
// options, a kubeconfig, KUBECONFIG, ~/.kube/config, in-cluster), builds the TLS agent and the
// credential refresher, and hands back a KubeClient.

import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import type { KubeConfig } from '@kubernetes/client-node';
import { noopLogger } from '@opkit/tasks';
import type { Clock, Logger } from '@opkit/tasks';
import { KubeConfigError } from './errors.js';
import { ClientNodeCredentials, StaticCredentials, TokenFileCredentials } from './internal/credentials.js';
import type { Credentials } from './internal/credentials.js';
import { loadConfig } from './internal/kubeconfigSources.js';
import type { InClusterOptions, LoadedConfig } from './internal/kubeconfigSources.js';
import { Requester } from './internal/requester.js';
import type { RetryOptions } from './internal/requester.js';
import { KubeClient, shareClient } from './kubeClient.js';
import { ambientClient } from './ambient.js';
import type { ConnectionInfo, LoginFn } from './login.js';
import { LoginCredentials, loginTls } from './login.js';

export type { InClusterOptions, RetryOptions };

/** Explicit connection settings, used instead of any kubeconfig. */
export interface ServerOptions {
  /** The API server URL, e.g. `https://10.0.0.1:6443` or `http://127.0.0.1:8080`. */
  url: string;
  /** A bearer token. */
  token?: string;
  /** A file holding a bearer token; re-read when it changes and after a 401. */
  tokenFile?: string;
  /** PEM CA certificate(s). */
  ca?: string;
  /** Skip TLS verification (development only). @defaultValue false */
  insecureSkipTlsVerify?: boolean;
  /** @defaultValue 'default' */
  namespace?: string;
}

/** Options of {@link connect}. */
export interface ConnectOptions {
  /** Connect to this server instead of searching for a kubeconfig. */
  server?: ServerOptions;
  /** A kubeconfig file path, or a kubeconfig object (parsed YAML). @defaultValue KUBECONFIG, then ~/.kube/config, then in-cluster */
  kubeconfig?: string | object;
  /** The kubeconfig context to use. @defaultValue the kubeconfig's current-context */
  context?: string;
  /** Use the in-cluster service account (true, or where to find it). @defaultValue tried after the kubeconfigs */
  inCluster?: boolean | InClusterOptions;
  /** Environment to read KUBECONFIG and KUBERNETES_SERVICE_* from. @defaultValue process.env */
  env?: NodeJS.ProcessEnv;
  /** Home folder for `~/.kube/config`. @defaultValue $HOME */
  homeDir?: string;
  /** Timeout per request attempt, in ms. @defaultValue 30000 */
  requestTimeoutMs?: number;
  /** Retry policy for 429, 5xx and network errors. */
  retry?: RetryOptions;
  /** @defaultValue noopLogger */
  logger?: Logger;
  /** @defaultValue 'opkit' */
  userAgent?: string;
  /**
   * The clock of retry backoffs (the waits between attempts of a 429, 5xx or network error), so that a test
   * on fake time sees a retry storm without waiting for it. Per-attempt timeouts stay on real time: they bound
   * real network I/O. @defaultValue systemClock
   */
  clock?: Clock;
  /**
   * Log in instead (Kopf's login handlers): called once now, and again after a 401 or once the credentials
   * expired; what it returns is the server, its TLS settings and the credentials. Wins over every other source.
   */
  login?: LoginFn;
}

interface Connection {
  server: URL;
  namespace: string;
  agent: http.Agent;
  credentials: Credentials;
  source: string;
}

function fromServerOptions(server: ServerOptions): Connection {
  const url = parseUrl(server.url, 'server.url');
  const agent = makeAgent(url, { ca: server.ca, rejectUnauthorized: !server.insecureSkipTlsVerify });
  const credentials = server.tokenFile
    ? new TokenFileCredentials(server.tokenFile)
    : new StaticCredentials(server.token ? { Authorization: `Bearer ${server.token}` } : {});
  return { server: url, namespace: server.namespace ?? 'default', agent, credentials, source: `explicit server ${server.url}` };
}

function fromLogin(info: ConnectionInfo, login: LoginFn): Connection {
  if (typeof info?.server !== 'string' || info.server === '') throw new KubeConfigError('The login returned no server: a ConnectionInfo needs { server: "https://…" }.');
  const url = parseUrl(info.server, 'the login\'s server');
  const agent = makeAgent(url, loginTls(info));
  return { server: url, namespace: info.defaultNamespace || 'default', agent, credentials: new LoginCredentials(info, login), source: `login (${url.href.replace(/\/$/, '')})` };
}

function fromLoaded(loaded: LoadedConfig): Connection {
  const kc: KubeConfig = loaded.build();
  const cluster = kc.getCurrentCluster();
  const user = kc.getCurrentUser();
  const context = kc.getContextObject(kc.getCurrentContext());
  if (!cluster) throw new KubeConfigError(`${loaded.source}: the current context has no cluster`);
  const url = parseUrl(cluster.server, `${loaded.source}: cluster "${cluster.name}" server`);
  const read = (file: string | undefined, data: string | undefined): Buffer | undefined => {
    try {
      return file ? readFileSync(file) : data ? Buffer.from(data, 'base64') : undefined;
    } catch (error) {
      throw new KubeConfigError(`${loaded.source}: cannot read ${file}: ${(error as Error).message}`, [], { cause: error });
    }
  };
  const agent = makeAgent(url, {
    ca: read(cluster.caFile, cluster.caData),
    cert: read(user?.certFile, user?.certData),
    key: read(user?.keyFile, user?.keyData),
    rejectUnauthorized: !cluster.skipTLSVerify,
    servername: cluster.tlsServerName,
  });
  const extra: Record<string, string> = user?.impersonateUser ? { 'Impersonate-User': user.impersonateUser } : {};
  const tokenFile = user ? loaded.tokenFiles.get(user.name) : undefined;
  let credentials: Credentials;
  if (tokenFile) credentials = new TokenFileCredentials(tokenFile, extra);
  else if (user?.exec || user?.authProvider) credentials = new ClientNodeCredentials(() => headersOnly(loaded.build()));
  else if (user?.token) credentials = new StaticCredentials({ ...extra, Authorization: `Bearer ${user.token}` });
  else if (user?.username) credentials = new StaticCredentials({ ...extra, Authorization: `Basic ${Buffer.from(`${user.username}:${user.password ?? ''}`).toString('base64')}` });
  else credentials = new StaticCredentials(extra);
  return { server: url, namespace: context?.namespace || 'default', agent, credentials, source: loaded.source };
}

/**
 * A KubeConfig used only to compute auth headers: its agent is never used (ours carries the TLS
 * settings), so client-node's refusal of http servers without skipTLSVerify must not fire there.
 */
function headersOnly(kc: KubeConfig): KubeConfig {
  kc.clusters = kc.clusters.map((cluster) => ({ ...cluster, skipTLSVerify: true }));
  return kc;
}

function parseUrl(text: string, what: string): URL {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported protocol ${url.protocol}`);
    return url;
  } catch (error) {
    throw new KubeConfigError(`${what} "${text}" is not a valid http(s) URL: ${(error as Error).message}`);
  }
}

function makeAgent(url: URL, tls: https.AgentOptions): http.Agent {
  const common = { keepAlive: true, maxSockets: Infinity, maxFreeSockets: 64, scheduling: 'lifo' as const };
  return url.protocol === 'https:' ? new https.Agent({ ...common, ...tls }) : new http.Agent(common);
}

/**
 * The connection a kubeconfig describes, as a login handler returns it (Kopf's `login_with_kubeconfig`):
 * `KUBECONFIG`, else `~/.kube/config`, else the in-cluster service account, or the given kubeconfig.
 * Users with exec plugins or auth providers are not supported here (`connect()` supports them).
 *
 * @throws KubeConfigError when no kubeconfig is found, or its user needs an exec plugin or auth provider.
 * @example
 * ```ts
 * on.login(function login_fn() { return loginWithKubeconfig(); });
 * ```
 */
export function loginWithKubeconfig(options: Pick<ConnectOptions, 'kubeconfig' | 'context' | 'inCluster' | 'env' | 'homeDir'> = {}): ConnectionInfo {
  const loaded = loadConfig(options);
  const kc = loaded.build();
  const cluster = kc.getCurrentCluster();
  const user = kc.getCurrentUser();
  if (!cluster) throw new KubeConfigError(`${loaded.source}: the current context has no cluster`);
  if (user?.exec || user?.authProvider) throw new KubeConfigError(`${loaded.source}: user "${user.name}" needs an exec plugin or auth provider; connect() supports those, a login handler does not`);
  const tokenFile = user ? loaded.tokenFiles.get(user.name) : undefined;
  let token = user?.token;
  if (!token && tokenFile) {
    try {
      token = readFileSync(tokenFile, 'utf8').trim();
    } catch (error) {
      throw new KubeConfigError(`${loaded.source}: cannot read the token file ${tokenFile}: ${(error as Error).message}`, [], { cause: error });
    }
  }
  const context = kc.getContextObject(kc.getCurrentContext());
  const info: { -readonly [K in keyof ConnectionInfo]: ConnectionInfo[K] } = { server: cluster.server };
  if (cluster.caFile) info.caPath = cluster.caFile;
  if (cluster.caData) info.caData = cluster.caData;
  if (cluster.skipTLSVerify) info.insecure = true;
  if (token) info.token = token;
  if (user?.username) info.username = user.username;
  if (user?.password) info.password = user.password;
  if (user?.certFile) info.certificatePath = user.certFile;
  if (user?.certData) info.certificateData = user.certData;
  if (user?.keyFile) info.privateKeyPath = user.keyFile;
  if (user?.keyData) info.privateKeyData = user.keyData;
  if (context?.namespace) info.defaultNamespace = context.namespace;
  return info;
}

/**
 * Connect to a Kubernetes API server.
 *
 * Without options, inside a running operator (its handlers, daemons, timers, activities and what they
 * call), it returns the operator's own connection: the same server, credentials and request observers
 * (under `op dev` and `op run --embedded`, the embedded API server). Its `close()` does nothing there;
 * the connection stays the operator's. Any option (e.g. `{ kubeconfig }`, `{ env: process.env }`)
 * connects anew.
 *
 * Elsewhere, without options, it tries in order: `KUBECONFIG` (all paths, merged), `~/.kube/config`,
 * the in-cluster service account; the error lists each source tried.
 *
 * @example
 * ```ts
 * const client = await connect({ kubeconfig: '/tmp/kubeconfig', context: 'dev' });
 * const [cms] = await client.resolve('configmaps');
 * ```
 */
export async function connect(options: ConnectOptions = {}): Promise<KubeClient> {
  const inside = Object.values(options).every((value) => value === undefined) ? ambientClient() : undefined;
  if (inside) return shareClient(inside);
  const connection = options.login
    ? fromLogin(await options.login('initial'), options.login)
    : options.server
    ? fromServerOptions(options.server)
    : fromLoaded(
        loadConfig({ kubeconfig: options.kubeconfig, context: options.context, inCluster: options.inCluster, env: options.env, homeDir: options.homeDir }),
      );
  await connection.credentials.headers(); // fail early on unreadable token files
  const logger = options.logger ?? noopLogger;
  const requester = new Requester({
    target: { server: connection.server, agent: connection.agent },
    credentials: connection.credentials,
    requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
    retry: { attempts: 8, start: 250, max: 30_000, jitter: 0.3, maxRetryAfter: 60_000, ...options.retry },
    logger,
    userAgent: options.userAgent ?? 'opkit',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const info = { server: connection.server.href.replace(/\/$/, ''), namespace: connection.namespace, source: connection.source };
  return new KubeClient(requester, info, logger, () => connection.agent.destroy());
}
