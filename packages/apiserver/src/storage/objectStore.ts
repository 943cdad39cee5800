// The single source of truth: every stored object, the one global resourceVersion counter, and the
// commit path that bumps it. Every persisted change goes through `commit*`, which assigns the next RV,
// records the event in the watch history and hands it to every listener synchronously — so the order of
// events is the order of commits, with no gaps, and a write that changes nothing never gets here.
import type { KubeObject } from '../resources/types.js';
import { WatchHistory } from './history.js';
import type { StoreEvent } from './history.js';
import { deepEqual } from './deepEqual.js';

/** A listener of committed changes (called synchronously, in commit order). */
export type StoreListener = (event: StoreEvent) => void;

/** Where an object sits: storage key plus `namespace/name` (or `name`). */
export interface ObjectRef {
  storageKey: string;
  namespace: string | undefined;
  name: string;
}

/** The key of an object inside one storage key. */
export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/**
 * The in-memory object store with the global resourceVersion.
 *
 * Guarantees: RVs are consecutive integers; each commit emits exactly one event; listeners see events in
 * RV order. Stored objects are never mutated after commit (callers copy before changing).
 *
 * @example
 * const store = new ObjectStore({ historySize: 1000 });
 * const cm = store.commitCreate('/configmaps', { metadata: { name: 'a', namespace: 'default' } });
 */
export class ObjectStore {
  private rv = 0;
  private readonly data = new Map<string, Map<string, KubeObject>>();
  private readonly uids = new Map<string, ObjectRef>();
  private readonly owners = new Map<string, Set<string>>();
  private readonly listeners = new Set<StoreListener>();
  private total = 0;
  private persist: StoreListener | undefined;
  private readonly arrange: (storageKey: string, obj: KubeObject) => KubeObject;
  /** The bounded watch history. */
  readonly history: WatchHistory;

  /**
   * `arrange` puts a committed object's keys in the order the server writes them (see
   * resources/keyOrder.ts); it runs once per create and update, so reads serve stored objects as they are.
   */
  constructor(options: { historySize: number; arrange?: (storageKey: string, obj: KubeObject) => KubeObject }) {
    this.history = new WatchHistory(options.historySize);
    this.arrange = options.arrange ?? ((_storageKey, obj) => obj);
  }

  /** The current global resourceVersion. */
  get resourceVersion(): number {
    return this.rv;
  }

  /** Number of stored objects. */
  get count(): number {
    return this.total;
  }

  /** Sets the hook that persists each change before it is emitted (and before the write is answered). */
  setPersistence(persist: StoreListener | undefined): void {
    this.persist = persist;
  }

  /** Subscribes to commits; returns the unsubscribe function. */
  subscribe(listener: StoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The stored object, or undefined. */
  get(storageKey: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.data.get(storageKey)?.get(objectKey(namespace, name));
  }

  /** Where the object with this uid is stored, if it exists. */
  byUid(uid: string): ObjectRef | undefined {
    return this.uids.get(uid);
  }

  /** Refs of objects listing `ownerUid` in their ownerReferences. */
  dependentsOf(ownerUid: string): ObjectRef[] {
    const keys = this.owners.get(ownerUid);
    if (!keys) return [];
    const out: ObjectRef[] = [];
    for (const k of keys) {
      const [storageKey, key] = splitOnce(k, '|');
      const obj = this.data.get(storageKey)?.get(key);
      if (obj) out.push({ storageKey, namespace: obj.metadata?.namespace, name: obj.metadata?.name });
    }
    return out;
  }

  /** Stored objects of a storage key (optionally one namespace), sorted by namespace/name. */
  list(storageKey: string, namespace?: string): KubeObject[] {
    const bucket = this.data.get(storageKey);
    if (!bucket) return [];
    const keys = [...bucket.keys()].sort();
    const out: KubeObject[] = [];
    for (const k of keys) {
      const obj = bucket.get(k);
      if (!obj) continue;
      if (namespace !== undefined && obj.metadata?.namespace !== namespace) continue;
      out.push(obj);
    }
    return out;
  }

  /** Storage keys that currently hold objects. */
  storageKeys(): string[] {
    return [...this.data.keys()];
  }

  /** Stores a new object with the next RV and emits ADDED. The caller has checked that it is absent. */
  commitCreate(storageKey: string, obj: KubeObject): KubeObject {
    const stored = this.arrange(storageKey, this.stamp(obj));
    this.put(storageKey, stored);
    this.total++;
    this.emit({ rv: this.rv, storageKey, type: 'ADDED', object: stored });
    return stored;
  }

  /**
   * Replaces `previous` with `next`. When nothing but the RV would differ, nothing is committed and
   * `previous` is returned (no RV bump, no event).
   */
  commitUpdate(storageKey: string, previous: KubeObject, next: KubeObject): KubeObject {
    if (sameContent(previous, next)) return previous;
    const stored = this.arrange(storageKey, this.stamp(next));
    this.unindex(storageKey, previous);
    this.put(storageKey, stored);
    this.emit({ rv: this.rv, storageKey, type: 'MODIFIED', object: stored, previous });
    return stored;
  }

  /**
   * Removes the object and emits DELETED carrying `lastState` (default: the stored object) with the new RV.
   * `lastState` is a stored (arranged) object: its resourceVersion keeps its place.
   */
  commitDelete(storageKey: string, previous: KubeObject, lastState: KubeObject = previous): KubeObject {
    const stored = this.stamp(lastState);
    const meta = previous.metadata ?? {};
    this.data.get(storageKey)?.delete(objectKey(meta.namespace, meta.name));
    this.unindex(storageKey, previous);
    this.total--;
    this.emit({ rv: this.rv, storageKey, type: 'DELETED', object: stored, previous });
    return stored;
  }

  /**
   * Loads objects without events (persistence restore); sets the RV counter and compacts history. The
   * objects are arranged as on commit (a data directory written by an older version may hold them in
   * another order).
   */
  restore(objects: { storageKey: string; object: KubeObject }[], resourceVersion: number): void {
    for (const { storageKey, object } of objects) {
      this.put(storageKey, this.arrange(storageKey, object));
      this.total++;
    }
    this.rv = Math.max(this.rv, resourceVersion);
    this.history.compactAll(this.rv);
  }

  /** Every stored object with its storage key (persistence snapshots). */
  *entries(): IterableIterator<{ storageKey: string; object: KubeObject }> {
    for (const [storageKey, bucket] of this.data) for (const object of bucket.values()) yield { storageKey, object };
  }

  private stamp(obj: KubeObject): KubeObject {
    this.rv++;
    return { ...obj, metadata: { ...(obj.metadata ?? {}), resourceVersion: String(this.rv) } };
  }

  private put(storageKey: string, obj: KubeObject): void {
    let bucket = this.data.get(storageKey);
    if (!bucket) {
      bucket = new Map();
      this.data.set(storageKey, bucket);
    }
    const meta = obj.metadata ?? {};
    const key = objectKey(meta.namespace, meta.name);
    bucket.set(key, obj);
    if (typeof meta.uid === 'string') this.uids.set(meta.uid, { storageKey, namespace: meta.namespace, name: meta.name });
    for (const ref of ownerUids(obj)) {
      let set = this.owners.get(ref);
      if (!set) {
        set = new Set();
        this.owners.set(ref, set);
      }
      set.add(`${storageKey}|${key}`);
    }
  }

  private unindex(storageKey: string, obj: KubeObject): void {
    const meta = obj.metadata ?? {};
    if (typeof meta.uid === 'string') this.uids.delete(meta.uid);
    const key = `${storageKey}|${objectKey(meta.namespace, meta.name)}`;
    for (const ref of ownerUids(obj)) {
      const set = this.owners.get(ref);
      set?.delete(key);
      if (set?.size === 0) this.owners.delete(ref);
    }
  }

  private emit(event: StoreEvent): void {
    this.persist?.(event);
    this.history.push(event);
    for (const listener of [...this.listeners]) listener(event);
  }
}

function ownerUids(obj: KubeObject): string[] {
  const refs = obj.metadata?.ownerReferences;
  if (!Array.isArray(refs)) return [];
  return refs.map((r: any) => r?.uid).filter((u: unknown): u is string => typeof u === 'string');
}

function splitOnce(text: string, sep: string): [string, string] {
  const i = text.indexOf(sep);
  return [text.slice(0, i), text.slice(i + 1)];
}

/** Whether two objects are equal ignoring metadata.resourceVersion. */
export function sameContent(a: KubeObject, b: KubeObject): boolean {
  const am = { ...(a.metadata ?? {}) };
  const bm = { ...(b.metadata ?? {}) };
  delete am.resourceVersion;
  delete bm.resourceVersion;
  return deepEqual({ ...a, metadata: am }, { ...b, metadata: bm });
}
