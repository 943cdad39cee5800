// The `/scale` subresource: an autoscaling/v1 Scale view mapped through the replicas and selector
// paths of the type (a CRD's specReplicasPath/statusReplicasPath/labelSelectorPath, or the built-in
// workloads' spec.replicas/status.replicas/spec.selector), so `kubectl scale` works on both.
import { stringifyJson } from '@opkit/json';
import { NumberOutOfRangeError, parseRequestJson } from '../codec.js';
import { Statuses } from '../errors.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { PreparedWrite, WriteEngine, WriteOptions } from './engine.js';
import { checkPreconditions } from './storeWriter.js';
import { getPath, isObject } from './objectRules.js';
import { labelSelectorFromObject } from '../selectors/index.js';
import { applyPatch } from './modules.js';
import { patchTypeOf, parsePatchBody } from './patching.js';

const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

function pathOf(jsonPath: string): string {
  return jsonPath.replace(/^\./, '');
}

function setPath(obj: KubeObject, path: string, value: unknown): KubeObject {
  const parts = path.split('.');
  const out: KubeObject = { ...obj };
  let cur: Record<string, any> = out;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i] as string;
    cur[key] = isObject(cur[key]) ? { ...cur[key] } : {};
    cur = cur[key];
  }
  cur[parts[parts.length - 1] as string] = value;
  return out;
}

/** The autoscaling/v1 Scale view of an object (served form) of `type`. */
export function scaleOf(type: ResourceType, obj: KubeObject): KubeObject {
  const scale = type.scale;
  const meta = obj.metadata ?? {};
  const status: Record<string, any> = { replicas: Number(getPath(obj, pathOf(scale?.statusReplicasPath ?? '.status.replicas')) ?? 0) };
  if (scale?.labelSelectorPath) {
    const selector = getPath(obj, pathOf(scale.labelSelectorPath));
    if (typeof selector === 'string') status.selector = selector;
  } else if (scale?.selectorObjectPath) {
    const selector = getPath(obj, pathOf(scale.selectorObjectPath));
    if (isObject(selector)) {
      try {
        status.selector = labelSelectorFromObject(selector).toString();
      } catch {
        // A selector that does not convert is left out, as kube leaves out what it cannot render.
      }
    }
  }
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: meta.name, namespace: meta.namespace, uid: meta.uid, resourceVersion: meta.resourceVersion, creationTimestamp: meta.creationTimestamp },
    spec: { replicas: Number(getPath(obj, pathOf(scale?.specReplicasPath ?? '.spec.replicas')) ?? 0) },
    status,
  };
}

/** `GET …/scale`. */
export function getScale(engine: WriteEngine, type: ResourceType, ns: string | undefined, name: string): KubeObject {
  return scaleOf(type, engine.served(type, engine.getStored(type, ns, name)));
}

/** A prepared write of the scale subresource: the parent's write and the Scale it carries. */
export interface PreparedScale {
  prepared: PreparedWrite;
  /** The Scale the write asks for (what admission webhooks see as `object`). */
  scale: KubeObject;
  /** The Scale of the stored object (`oldObject`). */
  oldScale: KubeObject;
}

/**
 * Computes `PUT` or `PATCH …/scale` up to the commit: spec.replicas is written through specReplicasPath.
 *
 * @example
 * const { prepared } = prepareScale(engine, type, 'default', 'web', 'PUT', 'application/json', '{"spec":{"replicas":3}}', {});
 */
export function prepareScale(engine: WriteEngine, type: ResourceType, ns: string | undefined, name: string, method: string, contentType: string | undefined, raw: string, options: WriteOptions): PreparedScale {
  const stored = engine.getStored(type, ns, name);
  const current = scaleOf(type, engine.served(type, stored));
  let next: unknown;
  if (method === 'PUT') {
    try {
      next = parseRequestJson(raw);
    } catch (error) {
      if (error instanceof NumberOutOfRangeError) throw Statuses.badRequest(`Scale in version "v1" cannot be handled as a Scale: ${error.message}`);
      throw Statuses.badRequest(`couldn't get version/kind; json parse error: ${(error as Error).message}`);
    }
  } else {
    const patchType = patchTypeOf({ ...type, strategicMerge: true }, contentType);
    next = applyPatch(patchType, structuredClone(current), parsePatchBody(patchType, raw), type, { fieldManager: options.fieldManager });
  }
  if (!isObject(next)) throw Statuses.badRequest('the body must be a Scale object');
  checkPreconditions(type, stored, { resourceVersion: next.metadata?.resourceVersion }, 'object');
  return prepareReplicas(engine, type, stored, current, next.spec?.replicas, name, options);
}

/** The write of `replicas` (checked as Scale.spec.replicas) into `stored`, with the Scales around it. */
export function prepareReplicas(engine: WriteEngine, type: ResourceType, stored: KubeObject, oldScale: KubeObject, replicas: unknown, name: string, options: WriteOptions): PreparedScale {
  if ((typeof replicas === 'number' && Number.isInteger(replicas)) || typeof replicas === 'bigint') {
    // Scale.spec.replicas is an int32: kube's decoder refuses anything larger before validation runs.
    if (replicas > INT32_MAX || replicas < INT32_MIN) {
      throw Statuses.badRequest(`Scale in version "v1" cannot be handled as a Scale: json: cannot unmarshal number ${String(replicas)} into Go struct field ScaleSpec.spec.replicas of type int32`);
    }
  }
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
    throw Statuses.invalid('Scale', 'autoscaling', name, [{ reason: 'FieldValueInvalid', field: 'spec.replicas', message: `Invalid value: ${replicas === undefined ? 'undefined' : stringifyJson(replicas)}: must be greater than or equal to 0` }]);
  }
  // specReplicasPath is the requested version's: the replicas are set there, then stored at the storage version.
  const updated = type.custom
    ? engine.toStorage(type, setPath(engine.served(type, stored), pathOf(type.scale?.specReplicasPath ?? '.spec.replicas'), replicas))
    : setPath(stored, pathOf(type.scale?.specReplicasPath ?? '.spec.replicas'), replicas);
  const prepared = engine.prepareExisting(type, stored, updated, options);
  const scale = { ...oldScale, spec: { ...(oldScale.spec ?? {}), replicas } };
  return { prepared, scale, oldScale };
}
