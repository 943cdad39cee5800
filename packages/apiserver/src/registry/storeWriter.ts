// The one writer of the object store. Every create, update and delete the server commits — from a
// client's request, a controller, the CRD establishing step or a restore — passes through
// `StoreWriter.write`, which checks the preconditions (the stored object is still the one the write was
// computed from; the client's resourceVersion and uid) in one place and then calls the store, which
// bumps the resourceVersion and emits the watch event. src/architecture.test.ts fails when any other
// module calls the store's mutating methods.
import { Statuses } from '../errors.js';
import { qualifiedResource } from '../resources/types.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { ObjectStore } from '../storage/index.js';

/** A client's preconditions: the resourceVersion and uid the object must still have. */
export interface Preconditions {
  resourceVersion?: unknown;
  uid?: unknown;
}

/**
 * What to commit. `previous` is the stored object the write was computed from: the commit fails with 409
 * when the stored object has changed since (another write came between, e.g. while webhooks ran).
 */
export type StoreChange =
  | { op: 'create'; object: KubeObject }
  | { op: 'update'; previous: KubeObject; next: KubeObject; preconditions?: Preconditions }
  | { op: 'delete'; previous: KubeObject; lastState?: KubeObject; preconditions?: Preconditions };

/** How a failed precondition is worded: an object's own resourceVersion, or DeleteOptions.preconditions. */
export type PreconditionStyle = 'object' | 'deleteOptions';

function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The conflict check of every write (409), in kube-apiserver's words: the uid first, then the
 * resourceVersion (undefined and null mean "no precondition"). `style` 'object' is the check of a PUT/PATCH body's metadata (a generic "the object has
 * been modified"); 'deleteOptions' the check of DeleteOptions.preconditions ("Precondition failed: …").
 *
 * @example
 * checkPreconditions(type, stored, { resourceVersion: '12' }, 'object');
 */
export function checkPreconditions(type: ResourceType, stored: KubeObject, pre: Preconditions | undefined, style: PreconditionStyle): void {
  if (!pre) return;
  const meta = stored.metadata ?? {};
  const name = String(meta.name ?? '');
  if (given(pre.uid) && pre.uid !== meta.uid) {
    throw Statuses.conflict(qualifiedResource(type), name, type.group, type.plural, `Precondition failed: UID in precondition: ${String(pre.uid)}, UID in object meta: ${meta.uid}`);
  }
  if (!given(pre.resourceVersion) || String(pre.resourceVersion) === meta.resourceVersion) return;
  if (style === 'deleteOptions') {
    throw Statuses.conflict(qualifiedResource(type), name, type.group, type.plural, `Precondition failed: ResourceVersion in precondition: ${String(pre.resourceVersion)}, ResourceVersion in object meta: ${meta.resourceVersion}`);
  }
  throw Statuses.conflict(qualifiedResource(type), name, type.group, type.plural);
}

/**
 * The single guarded writer of an {@link ObjectStore}.
 *
 * @example
 * const writer = new StoreWriter(store);
 * writer.write(configMapType, { op: 'create', object: { metadata: { name: 'a', namespace: 'default' } } });
 */
export class StoreWriter {
  constructor(readonly store: ObjectStore) {}

  /**
   * Commits one change after checking it is still valid against the stored state: a create needs the
   * name free (409 AlreadyExists), an update or delete needs the object present (404), unchanged since
   * `previous` was read (409), and the client's preconditions met (409). Returns the committed object
   * (an update that changes nothing returns `previous`, commits nothing and emits nothing).
   */
  write(type: ResourceType, change: StoreChange): KubeObject {
    const storageKey = type.storageKey;
    if (change.op === 'create') {
      const meta = change.object.metadata ?? {};
      if (this.store.get(storageKey, meta.namespace, meta.name)) throw Statuses.alreadyExists(qualifiedResource(type), meta.name, type.group, type.plural);
      return this.apply(storageKey, change);
    }
    const previous = change.previous;
    const meta = previous.metadata ?? {};
    const current = this.store.get(storageKey, meta.namespace, meta.name);
    if (!current) throw Statuses.notFound(qualifiedResource(type), meta.name, type.group, type.plural);
    if (current !== previous && (current.metadata?.resourceVersion !== meta.resourceVersion || current.metadata?.uid !== meta.uid)) {
      throw Statuses.conflict(qualifiedResource(type), meta.name, type.group, type.plural);
    }
    if (change.op === 'update') {
      checkPreconditions(type, current, change.preconditions, 'object');
      return this.apply(storageKey, { ...change, previous: current });
    }
    checkPreconditions(type, current, change.preconditions, 'deleteOptions');
    return this.apply(storageKey, { ...change, previous: current });
  }

  /**
   * Removes an object whose type is no longer served (a terminating namespace's leftovers of a CRD
   * that is gone): there is no type to check against, only the storage key.
   */
  removeUntyped(storageKey: string, previous: KubeObject): void {
    const meta = previous.metadata ?? {};
    const current = this.store.get(storageKey, meta.namespace, meta.name);
    if (current) this.apply(storageKey, { op: 'delete', previous: current });
  }

  /** Loads a persisted state at start-up (no events; the counter continues from `resourceVersion`). */
  load(objects: { storageKey: string; object: KubeObject }[], resourceVersion: number): void {
    this.apply('', { op: 'load', objects, resourceVersion });
  }

  /**
   * The one function that calls the store's mutating methods (src/architecture.test.ts holds it to
   * that); every check has been made by its callers.
   */
  private apply(storageKey: string, change: StoreChange | { op: 'load'; objects: { storageKey: string; object: KubeObject }[]; resourceVersion: number }): KubeObject {
    switch (change.op) {
      case 'create':
        return this.store.commitCreate(storageKey, change.object);
      case 'update':
        return this.store.commitUpdate(storageKey, change.previous, change.next);
      case 'delete':
        return this.store.commitDelete(storageKey, change.previous, change.lastState ?? change.previous);
      case 'load':
        this.store.restore(change.objects, change.resourceVersion);
        return {};
    }
  }
}
