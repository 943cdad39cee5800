// The one adapter from the controllers' writes (ControllerWrites) to how the server writes today: the
// WriteEngine, the deletion functions, the resource registry and the watch manager. When the write
// path changes, this file changes and the controllers do not.
import type { ResourceRegistry } from '../resources/registry.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import { deleteObject } from '../registry/deletion.js';
import type { WriteEngine } from '../registry/engine.js';
import type { WatchManager } from '../http/watch.js';
import type { ControllerPropagation, ControllerWrites } from './writes.js';

/**
 * The controllers' writes over a WriteEngine.
 *
 * @example
 * const controllers = new Controllers(engine, registry, watches, { writes: engineWrites(engine, registry, watches) });
 */
export function engineWrites(engine: WriteEngine, registry: ResourceRegistry, watches: WatchManager): ControllerWrites {
  return {
    create: (type: ResourceType, namespace: string | undefined, body: KubeObject) => {
      engine.create(type, namespace, body, {});
    },
    delete: (type: ResourceType, namespace: string | undefined, name: string, propagation: ControllerPropagation) =>
      deleteObject(engine, type, namespace, name, { propagationPolicy: propagation }).removed,
    update: (type: ResourceType, current: KubeObject, next: KubeObject, subresource?: 'status' | 'finalize') => {
      engine.writeExisting(type, current, next, subresource ? { subresource } : {});
    },
    removeUnserved: (storageKey: string, obj: KubeObject) => {
      engine.store.commitDelete(storageKey, obj);
    },
    recheckCrdNames: (crd: KubeObject) => engine.resyncCrd(crd),
    stopServingCrd: (crdName: string, storageKey: string) => {
      registry.setCustom(crdName, []);
      watches.endStorageKey(storageKey);
    },
  };
}
