// The garbage collector: an object whose owners (metadata.ownerReferences) are all gone is deleted in
// the background; references to absent owners are dropped when some owners remain; an owner deleted
// with `propagationPolicy: Foreground` waits (finalizer `foregroundDeletion`) until its blocking
// dependents are gone, and one deleted with `Orphan` (finalizer `orphan`) first strips itself from its
// dependents' references. Like kube-controller-manager's, it works from committed changes.
import type { KeyedQueue } from '@opkit/tasks';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { ObjectRef, StoreEvent } from '../storage/index.js';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../registry/deletion.js';
import { controllerQueue, typeForStorageKey, type ControllerDeps, type StoreController } from './controller.js';

/** A unit of garbage-collection work. */
export type GarbageWork =
  /** An object was removed: its dependents may have lost their last owner. */
  | { readonly kind: 'owner-removed'; readonly uid: string }
  /** An object with owner references: delete it if all its owners are gone, else drop the absent ones. */
  | { readonly kind: 'dependent'; readonly ref: ObjectRef }
  /** An owner being deleted in the foreground or orphaning its dependents. */
  | { readonly kind: 'finalize-owner'; readonly ref: ObjectRef }
  /** A dependent was removed: its owner (by uid) may be waiting for it in a foreground deletion. */
  | { readonly kind: 'dependent-removed'; readonly ownerUid: string };

function refOf(event: StoreEvent): ObjectRef {
  return { storageKey: event.storageKey, namespace: event.object.metadata?.namespace, name: event.object.metadata?.name };
}

/** The queue key of a work item: its identity only (never parsed). */
function keyOf(work: GarbageWork): string {
  switch (work.kind) {
    case 'owner-removed':
      return `owner-removed\u0000${work.uid}`;
    case 'dependent-removed':
      return `dependent-removed\u0000${work.ownerUid}`;
    default:
      return `${work.kind}\u0000${work.ref.storageKey}\u0000${work.ref.namespace ?? ''}\u0000${work.ref.name}`;
  }
}

/**
 * Garbage collection over owner references, with Background, Foreground and Orphan propagation.
 *
 * @example
 * const gc = new GarbageCollector(deps);
 * store.subscribe((event) => gc.observe(event));
 */
export class GarbageCollector implements StoreController {
  readonly name = 'garbage-collector';
  readonly #deps: ControllerDeps;
  readonly #queue: KeyedQueue<GarbageWork>;

  constructor(deps: ControllerDeps) {
    this.#deps = deps;
    this.#queue = controllerQueue(this.name, deps, (work) => this.#process(work));
  }

  observe(event: StoreEvent): void {
    const meta = event.object.metadata ?? {};
    if (event.type === 'DELETED') {
      if (meta.uid) this.#add({ kind: 'owner-removed', uid: meta.uid });
      for (const ref of meta.ownerReferences ?? []) if (typeof ref?.uid === 'string') this.#add({ kind: 'dependent-removed', ownerUid: ref.uid });
      return;
    }
    if (Array.isArray(meta.ownerReferences) && meta.ownerReferences.length > 0 && !meta.deletionTimestamp) this.#add({ kind: 'dependent', ref: refOf(event) });
    if (meta.deletionTimestamp) {
      const finalizers: string[] = meta.finalizers ?? [];
      if (finalizers.includes(FOREGROUND_FINALIZER) || finalizers.includes(ORPHAN_FINALIZER)) this.#add({ kind: 'finalize-owner', ref: refOf(event) });
    }
  }

  resync(): void {
    // Nothing to do: a restored owner being finalized is re-queued by the next change of it or its dependents.
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

  #add(work: GarbageWork): void {
    this.#queue.add(keyOf(work), work);
  }

  async #process(work: GarbageWork): Promise<void> {
    const { store } = this.#deps;
    switch (work.kind) {
      case 'owner-removed':
        for (const ref of store.dependentsOf(work.uid)) this.#add({ kind: 'dependent', ref });
        return;
      case 'dependent':
        await this.#collect(work.ref);
        return;
      case 'finalize-owner':
        await this.#finalizeOwner(work.ref);
        return;
      case 'dependent-removed': {
        const ref = store.byUid(work.ownerUid);
        if (ref) await this.#finalizeOwner(ref);
        return;
      }
    }
  }

  #lookup(ref: ObjectRef): { type: ResourceType; obj: KubeObject } | undefined {
    const type = typeForStorageKey(this.#deps.registry, ref.storageKey);
    const obj = this.#deps.store.get(ref.storageKey, ref.namespace || undefined, ref.name);
    return type && obj ? { type, obj } : undefined;
  }

  /** Deletes a dependent whose owners are all gone; drops references to absent owners otherwise. */
  async #collect(ref: ObjectRef): Promise<void> {
    const { store, writes } = this.#deps;
    const found = this.#lookup(ref);
    if (!found || found.obj.metadata?.deletionTimestamp) return;
    const { type, obj } = found;
    const refs: Record<string, any>[] = obj.metadata?.ownerReferences ?? [];
    if (refs.length === 0) return;
    const absent = refs.filter((r) => !store.byUid(r.uid));
    if (absent.length === 0) return;
    if (absent.length === refs.length) {
      await writes.delete(type, obj.metadata?.namespace, obj.metadata?.name, 'Background');
      return;
    }
    const keep = refs.filter((r) => store.byUid(r.uid));
    await writes.update(type, obj, { ...obj, metadata: { ...obj.metadata, ownerReferences: keep } });
  }

  /** Foreground: delete dependents, then drop the finalizer. Orphan: strip references, then drop it. */
  async #finalizeOwner(ref: ObjectRef): Promise<void> {
    const { store, writes } = this.#deps;
    const found = this.#lookup(ref);
    if (!found?.obj.metadata?.deletionTimestamp) return;
    const { type, obj } = found;
    const uid: string = obj.metadata?.uid;
    let finalizers: string[] = [...(obj.metadata?.finalizers ?? [])];
    const dependents = store.dependentsOf(uid);
    if (finalizers.includes(ORPHAN_FINALIZER)) {
      for (const dep of dependents) {
        const d = this.#lookup(dep);
        if (!d) continue;
        const refs = (d.obj.metadata?.ownerReferences ?? []).filter((r: Record<string, any>) => r.uid !== uid);
        await writes.update(d.type, d.obj, { ...d.obj, metadata: { ...d.obj.metadata, ownerReferences: refs } });
      }
      finalizers = finalizers.filter((f) => f !== ORPHAN_FINALIZER);
    } else if (finalizers.includes(FOREGROUND_FINALIZER)) {
      let blocking = 0;
      for (const dep of dependents) {
        const d = this.#lookup(dep);
        if (!d) continue;
        const owner = (d.obj.metadata?.ownerReferences ?? []).find((r: Record<string, any>) => r.uid === uid);
        if (owner?.blockOwnerDeletion === true) blocking++;
        if (!d.obj.metadata?.deletionTimestamp) {
          const removed = await writes.delete(d.type, dep.namespace, dep.name, 'Foreground');
          if (removed && owner?.blockOwnerDeletion === true) blocking--;
        }
      }
      if (blocking > 0) return;
      finalizers = finalizers.filter((f) => f !== FOREGROUND_FINALIZER);
    } else return;
    const current = store.get(type.storageKey, obj.metadata?.namespace, obj.metadata?.name);
    if (current) await writes.update(type, current, { ...current, metadata: { ...current.metadata, finalizers } });
  }
}
