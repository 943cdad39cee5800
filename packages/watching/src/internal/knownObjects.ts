// Why this file exists: after a 410 the stream relists and must emit only real differences against
// what it already delivered. For that it remembers, per object, a slim copy (identity, version and
// the metadata a DELETED consumer needs) — never the full body, and never a list page.

import { objectKey } from '@opkit/kube';
import type { KubeObject } from '@opkit/kube';

/** What is remembered about a delivered object. */
export interface KnownObject {
  uid: string | undefined;
  resourceVersion: string | undefined;
  /** A metadata-only copy, used as the body of a DELETED synthesized by a relist. */
  slim: KubeObject;
}

const KEPT_METADATA = ['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'labels', 'finalizers', 'ownerReferences'] as const;

/** A metadata-only copy of an object (no spec, status, annotations or managedFields). */
export function slimCopy(object: KubeObject): KubeObject {
  const metadata: Record<string, unknown> = {};
  for (const key of KEPT_METADATA) {
    const value = object.metadata?.[key];
    if (value !== undefined) metadata[key] = typeof value === 'object' && value !== null ? structuredClone(value) : value;
  }
  return { apiVersion: object.apiVersion, kind: object.kind, metadata };
}

/** A change the relist found. */
export type Difference = { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject };

/** The objects delivered so far, keyed by namespace/name. */
export class KnownObjects {
  readonly #objects = new Map<string, KnownObject>();

  get size(): number {
    return this.#objects.size;
  }

  /** Record a delivered ADDED/MODIFIED. */
  remember(object: KubeObject): void {
    this.#objects.set(objectKey(object), { uid: object.metadata?.uid, resourceVersion: object.metadata?.resourceVersion, slim: slimCopy(object) });
  }

  /** Record a delivered DELETED. */
  forget(object: KubeObject): void {
    this.#objects.delete(objectKey(object));
  }

  /**
   * Compare one listed object with what was delivered and remember it. Returns the events to emit:
   * none when unchanged, ADDED when new, MODIFIED when its resourceVersion moved, DELETED+ADDED when
   * the name now belongs to a different object (uid changed).
   */
  compare(object: KubeObject): Difference[] {
    const key = objectKey(object);
    const previous = this.#objects.get(key);
    if (previous && previous.uid === object.metadata?.uid && previous.resourceVersion === object.metadata?.resourceVersion) return [];
    this.#objects.set(key, { uid: object.metadata?.uid, resourceVersion: object.metadata?.resourceVersion, slim: slimCopy(object) });
    if (!previous) return [{ type: 'ADDED', object }];
    if (previous.uid !== object.metadata?.uid) return [{ type: 'DELETED', object: previous.slim }, { type: 'ADDED', object }];
    return [{ type: 'MODIFIED', object }];
  }

  /** Forget every object whose key is not in `seen`; returns their slim copies (to emit as DELETED). */
  sweep(seen: ReadonlySet<string>): KubeObject[] {
    const vanished: KubeObject[] = [];
    for (const [key, known] of this.#objects) {
      if (!seen.has(key)) {
        vanished.push(known.slim);
        this.#objects.delete(key);
      }
    }
    return vanished;
  }
}
