// Why this file exists: the one API surface the rest of Opkit uses to talk to Kubernetes. Every
// method is addressed by a Resource, takes `{ signal }`, retries what is safe to retry (in the
// Requester), and throws only KubeError subclasses.

import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { Discovery } from './discovery.js';
import type { ResourceSelector } from './discovery.js';
import { buildEvent, EVENTS_RESOURCE } from './events.js';
import type { PostEventOptions } from './events.js';
import { watchEvents } from './internal/ndjson.js';
import type { RawWatchEvent } from './internal/ndjson.js';
import type { Requester, RequestObserver, RequestOptions } from './internal/requester.js';
import { withQuery } from './internal/requester.js';
import { resourcePath } from './resource.js';
import type { KubeObject, Resource } from './resource.js';

export type { RawWatchEvent };

/**
 * A view of a client that shares its connection, credentials, request observers and discovery cache,
 * but whose `close()` does nothing: what `connect()` hands out for the operator's own client, which
 * stays the operator's to close. Not exported from the package.
 */
export let shareClient: (client: KubeClient) => KubeClient;

/** Options of {@link KubeClient.list}. */
export interface ListOptions extends RequestOptions {
  /** Namespace to list in; omitted for a namespaced resource means all namespaces. */
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  /** Page size. @defaultValue 500 */
  limit?: number | undefined;
}

/** One page of a list. Pages are independent: dropping one frees its items. */
export interface ListPage<T = KubeObject> {
  items: T[];
  /** The list's resourceVersion (the same on every page of one snapshot). */
  resourceVersion: string;
  /** The token for the next page, or undefined on the last one. */
  continue: string | undefined;
  remainingItemCount: number | undefined;
}

/** Options of {@link KubeClient.watch}. */
export interface WatchOptions extends Omit<RequestOptions, 'retry'> {
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  /** Watch changes after this resourceVersion; omitted means "current state as ADDED, then changes". */
  resourceVersion?: string | undefined;
  /** @defaultValue true */
  allowWatchBookmarks?: boolean | undefined;
  /** The server closes the stream cleanly after this many seconds. */
  timeoutSeconds?: number | undefined;
  /**
   * Ask for a WatchList stream (kube 1.27+ with the WatchList feature, the embedded API server): the state as
   * ADDED events (not older than `resourceVersion`), then a BOOKMARK annotated `k8s.io/initial-events-end`,
   * then changes. Sends `sendInitialEvents` with `resourceVersionMatch=NotOlderThan`; a server without the
   * feature refuses the watch (422).
   */
  sendInitialEvents?: boolean | undefined;
}

/** An open watch: iterate its events; `close()` (or the signal) closes the connection at once. */
export interface WatchStream<T = KubeObject> extends AsyncIterable<RawWatchEvent<T>> {
  close(): void;
}

/** Options of writes addressed by name. */
export interface ObjectOptions extends RequestOptions {
  /** @defaultValue the object's namespace, else the client's default namespace */
  namespace?: string | undefined;
  /** A subresource such as `status`. */
  subresource?: string | undefined;
  fieldManager?: string | undefined;
  dryRun?: boolean | undefined;
}

/** Patch types: RFC 7386 merge, RFC 6902 JSON Patch, server-side apply, strategic merge (built-ins only). */
export type PatchType = 'merge' | 'json' | 'apply' | 'strategic';

/** Options of {@link KubeClient.patch}. */
export interface PatchOptions extends ObjectOptions {
  /** @defaultValue 'merge' */
  type?: PatchType | undefined;
  /** Server-side apply: take ownership of conflicting fields. */
  force?: boolean | undefined;
}

/** Options of {@link KubeClient.delete}. */
export interface DeleteOptions extends ObjectOptions {
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan' | undefined;
  gracePeriodSeconds?: number | undefined;
  preconditions?: { uid?: string; resourceVersion?: string } | undefined;
}

const CONTENT_TYPES: Record<PatchType, string> = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  apply: 'application/apply-patch+yaml',
  strategic: 'application/strategic-merge-patch+json',
};

/** Where the client is connected. */
export interface KubeClientInfo {
  /** The API server URL. */
  server: string;
  /** The default namespace (from the kubeconfig context or the service account). */
  namespace: string;
  /** Where the configuration came from, e.g. `KUBECONFIG=/tmp/k`. */
  source: string;
}

/**
 * A connection to one API server. Create it with `connect()`.
 *
 * @example
 * ```ts
 * const client = await connect();
 * const cm = await client.get(configmaps, 'settings', { namespace: 'default' });
 * for await (const item of client.listItems(configmaps)) console.log(item.metadata.name);
 * ```
 */
export class KubeClient {
  /** Where the client is connected. */
  readonly info: KubeClientInfo;
  /** Discovery of served resources (cached; see {@link KubeClient.invalidateDiscovery}). */
  readonly discovery: Discovery;
  readonly #requester: Requester;
  readonly #onClose: () => void;

  constructor(requester: Requester, info: KubeClientInfo, logger: Logger, onClose: () => void = () => undefined) {
    this.#requester = requester;
    this.info = info;
    this.#onClose = onClose;
    this.discovery = new Discovery((path, options) => this.#requester.json({ method: 'GET', path, signal: options.signal, accept: options.accept, describe: { verb: 'discovery', resource: '' } }), logger);
  }

  static {
    shareClient = (client) => {
      const shared = new KubeClient(client.#requester, client.info, noopLogger);
      (shared as { discovery: Discovery }).discovery = client.discovery;
      return shared;
    };
  }

  /** Resolve a selector (name, query, EVERYTHING, predicate) to served resources. */
  resolve(selector: ResourceSelector, options: { signal?: AbortSignal } = {}): Promise<Resource[]> {
    return this.discovery.resolve(selector, options);
  }

  /** Resolve a selector that must name exactly one served resource. */
  resolveOne(selector: ResourceSelector, options: { signal?: AbortSignal } = {}): Promise<Resource> {
    return this.discovery.resolveOne(selector, options);
  }

  /** Forget cached discovery (call it when CRDs change). */
  invalidateDiscovery(): void {
    this.discovery.invalidate();
  }

  /** List page by page, following `continue` tokens. Each page is fetched when the loop asks for it. */
  async *list<T = KubeObject>(resource: Resource, options: ListOptions = {}): AsyncGenerator<ListPage<T>> {
    let token: string | undefined;
    do {
      const body = await this.#requester.json<{ metadata?: { resourceVersion?: string; continue?: string; remainingItemCount?: number }; items?: T[]; apiVersion?: string; kind?: string }>({
        method: 'GET',
        path: resourcePath(resource, { namespace: options.namespace }),
        describe: { verb: 'list', resource: resource.plural, namespace: options.namespace },
        query: { labelSelector: options.labelSelector, fieldSelector: options.fieldSelector, limit: options.limit ?? 500, continue: token },
        signal: options.signal,
        timeoutMs: options.timeoutMs,
        retry: options.retry,
      });
      const kind = resource.kind;
      const apiVersion = resource.group ? `${resource.group}/${resource.version}` : resource.version;
      const items = (body.items ?? []).map((item) => ({ apiVersion, kind, ...(item as object) }) as T);
      token = body.metadata?.continue || undefined;
      yield { items, resourceVersion: body.metadata?.resourceVersion ?? '', continue: token, remainingItemCount: body.metadata?.remainingItemCount };
    } while (token);
  }

  /** List item by item across pages. */
  async *listItems<T = KubeObject>(resource: Resource, options: ListOptions = {}): AsyncGenerator<T> {
    for await (const page of this.list<T>(resource, options)) yield* page.items;
  }

  /** List everything into memory, with the snapshot's resourceVersion. */
  async listAll<T = KubeObject>(resource: Resource, options: ListOptions = {}): Promise<{ items: T[]; resourceVersion: string }> {
    const items: T[] = [];
    let resourceVersion = '';
    for await (const page of this.list<T>(resource, options)) {
      items.push(...page.items);
      resourceVersion = page.resourceVersion;
    }
    return { items, resourceVersion };
  }

  /**
   * Open a watch. The promise rejects with a KubeApiError if the server refuses it; the stream then
   * yields raw events (BOOKMARK and ERROR included) until the server ends it, the signal aborts, or
   * `close()` is called — each of which closes the connection.
   */
  async watch<T = KubeObject>(resource: Resource, options: WatchOptions = {}): Promise<WatchStream<T>> {
    const path = resourcePath(resource, { namespace: options.namespace });
    const query = {
      watch: 'true',
      resourceVersion: options.resourceVersion,
      allowWatchBookmarks: options.allowWatchBookmarks === false ? undefined : 'true',
      timeoutSeconds: options.timeoutSeconds,
      sendInitialEvents: options.sendInitialEvents === undefined ? undefined : String(options.sendInitialEvents),
      resourceVersionMatch: options.sendInitialEvents === undefined ? undefined : 'NotOlderThan',
      labelSelector: options.labelSelector,
      fieldSelector: options.fieldSelector,
    };
    const stream = await this.#requester.stream({
      method: 'GET', path, query, signal: options.signal, timeoutMs: options.timeoutMs,
      describe: { verb: 'watch', resource: resource.plural, namespace: options.namespace },
    });
    const events = watchEvents(stream, `GET ${withQuery(path, query)}`, options.signal) as AsyncGenerator<RawWatchEvent<T>>;
    return {
      [Symbol.asyncIterator]: () => events,
      close: () => {
        stream.close();
        void events.return(undefined).catch(() => undefined);
      },
    };
  }

  /** Read one object (or its subresource). */
  get<T = KubeObject>(resource: Resource, name: string, options: ObjectOptions = {}): Promise<T> {
    return this.#requester.json<T>({ method: 'GET', path: this.#path(resource, name, options, undefined), describe: this.#describe('get', resource, options, name), ...pick(options) });
  }

  /** Create an object (`metadata.generateName` works). */
  create<T = KubeObject>(resource: Resource, body: KubeObject, options: ObjectOptions = {}): Promise<T> {
    return this.#requester.json<T>({ method: 'POST', path: this.#collection(resource, options, body), body: withType(resource, body), query: writeQuery(options), describe: this.#describe('create', resource, options, body.metadata.name, body), ...pick(options) });
  }

  /** Replace an object (PUT); `metadata.resourceVersion` makes it conditional. */
  replace<T = KubeObject>(resource: Resource, body: KubeObject, options: ObjectOptions = {}): Promise<T> {
    const name = body.metadata.name ?? '';
    return this.#requester.json<T>({ method: 'PUT', path: this.#path(resource, name, options, body), body: withType(resource, body), query: writeQuery(options), describe: this.#describe('update', resource, options, name, body), ...pick(options) });
  }

  /** Patch an object: merge (default), JSON Patch, server-side apply or strategic merge; `subresource: 'status'` patches the status. */
  patch<T = KubeObject>(resource: Resource, name: string, patch: unknown, options: PatchOptions = {}): Promise<T> {
    const type = options.type ?? 'merge';
    const query = { ...writeQuery({ ...options, fieldManager: options.fieldManager ?? (type === 'apply' ? 'opkit' : undefined) }), force: options.force ? 'true' : undefined };
    const body = type === 'apply' && typeof patch === 'object' && patch !== null && !Array.isArray(patch) ? withType(resource, patch as KubeObject) : patch;
    return this.#requester.json<T>({ method: 'PATCH', path: this.#path(resource, name, options, undefined), body, contentType: CONTENT_TYPES[type], query, describe: this.#describe('patch', resource, options, name), ...pick(options) });
  }

  /** Delete an object; resolves to what the server returned (the object while finalizers hold it, or a Status). */
  delete<T = KubeObject>(resource: Resource, name: string, options: DeleteOptions = {}): Promise<T> {
    const body = options.propagationPolicy || options.gracePeriodSeconds !== undefined || options.preconditions
      ? { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: options.propagationPolicy, gracePeriodSeconds: options.gracePeriodSeconds, preconditions: options.preconditions }
      : undefined;
    return this.#requester.json<T>({ method: 'DELETE', path: this.#path(resource, name, options, undefined), body, query: writeQuery(options), describe: this.#describe('delete', resource, options, name), ...pick(options) });
  }

  /**
   * Be told of every attempt of every request this client sends (verb, resource, code, duration).
   * Returns the function that stops it.
   *
   * @example
   * ```ts
   * const stop = client.observeRequests((r) => console.log(r.verb, r.resource, r.code, r.durationMs));
   * ```
   */
  observeRequests(observer: RequestObserver): () => void {
    return this.#requester.observe(observer);
  }

  #describe(verb: string, resource: Resource, options: ObjectOptions, name: string | undefined, body?: KubeObject): { verb: string; resource: string; namespace?: string | undefined; name?: string | undefined } {
    const namespace = this.#namespace(resource, options, body);
    return { verb, resource: options.subresource ? `${resource.plural}/${options.subresource}` : resource.plural, namespace, name };
  }

  /** Post a core/v1 Event about an object (MicroTime eventTime, generateName, bounded message). */
  postEvent(event: PostEventOptions, options: RequestOptions = {}): Promise<KubeObject> {
    const body = buildEvent({ fallbackNamespace: this.info.namespace, ...event });
    return this.create(EVENTS_RESOURCE, body, { ...options, namespace: body.metadata.namespace });
  }

  /** Close idle keep-alive sockets. Open watches end through their own signals. */
  close(): void {
    this.#onClose();
  }

  #namespace(resource: Resource, options: ObjectOptions, body: KubeObject | undefined): string | undefined {
    if (!resource.namespaced) return undefined;
    return options.namespace ?? body?.metadata.namespace ?? this.info.namespace;
  }

  #collection(resource: Resource, options: ObjectOptions, body: KubeObject | undefined): string {
    return resourcePath(resource, { namespace: this.#namespace(resource, options, body) });
  }

  #path(resource: Resource, name: string, options: ObjectOptions, body: KubeObject | undefined): string {
    return resourcePath(resource, { namespace: this.#namespace(resource, options, body), name, subresource: options.subresource });
  }
}

function pick(options: RequestOptions): RequestOptions {
  return { signal: options.signal, timeoutMs: options.timeoutMs, retry: options.retry };
}

function writeQuery(options: ObjectOptions): Record<string, string | undefined> {
  return { fieldManager: options.fieldManager, dryRun: options.dryRun ? 'All' : undefined };
}

function withType(resource: Resource, body: KubeObject): KubeObject {
  return { apiVersion: resource.group ? `${resource.group}/${resource.version}` : resource.version, kind: resource.kind, ...body };
}
