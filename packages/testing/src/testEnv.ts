// The test environment: an embedded Kubernetes API server in the test's own process, a client for
// it, CRDs applied and established, and helpers to apply manifests, await conditions on objects, and
// run operators — the counterpart of Kopf's KopfRunner, with no cluster at all. With `rbac`, the server
// decides every request with Kubernetes's RBAC and operators run as the ServiceAccount of the given
// manifests, so a missing permission is the 403 a cluster would answer, in the test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attributesOf, forbiddenMessage, serviceAccountUser, startApiServer } from '@opkit/apiserver';
import { stringifyJson } from '@opkit/json';
import type { ApiServer, ApiServerOptions, AuditRecord } from '@opkit/apiserver';
import { connect, NotFoundError, ConflictError } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { parseManifests } from './manifests.js';
import type { ManifestInput } from './manifests.js';
import { DEFAULT_OPERATOR_USER, DEFAULT_WAIT_MS, startRun } from './run.js';
import type { RunOptions, RunningOperator, RunTarget } from './run.js';
import { TestFaults } from './faults.js';
import type { TestFaultOptions } from './faults.js';
import { TestClock } from './testClock.js';
import type { TestClockOptions } from './testClock.js';

/** Options of {@link startTestEnv}. */
export interface TestEnvOptions {
  /** CRDs to apply first: YAML text, file paths, directories of YAML files, or objects (or one of them). */
  readonly crds?: ManifestInput;
  /** Namespaces to create besides `default`. */
  readonly namespaces?: readonly string[];
  /** Options of the embedded API server. */
  readonly apiServer?: ApiServerOptions;
  /**
   * Run operators under RBAC: the server starts with `authorization: 'rbac'` (over plain http, which
   * @kubernetes/client-node sends tokens over; `apiServer.tls` changes it), the manifests are applied, and
   * `env.run()` runs operators as their ServiceAccount. The environment's own client stays the admin.
   */
  readonly rbac?: TestEnvRbacOptions;
  /**
   * Faults the server injects once the environment is set up: watch drops, 410 Gone, 5xx and 429 on chosen
   * requests, latency, stalled watches. They never touch the environment's own client (`env.apply`,
   * `env.waitFor`…), only operators. Change them at run time with `env.faults`.
   *
   * @example
   * await startTestEnv({ crds, faults: { dropWatchesEveryMs: 5_000, errors: [{ code: 503, verbs: ['patch'], rate: 0.2 }] } });
   */
  readonly faults?: TestFaultOptions;
  /**
   * Fake time ({@link TestClock}): operators run by `env.run()` and the server's bookmarks and periodic faults
   * run on `env.clock`, which jumps to its next timer whenever the system is quiet — so a 60 s stall or a
   * retry storm takes milliseconds. `{ autoAdvance: false }`: time moves only by `env.clock.advance(ms)`.
   * @defaultValue true when `faults` is given, else false
   */
  readonly fakeTime?: boolean | TestClockOptions;
}

/**
 * The RBAC an operator runs under in a test environment.
 *
 * @example
 * await startTestEnv({ crds: ['deploy/crds'], rbac: { manifests: 'deploy/rbac.yaml' } });
 */
export interface TestEnvRbacOptions {
  /** The ServiceAccount, Roles, ClusterRoles and bindings (e.g. the `deploy/rbac.yaml` of `op manifests`). */
  readonly manifests: ManifestInput;
  /**
   * The user operators run as, `system:serviceaccount:<namespace>:<name>`.
   * @defaultValue the one ServiceAccount in the manifests
   */
  readonly serviceAccount?: string;
  /** The namespace of namespaced manifest objects that name none (as `kubectl apply -n`). @defaultValue 'default' */
  readonly namespace?: string;
}

/** A request the server refused with 403, and kube's message for it. */
export interface ForbiddenRequest {
  readonly record: AuditRecord;
  /** e.g. `pods is forbidden: User "system:serviceaccount:ops:op" cannot list resource "pods" in API group "" in the namespace "a"`. */
  readonly message: string;
}

/** How to name an object: a body, or its coordinates. */
export type ObjectRef = KubeObject | { readonly apiVersion: string; readonly kind: string; readonly name: string; readonly namespace?: string };

/** Options of waits. */
export interface WaitOptions {
  /** Milliseconds: a deadline, generous so that a loaded CI machine only makes a wait longer. @defaultValue 30000 */
  readonly timeout?: number;
}

/** Retries of the environment's clients: fast, since the server is local. */
const CLIENT_RETRY = { start: 20, max: 500, attempts: 20 };
const CRDS: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };
const NAMESPACES: Resource = { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false };

function coordinates(ref: ObjectRef): { apiVersion: string; kind: string; name: string; namespace: string | undefined } {
  if ('metadata' in ref) {
    if (!ref.apiVersion || !ref.kind || !ref.metadata?.name) throw new TypeError('An object reference needs apiVersion, kind and metadata.name.');
    return { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.metadata.name, namespace: ref.metadata.namespace };
  }
  return { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, namespace: ref.namespace };
}

function sleepMs(ms: number): Promise<void> {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

/**
 * A running test environment.
 *
 * @example
 * ```ts
 * await using env = await startTestEnv({ crds: ['examples/crd.yaml'] });
 * const op = await env.run(['examples/01-minimal/operator.ts']);
 * await env.apply('examples/obj.yaml');
 * await env.waitFor({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' },
 *   (body) => body.status?.create_fn?.message === 'hello world');
 * ```
 */
export class TestEnv {
  /** The embedded API server. */
  readonly server: ApiServer;
  /** A client connected to it. */
  readonly client: KubeClient;
  /** The server's URL. */
  readonly url: string;
  /** A kubeconfig for it (YAML). */
  readonly kubeconfig: string;
  /** The kubeconfig as a file (removed on dispose). */
  readonly kubeconfigPath: string;
  readonly #dir: string;
  readonly #runs = new Set<RunningOperator>();
  readonly #kubeconfigs = new Map<string, string>();
  #disposed = false;
  /** The user `run()` gives operators by default. */
  readonly operatorUser: string;
  /** Faults at run time: inject, clear, count (`startTestEnv({ faults })` sets the first ones). */
  readonly faults: TestFaults;
  /** The fake clock operators and the server's timers run on, under `fakeTime`; undefined on real time. */
  readonly clock: TestClock | undefined;

  constructor(server: ApiServer, client: KubeClient, dir: string, kubeconfigPath: string, operatorUser: string = DEFAULT_OPERATOR_USER, clock?: TestClock) {
    this.server = server;
    this.clock = clock;
    this.faults = new TestFaults(server);
    this.operatorUser = operatorUser;
    this.client = client;
    this.url = server.url;
    this.kubeconfig = server.kubeconfig({ namespace: 'default' });
    this.kubeconfigPath = kubeconfigPath;
    this.#dir = dir;
  }

  /** The resource of an apiVersion and kind (through discovery). */
  async resourceOf(apiVersion: string, kind: string): Promise<Resource> {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') as [string, string] : ['', apiVersion];
    return this.client.resolveOne({ group, version, kind });
  }

  /**
   * Create or update objects from YAML text, a file path, objects, or a list of them.
   *
   * @returns the stored objects.
   */
  async apply(input: ManifestInput, options: { readonly namespace?: string } = {}): Promise<KubeObject[]> {
    const stored: KubeObject[] = [];
    for (const manifest of parseManifests(input)) {
      if (!manifest.apiVersion || !manifest.kind) throw new TypeError(`A manifest needs apiVersion and kind: ${stringifyJson(manifest).slice(0, 200)}`);
      const resource = await this.resourceOf(manifest.apiVersion, manifest.kind);
      const namespace = resource.namespaced ? manifest.metadata?.namespace ?? options.namespace ?? 'default' : undefined;
      const body: KubeObject = { ...manifest, metadata: { ...manifest.metadata, ...(namespace ? { namespace } : {}) } };
      try {
        stored.push(await this.client.create(resource, body, namespace ? { namespace } : {}));
      } catch (error) {
        if (!(error instanceof ConflictError) || !body.metadata.name) throw error;
        stored.push(await this.client.patch(resource, body.metadata.name, { metadata: { labels: body.metadata.labels, annotations: body.metadata.annotations }, spec: body.spec, data: body.data },
          { type: 'merge', ...(namespace ? { namespace } : {}) }));
      }
    }
    return stored;
  }

  /** Read an object. */
  async get(ref: ObjectRef): Promise<KubeObject> {
    const c = coordinates(ref);
    const resource = await this.resourceOf(c.apiVersion, c.kind);
    return this.client.get(resource, c.name, c.namespace ? { namespace: c.namespace } : {});
  }

  /** Merge-patch an object (or its status with `{ subresource: 'status' }`). */
  async patch(ref: ObjectRef, patch: unknown, options: { readonly subresource?: 'status' } = {}): Promise<KubeObject> {
    const c = coordinates(ref);
    const resource = await this.resourceOf(c.apiVersion, c.kind);
    return this.client.patch(resource, c.name, patch, { type: 'merge', ...(c.namespace ? { namespace: c.namespace } : {}), ...options });
  }

  /** Delete an object (it may stay while finalizers hold it). */
  async delete(ref: ObjectRef): Promise<void> {
    const c = coordinates(ref);
    const resource = await this.resourceOf(c.apiVersion, c.kind);
    await this.client.delete(resource, c.name, c.namespace ? { namespace: c.namespace } : {});
  }

  /**
   * Wait until an object exists and `predicate` returns a truthy value; the timeout error shows what was awaited
   * and the last state seen.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test's predicate reads the object's fields freely, as a handler does
  async waitFor(ref: ObjectRef, predicate: (body: KubeObject & Record<string, any>) => unknown = () => true, options: WaitOptions & { readonly what?: string } = {}): Promise<KubeObject & Record<string, any>> {
    const c = coordinates(ref);
    const deadline = Date.now() + (options.timeout ?? DEFAULT_WAIT_MS);
    let last: KubeObject | undefined;
    let lastError: unknown;
    for (;;) {
      try {
        last = await this.get(ref);
        if (predicate(last)) return last;
      } catch (error) {
        lastError = error;
        if (!(error instanceof NotFoundError)) throw error;
      }
      if (Date.now() >= deadline) {
        const state = last ? stringifyJson(last) : `not found (${(lastError as Error | undefined)?.message ?? 'never seen'})`;
        throw new Error(`Timed out after ${options.timeout ?? DEFAULT_WAIT_MS} ms waiting for ${c.kind} ${c.namespace ? `${c.namespace}/` : ''}${c.name}`
          + `${options.what ? ` to ${options.what}` : ' to satisfy the predicate'}. Last seen: ${state}${this.#deniedNote()}`);
      }
      await sleepMs(25);
    }
  }

  /** Wait until an object no longer exists. */
  async waitForGone(ref: ObjectRef, options: WaitOptions = {}): Promise<void> {
    const c = coordinates(ref);
    const deadline = Date.now() + (options.timeout ?? DEFAULT_WAIT_MS);
    let last: KubeObject | undefined;
    for (;;) {
      try {
        last = await this.get(ref);
      } catch (error) {
        if (error instanceof NotFoundError) return;
        throw error;
      }
      if (Date.now() >= deadline) {
        throw new Error(`Timed out after ${options.timeout ?? DEFAULT_WAIT_MS} ms waiting for ${c.kind} ${c.namespace ? `${c.namespace}/` : ''}${c.name} to be gone. Last seen: ${stringifyJson(last ?? null)}`);
      }
      await sleepMs(25);
    }
  }

  /**
   * The requests the server refused with 403 so far (RBAC denials), with Kubernetes's message for each.
   *
   * @example
   * expect(env.forbidden().map((f) => f.message)).toEqual([]);
   */
  forbidden(): ForbiddenRequest[] {
    return this.server.requests().filter((r) => r.code === 403).map((record) => ({ record, message: forbiddenMessage(record.user, attributesOf(record), '') }));
  }

  /** A timeout's note on the requests operators were denied (the usual cause of a stuck test under RBAC). */
  #deniedNote(): string {
    const messages = [...new Set(this.forbidden().filter((f) => f.record.user !== 'system:anonymous').map((f) => f.message))];
    if (messages.length === 0) return '';
    const shown = messages.slice(0, 5).map((m) => `\n  - ${m}`).join('');
    return `\nRequests denied by RBAC (403):${shown}${messages.length > 5 ? `\n  … and ${messages.length - 5} more` : ''}`;
  }

  /** The API requests the server received (its audit log), optionally filtered. */
  requests(filter: Partial<Pick<AuditRecord, 'verb' | 'resource' | 'subresource' | 'name' | 'namespace'>> = {}): AuditRecord[] {
    return this.server.requests().filter((record) => Object.entries(filter).every(([key, value]) => (record as unknown as Record<string, unknown>)[key] === value));
  }

  /**
   * A kubeconfig file that authenticates as `user` (a bearer token the server maps to that user), its
   * default namespace the ServiceAccount's own (`system:serviceaccount:<namespace>:<name>`, as in a pod;
   * else `default`), for code that connects by itself — e.g. a handler calling `connect()` with `KUBECONFIG` set to it — so that its
   * requests are attributed to that user too. Written once per user; removed on dispose. Without a user:
   * the identity `env.run()` gives operators by default ({@link TestEnv.operatorUser}: the `rbac`
   * ServiceAccount, else {@link DEFAULT_OPERATOR_USER}).
   *
   * @example
   * const run = await env.run('src/operator.ts');
   * process.env.KUBECONFIG = env.kubeconfigFor(run.user);
   */
  kubeconfigFor(user: string = this.operatorUser): string {
    if (typeof user !== 'string' || user === '') throw new TypeError(`kubeconfigFor needs a user name, got ${JSON.stringify(user)}`);
    const known = this.#kubeconfigs.get(user);
    if (known !== undefined) return known;
    const path = join(this.#dir, `kubeconfig-${this.#kubeconfigs.size + 1}-${user.replace(/[^A-Za-z0-9._-]+/g, '_')}`);
    // A ServiceAccount's default namespace is its own, as a pod's client has it (where e.g. Leases are kept by default).
    const namespace = /^system:serviceaccount:([^:]+):[^:]+$/.exec(user)?.[1] ?? 'default';
    writeFileSync(path, this.server.kubeconfig({ user, namespace }), { mode: 0o600 });
    this.#kubeconfigs.set(user, path);
    return path;
  }

  /**
   * Run an operator in this process against this server: a Registry, operator files, or a function
   * that registers handlers on the fresh registry it is given. Resolves once the operator is ready.
   * The operator has its own client, authenticated as `options.user` (default {@link TestEnv.operatorUser}:
   * the `rbac` ServiceAccount, else `system:serviceaccount:default:operator`): `run.requests()` are its requests only.
   */
  async run(target: RunTarget, options: RunOptions = {}): Promise<RunningOperator> {
    if (this.#disposed) throw new Error('This test environment is disposed.');
    const user = options.user ?? this.operatorUser;
    const client = await connect({ kubeconfig: this.kubeconfigFor(user), retry: CLIENT_RETRY, ...(this.clock ? { clock: this.clock } : {}) });
    let running: RunningOperator;
    try {
      running = await startRun({ client, user, auditLog: () => this.server.requests(), clock: this.clock }, target, options);
    } catch (error) {
      client.close();
      throw error;
    }
    this.#runs.add(running);
    return running;
  }

  /** Stop every operator, close the client and the server, remove temporary files. Idempotent. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const run of this.#runs) await run.stop();
    this.client.close();
    await this.server.close();
    this.clock?.dispose();
    rmSync(this.#dir, { recursive: true, force: true });
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}

/**
 * Start a test environment: an embedded API server on loopback, a client, the CRDs established.
 *
 * @example
 * ```ts
 * const env = await startTestEnv({ crds: ['examples/crd.yaml'] });
 * afterAll(() => env.dispose());
 * ```
 */
export async function startTestEnv(options: TestEnvOptions = {}): Promise<TestEnv> {
  const rbac = options.rbac !== undefined ? resolveRbac(options.rbac) : undefined;
  const fakeTime = options.fakeTime ?? options.faults !== undefined;
  const clock = fakeTime === false ? undefined : new TestClock(fakeTime === true ? {} : fakeTime);
  let server: ApiServer;
  try {
    server = await startApiServer({ port: 0, ...(rbac ? { authorization: 'rbac', tls: false } : {}), ...(clock ? { clock } : {}), ...options.apiServer });
  } catch (error) {
    clock?.dispose();
    throw error;
  }
  const dir = mkdtempSync(join(tmpdir(), 'opkit-testenv-'));
  const kubeconfigPath = join(dir, 'kubeconfig');
  writeFileSync(kubeconfigPath, server.kubeconfig({ namespace: 'default' }), { mode: 0o600 });
  let client: KubeClient | undefined;
  try {
    client = await connect({ kubeconfig: kubeconfigPath, retry: CLIENT_RETRY });
    const env = new TestEnv(server, client, dir, kubeconfigPath, rbac?.user, clock);
    const rbacNamespaces = rbac ? rbac.objects.map((o) => o.metadata?.namespace).filter((n): n is string => typeof n === 'string') : [];
    for (const namespace of new Set(['default', ...(options.namespaces ?? []), ...rbacNamespaces])) {
      try {
        await client.create(NAMESPACES, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    const crds = parseManifests(options.crds ?? []);
    for (const crd of crds) {
      try {
        await client.create(CRDS, crd);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    for (const crd of crds) {
      const spec = crd.spec as { group: string; names: { plural: string } };
      const deadline = Date.now() + DEFAULT_WAIT_MS;
      for (;;) {
        client.invalidateDiscovery();
        const found = await client.resolve(`${spec.names.plural}.${spec.group}`).catch(() => []);
        if (found.length > 0) break;
        if (Date.now() > deadline) throw new Error(`The CRD ${spec.names.plural}.${spec.group} was not established within ${DEFAULT_WAIT_MS / 1000} s.`);
        await sleepMs(20);
      }
    }
    if (rbac) await env.apply(rbac.objects);
    // Faults are for operators: the environment's own client (its user named by its requests so far) is spared.
    const own = server.requests().findLast((r) => r.verb === 'create' && r.resource === 'namespaces')?.user;
    if (own !== undefined) env.faults.spare(own);
    if (options.faults !== undefined) env.faults.inject(options.faults);
    return env;
  } catch (error) {
    client?.close();
    await server.close();
    clock?.dispose();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

const NAMESPACED_RBAC_KINDS = new Set(['ServiceAccount', 'Role', 'RoleBinding']);

/** The manifests (namespaced objects placed) and the user operators run as; a clear error when it cannot be told. */
function resolveRbac(options: TestEnvRbacOptions): { objects: KubeObject[]; user: string } {
  if (typeof options !== 'object' || options === null || options.manifests === undefined) {
    throw new TypeError(`rbac needs { manifests: 'deploy/rbac.yaml' } (a path, YAML text or objects), got ${JSON.stringify(options)}`);
  }
  const namespace = options.namespace ?? 'default';
  const objects = parseManifests(options.manifests).map((o) => (NAMESPACED_RBAC_KINDS.has(o.kind ?? '') && !o.metadata?.namespace ? { ...o, metadata: { ...o.metadata, namespace } } : o));
  if (options.serviceAccount !== undefined) {
    if (typeof options.serviceAccount !== 'string' || !options.serviceAccount.startsWith('system:serviceaccount:') || options.serviceAccount.split(':').length !== 4) {
      throw new TypeError(`rbac.serviceAccount must be 'system:serviceaccount:<namespace>:<name>', got ${JSON.stringify(options.serviceAccount)}`);
    }
    return { objects, user: options.serviceAccount };
  }
  const accounts = objects.filter((o) => o.kind === 'ServiceAccount');
  if (accounts.length !== 1) {
    const found = accounts.map((a) => `${a.metadata?.namespace}/${a.metadata?.name}`).join(', ');
    throw new Error(`Cannot tell which ServiceAccount operators run as: the rbac manifests have ${accounts.length === 0 ? 'no ServiceAccount' : `${accounts.length} (${found})`}; pass rbac.serviceAccount: 'system:serviceaccount:<namespace>:<name>'.`);
  }
  return { objects, user: serviceAccountUser(String(accounts[0]!.metadata?.namespace), String(accounts[0]!.metadata?.name)) };
}
