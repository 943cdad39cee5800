// The background controllers a cluster runs and clients rely on: the garbage collector (ownerReferences
// with Background, Foreground and Orphan propagation), the namespace controller (a terminating namespace
// empties itself, then goes), and the CRD cleanup (a deleted CRD removes its objects, stops being served,
// ends its watches, then goes). They react to committed events and run on the next turn of the event
// loop, like their real counterparts run after the write that triggered them.
import { CRDS, EVENTS, NAMESPACES } from '../resources/builtins.js';
import type { ResourceRegistry } from '../resources/registry.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { StoreEvent } from '../storage/index.js';
import { typesOfCrd } from '../registry/crds.js';
import { CRD_CLEANUP_FINALIZER, FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../registry/deletion.js';
import type { ObjectRegistry } from '../registry/registry.js';
import type { WatchManager } from '../http/watch.js';

/** The conditions the namespace controller reports while content remains (kube's wording). */
function namespaceConditions(old: Record<string, any>[] | undefined, remaining: Map<string, number>, finalizers: Map<string, number>): Record<string, any>[] {
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  const make = (type: string, status: string, reason: string, message: string): Record<string, any> => {
    const previous = old?.find((c) => c.type === type);
    const lastTransitionTime = previous && previous.status === status ? previous.lastTransitionTime : now;
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

/** How long an Event lives after its last update (kube-apiserver's default --event-ttl). */
export const EVENT_TTL_MS = 60 * 60_000;

/** Who the controllers write as (the names kube's controller manager uses; admission webhooks see them). */
const GC_USER = 'system:serviceaccount:kube-system:generic-garbage-collector';
const NAMESPACE_USER = 'system:serviceaccount:kube-system:namespace-controller';
const CRD_USER = 'system:serviceaccount:kube-system:apiextensions-finalizer';

function refKey(storageKey: string, namespace: string | undefined, name: string): string {
  return `${storageKey}|${namespace ?? ''}|${name}`;
}

/**
 * Garbage collection, namespace termination and CRD cleanup.
 *
 * @example
 * const controllers = new Controllers(objects, registry, watches);
 * // ...later
 * controllers.close();
 */
export class Controllers {
  private readonly queue = new Set<string>();
  private immediate: NodeJS.Immediate | undefined;
  private running = false;
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly eventSweeper: NodeJS.Timeout;

  constructor(
    private readonly engine: ObjectRegistry,
    private readonly registry: ResourceRegistry,
    private readonly watches: WatchManager,
  ) {
    this.unsubscribe = engine.store.subscribe((event) => this.observe(event));
    this.eventSweeper = setInterval(() => this.sweepEvents(Date.now()), 60_000);
    this.eventSweeper.unref();
  }

  /** Removes Events last touched more than {@link EVENT_TTL_MS} before `now` (the cluster's event TTL). */
  sweepEvents(now: number): number {
    const type = this.typeFor(EVENTS);
    if (!type) return 0;
    let removed = 0;
    for (const ev of this.engine.store.list(EVENTS)) {
      const times = [ev.metadata?.creationTimestamp, ev.lastTimestamp, ev.eventTime, ev.series?.lastObservedTime]
        .map((t) => (typeof t === 'string' ? Date.parse(t) : NaN))
        .filter((t) => Number.isFinite(t));
      if (times.length === 0 || Math.max(...times) > now - EVENT_TTL_MS) continue;
      try {
        if (this.engine.expire(type, ev.metadata?.namespace, ev.metadata?.name).removed) removed++;
      } catch {
        // Gone meanwhile.
      }
    }
    return removed;
  }

  /** Stops processing. */
  close(): void {
    this.closed = true;
    clearInterval(this.eventSweeper);
    this.unsubscribe();
    if (this.immediate) clearImmediate(this.immediate);
    this.queue.clear();
  }

  /** Queues every namespace and CRD that is terminating (after a restore). */
  resync(): void {
    for (const ns of this.engine.store.list(NAMESPACES)) if (ns.metadata?.deletionTimestamp) this.enqueue(`ns:${ns.metadata.name}`);
    for (const crd of this.engine.store.list(CRDS)) if (crd.metadata?.deletionTimestamp) this.enqueue(`crd:${crd.metadata.name}`);
  }

  private observe(event: StoreEvent): void {
    const obj = event.object;
    const meta = obj.metadata ?? {};
    const key = refKey(event.storageKey, meta.namespace, meta.name);
    if (event.type === 'DELETED') {
      if (meta.uid) this.enqueue(`owner:${meta.uid}`);
      for (const ref of meta.ownerReferences ?? []) this.enqueue(`fin-uid:${ref.uid}`);
      if (meta.namespace) {
        const ns = this.engine.store.get(NAMESPACES, undefined, meta.namespace);
        if (ns?.metadata?.deletionTimestamp) this.enqueue(`ns:${meta.namespace}`);
      }
      const type = this.registry.byStorageKey(event.storageKey);
      if (type?.custom) this.enqueue(`crd:${type.custom.crdName}`);
      if (event.storageKey === CRDS && typeof obj.spec?.group === 'string') this.enqueue(`group:${obj.spec.group}`);
      return;
    }
    if (Array.isArray(meta.ownerReferences) && meta.ownerReferences.length > 0 && !meta.deletionTimestamp) this.enqueue(`dep:${key}`);
    if (meta.deletionTimestamp) {
      const finalizers: string[] = meta.finalizers ?? [];
      if (finalizers.includes(FOREGROUND_FINALIZER) || finalizers.includes(ORPHAN_FINALIZER)) this.enqueue(`fin:${key}`);
      if (event.storageKey === NAMESPACES) this.enqueue(`ns:${meta.name}`);
      if (event.storageKey === CRDS) this.enqueue(`crd:${meta.name}`);
    }
  }

  private enqueue(work: string): void {
    if (this.closed) return;
    this.queue.add(work);
    if (!this.running) this.immediate ??= setImmediate(() => void this.run());
  }

  private async run(): Promise<void> {
    this.immediate = undefined;
    this.running = true;
    const batch = [...this.queue];
    this.queue.clear();
    for (const work of batch) {
      if (this.closed) break;
      try {
        await this.process(work);
      } catch {
        // A race with a client write (404, 409): the next event for the object re-queues the work.
      }
    }
    this.running = false;
    if (this.queue.size > 0 && !this.closed) this.immediate ??= setImmediate(() => void this.run());
  }

  private async process(work: string): Promise<void> {
    const colon = work.indexOf(':');
    const kind = work.slice(0, colon);
    const arg = work.slice(colon + 1);
    if (kind === 'owner') for (const dep of this.engine.store.dependentsOf(arg)) await this.collect(refKey(dep.storageKey, dep.namespace, dep.name));
    else if (kind === 'dep') await this.collect(arg);
    else if (kind === 'fin') await this.finalizeOwner(arg);
    else if (kind === 'fin-uid') {
      const ref = this.engine.store.byUid(arg);
      if (ref) await this.finalizeOwner(refKey(ref.storageKey, ref.namespace, ref.name));
    } else if (kind === 'ns') await this.terminateNamespace(arg);
    else if (kind === 'crd') await this.cleanupCrd(arg);
    else if (kind === 'group') this.resyncGroup(arg);
  }

  private lookup(key: string): { type: ResourceType; obj: KubeObject } | undefined {
    const [storageKey, ns, name] = key.split('|') as [string, string, string];
    const type = this.typeFor(storageKey);
    const obj = this.engine.store.get(storageKey, ns === '' ? undefined : ns, name);
    return type && obj ? { type, obj } : undefined;
  }

  private typeFor(storageKey: string): ResourceType | undefined {
    return this.registry.all().find((t) => t.storageKey === storageKey && !t.view) ?? this.registry.byStorageKey(storageKey);
  }

  /** Deletes a dependent whose owners are all gone; drops references to absent owners otherwise. */
  private async collect(key: string): Promise<void> {
    const found = this.lookup(key);
    if (!found || found.obj.metadata?.deletionTimestamp) return;
    const { type, obj } = found;
    const refs: Record<string, any>[] = obj.metadata?.ownerReferences ?? [];
    if (refs.length === 0) return;
    const absent = refs.filter((r) => !this.engine.store.byUid(r.uid));
    if (absent.length === 0) return;
    if (absent.length === refs.length) {
      await this.engine.delete(type, obj.metadata?.namespace, obj.metadata?.name, { propagationPolicy: 'Background' }, GC_USER);
      return;
    }
    const keep = refs.filter((r) => this.engine.store.byUid(r.uid));
    await this.engine.updateObject(type, obj, { ...obj, metadata: { ...obj.metadata, ownerReferences: keep } }, {}, GC_USER);
  }

  /** Foreground: delete dependents, then drop the finalizer. Orphan: strip references, then drop it. */
  private async finalizeOwner(key: string): Promise<void> {
    const found = this.lookup(key);
    if (!found?.obj.metadata?.deletionTimestamp) return;
    const { type, obj } = found;
    const uid: string = obj.metadata?.uid;
    let finalizers: string[] = [...(obj.metadata?.finalizers ?? [])];
    const dependents = this.engine.store.dependentsOf(uid);
    if (finalizers.includes(ORPHAN_FINALIZER)) {
      for (const dep of dependents) {
        const d = this.lookup(refKey(dep.storageKey, dep.namespace, dep.name));
        if (!d) continue;
        const refs = (d.obj.metadata?.ownerReferences ?? []).filter((r: Record<string, any>) => r.uid !== uid);
        await this.engine.updateObject(d.type, d.obj, { ...d.obj, metadata: { ...d.obj.metadata, ownerReferences: refs } }, {}, GC_USER);
      }
      finalizers = finalizers.filter((f) => f !== ORPHAN_FINALIZER);
    } else if (finalizers.includes(FOREGROUND_FINALIZER)) {
      let blocking = 0;
      for (const dep of dependents) {
        const d = this.lookup(refKey(dep.storageKey, dep.namespace, dep.name));
        if (!d) continue;
        const ref = (d.obj.metadata?.ownerReferences ?? []).find((r: Record<string, any>) => r.uid === uid);
        if (ref?.blockOwnerDeletion === true) blocking++;
        if (!d.obj.metadata?.deletionTimestamp) {
          const { result } = await this.engine.delete(d.type, dep.namespace, dep.name, { propagationPolicy: 'Foreground' }, GC_USER);
          if (result.removed && ref?.blockOwnerDeletion === true) blocking--;
        }
      }
      if (blocking > 0) return;
      finalizers = finalizers.filter((f) => f !== FOREGROUND_FINALIZER);
    } else return;
    const current = this.engine.store.get(type.storageKey, obj.metadata?.namespace, obj.metadata?.name);
    if (current) await this.engine.updateObject(type, current, { ...current, metadata: { ...current.metadata, finalizers } }, {}, GC_USER);
  }

  /** Deletes everything in a terminating namespace; when it is empty, finalizes and removes it. */
  private async terminateNamespace(name: string): Promise<void> {
    const ns = this.engine.store.get(NAMESPACES, undefined, name);
    if (!ns?.metadata?.deletionTimestamp) return;
    const remainingByResource = new Map<string, number>();
    const finalizerCounts = new Map<string, number>();
    for (const storageKey of this.engine.store.storageKeys()) {
      if (storageKey === NAMESPACES) continue;
      const type = this.typeFor(storageKey);
      for (const obj of this.engine.store.list(storageKey, name)) {
        if (!obj.metadata?.deletionTimestamp) {
          if (!type) {
            this.engine.removeUntyped(storageKey, obj);
            continue;
          }
          if ((await this.engine.delete(type, name, obj.metadata?.name, { propagationPolicy: 'Background' }, NAMESPACE_USER)).result.removed) continue;
        }
        const resource = type ? (type.group ? `${type.plural}.${type.group}` : type.plural) : storageKey;
        remainingByResource.set(resource, (remainingByResource.get(resource) ?? 0) + 1);
        const current = this.engine.store.get(storageKey, name, obj.metadata?.name);
        for (const f of (current?.metadata?.finalizers ?? []) as string[]) finalizerCounts.set(f, (finalizerCounts.get(f) ?? 0) + 1);
      }
    }
    const nsType = this.typeFor(NAMESPACES);
    const current = this.engine.store.get(NAMESPACES, undefined, name);
    if (!nsType || !current) return;
    if (remainingByResource.size > 0) {
      const conditions = namespaceConditions(current.status?.conditions, remainingByResource, finalizerCounts);
      await this.engine.updateObject(nsType, current, { ...current, status: { ...(current.status ?? {}), conditions } }, { subresource: 'status' }, NAMESPACE_USER);
      return;
    }
    await this.engine.updateObject(nsType, current, { ...current, spec: { ...(current.spec ?? {}), finalizers: [] } }, { subresource: 'finalize' }, NAMESPACE_USER);
  }

  /** Gives CRDs whose names were refused another chance once a CRD of their group is gone. */
  private resyncGroup(group: string): void {
    for (const crd of this.engine.store.list(CRDS)) {
      if (crd.spec?.group !== group || crd.metadata?.deletionTimestamp) continue;
      const accepted = (crd.status?.conditions ?? []).some((c: Record<string, any>) => c.type === 'NamesAccepted' && c.status === 'True');
      if (!accepted) this.engine.resyncCrd(crd);
    }
  }

  /** Deletes a terminating CRD's objects; when none remain, stops serving it and removes it. */
  private async cleanupCrd(name: string): Promise<void> {
    const crd = this.engine.store.get(CRDS, undefined, name);
    if (!crd?.metadata?.deletionTimestamp) return;
    const type = this.registry.customTypes(name)[0] ?? typesOfCrd(crd)[0];
    if (!type) return;
    let remaining = 0;
    for (const obj of this.engine.store.list(type.storageKey)) {
      remaining++;
      if (obj.metadata?.deletionTimestamp) continue;
      if ((await this.engine.delete(type, obj.metadata?.namespace, obj.metadata?.name, { propagationPolicy: 'Background' }, CRD_USER)).result.removed) remaining--;
    }
    if (remaining > 0) return;
    this.registry.setCustom(name, []);
    this.watches.endStorageKey(type.storageKey);
    const crdType = this.typeFor(CRDS);
    const current = this.engine.store.get(CRDS, undefined, name);
    if (!crdType || !current) return;
    const finalizers = (current.metadata?.finalizers ?? []).filter((f: string) => f !== CRD_CLEANUP_FINALIZER);
    await this.engine.updateObject(crdType, current, { ...current, metadata: { ...current.metadata, finalizers } }, {}, CRD_USER);
  }
}
