// Why this file exists: finding credentials is a search over sources (explicit options, a kubeconfig
// path or object, KUBECONFIG, ~/.kube/config, the in-cluster service account) and when all fail the
// user needs to see each source and why it failed. client-node parses kubeconfigs; we pick the source.

import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Cluster, Context, KubeConfig, User } from '@kubernetes/client-node';
import type * as ClientNode from '@kubernetes/client-node';
import { KubeConfigError } from '../errors.js';

const requireModule = createRequire(import.meta.url);
let clientNode: typeof ClientNode | undefined;

/**
 * @kubernetes/client-node, loaded when a kubeconfig is first read: it is a thousand modules (a second of CPU
 * and tens of MiB at start-up), and a client given its server (`connect({ server })`, the embedded API
 * server) never needs it. Loaded synchronously (Node loads an ES module with `require`), so that the
 * synchronous `loginWithKubeconfig()` keeps its signature; it is the same module instance an `import` gets.
 */
function cn(): typeof ClientNode {
  return (clientNode ??= requireModule('@kubernetes/client-node') as typeof ClientNode);
}

/** The in-cluster service-account files and the API server's address. */
export interface InClusterOptions {
  /** Folder holding `token`, `ca.crt` and `namespace`. @defaultValue '/var/run/secrets/kubernetes.io/serviceaccount' */
  serviceAccountDir?: string;
  /** @defaultValue env KUBERNETES_SERVICE_HOST */
  host?: string;
  /** @defaultValue env KUBERNETES_SERVICE_PORT */
  port?: string;
}

/** What a source produced: a parsed kubeconfig plus the token files client-node would read only once. */
export interface LoadedConfig {
  /** Builds a fresh KubeConfig (again after a 401, to drop cached exec tokens). */
  build: () => KubeConfig;
  /** Token files by user name (kubeconfig `tokenFile`, or the in-cluster token). */
  tokenFiles: Map<string, string>;
  /** Human description of where the configuration came from. */
  source: string;
}

interface RawKubeconfig {
  'current-context'?: string;
  clusters?: { name: string }[];
  users?: { name: string; user?: Record<string, unknown> }[];
  contexts?: { name: string }[];
  [key: string]: unknown;
}

/** A source that is simply absent (no file, not in a cluster): the search moves on to the next one. */
class MissingSource extends KubeConfigError {}

const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** Parse one kubeconfig document (text) into a raw object, with relative paths made absolute. */
function parseRaw(text: string, origin: string, baseDir: string | undefined): RawKubeconfig {
  let raw: unknown;
  try {
    raw = cn().loadYaml(text);
  } catch (error) {
    throw new KubeConfigError(`${origin} is not valid YAML: ${(error as Error).message}`, [], { cause: error });
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new KubeConfigError(`${origin} is not a kubeconfig: expected a mapping with clusters, users and contexts`);
  }
  const config = raw as RawKubeconfig;
  if (baseDir) absolutize(config, baseDir);
  return config;
}

function absolutize(config: RawKubeconfig, baseDir: string): void {
  const fix = (entry: Record<string, unknown> | undefined, keys: string[]): void => {
    for (const key of keys) {
      const value = entry?.[key];
      if (entry && typeof value === 'string' && value && !isAbsolute(value)) entry[key] = join(baseDir, value);
    }
  };
  for (const c of (config.clusters ?? []) as { cluster?: Record<string, unknown> }[]) fix(c.cluster, ['certificate-authority']);
  for (const u of config.users ?? []) fix(u.user, ['client-certificate', 'client-key', 'tokenFile', 'token-file']);
}

/** Merge kubeconfig documents the way kubectl does: the first definition of a name wins. */
function merge(docs: RawKubeconfig[]): RawKubeconfig {
  const result: RawKubeconfig = { clusters: [], users: [], contexts: [] };
  for (const doc of docs) {
    if (!result['current-context'] && doc['current-context']) result['current-context'] = doc['current-context'];
    for (const key of ['clusters', 'users', 'contexts'] as const) {
      const into = result[key] as { name: string }[];
      for (const entry of (doc[key] ?? []) as { name: string }[]) {
        if (!into.some((e) => e.name === entry.name)) into.push(entry);
      }
    }
  }
  return result;
}

/** Turn a raw kubeconfig into a LoadedConfig, selecting `context` when given. */
function fromRaw(raw: RawKubeconfig, source: string, context: string | undefined): LoadedConfig {
  const text = JSON.stringify(raw);
  const build = (): KubeConfig => {
    const kc = new (cn().KubeConfig)();
    kc.loadFromString(text);
    if (context) kc.setCurrentContext(context);
    return kc;
  };
  const probe = build();
  const name = probe.getCurrentContext();
  if (!name) throw new KubeConfigError(`${source} has no current-context and none was given`);
  if (!probe.getContextObject(name)) {
    const known = probe.getContexts().map((c) => c.name);
    throw new KubeConfigError(`${source} has no context "${name}"; it has: ${known.join(', ') || '(none)'}`);
  }
  if (!probe.getCurrentCluster()) throw new KubeConfigError(`${source}: context "${name}" names a cluster that is not defined`);
  const tokenFiles = new Map<string, string>();
  for (const entry of raw.users ?? []) {
    const file = entry.user?.tokenFile ?? entry.user?.['token-file'];
    if (typeof file === 'string' && file && !entry.user?.token) tokenFiles.set(entry.name, file);
  }
  return { build, tokenFiles, source };
}

/** Load from a kubeconfig object (already parsed YAML). */
export function loadKubeconfigObject(object: object, context: string | undefined): LoadedConfig {
  return fromRaw(parseRaw(JSON.stringify(object), 'the kubeconfig object', undefined), 'the kubeconfig object', context);
}

/** Load from kubeconfig files (merged in order); throws if none exists. */
export function loadKubeconfigFiles(paths: string[], context: string | undefined, source: string): LoadedConfig {
  const docs = paths.filter((p) => existsSync(p)).map((p) => parseRaw(readFileSync(p, 'utf8'), p, dirname(p)));
  if (docs.length === 0) throw new MissingSource(`${source}: no such file`);
  return fromRaw(merge(docs), source, context);
}

/** Load the in-cluster service account; throws when not inside a cluster. */
export function loadInCluster(options: InClusterOptions, env: NodeJS.ProcessEnv): LoadedConfig {
  const dir = options.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  const host = options.host ?? env.KUBERNETES_SERVICE_HOST;
  const port = options.port ?? env.KUBERNETES_SERVICE_PORT ?? '443';
  const tokenPath = join(dir, 'token');
  if (!host) throw new MissingSource('in-cluster: KUBERNETES_SERVICE_HOST is not set');
  if (!existsSync(tokenPath)) throw new MissingSource(`in-cluster: no service-account token at ${tokenPath}`);
  const scheme = port === '80' || port === '8080' || port === '8001' ? 'http' : 'https';
  const server = `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const caPath = join(dir, 'ca.crt');
  const namespacePath = join(dir, 'namespace');
  const namespace = existsSync(namespacePath) ? readFileSync(namespacePath, 'utf8').trim() : undefined;
  const cluster: Cluster = { name: 'in-cluster', server, skipTLSVerify: false, ...(existsSync(caPath) ? { caFile: caPath } : {}) };
  const user: User = { name: 'in-cluster' };
  const context: Context = { name: 'in-cluster', cluster: 'in-cluster', user: 'in-cluster', ...(namespace ? { namespace } : {}) };
  const build = (): KubeConfig => {
    const kc = new (cn().KubeConfig)();
    kc.loadFromOptions({ clusters: [cluster], users: [user], contexts: [context], currentContext: 'in-cluster' });
    return kc;
  };
  return { build, tokenFiles: new Map([['in-cluster', tokenPath]]), source: `in-cluster service account (${dir})` };
}

/** Options that select a source; see ConnectOptions for their documentation. */
export interface SourceOptions {
  kubeconfig?: string | object | undefined;
  context?: string | undefined;
  inCluster?: boolean | InClusterOptions | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  homeDir?: string | undefined;
}

/**
 * Find credentials: an explicit kubeconfig (path or object), else `KUBECONFIG` (all its paths,
 * merged), else `~/.kube/config`, else the in-cluster service account. Throws a KubeConfigError
 * listing every source tried.
 */
export function loadConfig(options: SourceOptions): LoadedConfig {
  const env = options.env ?? process.env;
  const { context } = options;
  if (options.kubeconfig !== undefined) {
    if (typeof options.kubeconfig === 'string') return loadKubeconfigFiles([options.kubeconfig], context, options.kubeconfig);
    return loadKubeconfigObject(options.kubeconfig, context);
  }
  if (options.inCluster) return loadInCluster(options.inCluster === true ? {} : options.inCluster, env);
  const tried: string[] = [];
  const attempt = (load: () => LoadedConfig, label: string): LoadedConfig | undefined => {
    try {
      return load();
    } catch (error) {
      if (!(error instanceof MissingSource)) throw error;
      tried.push(`${label}: ${error.message.slice(error.message.lastIndexOf(': ') + 2)}`);
      return undefined;
    }
  };
  const list = env.KUBECONFIG?.split(delimiter).filter(Boolean) ?? [];
  if (list.length) {
    const loaded = attempt(() => loadKubeconfigFiles(list, context, `KUBECONFIG=${env.KUBECONFIG}`), `KUBECONFIG=${env.KUBECONFIG}`);
    if (loaded) return loaded;
  } else {
    tried.push('KUBECONFIG: not set');
  }
  const home = options.homeDir ?? env.HOME ?? homedir();
  const defaultPath = join(home, '.kube', 'config');
  const fromHome = attempt(() => loadKubeconfigFiles([defaultPath], context, defaultPath), defaultPath);
  if (fromHome) return fromHome;
  const inCluster = attempt(() => loadInCluster({}, env), 'in-cluster service account');
  if (inCluster) return inCluster;
  throw new KubeConfigError('no Kubernetes credentials found; pass { kubeconfig } or { server }, set KUBECONFIG, or run inside a cluster', tried);
}
