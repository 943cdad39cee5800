// The CRD removal controller: a terminating CustomResourceDefinition deletes all its objects; when none
// remain it stops being served (discovery, open watches) and its `customresourcecleanup` finalizer goes,
// which removes it.
import type { KeyedQueue } from '@opkit/tasks';
import { CRDS } from '../resources/builtins.js';
import type { StoreEvent } from '../storage/index.js';
import { typesOfCrd } from '../registry/crds.js';
import { CRD_CLEANUP_FINALIZER } from '../registry/deletion.js';
import { controllerQueue, typeForStorageKey, type ControllerDeps, type StoreController } from './controller.js';

/** A unit of CRD removal work: bring the terminating CRD `name` one step closer to gone. */
export interface CrdCleanupWork {
  readonly name: string;
}

/**
 * Removes the objects of terminating CRDs, then the CRDs.
 *
 * @example
 * const crds = new CrdCleanup(deps);
 * store.subscribe((event) => crds.observe(event));
 */
export class CrdCleanup implements StoreController {
  readonly name = 'crd-cleanup';
  readonly #deps: ControllerDeps;
  readonly #queue: KeyedQueue<CrdCleanupWork>;

  constructor(deps: ControllerDeps) {
    this.#deps = deps;
    this.#queue = controllerQueue(this.name, deps, (work) => this.#cleanup(work.name));
  }

  observe(event: StoreEvent): void {
    const meta = event.object.metadata ?? {};
    if (event.type === 'DELETED') {
      // One of its objects went: a terminating CRD may be empty now.
      const type = this.#deps.registry.byStorageKey(event.storageKey);
      if (type?.custom) this.#add(type.custom.crdName);
      return;
    }
    if (event.storageKey === CRDS && meta.deletionTimestamp) this.#add(meta.name);
  }

  resync(): void {
    for (const crd of this.#deps.store.list(CRDS)) if (crd.metadata?.deletionTimestamp) this.#add(crd.metadata.name);
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

  /** Deletes a terminating CRD's objects; when none remain, stops serving it and removes it. */
  async #cleanup(name: string): Promise<void> {
    const { store, registry, writes } = this.#deps;
    const crd = store.get(CRDS, undefined, name);
    if (!crd?.metadata?.deletionTimestamp) return;
    const type = registry.customTypes(name)[0] ?? typesOfCrd(crd)[0];
    if (!type) return;
    let remaining = 0;
    for (const obj of store.list(type.storageKey)) {
      remaining++;
      if (obj.metadata?.deletionTimestamp) continue;
      if (await writes.delete(type, obj.metadata?.namespace, obj.metadata?.name, 'Background')) remaining--;
    }
    if (remaining > 0) return;
    writes.stopServingCrd(name, type.storageKey);
    const crdType = typeForStorageKey(registry, CRDS);
    const current = store.get(CRDS, undefined, name);
    if (!crdType || !current) return;
    const finalizers = (current.metadata?.finalizers ?? []).filter((f: string) => f !== CRD_CLEANUP_FINALIZER);
    await writes.update(crdType, current, { ...current, metadata: { ...current.metadata, finalizers } });
  }
}
