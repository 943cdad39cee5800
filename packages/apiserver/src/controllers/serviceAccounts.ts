// The service account controller: every active namespace has a `default` ServiceAccount. It is created
// when the namespace appears (and for the namespaces a server starts or restores with), and created
// again if it is deleted while its namespace is active, as kube-controller-manager does.
import type { KeyedQueue } from '@opkit/tasks';
import { NAMESPACES } from '../resources/builtins.js';
import type { ResourceType } from '../resources/types.js';
import type { StoreEvent } from '../storage/index.js';
import { controllerQueue, type ControllerDeps, type StoreController } from './controller.js';

/** The ServiceAccount every namespace gets. */
export const DEFAULT_SERVICE_ACCOUNT = 'default';

/** A unit of service account work: make sure namespace `namespace` has its `default` ServiceAccount. */
export interface ServiceAccountWork {
  readonly namespace: string;
}

/**
 * Gives every active namespace its `default` ServiceAccount.
 *
 * @example
 * const accounts = new ServiceAccounts(deps);
 * store.subscribe((event) => accounts.observe(event));
 */
export class ServiceAccounts implements StoreController {
  readonly name = 'service-accounts';
  readonly #deps: ControllerDeps;
  readonly #queue: KeyedQueue<ServiceAccountWork>;
  readonly #type: ResourceType | undefined;

  constructor(deps: ControllerDeps) {
    this.#deps = deps;
    this.#type = deps.registry.lookup('', 'v1', 'serviceaccounts');
    this.#queue = controllerQueue(this.name, deps, (work) => this.#ensure(work.namespace));
  }

  observe(event: StoreEvent): void {
    const meta = event.object.metadata ?? {};
    if (event.storageKey === NAMESPACES && event.type === 'ADDED') this.#add(meta.name);
    else if (event.type === 'DELETED' && event.storageKey === this.#type?.storageKey && meta.name === DEFAULT_SERVICE_ACCOUNT && meta.namespace) this.#add(meta.namespace);
  }

  resync(): void {
    for (const ns of this.#deps.store.list(NAMESPACES)) if (!ns.metadata?.deletionTimestamp) this.#add(ns.metadata?.name);
  }

  get idle(): boolean {
    return this.#queue.idle;
  }

  drain(): Promise<void> {
    return this.#queue.drain();
  }

  async close(): Promise<void> {
    await this.#queue.close();
  }

  #add(namespace: unknown): void {
    if (typeof namespace === 'string') this.#queue.add(namespace, { namespace });
  }

  async #ensure(namespace: string): Promise<void> {
    const { store, writes } = this.#deps;
    const type = this.#type;
    if (!type) return;
    const ns = store.get(NAMESPACES, undefined, namespace);
    if (!ns || ns.metadata?.deletionTimestamp) return;
    if (store.get(type.storageKey, namespace, DEFAULT_SERVICE_ACCOUNT)) return;
    await writes.create(type, namespace, { metadata: { name: DEFAULT_SERVICE_ACCOUNT } });
  }
}
