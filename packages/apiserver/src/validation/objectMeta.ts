// Validation of `metadata` common to every kind (apimachinery's ValidateObjectMeta): name and
// generateName, namespace presence, labels, annotations (keys and the 256 KiB total), owner
// references and finalizers. Returns causes for a 422 Invalid answer, never throws.

import type { Cause } from './cause.js';
import { causeForbidden, causeInvalid, causeRequired, causeTooLong } from './cause.js';
import type { NameValidation } from './names.js';
import { byteLength, isDns1123Label, isQualifiedName, isValidLabelValue, validateName } from './names.js';

/** The largest total size of annotation keys and values, in bytes (256 KiB). */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** How `validateObjectMeta` treats the resource the object belongs to. */
export interface ObjectMetaRules {
  /** Whether the resource is namespaced (namespace required) or cluster-scoped (namespace forbidden). */
  namespaced: boolean;
  /** The rule for `metadata.name` and `metadata.generateName`. */
  nameValidation: NameValidation;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates label keys and values; `field` is the path of the labels map.
 *
 * @example
 * validateLabels({ 'a b': 'x' }, 'metadata.labels');
 */
export function validateLabels(labels: unknown, field: string): Cause[] {
  if (labels === undefined || labels === null) return [];
  if (!isRecord(labels)) return [causeInvalid(field, labels, 'must be a map of string keys to string values')];
  const causes: Cause[] = [];
  for (const [key, value] of Object.entries(labels)) {
    for (const msg of isQualifiedName(key)) causes.push(causeInvalid(field, key, msg));
    if (typeof value !== 'string') {
      causes.push(causeInvalid(`${field}.${key}`, value, 'must be a string'));
      continue;
    }
    for (const msg of isValidLabelValue(value)) causes.push(causeInvalid(field, value, msg));
  }
  return causes;
}

/**
 * Validates annotation keys (qualified names, case-insensitive) and the total size.
 *
 * @example
 * validateAnnotations({ 'example.com/x': 'y' }, 'metadata.annotations'); // []
 */
export function validateAnnotations(annotations: unknown, field: string): Cause[] {
  if (annotations === undefined || annotations === null) return [];
  if (!isRecord(annotations)) return [causeInvalid(field, annotations, 'must be a map of string keys to string values')];
  const causes: Cause[] = [];
  let total = 0;
  for (const [key, value] of Object.entries(annotations)) {
    for (const msg of isQualifiedName(key.toLowerCase())) causes.push(causeInvalid(field, key, msg));
    if (typeof value !== 'string') {
      causes.push(causeInvalid(`${field}.${key}`, value, 'must be a string'));
      continue;
    }
    total += byteLength(key) + byteLength(value);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) causes.push(causeTooLong(field, TOTAL_ANNOTATION_SIZE_LIMIT));
  return causes;
}

/**
 * Validates finalizer names (qualified names) and the orphan/foregroundDeletion exclusion.
 *
 * @example
 * validateFinalizers(['example.com/cleanup'], 'metadata.finalizers'); // []
 */
export function validateFinalizers(finalizers: unknown, field: string): Cause[] {
  if (finalizers === undefined || finalizers === null) return [];
  if (!Array.isArray(finalizers)) return [causeInvalid(field, finalizers, 'must be a list of strings')];
  const causes: Cause[] = [];
  for (const f of finalizers) {
    if (typeof f !== 'string') {
      causes.push(causeInvalid(field, f, 'must be a string'));
      continue;
    }
    for (const msg of isQualifiedName(f)) causes.push(causeInvalid(field, f, msg));
  }
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion')) {
    causes.push(causeInvalid(field, finalizers, 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return causes;
}

/**
 * Validates `ownerReferences`: apiVersion with a version, kind, name, uid, at most one controller.
 *
 * @example
 * validateOwnerReferences([{ apiVersion: 'v1', kind: 'ConfigMap', name: 'a', uid: 'u' }], 'metadata.ownerReferences');
 */
export function validateOwnerReferences(refs: unknown, field: string): Cause[] {
  if (refs === undefined || refs === null) return [];
  if (!Array.isArray(refs)) return [causeInvalid(field, refs, 'must be a list of owner references')];
  const causes: Cause[] = [];
  let controller = '';
  for (const ref of refs) {
    if (!isRecord(ref)) {
      causes.push(causeInvalid(field, ref, 'must be an owner reference object'));
      continue;
    }
    const str = (v: unknown): string => (typeof v === 'string' ? v : '');
    const apiVersion = str(ref['apiVersion']);
    const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : apiVersion;
    if (version.length === 0 || apiVersion.split('/').length > 2) causes.push(causeInvalid(`${field}.apiVersion`, apiVersion, 'version must not be empty'));
    if (str(ref['kind']).length === 0) causes.push(causeInvalid(`${field}.kind`, str(ref['kind']), 'kind must not be empty'));
    if (str(ref['name']).length === 0) causes.push(causeInvalid(`${field}.name`, str(ref['name']), 'name must not be empty'));
    if (str(ref['uid']).length === 0) causes.push(causeInvalid(`${field}.uid`, str(ref['uid']), 'uid must not be empty'));
    if (ref['controller'] === true) {
      const current = `${str(ref['kind'])}/${str(ref['name'])}`;
      if (controller !== '') {
        causes.push(causeInvalid(field, refs, `Only one reference can have Controller set to true. Found "true" in references for ${controller} and ${current}`));
      } else {
        controller = current;
      }
    }
  }
  return causes;
}

/**
 * Validates an object's `metadata` like kube-apiserver does on create and update. Field paths start
 * with `metadata.`; an empty result means valid.
 *
 * @example
 * validateObjectMeta({ name: 'Bad_Name', namespace: 'default' }, { namespaced: true, nameValidation: 'dns1123-subdomain' });
 * // [{ reason: 'FieldValueInvalid', field: 'metadata.name', message: 'Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain …' }]
 */
export function validateObjectMeta(meta: unknown, rules: ObjectMetaRules): Cause[] {
  if (!isRecord(meta)) return [causeRequired('metadata', '')];
  const causes: Cause[] = [];
  const name = meta['name'];
  const generateName = meta['generateName'];
  if (typeof generateName === 'string' && generateName.length > 0) {
    for (const msg of validateName(generateName, rules.nameValidation, true)) causes.push(causeInvalid('metadata.generateName', generateName, msg));
  } else if (generateName !== undefined && generateName !== null && generateName !== '') {
    causes.push(causeInvalid('metadata.generateName', generateName, 'must be a string'));
  }
  if (name === undefined || name === null || name === '') {
    causes.push(causeRequired('metadata.name', 'name or generateName is required'));
  } else if (typeof name !== 'string') {
    causes.push(causeInvalid('metadata.name', name, 'must be a string'));
  } else {
    for (const msg of validateName(name, rules.nameValidation)) causes.push(causeInvalid('metadata.name', name, msg));
  }
  const namespace = meta['namespace'];
  if (rules.namespaced) {
    if (namespace === undefined || namespace === null || namespace === '') causes.push(causeRequired('metadata.namespace'));
    else if (typeof namespace !== 'string') causes.push(causeInvalid('metadata.namespace', namespace, 'must be a string'));
    else for (const msg of isDns1123Label(namespace)) causes.push(causeInvalid('metadata.namespace', namespace, msg));
  } else if (typeof namespace === 'string' && namespace.length > 0) {
    causes.push(causeForbidden('metadata.namespace', 'not allowed on this type'));
  }
  const generation = meta['generation'];
  if (typeof generation === 'number' && generation < 0) causes.push(causeInvalid('metadata.generation', generation, 'must be greater than or equal to 0'));
  causes.push(...validateLabels(meta['labels'], 'metadata.labels'));
  causes.push(...validateAnnotations(meta['annotations'], 'metadata.annotations'));
  causes.push(...validateOwnerReferences(meta['ownerReferences'], 'metadata.ownerReferences'));
  causes.push(...validateFinalizers(meta['finalizers'], 'metadata.finalizers'));
  return causes;
}
