// The key order of objects as kube-apiserver writes them. Go's encoding/json writes a struct's fields
// in their declared order and a map's keys sorted by their bytes. A custom resource is all maps
// (unstructured), so every level of it is sorted: `{"apiVersion":…,"kind":…,"metadata":{…},"spec":…}`.
// A built-in kind is a struct: `kind`, `apiVersion` (TypeMeta), `metadata` (ObjectMeta, in its declared
// order), then the kind's own fields; its maps (labels, annotations, ConfigMap data …) are sorted.
//
// The store arranges each object once when it commits it, so reads and watch fan-out write the stored
// object as it is. Integer-like keys ("10", "2") are listed first by JavaScript whatever the insertion
// order; stringifyJson (@opkit/json) writes them in byte order again.
//
// Known limit: below the top level of a built-in kind only ObjectMeta (with ownerReferences and
// managedFields entries) and the ConfigMap/Secret maps are arranged. Other nested structs and maps of
// built-in kinds (a Pod's `spec`, `nodeSelector`, a Deployment's template …) keep the order the client
// sent; a real server would write their declared order and sort their maps.
import { compareKeys, sortKeysDeep } from '@opkit/json';
import type { KubeObject, ResourceType } from './types.js';

/** ObjectMeta's fields in Go's declared order. */
export const OBJECT_META_ORDER = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
] as const;

/** OwnerReference's fields in declared order. */
const OWNER_REFERENCE_ORDER = ['apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion'];

/** ManagedFieldsEntry's fields in declared order. */
const MANAGED_FIELDS_ORDER = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'];

/** Top-level fields of built-in kinds that are maps (`map[string]string` / `map[string][]byte`). */
const TOP_LEVEL_MAPS: Readonly<Record<string, readonly string[]>> = {
  '/configmaps': ['data', 'binaryData'],
  '/secrets': ['data', 'stringData'],
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function setData(target: Json, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** A copy of `value` with the `declared` keys first, in that order, then the others in their order. */
function declaredOrder(value: Json, declared: readonly string[], arrange?: (key: string, item: unknown) => unknown): Json {
  const out: Json = {};
  for (const key of declared) if (Object.hasOwn(value, key)) out[key] = arrange ? arrange(key, value[key]) : value[key];
  for (const key of Object.keys(value)) if (!Object.hasOwn(out, key)) setData(out, key, arrange ? arrange(key, value[key]) : value[key]);
  return out;
}

/** A shallow copy of a map with its keys in byte order (a non-object is returned as it is). */
function sortedMap(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const key of Object.keys(value).sort(compareKeys)) setData(out, key, value[key]);
  return out;
}

function arrangeList(value: unknown, declared: readonly string[]): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) => (isRecord(item) ? declaredOrder(item, declared) : item));
}

function arrangeMetaField(key: string, value: unknown): unknown {
  switch (key) {
    case 'labels':
    case 'annotations':
      return sortedMap(value);
    case 'ownerReferences':
      return arrangeList(value, OWNER_REFERENCE_ORDER);
    case 'managedFields':
      return arrangeList(value, MANAGED_FIELDS_ORDER);
    default:
      return value;
  }
}

/**
 * ObjectMeta as a built-in kind's encoder writes it: declared field order, labels and annotations
 * sorted, owner references and managed fields entries in their declared order.
 *
 * @example
 * Object.keys(arrangeObjectMeta({ uid: 'u', name: 'a', labels: { b: '1', a: '2' } })); // ['name', 'uid', 'labels']
 */
export function arrangeObjectMeta(meta: Json): Json {
  return declaredOrder(meta, OBJECT_META_ORDER, arrangeMetaField);
}

/**
 * A built-in object in its encoder's order: `kind`, `apiVersion`, `metadata`, then the kind's declared
 * top-level fields (`type.topLevelFields`), then anything else as it came; labels, annotations and the
 * ConfigMap/Secret maps sorted.
 *
 * @example
 * Object.keys(arrangeBuiltin(configMapType, { data: {}, metadata: { name: 'a' }, apiVersion: 'v1', kind: 'ConfigMap' }));
 * // ['kind', 'apiVersion', 'metadata', 'data']
 */
export function arrangeBuiltin(type: Pick<ResourceType, 'storageKey' | 'topLevelFields'>, obj: KubeObject): KubeObject {
  const maps = TOP_LEVEL_MAPS[type.storageKey];
  return declaredOrder(obj, ['kind', 'apiVersion', 'metadata', ...(type.topLevelFields ?? [])], (key, value) => {
    if (key === 'metadata') return isRecord(value) ? arrangeObjectMeta(value) : value;
    return maps?.includes(key) ? sortedMap(value) : value;
  }) as KubeObject;
}

/**
 * An object of `type` in the order kube-apiserver writes it: a custom resource sorted at every level, a
 * built-in kind as {@link arrangeBuiltin}.
 *
 * @example
 * Object.keys(arrangeObject(widgetType, { spec: {}, kind: 'Widget', apiVersion: 'example.com/v1' })); // ['apiVersion', 'kind', 'spec']
 */
export function arrangeObject(type: Pick<ResourceType, 'storageKey' | 'topLevelFields' | 'builtin'>, obj: KubeObject): KubeObject {
  return type.builtin ? arrangeBuiltin(type, obj) : sortKeysDeep(obj);
}

/**
 * The arranger of stored objects by storage key: the stored (non-view) built-in type of that key, or a
 * custom resource for any other key.
 *
 * @example
 * const arrange = storedArranger(BUILTIN_TYPES);
 * arrange('/configmaps', configMap);
 */
export function storedArranger(builtins: readonly ResourceType[]): (storageKey: string, obj: KubeObject) => KubeObject {
  const byKey = new Map<string, ResourceType>();
  for (const type of builtins) if (!type.view && !type.review && !byKey.has(type.storageKey)) byKey.set(type.storageKey, type);
  return (storageKey, obj) => {
    const type = byKey.get(storageKey);
    return type ? arrangeBuiltin(type, obj) : sortKeysDeep(obj);
  };
}
