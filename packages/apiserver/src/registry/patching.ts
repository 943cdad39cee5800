// PATCH: the content type decides the patch type before anything else (415 otherwise, and for strategic
// merge on custom resources); the body is parsed (400 when it does not parse); the patch module computes
// the new object; the write engine then applies every update rule. An apply-patch to a missing object
// creates it (201).
import { parseRequestJson } from '../codec.js';
import { Statuses } from '../errors.js';
import { qualifiedResource } from '../resources/types.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { PreparedWrite, WriteEngine, WriteOptions } from './engine.js';
import { checkPreconditions } from './storeWriter.js';
import { PATCH_CONTENT_TYPES, applyPatch, parseApply } from './modules.js';
import type { PatchType } from './modules.js';
import { MAX_JSON_DEPTH, isObject, tooDeep } from './objectRules.js';

/** Options of a PATCH request. */
export interface PatchOptions extends WriteOptions {
  force?: boolean;
}

/** Which patch type a Content-Type selects for `type` (415 otherwise). */
export function patchTypeOf(type: ResourceType, contentType: string | undefined): PatchType {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const patchType = PATCH_CONTENT_TYPES[media];
  if (!patchType || (patchType === 'strategic' && !type.strategicMerge) || media === 'application/apply-patch+cbor') {
    const accepted = type.strategicMerge
      ? 'application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml'
      : 'application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml';
    throw Statuses.unsupportedMediaType(`the body of the request was in an unknown format - accepted media types include: ${accepted}`);
  }
  return patchType;
}

/** Parses a patch body: JSON for json/merge/strategic, YAML (or JSON) for apply. */
export function parsePatchBody(patchType: PatchType, raw: string): unknown {
  const body = decodePatchBody(patchType, raw);
  if (tooDeep(body)) throw Statuses.badRequest(`the patch nests deeper than ${MAX_JSON_DEPTH} levels`);
  return body;
}

function decodePatchBody(patchType: PatchType, raw: string): unknown {
  if (patchType === 'apply') return parseApply(raw);
  let body: unknown;
  try {
    body = parseRequestJson(raw);
  } catch (error) {
    throw Statuses.badRequest(`error decoding patch: ${(error as Error).message}`);
  }
  if (patchType === 'json' && !Array.isArray(body)) {
    throw Statuses.badRequest('error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp');
  }
  if (patchType === 'json' && (body as unknown[]).length > 10_000) throw Statuses.tooLarge(`The allowed maximum operations in a JSON patch is 10000, got ${(body as unknown[]).length}`);
  if ((patchType === 'merge' || patchType === 'strategic') && !isObject(body) && body !== null) {
    // A non-object merge patch replaces the document; kube then fails to decode it as an object.
    throw Statuses.badRequest('error decoding patch: the patch must be a JSON object');
  }
  return body;
}

/**
 * Computes a PATCH request up to the commit (the registry admits and commits it).
 *
 * @example
 * engine.finish(preparePatch(engine, type, 'default', 'a', 'application/merge-patch+json', '{"data":{"x":"1"}}', {}), false);
 */
export function preparePatch(
  engine: WriteEngine,
  type: ResourceType,
  namespace: string | undefined,
  name: string,
  contentType: string | undefined,
  raw: string,
  options: PatchOptions,
): PreparedWrite {
  const patchType = patchTypeOf(type, contentType);
  const patch = parsePatchBody(patchType, raw);
  if (patchType === 'apply') {
    if (!options.fieldManager) {
      throw Statuses.invalid('PatchOptions', 'meta.k8s.io', '', [{ reason: 'FieldValueRequired', field: 'fieldManager', message: 'Required value: is required for apply patch' }]);
    }
    if (!isObject(patch)) throw Statuses.badRequest('error decoding YAML: the apply configuration must be an object');
  } else if (options.force !== undefined) {
    throw Statuses.invalid('PatchOptions', 'meta.k8s.io', '', [{ reason: 'FieldValueForbidden', field: 'force', message: 'Forbidden: may not be specified for non-apply patch' }]);
  }
  const stored = engine.store.get(type.storageKey, type.namespaced ? namespace : undefined, name);
  if (!stored) {
    if (patchType !== 'apply' || options.subresource) throw Statuses.notFound(qualifiedResource(type), name, type.group, type.plural);
    const created = applyPatch('apply', undefined, patch, type, { fieldManager: options.fieldManager, force: options.force });
    const body: KubeObject = { ...created, metadata: { ...(created.metadata ?? {}), name } };
    return engine.prepareCreate(type, namespace, body, { ...options, keepManagedFields: true });
  }
  const current = engine.served(type, stored);
  const patched = applyPatch(patchType, current, patch, type, {
    fieldManager: options.fieldManager,
    force: options.force,
    ...(options.subresource ? { subresource: options.subresource } : {}),
  });
  if (!isObject(patched)) throw Statuses.badRequest('the patched document is not a JSON object');
  const meta = isObject(patched.metadata) ? patched.metadata : {};
  checkPreconditions(type, stored, { resourceVersion: meta.resourceVersion }, 'object');
  checkPreconditions(type, stored, { uid: meta.uid === '' ? undefined : meta.uid }, 'object');
  if (meta.name !== undefined && meta.name !== name) {
    throw Statuses.badRequest(`the name of the object (${meta.name}) does not match the name on the URL (${name})`);
  }
  return engine.prepareExisting(type, stored, engine.toStorage(type, patched), options);
}
