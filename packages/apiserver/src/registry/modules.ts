// The one place where the server core calls the pure modules other parts of the package provide
// (patches, selectors, schemas, name and metadata validation, tables). Handlers call these adapters,
// never the modules directly, so that each module's error types become exact Kubernetes Status answers
// in one spot.
import { stringifyJson } from '@opkit/json';
import { StatusError, Statuses } from '../errors.js';
import type { StatusCause } from '../errors.js';
import { PatchError, applyJsonPatch, applyMergePatch, applyServerSideApply, applyStrategicMergePatch, parseApplyBody } from '../patch/index.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import { applyDefaults, pruneObject, validateCrd as validateCrdDefinition, validateCrdStatus as validateCrdStatusDefinition, validateObject } from '../schema/index.js';
import type { JsonSchema } from '../schema/index.js';
import { fieldSupportFor, objectFields, parseFieldSelector, parseLabelSelector } from '../selectors/index.js';
import { buildTable as buildTableRows, defaultColumns } from '../table/index.js';
import type { PrinterColumn } from '../table/index.js';
import { InputError, validateObjectMeta } from '../validation/index.js';
import type { NameValidation } from '../validation/index.js';
import { wholeSecondsNow } from './objectRules.js';

/** The patch content types the server understands. */
export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

/** Media types → patch types. */
export const PATCH_CONTENT_TYPES: Record<string, PatchType> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
  'application/apply-patch+cbor': 'apply',
};

/** Result of admitting a custom resource through its schema. */
export interface SchemaAdmission {
  object: KubeObject;
  unknownFields: string[];
  causes: StatusCause[];
}

function fromPatchError(error: unknown): never {
  if (error instanceof PatchError) {
    throw new StatusError(error.status, error.reason, error.message, error.causes ? { causes: error.causes } : undefined);
  }
  throw error;
}

function fromInputError(error: unknown): never {
  if (error instanceof InputError) throw Statuses.badRequest(error.message);
  throw error;
}

/** The list keys server-side apply uses at a field-name path of a CRD schema (items are transparent). */
function listKeysAt(schema: JsonSchema | undefined, path: string[]): string[] | undefined {
  let node: any = schema;
  for (const part of path) {
    while (node && node.type === 'array' && node.items && typeof node.items === 'object') node = node.items;
    if (!node) return undefined;
    node = node.properties?.[part] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
  }
  if (!node) return undefined;
  if (node['x-kubernetes-list-type'] === 'map') return Array.isArray(node['x-kubernetes-list-map-keys']) ? node['x-kubernetes-list-map-keys'] : [];
  if (node['x-kubernetes-list-type'] === 'set') return [];
  return undefined;
}

/** Parses an apply-patch body (YAML or JSON); 400 when it does not parse. */
export function parseApply(raw: string): Record<string, unknown> {
  try {
    return parseApplyBody(raw);
  } catch (error) {
    return fromPatchError(error);
  }
}

/**
 * Applies a parsed patch of `patchType` to `target` (served form; undefined only for apply-create).
 * Returns the new object and whether apply created it.
 */
export function applyPatch(
  patchType: PatchType,
  target: KubeObject | undefined,
  patch: unknown,
  type: ResourceType,
  options: { fieldManager?: string; force?: boolean; subresource?: string },
): KubeObject {
  try {
    switch (patchType) {
      case 'merge':
        return applyMergePatch(target, patch) as KubeObject;
      case 'json':
        return applyJsonPatch(target, patch) as KubeObject;
      case 'strategic':
        return applyStrategicMergePatch(target, patch, { group: type.group, version: type.version, kind: type.kind }) as KubeObject;
      case 'apply': {
        const schema = type.custom?.schema as JsonSchema | undefined;
        const result = applyServerSideApply(target, patch as Record<string, unknown>, {
          fieldManager: options.fieldManager ?? '',
          force: options.force ?? false,
          now: wholeSecondsNow(),
          ...(options.subresource ? { subresource: options.subresource } : {}),
          ...(schema ? { listMapKeys: (path: string[]) => listKeysAt(schema, path) } : {}),
        });
        return result.object as KubeObject;
      }
    }
  } catch (error) {
    return fromPatchError(error);
  }
}

/** Validates ObjectMeta (name, generateName, labels, annotations, finalizers, ownerReferences); the kind's strategy gives the name rule. */
export function validateMetadata(type: ResourceType, meta: unknown, nameValidation: NameValidation): StatusCause[] {
  return validateObjectMeta(meta, { namespaced: type.namespaced, nameValidation });
}

/** Prunes, defaults and validates a custom resource against its schema. */
export function admitCustomResource(type: ResourceType, obj: KubeObject): SchemaAdmission {
  const schema = type.custom?.schema as JsonSchema | undefined;
  const pruned = pruneObject(obj, schema);
  const defaulted = applyDefaults(pruned.object, schema) as KubeObject;
  const causes = validateObject(defaulted, schema);
  return { object: defaulted, unknownFields: pruned.unknownFields, causes };
}

/** Applies a custom resource's schema defaults (reads from storage). */
export function applyCustomDefaults(type: ResourceType, obj: KubeObject): KubeObject {
  return applyDefaults(obj, type.custom?.schema as JsonSchema | undefined);
}

/** Validates a CRD definition; returns 422 causes. */
export function validateCrd(crd: KubeObject): StatusCause[] {
  return validateCrdDefinition(crd);
}

/** A CRD status write's causes (storedVersions: each served, the storage version among them). */
export function validateCrdStatus(crd: KubeObject): StatusCause[] {
  return validateCrdStatusDefinition(crd);
}

/** A compiled selector: a predicate over served objects. */
export type ObjectPredicate = (obj: KubeObject) => boolean;

/** Compiles `labelSelector` and `fieldSelector` for `type` (400 on bad input). */
export function compileSelectors(type: ResourceType, labelSelector: string | undefined, fieldSelector: string | undefined): ObjectPredicate | undefined {
  try {
    const labels = labelSelector ? parseLabelSelector(labelSelector) : undefined;
    const selectableFields = type.custom?.selectableFields ?? [];
    const fields = fieldSelector ? parseFieldSelector(fieldSelector, fieldSupportFor(type.kind, type.namespaced, { extra: type.fieldSelectors, selectableFields })) : undefined;
    const useLabels = labels && !labels.isEmpty() ? labels : undefined;
    const useFields = fields && !fields.isEmpty() ? fields : undefined;
    if (!useLabels && !useFields) return undefined;
    return (obj) => {
      if (useLabels && !useLabels.matches(obj.metadata?.labels)) return false;
      if (useFields && !useFields.matches(fieldsOf(type, obj, selectableFields))) return false;
      return true;
    };
  } catch (error) {
    return fromInputError(error);
  }
}

function fieldsOf(type: ResourceType, obj: KubeObject, selectableFields: string[]): Record<string, string> {
  const fields = objectFields(type.kind, obj, { selectableFields });
  for (const path of type.fieldSelectors) {
    if (fields[path] !== undefined) continue;
    let cur: any = obj;
    for (const part of path.split('.')) cur = cur === null || typeof cur !== 'object' ? undefined : cur[part];
    fields[path] = cur === undefined || cur === null ? '' : typeof cur === 'object' ? stringifyJson(cur) : String(cur);
  }
  return fields;
}

/** Builds a meta.k8s.io/v1 Table for `objects` of `type`. */
export function buildTable(type: ResourceType, objects: KubeObject[], resourceVersion: string, continueToken: string | undefined, includeObject: string | undefined): KubeObject {
  if (includeObject !== undefined && includeObject !== 'None' && includeObject !== 'Metadata' && includeObject !== 'Object') {
    throw Statuses.badRequest(`includeObject must be one of None, Metadata, Object, got ${JSON.stringify(includeObject)}`);
  }
  const columns: PrinterColumn[] = type.custom ? type.printerColumns.map((c) => ({ ...c })) : defaultColumns(type.kind);
  try {
    return buildTableRows(objects, columns, {
      ...(includeObject ? { includeObject: includeObject } : {}),
      listMeta: { resourceVersion, ...(continueToken ? { continue: continueToken } : {}) },
    });
  } catch (error) {
    return fromInputError(error);
  }
}
