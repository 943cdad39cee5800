// Where the diff-base lives: the essence as of the last fully handled change. Every event's essence
// is compared with it; only a difference is a change. Kopf keeps it in one annotation (compact JSON
// plus a newline), which is also why huge specs can overflow the 256 KiB annotation limit.
import { parseJson } from '@opkit/json';
import { DiffBaseTooLargeError, CorruptedStateError } from './errors.js';
import type { EssenceFieldSize } from './errors.js';
import type { Essence } from './essence.js';
import { buildEssence, encodeDiffBase, removeAnnotations, removeEmptyStanzas } from './essence.js';
import type { FieldSpec } from './internal/fields.js';
import { isObject, parseField, remove, resolve } from './internal/fields.js';
import { annotationKeys, isDeploymentReplicaSet } from './annotationKeys.js';
import type { Patch } from './patch.js';
import type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
import type { StorageProfileOptions } from './progressStorage.js';
import { storeStorageMarker } from './progressStorage.js';
import { resolveProfile } from './profiles.js';
import { encodeJson } from './pythonJson.js';
import { digestSecretEssence } from './secretDigests.js';

/** Kubernetes' limit on the total size of an object's annotations (keys plus values), in bytes. */
export const ANNOTATIONS_SIZE_LIMIT = 256 * 1024;

/** The operations every diff-base storage offers; all are synchronous and side-effect free. */
export interface DiffBaseStorage {
  /** The essence of a body, without this storage's own fields. */
  build(args: { readonly body: unknown; readonly extraFields?: readonly FieldSpec[] }): Essence;
  /** The stored diff-base, or `null` when none is stored (the object was never fully handled). */
  fetch(args: { readonly body: unknown }): Essence | null;
  /** Write the diff-base into the patch. */
  store(args: { readonly body: unknown; readonly patch: Patch; readonly essence: Essence }): void;
}

function decodeEssence(text: unknown, location: string): Essence | null {
  if (text === null || text === undefined) return null;
  if (typeof text !== 'string') {
    throw new CorruptedStateError(location, `The diff-base at ${location} is a ${typeof text}; expected JSON text.`);
  }
  let decoded: unknown;
  try {
    decoded = parseJson(text);
  } catch (error) {
    throw new CorruptedStateError(location, `The diff-base at ${location} is not valid JSON. Remove it to have the object handled as new.`, { cause: error });
  }
  if (decoded === null) return null;
  if (!isObject(decoded)) {
    throw new CorruptedStateError(location, `The diff-base at ${location} is not a JSON object; expected e.g. {"spec":{...}}.`);
  }
  return decoded;
}

const utf8 = new TextEncoder();

function byteLength(text: string): number {
  return utf8.encode(text).length;
}

/**
 * The biggest fields of an essence by encoded size, biggest first: objects are opened down to
 * three levels, so the answer names the field to ignore (`spec.data`), not just `spec`.
 *
 * @example
 * ```ts
 * biggestFields({ spec: { a: 'x'.repeat(1000), b: 1 } }, 1); // [{ path: 'spec.a', bytes: 1002 }]
 * ```
 */
export function biggestFields(value: Essence, limit = 3): EssenceFieldSize[] {
  const sizes: EssenceFieldSize[] = [];
  const visit = (node: unknown, path: string[]): void => {
    if (path.length > 0 && (!isObject(node) || path.length >= 3 || Object.keys(node).length === 0)) {
      sizes.push({ path: path.join('.'), bytes: byteLength(encodeJson(node)) });
      return;
    }
    if (isObject(node)) for (const [key, child] of Object.entries(node)) visit(child, [...path, key]);
  };
  visit(value, []);
  return sizes.sort((a, b) => b.bytes - a.bytes).slice(0, limit);
}

function formatSize(bytes: number): string {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} B`;
}

/**
 * The diff-base in an annotation, `<prefix>/last-handled-configuration`, as Kopf stores it.
 *
 * @example
 * ```ts
 * const storage = new AnnotationsDiffBaseStorage({ profile: 'kopf', ignoredFields: ['spec.cache'] });
 * storage.store({ body, patch, essence: storage.build({ body }) });
 * ```
 */
export class AnnotationsDiffBaseStorage implements DiffBaseStorage {
  /** The annotation prefix. */
  readonly prefix: string;
  /** The annotation name after the prefix. */
  readonly key: string;
  /** Whether the legacy v1 key is written and read too. */
  readonly v1: boolean;
  /** Fields left out of the essence. */
  readonly ignoredFields: readonly FieldSpec[];
  /** The annotations size limit checked on store (Kubernetes': 262144 bytes). */
  readonly sizeLimit: number;
  /** Whether Secret values are kept as `sha256:` digests (the profile's `secretDigests`). */
  readonly secretDigests: boolean;
  #plainKeys: readonly string[] | undefined;
  #replicaSetKeys: readonly string[] | undefined;

  constructor(options: StorageProfileOptions & {
    readonly prefix?: string; readonly key?: string; readonly v1?: boolean;
    readonly ignoredFields?: readonly FieldSpec[]; readonly sizeLimit?: number;
  } = {}) {
    const profile = resolveProfile(options.profile);
    this.prefix = options.prefix ?? profile.prefix;
    this.key = options.key ?? profile.diffBaseKey;
    this.v1 = options.v1 ?? profile.v1Keys;
    this.ignoredFields = [...(options.ignoredFields ?? [])];
    this.ignoredFields.forEach((field) => parseField(field));
    this.sizeLimit = options.sizeLimit ?? ANNOTATIONS_SIZE_LIMIT;
    this.secretDigests = profile.secretDigests === true;
  }

  /** The annotation keys of the diff-base on this body: the one written first, then older forms. */
  keys(body?: unknown): string[] {
    return [...this.#keys(body)];
  }

  /** The keys without a copy, computed once per kind of body (a Deployment's ReplicaSet has keys of its own). */
  #keys(body?: unknown): readonly string[] {
    if (body !== undefined && isDeploymentReplicaSet(body)) return (this.#replicaSetKeys ??= annotationKeys(this.key, { prefix: this.prefix, v1: this.v1, body }));
    return (this.#plainKeys ??= annotationKeys(this.key, { prefix: this.prefix, v1: this.v1 }));
  }

  build({ body, extraFields }: { readonly body: unknown; readonly extraFields?: readonly FieldSpec[] }): Essence {
    const result = buildEssence(body, { ignoredFields: this.ignoredFields, extraFields: extraFields ?? [] });
    const own = this.#keys(body);
    removeAnnotations(result, (key) => own.includes(key));
    removeEmptyStanzas(result);
    return this.secretDigests ? digestSecretEssence(result, body) : result;
  }

  fetch({ body }: { readonly body: unknown }): Essence | null {
    for (const fullKey of this.#keys(body)) {
      const decoded = decodeEssence(resolve(body, ['metadata', 'annotations', fullKey], null), fullKey);
      if (decoded !== null) return this.secretDigests ? digestSecretEssence(decoded, body) : decoded;
    }
    return null;
  }

  /**
   * @throws DiffBaseTooLargeError when the annotations would exceed the size limit; the message
   *   names the biggest fields and `ignoredFields` as the fix.
   */
  store({ body, patch, essence }: { readonly body: unknown; readonly patch: Patch; readonly essence: Essence }): void {
    const encoded = encodeDiffBase(essence);
    const keys = this.keys(body);
    const current = resolve(body, ['metadata', 'annotations']);
    const annotations = new Map<string, unknown>(isObject(current) ? Object.entries(current) : []);
    const patched = patch.get(['metadata', 'annotations']);
    if (isObject(patched)) {
      for (const [key, value] of Object.entries(patched)) {
        if (value === null) annotations.delete(key);
        else annotations.set(key, value);
      }
    }
    for (const key of keys) annotations.set(key, encoded);
    let total = 0;
    for (const [key, value] of annotations) {
      total += byteLength(key) + (typeof value === 'string' ? byteLength(value) : byteLength(encodeJson(value)));
    }
    if (total > this.sizeLimit) throw this.tooLarge(total, essence);
    for (const key of keys) patch.set(['metadata', 'annotations', key], encoded);
    storeStorageMarker(this.prefix, body, patch);
  }

  private tooLarge(total: number, value: Essence): DiffBaseTooLargeError {
    const fields = biggestFields(value);
    const listed = fields.map((field) => `${field.path} (${formatSize(field.bytes)})`).join(', ');
    const example = fields.map((field) => `'${field.path}'`).slice(0, 1).join(', ');
    return new DiffBaseTooLargeError(total, this.sizeLimit, fields,
      `Cannot store the diff-base in the annotation ${this.keys()[0]}: the object's annotations would take `
      + `${formatSize(total)}, over Kubernetes' limit of ${formatSize(this.sizeLimit)}. The biggest fields of the essence: ${listed}. `
      + `Leave such fields out of change detection with ignoredFields (e.g. ignoredFields: [${example}]) `
      + 'or keep the diff-base elsewhere (StatusDiffBaseStorage).');
  }
}

/**
 * The diff-base as a JSON string in the status (`status.kopf.last-handled-configuration` in the
 * `kopf` profile), compact JSON without a trailing newline, as Kopf stores it there.
 *
 * @example
 * ```ts
 * new StatusDiffBaseStorage({ profile: 'kopf', field: 'status.myop.last-handled-configuration' });
 * ```
 */
export class StatusDiffBaseStorage implements DiffBaseStorage {
  /** Where the diff-base lives. */
  readonly field: readonly string[];
  /** Fields left out of the essence. */
  readonly ignoredFields: readonly FieldSpec[];
  /** Whether Secret values are kept as `sha256:` digests (the profile's `secretDigests`). */
  readonly secretDigests: boolean;

  constructor(options: StorageProfileOptions & { readonly field?: FieldSpec; readonly ignoredFields?: readonly FieldSpec[] } = {}) {
    const profile = resolveProfile(options.profile);
    this.secretDigests = profile.secretDigests === true;
    this.field = options.field === undefined ? profile.diffBaseField : parseField(options.field);
    this.ignoredFields = [...(options.ignoredFields ?? [])];
    this.ignoredFields.forEach((field) => parseField(field));
  }

  build({ body, extraFields }: { readonly body: unknown; readonly extraFields?: readonly FieldSpec[] }): Essence {
    const result = buildEssence(body, { ignoredFields: this.ignoredFields, extraFields: extraFields ?? [] });
    remove(result, this.field);
    return this.secretDigests ? digestSecretEssence(result, body) : result;
  }

  fetch({ body }: { readonly body: unknown }): Essence | null {
    const decoded = decodeEssence(resolve(body, this.field, null), this.field.join('.'));
    return decoded !== null && this.secretDigests ? digestSecretEssence(decoded, body) : decoded;
  }

  store({ patch, essence }: { readonly body: unknown; readonly patch: Patch; readonly essence: Essence }): void {
    patch.set(this.field, encodeJson(essence));
  }
}

/** Options of {@link essence}. */
export interface EssenceOptions {
  /** The persistence profile (default `'opkit'`); its diff-base keys are left out. */
  readonly profile?: PersistenceProfileName | PersistenceProfile;
  /** Overrides the profile's annotation prefix (as the diff-base storage's `prefix`). */
  readonly prefix?: string;
  /** Fields to leave out, e.g. `['spec.hugeBlob']` (dotted strings or key lists). */
  readonly ignoredFields?: readonly FieldSpec[];
  /** Fields to keep although they are normally left out, e.g. `['status.phase']` for field handlers. */
  readonly extraFields?: readonly FieldSpec[];
}

/**
 * The essence of an object, exactly as the profile's diff-base storage builds it (Kopf's default
 * storage, the annotation): see {@link buildEssence}, with the storage's own diff-base keys left out.
 * Progress records in the status stay when `extraFields` select them, as in Kopf.
 *
 * @example
 * ```ts
 * essence(body, { profile: 'kopf', ignoredFields: ['spec.cache'], extraFields: ['status.phase'] });
 * ```
 */
export function essence(body: unknown, options: EssenceOptions = {}): Essence {
  const storage = new AnnotationsDiffBaseStorage({
    ignoredFields: options.ignoredFields ?? [],
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
  });
  return storage.build({ body, extraFields: options.extraFields ?? [] });
}
