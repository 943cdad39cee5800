// The operator's own API client as handlers see it (`ctx.client`): the runtime's KubeClient (same
// connection, credentials, exact-JSON codec and request observers), addressed by the selectors handlers
// already use (a name, a kind, a typed resource), with the defaults a handler wants — the handled
// object's namespace, the handler's signal — and the children pattern in one call: `createOrAdopt`
// creates a child owned by the handled object, or adopts the existing one, so that an at-least-once
// re-run of the handler is harmless.
import { ambientClient, ConflictError, NotFoundError } from '@opkit/kube';
import type { DeleteOptions, KubeClient, KubeClientInfo, KubeObject, ListOptions, ObjectOptions, PatchOptions, Resource } from '@opkit/kube';
import type { TypedResource } from '@opkit/schema';
import { TemporaryError } from './errors.js';
import { buildOwnerReference } from './hierarchies.js';
import type { OwnerReference } from './hierarchies.js';
import type { Selector, TypedResourceBody } from './types.js';

/** What a handler's client defaults to: the handled object and its handler's signal. */
export interface HandlerClientDefaults {
  /** The object being handled: the default owner of children, and its namespace the default namespace. */
  readonly owner?: KubeObject | undefined;
  /** The handler's signal: requests are aborted with it unless a call passes its own. */
  readonly signal?: AbortSignal | undefined;
}

/** Options of {@link HandlerClient.get}, {@link HandlerClient.create} and the other calls by name. */
export interface HandlerObjectOptions extends ObjectOptions {
  /** @defaultValue the object's `metadata.namespace`, else the handled object's namespace, else the client's */
  namespace?: string | undefined;
}

/** Options of {@link HandlerClient.list}. */
export interface HandlerListOptions extends ListOptions {
  /** @defaultValue the handled object's namespace (for namespaced resources), else all namespaces */
  namespace?: string | undefined;
  /** List in every namespace, whatever the handled object's namespace. @defaultValue false */
  allNamespaces?: boolean | undefined;
  /** Keep only the objects that have an owner reference to this object (e.g. the handled `body`). */
  ownedBy?: KubeObject | undefined;
}

/** Options of {@link HandlerClient.createOrAdopt}. */
export interface CreateOrAdoptOptions extends HandlerObjectOptions {
  /** The owner; `null` for none. @defaultValue the handled object */
  owner?: KubeObject | null | undefined;
  /** Whether the owner reference marks the owner as the child's controller. @defaultValue true */
  controller?: boolean | undefined;
  /** The child's resource. @defaultValue found by discovery from the body's `apiVersion` and `kind` */
  resource?: Selector | undefined;
  /**
   * When the child exists: merge the given body into it (`true`), or only add the owner reference and
   * leave its fields as they are (`false`). @defaultValue true
   */
  update?: boolean | undefined;
}

/**
 * Thrown by {@link HandlerClient.createOrAdopt} when the existing object is controlled by another
 * owner: it is not taken over. An ordinary error, so the handler retries (after its backoff) — once
 * the other owner is gone, garbage collection removes the object and the retry creates it.
 */
export class AdoptionError extends Error {
  /** The controller the object has now. */
  readonly controller: OwnerReference;

  constructor(message: string, controller: OwnerReference) {
    super(message);
    this.name = 'AdoptionError';
    this.controller = controller;
  }
}

/** How often an adoption is retried when the object changes between reading and patching it. */
const ADOPT_ATTEMPTS = 5;

function isResource(value: unknown): value is Resource {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Resource>;
  return typeof candidate.plural === 'string' && typeof candidate.version === 'string' && typeof candidate.group === 'string'
    && typeof candidate.kind === 'string' && typeof candidate.namespaced === 'boolean';
}

function groupVersionOf(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

function describeObject(resource: Resource, namespace: string | undefined, name: string | undefined): string {
  return `${resource.kind} ${namespace ? `${namespace}/` : ''}${name ?? '(generated name)'}`;
}

/**
 * The operator's client in a handler's context (`ctx.client`): the very connection the runtime uses,
 * with calls addressed by selector, defaulting to the handled object's namespace and the handler's
 * signal. `ctx.client.kube` is the underlying {@link KubeClient} for anything else (watch, paging,
 * server-side apply, subresources).
 *
 * @example
 * ```ts
 * on.create('webapps', async ({ body, name, client }) => {
 *   // Created owned by the WebApp in its namespace; on a re-run the existing one is adopted and updated.
 *   await client.createOrAdopt({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { site: body.spec.site } });
 *   const pods = await client.list('pods', { labelSelector: `app=${name}` });
 *   await client.patch('deployments.apps', name!, { spec: { replicas: pods.length } });
 * });
 * ```
 */
export class HandlerClient {
  readonly #kube: KubeClient | undefined;
  readonly #defaults: HandlerClientDefaults;

  /** A client over `kube` (the operator's client when omitted: the one the runtime runs with). */
  constructor(kube: KubeClient | undefined = ambientClient(), defaults: HandlerClientDefaults = {}) {
    this.#kube = kube;
    this.#defaults = defaults;
  }

  /** Whether an API client is there (false only when a handler is called outside a running operator). */
  get available(): boolean {
    return this.#kube !== undefined;
  }

  /**
   * The underlying {@link KubeClient}: the runtime's own. Do not close it; the operator does.
   *
   * @throws Error when the handler runs outside an operator (e.g. called directly in a unit test).
   */
  get kube(): KubeClient {
    if (!this.#kube) {
      throw new Error('This handler has no API client: it runs outside an operator. Run it with operator(), op run, op dev or @opkit/testing\'s startTestEnv().');
    }
    return this.#kube;
  }

  /** Where the client is connected (server URL, default namespace, source). */
  get info(): KubeClientInfo {
    return this.kube.info;
  }

  /**
   * The served resource a selector names (a name such as `configmaps` or `deployments.apps`, a kind, a
   * `{ group, version, plural }` query, or a typed resource), through the operator's cached discovery.
   */
  async resource(selector: Selector, options: { signal?: AbortSignal | undefined } = {}): Promise<Resource> {
    if (isResource(selector) && (selector as Partial<TypedResource<any>>).toCRD === undefined) return selector;
    const signal = options.signal ?? this.#defaults.signal;
    return this.kube.resolveOne(selector as never, signal ? { signal } : {});
  }

  /**
   * Read one object; throws the API's `NotFoundError` when it does not exist.
   *
   * @example
   * ```ts
   * const cm = await client.get('configmaps', 'settings'); // in the handled object's namespace
   * ```
   */
  get<R extends TypedResource<any>>(selector: R, name: string, options?: HandlerObjectOptions): Promise<TypedResourceBody<R>>;
  get<T = KubeObject>(selector: Selector, name: string, options?: HandlerObjectOptions): Promise<T>;
  async get(selector: Selector, name: string, options: HandlerObjectOptions = {}): Promise<unknown> {
    const resource = await this.resource(selector, options);
    return this.kube.get(resource, name, this.#objectOptions(resource, options, undefined));
  }

  /**
   * Read one object, or `undefined` when it does not exist.
   *
   * @example
   * ```ts
   * if (!(await client.find('services', name!))) logger.info('no Service yet');
   * ```
   */
  find<R extends TypedResource<any>>(selector: R, name: string, options?: HandlerObjectOptions): Promise<TypedResourceBody<R> | undefined>;
  find<T = KubeObject>(selector: Selector, name: string, options?: HandlerObjectOptions): Promise<T | undefined>;
  async find(selector: Selector, name: string, options: HandlerObjectOptions = {}): Promise<unknown> {
    try {
      return await this.get(selector, name, options);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  /**
   * Every object of a resource (all pages), in the handled object's namespace by default; filter by
   * labels, fields, or the owner.
   *
   * @example
   * ```ts
   * const children = await client.list('configmaps', { ownedBy: body });
   * const all = await client.list('pods', { allNamespaces: true, labelSelector: 'app=web' });
   * ```
   */
  list<R extends TypedResource<any>>(selector: R, options?: HandlerListOptions): Promise<TypedResourceBody<R>[]>;
  list<T = KubeObject>(selector: Selector, options?: HandlerListOptions): Promise<T[]>;
  async list(selector: Selector, options: HandlerListOptions = {}): Promise<unknown[]> {
    const { allNamespaces, ownedBy, ...rest } = options;
    const resource = await this.resource(selector, rest);
    const namespace = !resource.namespaced || allNamespaces ? undefined : rest.namespace ?? this.#defaults.owner?.metadata?.namespace;
    const signal = rest.signal ?? this.#defaults.signal;
    const { items } = await this.kube.listAll<KubeObject>(resource, { ...rest, namespace, ...(signal ? { signal } : {}) });
    const ownerUid = ownedBy?.metadata?.uid;
    if (ownedBy && !ownerUid) throw new TypeError('list({ ownedBy }) needs an object with metadata.uid (a body read from the API).');
    return ownerUid ? items.filter((item) => (item.metadata.ownerReferences ?? []).some((ref) => ref.uid === ownerUid)) : items;
  }

  /**
   * Create an object; its resource is found from its `apiVersion` and `kind` unless `resource` is given.
   * Throws the API's `ConflictError` when it exists; see {@link HandlerClient.createOrAdopt} for children.
   */
  async create<T extends KubeObject = KubeObject>(body: T, options: HandlerObjectOptions & { resource?: Selector | undefined } = {}): Promise<T & KubeObject> {
    const resource = await this.#resourceOf(body, options);
    return this.kube.create<T & KubeObject>(resource, body, this.#objectOptions(resource, options, body));
  }

  /**
   * The children pattern in one call: create `body` with an owner reference to the handled object (so
   * that deleting it garbage-collects the child), in its namespace unless the body names one. When the
   * object exists already — typically because this handler ran before and is re-run (handlers are
   * at-least-once) — it is adopted: the owner reference is added if missing and the body is merged into
   * it (`update: false` leaves its fields alone). An object controlled by another owner is not taken
   * over ({@link AdoptionError}); one being deleted is retried once it is gone (a `TemporaryError`).
   * Returns the object as stored.
   *
   * @example
   * ```ts
   * on.create(WebApp, async ({ body, client }) => {
   *   await client.createOrAdopt(deploymentFor(body));
   *   await client.createOrAdopt(serviceFor(body));
   * });
   * ```
   */
  async createOrAdopt<T extends KubeObject = KubeObject>(body: T, options: CreateOrAdoptOptions = {}): Promise<T & KubeObject> {
    const resource = await this.#resourceOf(body, options);
    const owner = options.owner === null ? undefined : options.owner ?? this.#defaults.owner;
    const reference = owner ? buildOwnerReference(owner, { controller: options.controller ?? true }) : undefined;
    const namespace = resource.namespaced ? options.namespace ?? body.metadata?.namespace ?? owner?.metadata?.namespace ?? this.#defaults.owner?.metadata?.namespace ?? this.kube.info.namespace : undefined;
    const ownerNamespace = owner?.metadata?.namespace;
    if (owner && ownerNamespace && ownerNamespace !== namespace) {
      throw new TypeError(`${describeObject(resource, namespace, body.metadata?.name)} cannot be owned by ${String(owner.kind)} ${ownerNamespace}/${String(owner.metadata.name)}: owner references work only within one namespace (or from a cluster-scoped owner).`);
    }
    const metadata = { ...body.metadata, ...(namespace === undefined ? {} : { namespace }) };
    if (reference) metadata.ownerReferences = withReference(metadata.ownerReferences, reference);
    const child = { ...body, metadata } as T;
    const objectOptions = this.#objectOptions(resource, { ...options, namespace }, child);
    try {
      return await this.kube.create<T>(resource, child, objectOptions);
    } catch (error) {
      if (!(error instanceof ConflictError) || !metadata.name) throw error;
    }
    return this.#adopt(resource, child, reference, options.update ?? true, objectOptions);
  }

  async #adopt<T extends KubeObject>(resource: Resource, child: T, reference: OwnerReference | undefined, update: boolean, options: ObjectOptions): Promise<T> {
    const name = child.metadata.name!;
    const what = describeObject(resource, options.namespace, name);
    for (let attempt = 1; ; attempt++) {
      const existing = await this.kube.get<T>(resource, name, options);
      if (existing.metadata.deletionTimestamp) {
        throw new TemporaryError(`${what} exists but is being deleted; it is created again once it is gone.`, { delay: 1 });
      }
      const references = existing.metadata.ownerReferences ?? [];
      const controller = references.find((ref) => ref.controller && ref.uid !== reference?.uid);
      if (reference?.controller && controller) {
        throw new AdoptionError(`${what} exists and is controlled by ${controller.kind} ${controller.name} (uid ${controller.uid}); it is not taken over.`, controller);
      }
      const patch: Record<string, unknown> = {};
      if (update) {
        for (const [key, value] of Object.entries(child)) {
          if (key !== 'apiVersion' && key !== 'kind' && key !== 'metadata' && key !== 'status') patch[key] = value;
        }
      }
      const meta: Record<string, unknown> = {};
      if (update) {
        for (const key of ['labels', 'annotations'] as const) if (child.metadata[key] !== undefined) meta[key] = child.metadata[key];
      }
      const owned = reference ? references.some((ref) => ref.uid === reference.uid) : true;
      if (!owned) meta.ownerReferences = withReference(references, reference!);
      if (Object.keys(patch).length === 0 && Object.keys(meta).length === 0) return existing;
      // The resourceVersion makes the patch conditional: owner references are replaced as a list.
      patch.metadata = { ...meta, resourceVersion: existing.metadata.resourceVersion };
      try {
        return await this.kube.patch<T>(resource, name, patch, { ...options, type: 'merge' });
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= ADOPT_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Patch an object: a JSON merge patch by default (`type: 'json' | 'strategic' | 'apply'` for others).
   *
   * @example
   * ```ts
   * await client.patch('deployments.apps', name!, { spec: { replicas: 3 } });
   * ```
   */
  patch<R extends TypedResource<any>>(selector: R, name: string, patch: unknown, options?: PatchOptions): Promise<TypedResourceBody<R>>;
  patch<T = KubeObject>(selector: Selector, name: string, patch: unknown, options?: PatchOptions): Promise<T>;
  async patch(selector: Selector, name: string, patch: unknown, options: PatchOptions = {}): Promise<unknown> {
    const resource = await this.resource(selector, options);
    return this.kube.patch(resource, name, patch, this.#objectOptions(resource, options, undefined));
  }

  /**
   * Delete an object; resolves `false` when it was not there (so that a re-run is harmless), `true` otherwise.
   *
   * @example
   * ```ts
   * await client.delete('configmaps', `${name}-old`);
   * ```
   */
  async delete(selector: Selector, name: string, options: DeleteOptions = {}): Promise<boolean> {
    const resource = await this.resource(selector, options);
    try {
      await this.kube.delete(resource, name, this.#objectOptions(resource, options, undefined));
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }

  async #resourceOf(body: KubeObject, options: { resource?: Selector | undefined; signal?: AbortSignal | undefined }): Promise<Resource> {
    if (options.resource !== undefined) return this.resource(options.resource, options);
    if (!body.apiVersion || !body.kind) throw new TypeError('The object needs apiVersion and kind (or pass { resource }).');
    return this.resource({ ...groupVersionOf(body.apiVersion), kind: body.kind }, options);
  }

  #objectOptions<O extends ObjectOptions>(resource: Resource, options: O, body: KubeObject | undefined): O {
    const namespace = resource.namespaced ? options.namespace ?? body?.metadata?.namespace ?? this.#defaults.owner?.metadata?.namespace : undefined;
    const signal = options.signal ?? this.#defaults.signal;
    return { ...options, ...(namespace === undefined ? {} : { namespace }), ...(signal ? { signal } : {}) };
  }
}

function withReference(references: readonly OwnerReference[] | undefined, reference: OwnerReference): OwnerReference[] {
  return [...(references ?? []).filter((ref) => ref.uid !== reference.uid), reference];
}
