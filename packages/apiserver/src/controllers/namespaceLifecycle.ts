// The namespace controller: a terminating namespace (deletionTimestamp set) deletes everything in it,
// reports what remains in its status conditions with kube's wording, and once empty clears
// spec.finalizers through the `finalize` subresource, which removes it.
import type { KeyedQueue } from '@opkit/tasks';
import { NAMESPACES } from '../resources/builtins.js';
import type { StoreEvent } from '../storage/index.js';
import { controllerQueue, typeForStorageKey, type ControllerDeps, type StoreController } from './controller.js';

/** A unit of namespace work: bring the terminating namespace `name` one step closer to gone. */
export interface NamespaceWork {
  readonly name: string;
}

/** The conditions the namespace controller reports while content remains (kube's wording). */
function namespaceConditions(old: Record<string, any>[] | undefined, remaining: Map<string, number>, finalizers: Map<string, number>, now: number): Record<string, any>[] {
  const stamp = `${new Date(now).toISOString().slice(0, 19)}Z`;
  const make = (type: string, status: string, reason: string, message: string): Record<string, any> => {
    const previous = old?.find((c) => c.type === type);
    const lastTransitionTime = previous && previous.status === status ? previous.lastTransitionTime : stamp;
    return { type, status, lastTransitionTime, reason, message };
  };
  const sorted = (m: Map<string, number>): [string, number][] => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const content = sorted(remaining).map(([r, n]) => `${r} has ${n} resource instances`).join(', ');
  const held = sorted(finalizers).map(([f, n]) => `${f} in ${n} resource instances`).join(', ');
  return [
    make('NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered', 'All resources successfully discovered'),
    make('NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'),
    make('NamespaceDeletionContentFailure', 'False', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'),
    make('NamespaceContentRemaining', 'True', 'SomeResourcesRemain', `Some resources are remaining: ${content}`),
    held
      ? make('NamespaceFinalizersRemaining', 'True', 'SomeFinalizersRemain', `Some content in the namespace has finalizers remaining: ${held}`)
      : make('NamespaceFinalizersRemaining', 'False', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'),
  ];
}

/**
 * Empties terminating namespaces and removes them.
 *
 * @example
 * const namespaces = new NamespaceLifecycle(deps);
 * store.subscribe((event) => namespaces.observe(event));
 */
export class NamespaceLifecycle implements StoreController {
  readonly name = 'namespace-lifecycle';
  readonly #deps: ControllerDeps;
  readonly #queue: KeyedQueue<NamespaceWork>;

  constructor(deps: ControllerDeps) {
    this.#deps = deps;
    this.#queue = controllerQueue(this.name, deps, (work) => this.#terminate(work.name));
  }

  observe(event: StoreEvent): void {
    const meta = event.object.metadata ?? {};
    if (event.storageKey === NAMESPACES && meta.deletionTimestamp && event.type !== 'DELETED') this.#add(meta.name);
    else if (event.type === 'DELETED' && meta.namespace) {
      // Something in a terminating namespace went: it may be empty now.
      const ns = this.#deps.store.get(NAMESPACES, undefined, meta.namespace);
      if (ns?.metadata?.deletionTimestamp) this.#add(meta.namespace);
    }
  }

  resync(): void {
    for (const ns of this.#deps.store.list(NAMESPACES)) if (ns.metadata?.deletionTimestamp) this.#add(ns.metadata.name);
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

  #add(name: string): void {
    this.#queue.add(name, { name });
  }

  /** Deletes everything in a terminating namespace; when it is empty, finalizes and removes it. */
  async #terminate(name: string): Promise<void> {
    const { store, registry, writes, clock } = this.#deps;
    const ns = store.get(NAMESPACES, undefined, name);
    if (!ns?.metadata?.deletionTimestamp) return;
    const remainingByResource = new Map<string, number>();
    const finalizerCounts = new Map<string, number>();
    for (const storageKey of store.storageKeys()) {
      if (storageKey === NAMESPACES) continue;
      const type = typeForStorageKey(registry, storageKey);
      for (const obj of store.list(storageKey, name)) {
        if (!obj.metadata?.deletionTimestamp) {
          if (!type) {
            writes.removeUnserved(storageKey, obj);
            continue;
          }
          if (await writes.delete(type, name, obj.metadata?.name, 'Background')) continue;
        }
        const resource = type ? (type.group ? `${type.plural}.${type.group}` : type.plural) : storageKey;
        remainingByResource.set(resource, (remainingByResource.get(resource) ?? 0) + 1);
        const current = store.get(storageKey, name, obj.metadata?.name);
        for (const f of (current?.metadata?.finalizers ?? []) as string[]) finalizerCounts.set(f, (finalizerCounts.get(f) ?? 0) + 1);
      }
    }
    const nsType = typeForStorageKey(registry, NAMESPACES);
    const current = store.get(NAMESPACES, undefined, name);
    if (!nsType || !current) return;
    if (remainingByResource.size > 0) {
      const conditions = namespaceConditions(current.status?.conditions, remainingByResource, finalizerCounts, clock.now());
      await writes.update(nsType, current, { ...current, status: { ...(current.status ?? {}), conditions } }, 'status');
      return;
    }
    await writes.update(nsType, current, { ...current, spec: { ...(current.spec ?? {}), finalizers: [] } }, 'finalize');
  }
}
