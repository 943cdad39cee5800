// The few writes the controllers make, as one small interface. Controllers read the store directly
// (reads are free of side effects) but every change they make goes through `ControllerWrites`, so
// that how a write reaches the store — the registry, with admission, as the controller's
// service account — is decided in one adapter (engineWrites.ts), and a test can
// inject failures without touching the HTTP layer or a Kubernetes client.
import type { KubeObject, ResourceType } from '../resources/types.js';

/** How a controller's delete propagates to the object's dependents. */
export type ControllerPropagation = 'Background' | 'Foreground';

/**
 * The writes of the embedded API server's controllers. Each throws the server's StatusError on
 * failure (404 when the object is gone, 409 on a conflict …); the controller's queue logs it and
 * retries the work with backoff.
 */
export interface ControllerWrites {
  /** Creates `body` of `type` in `namespace` (a namespace's `default` ServiceAccount). */
  create(type: ResourceType, namespace: string | undefined, body: KubeObject): Promise<void>;
  /**
   * Deletes one object as a client's DELETE with `propagationPolicy` would. Returns whether it is gone
   * now (false: its deletion waits for finalizers).
   */
  delete(type: ResourceType, namespace: string | undefined, name: string, propagation: ControllerPropagation): Promise<boolean>;
  /** Removes an object whose lifetime ended (an Event past its TTL), at once: no admission, as a lease expiry in etcd. Returns whether it was removed. */
  expire(type: ResourceType, namespace: string | undefined, name: string): boolean;
  /** Replaces the stored `current` with `next` (the main resource, or its `status` / `finalize` subresource). */
  update(type: ResourceType, current: KubeObject, next: KubeObject, subresource?: 'status' | 'finalize'): Promise<void>;
  /** Removes an object whose kind is no longer served (left in a terminating namespace). */
  removeUnserved(storageKey: string, obj: KubeObject): void;
  /** Re-evaluates a CRD whose names may have become free (another CRD of its group went away). */
  recheckCrdNames(crd: KubeObject): void;
  /** Stops serving a removed CRD's resource: no more discovery entry, its open watches end. */
  stopServingCrd(crdName: string, storageKey: string): void;
}
