// The one adapter from the controllers' writes (ControllerWrites) to how the server writes: the object
// registry (strategies, then admission — each controller writes as its own service account, as kube's
// controllers do — then the one store writer), plus the resource registry and the watch manager for
// the two CRD steps that are not object writes. When the write path changes, this file changes and
// the controllers do not.
import type { ResourceRegistry } from '../resources/registry.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { ObjectRegistry } from '../registry/registry.js';
import type { WatchManager } from '../http/watch.js';
import type { ControllerPropagation, ControllerWrites } from './writes.js';

/**
 * The controllers' writes through the object registry, as `user`.
 *
 * @example
 * const writes = registryWrites(objects, registry, watches, 'system:serviceaccount:kube-system:generic-garbage-collector');
 */
export function registryWrites(objects: ObjectRegistry, registry: ResourceRegistry, watches: WatchManager, user: string): ControllerWrites {
  return {
    create: async (type: ResourceType, namespace: string | undefined, body: KubeObject) => {
      await objects.create(type, namespace, body, {}, user);
    },
    delete: async (type: ResourceType, namespace: string | undefined, name: string, propagation: ControllerPropagation) =>
      (await objects.delete(type, namespace, name, { propagationPolicy: propagation }, user)).result.removed,
    expire: (type: ResourceType, namespace: string | undefined, name: string) => objects.expire(type, namespace, name).removed,
    update: async (type: ResourceType, current: KubeObject, next: KubeObject, subresource?: 'status' | 'finalize') => {
      await objects.updateObject(type, current, next, subresource ? { subresource } : {}, user);
    },
    removeUnserved: (storageKey: string, obj: KubeObject) => objects.removeUntyped(storageKey, obj),
    recheckCrdNames: (crd: KubeObject) => objects.resyncCrd(crd),
    stopServingCrd: (crdName: string, storageKey: string) => {
      registry.setCustom(crdName, []);
      watches.endStorageKey(storageKey);
    },
  };
}
