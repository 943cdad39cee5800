// Where handler progress lives between processing cycles: on the object itself, so that a
// restarted operator continues where the last one stopped. Storages are pure: they read a body and
// write into a Patch; applying the patch is core's job, so they never talk to the API server.
import type { Essence } from './essence.js';
import { hasAnnotation, hasEmptyStanzas, removeAnnotations, removeEmptyStanzas } from './essence.js';
import type { FieldSpec } from './internal/fields.js';
import { deepCopy, has, isObject, parseField, remove, resolve } from './internal/fields.js';
import { annotationKeys } from './annotationKeys.js';
import type { Patch } from './patch.js';
import type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
import { resolveProfile } from './profiles.js';
import type { ProgressRecord } from './progressRecord.js';
import { decodeProgressRecord, encodeProgressRecord } from './progressRecord.js';

/** The operations every progress storage offers; all are synchronous and side-effect free. */
export interface ProgressStorage {
  /** The stored record of a handler, or `null`. */
  fetch(args: { readonly key: string; readonly body: unknown }): ProgressRecord | null;
  /** Write a handler's record into the patch. */
  store(args: { readonly key: string; readonly record: ProgressRecord; readonly body: unknown; readonly patch: Patch }): void;
  /** Delete a handler's record: `null` in the patch if the body has it, or drop it from the patch. */
  purge(args: { readonly key: string; readonly body: unknown; readonly patch: Patch }): void;
  /** Set (or with `null` remove) the touch value that makes the object produce a new event. */
  touch(args: { readonly body: unknown; readonly patch: Patch; readonly value: string | null }): void;
  /**
   * An essence without this storage's own fields: a copy when it has some (or empty stanzas), else the
   * essence itself — resuming ten thousand objects that carry no records copies none of them. Callers
   * treat essences as values and never change one in place.
   */
  clear(essence: Essence): Essence;
}

/** Common options of the storages: a profile and overrides of its names. */
export interface StorageProfileOptions {
  /** The persistence profile (default `'opkit'`). */
  readonly profile?: PersistenceProfileName | PersistenceProfile;
}

/** Set or drop a value in the patch the way Kopf purges: `null` if the body has it, else un-set. */
function purgeField(body: unknown, patch: Patch, path: readonly string[]): void {
  if (has(body, path)) patch.set(path, null);
  else if (has(patch.data, path)) patch.unset(path);
}

/** Write `<prefix>/kopf-managed: yes` for prefixes not starting with `kopf.`, as Kopf does. */
export function storeStorageMarker(prefix: string, body: unknown, patch: Patch): void {
  if (!prefix || prefix.startsWith('kopf.')) return;
  const path = ['metadata', 'annotations', `${prefix}/kopf-managed`];
  if (!has(body, path) && !has(patch.data, path)) patch.set(path, 'yes');
}

/**
 * Progress records in annotations: `<prefix>/<handler id>` holds compact JSON (see
 * {@link encodeProgressRecord}); long ids are hashed per Kopf's key rules.
 *
 * @example
 * ```ts
 * const storage = new AnnotationsProgressStorage({ profile: 'kopf' });
 * storage.store({ key: 'create_fn', record: { retries: 0, success: false, failure: false }, body, patch });
 * ```
 */
export class AnnotationsProgressStorage implements ProgressStorage {
  /** The annotation prefix. */
  readonly prefix: string;
  /** The name of the touch annotation. */
  readonly touchKey: string;
  /** Whether legacy v1 keys are written and read too. */
  readonly v1: boolean;
  /** Whether null fields are written too. */
  readonly verbose: boolean;
  /** Whether records and touch values are written (else only read and purged). */
  readonly writable: boolean;

  constructor(options: StorageProfileOptions & { readonly prefix?: string; readonly touchKey?: string; readonly v1?: boolean; readonly verbose?: boolean; readonly writable?: boolean } = {}) {
    const profile = resolveProfile(options.profile);
    this.prefix = options.prefix ?? profile.prefix;
    this.touchKey = options.touchKey ?? profile.touchKey;
    this.v1 = options.v1 ?? profile.v1Keys;
    this.verbose = options.verbose ?? false;
    this.writable = options.writable ?? true;
  }

  /** The annotation keys of a handler id (or the touch key) on this body. */
  keys(name: string, body?: unknown): string[] {
    return annotationKeys(name, { prefix: this.prefix, v1: this.v1, body });
  }

  /** Whether `target`'s annotations may hold a key of this storage (any under its prefix; with no prefix, any). */
  #mayHold(target: unknown): boolean {
    const annotations = resolve(target, ['metadata', 'annotations']);
    if (!isObject(annotations)) return false;
    if (!this.prefix) return true;
    const own = `${this.prefix}/`;
    for (const name in annotations) if (name.startsWith(own) && Object.hasOwn(annotations, name)) return true;
    return false;
  }

  fetch({ key, body }: { readonly key: string; readonly body: unknown }): ProgressRecord | null {
    // Most objects carry no record at all: no key to compute (a restart fetches every handler's on every object).
    if (!this.#mayHold(body)) return null;
    for (const fullKey of this.keys(key, body)) {
      const record = decodeProgressRecord(resolve(body, ['metadata', 'annotations', fullKey]), fullKey);
      if (record !== null) return record;
    }
    return null;
  }

  store({ key, record, body, patch }: { readonly key: string; readonly record: ProgressRecord; readonly body: unknown; readonly patch: Patch }): void {
    if (!this.writable) return;
    const encoded = encodeProgressRecord(record, { verbose: this.verbose });
    for (const fullKey of this.keys(key, body)) patch.set(['metadata', 'annotations', fullKey], encoded);
    storeStorageMarker(this.prefix, body, patch);
  }

  purge({ key, body, patch }: { readonly key: string; readonly body: unknown; readonly patch: Patch }): void {
    if (!this.#mayHold(body) && !this.#mayHold(patch.data)) return;
    for (const fullKey of this.keys(key, body)) purgeField(body, patch, ['metadata', 'annotations', fullKey]);
  }

  touch({ body, patch, value }: { readonly body: unknown; readonly patch: Patch; readonly value: string | null }): void {
    if (!this.writable) return;
    for (const fullKey of this.keys(this.touchKey, body)) {
      const current = resolve(body, ['metadata', 'annotations', fullKey], null);
      if (current !== value) {
        patch.set(['metadata', 'annotations', fullKey], value);
        storeStorageMarker(this.prefix, body, patch);
      }
    }
  }

  clear(essence: Essence): Essence {
    const own = `${this.prefix}/`;
    const mine = (key: string): boolean => key.startsWith(own);
    if (!hasAnnotation(essence, mine) && !hasEmptyStanzas(essence)) return essence;
    const copy = deepCopy(essence);
    removeAnnotations(copy, mine);
    removeEmptyStanzas(copy);
    return copy;
  }
}

/**
 * Progress records as nested objects in the status (`status.kopf.progress.<handler id>` in the
 * `kopf` profile, `status.opkit.progress.<id>` in `opkit`).
 *
 * @example
 * ```ts
 * new StatusProgressStorage({ field: 'status.myop.progress' });
 * ```
 */
export class StatusProgressStorage implements ProgressStorage {
  /** Where the records live. */
  readonly field: readonly string[];
  /** Where the touch value lives. */
  readonly touchField: readonly string[];
  /** When false, store() and touch() do nothing (the storage is only read and purged). */
  readonly writable: boolean;

  constructor(options: StorageProfileOptions & { readonly field?: FieldSpec; readonly touchField?: FieldSpec; readonly writable?: boolean } = {}) {
    const profile = resolveProfile(options.profile);
    this.field = options.field === undefined ? profile.progressField : parseField(options.field);
    this.touchField = options.touchField === undefined ? profile.touchField : parseField(options.touchField);
    this.writable = options.writable ?? true;
  }

  fetch({ key, body }: { readonly key: string; readonly body: unknown }): ProgressRecord | null {
    const container = resolve(body, this.field, {});
    if (!isObject(container)) return null;
    const value = container[key];
    return value === undefined || value === null ? null : decodeProgressRecord(value, [...this.field, key].join('.'));
  }

  store({ key, record, patch }: { readonly key: string; readonly record: ProgressRecord; readonly body: unknown; readonly patch: Patch }): void {
    if (!this.writable) return;
    const full: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(record)) if (value !== undefined) full[name] = value;
    patch.set([...this.field, key], full);
  }

  purge({ key, body, patch }: { readonly key: string; readonly body: unknown; readonly patch: Patch }): void {
    // Nothing to purge where neither the body nor the patch has the records' field (most objects, at a restart).
    if (!isObject(resolve(body, this.field)) && !isObject(resolve(patch.data, this.field))) return;
    purgeField(body, patch, [...this.field, key]);
  }

  touch({ body, patch, value }: { readonly body: unknown; readonly patch: Patch; readonly value: string | null }): void {
    if (!this.writable) return;
    if (resolve(body, this.touchField, null) !== value) patch.set(this.touchField, value);
  }

  clear(essence: Essence): Essence {
    if (!has(essence, this.field) && !hasEmptyStanzas(essence)) return essence;
    const copy = deepCopy(essence);
    remove(copy, this.field);
    removeEmptyStanzas(copy);
    return copy;
  }
}

/** How {@link MultiProgressStorage} reads and touches. */
export interface MultiProgressStorageOptions {
  /**
   * Which record `fetch()` returns: the first storage's that has one (`first`), or the most advanced
   * of all (`advanced`: finished beats retried beats fresh; on a tie, the earlier storage wins).
   * @defaultValue 'first'
   */
  readonly read?: 'first' | 'advanced';
  /** Which storages `touch()` writes: `all`, or only the `first`. @defaultValue 'all' */
  readonly touch?: 'all' | 'first';
}

/** How far a record got: finished (success or failure) over retried over fresh; none is lowest. */
function rank(record: ProgressRecord | null): number {
  if (record === null) return -1;
  if (record.success || record.failure) return Number.MAX_SAFE_INTEGER;
  return typeof record.retries === 'number' ? record.retries : 0;
}

/**
 * Several storages as one: fetch from the first that has a record (or the most advanced record);
 * store and purge in all; touch in all (or the first); clear by all in turn.
 *
 * Keeping records twice — annotations and status — is what a resource with a status subresource
 * needs: a cycle's status part and its object part are two requests, and with a record in each, each
 * request carries a handler's success next to the effect it carries (see {@link resourceStorages}).
 *
 * @example
 * ```ts
 * new MultiProgressStorage([new AnnotationsProgressStorage(), new StatusProgressStorage()], { read: 'advanced', touch: 'first' });
 * ```
 */
export class MultiProgressStorage implements ProgressStorage {
  /** The storages, in reading order. */
  readonly storages: readonly ProgressStorage[];
  /** How records are read and the touch value written. */
  readonly options: Required<MultiProgressStorageOptions>;

  constructor(storages: readonly ProgressStorage[], options: MultiProgressStorageOptions = {}) {
    this.storages = [...storages];
    this.options = { read: options.read ?? 'first', touch: options.touch ?? 'all' };
  }

  fetch(args: { readonly key: string; readonly body: unknown }): ProgressRecord | null {
    let best: ProgressRecord | null = null;
    for (const storage of this.storages) {
      const record = storage.fetch(args);
      if (record !== null && this.options.read === 'first') return record;
      if (rank(record) > rank(best)) best = record;
    }
    return best;
  }

  store(args: { readonly key: string; readonly record: ProgressRecord; readonly body: unknown; readonly patch: Patch }): void {
    for (const storage of this.storages) storage.store(args);
  }

  purge(args: { readonly key: string; readonly body: unknown; readonly patch: Patch }): void {
    for (const storage of this.storages) storage.purge(args);
  }

  touch(args: { readonly body: unknown; readonly patch: Patch; readonly value: string | null }): void {
    for (const storage of this.options.touch === 'first' ? this.storages.slice(0, 1) : this.storages) storage.touch(args);
  }

  clear(essence: Essence): Essence {
    return this.storages.reduce((current, storage) => storage.clear(current), essence);
  }
}

/**
 * The default progress storage, as Kopf's: reads the annotations first and then the status, writes
 * the annotations only, and purges both (the status copy is a legacy location).
 *
 * @example
 * ```ts
 * const storage = new SmartProgressStorage({ profile: 'kopf' });
 * storage.fetch({ key: 'create_fn', body }); // from kopf.zalando.org/create_fn or status.kopf.progress.create_fn
 * ```
 */
export class SmartProgressStorage extends MultiProgressStorage {
  constructor(options: StorageProfileOptions & {
    readonly prefix?: string; readonly touchKey?: string; readonly v1?: boolean; readonly verbose?: boolean;
    readonly field?: FieldSpec; readonly touchField?: FieldSpec;
  } = {}) {
    super([
      new AnnotationsProgressStorage(options),
      new StatusProgressStorage({ ...options, writable: false }),
    ]);
  }
}
