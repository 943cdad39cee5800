// The write pipeline: create, update and patch with kube-apiserver's semantics (system metadata, status
// subresource both ways, generation, finalizer rules, no-op detection, schema admission for custom
// resources), asking the kind's strategy where kinds differ. A write is computed (`prepare*`, synchronous)
// and then committed (`commit`) through the one store writer; the registry runs admission in between,
// and the writer refuses the commit (409) when the stored object changed meanwhile.
import { StatusError, Statuses } from '../errors.js';
import type { StatusCause } from '../errors.js';
import { BUILTIN_DEFAULTS } from '../resources/builtinDefaults.js';
import { NAMESPACES } from '../resources/builtins.js';
import { arrangeBuiltin, arrangeObject } from '../resources/keyOrder.js';
import { apiVersionOf, qualifiedResource } from '../resources/types.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import { OBJECT_META_FIELDS } from '../schema/index.js';
import { deepEqual, sameContent } from '../storage/index.js';
import type { ObjectStore } from '../storage/index.js';
import { StoreWriter, checkPreconditions } from './storeWriter.js';
import { ConversionNeeded, convertCustom } from '../conversion/conversion.js';
import { admitCustomResource, applyCustomDefaults, validateMetadata } from './modules.js';
import { builtinDecodeError } from './builtinTypes.js';
import { strategyFor } from './strategies.js';
import type { CommitHooks } from './strategies.js';
import {
  SYSTEM_METADATA,
  clone,
  dropEmptyMetadata,
  generateNameSuffix,
  generationRelevantChange,
  isObject,
  microTimeViolations,
  newUid,
  wholeSecondsNow,
} from './objectRules.js';

/** `fieldValidation` query parameter values. */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** Options shared by writes. */
export interface WriteOptions {
  fieldValidation?: FieldValidation;
  dryRun?: boolean;
  fieldManager?: string;
  subresource?: string;
  /** Keep client-supplied managedFields on create (server-side apply computed them). */
  keepManagedFields?: boolean;
}

/** What a write returns: the object in served form, plus warnings for the `Warning` header. */
export interface WriteResult {
  object: KubeObject;
  warnings: string[];
  created?: boolean;
  /**
   * The committed object (stored form) when its served form needs a conversion webhook call that the
   * commit could not make synchronously; the registry converts it (see ConversionScope).
   */
  pending?: KubeObject;
}

/**
 * A write computed but not yet committed: what the registry shows admission webhooks (and answers a dry
 * run with) and then hands to {@link WriteEngine.commit}. `old` is the stored object it was computed from.
 */
export interface PreparedWrite {
  type: ResourceType;
  /** create; update; remove (the last finalizer of a deleting object went); unchanged (a no-op). */
  op: 'create' | 'update' | 'remove' | 'unchanged';
  old?: KubeObject;
  /** The new object in stored form (not yet stamped with a resourceVersion). */
  next: KubeObject;
  warnings: string[];
}

/** Hooks the server supplies for kind-specific follow-ups after a commit (the strategies call them). */
export type EngineHooks = CommitHooks;

/**
 * Creates, updates and patches objects.
 *
 * @example
 * const engine = new WriteEngine(store, { strictMicroTime: false }, hooks);
 * engine.create(configMapType, 'default', { metadata: { name: 'a' } }, {});
 */
export class WriteEngine {
  /** The one writer of the store (every commit goes through it). */
  readonly writer: StoreWriter;

  constructor(
    readonly store: ObjectStore,
    private readonly options: { strictMicroTime: boolean },
    private readonly hooks: EngineHooks,
  ) {
    this.writer = new StoreWriter(store);
  }

  /** Loads a persisted state at start-up, through the store writer (no events, no admission). */
  loadPersisted(objects: { storageKey: string; object: KubeObject }[], resourceVersion: number): void {
    this.writer.load(objects, resourceVersion);
  }

  /** Re-evaluates a stored CRD (its names may have become free when another CRD went away). */
  resyncCrd(crd: KubeObject): void {
    this.hooks.crdChanged(crd);
  }

  /** The stored object, or a 404 StatusError. */
  getStored(type: ResourceType, namespace: string | undefined, name: string): KubeObject {
    const obj = this.store.get(type.storageKey, type.namespaced ? namespace : undefined, name);
    if (!obj) throw Statuses.notFound(qualifiedResource(type), name, type.group, type.plural);
    return obj;
  }

  /**
   * Stored form → served form of `type`. Stored objects are already in the order the server writes them
   * (the store arranges each commit); only a converted or defaulted object is arranged again here.
   */
  served(type: ResourceType, storedIn: KubeObject): KubeObject {
    if (type.view) return arrangeBuiltin(type, type.view.fromStorage(storedIn));
    // A custom resource is converted from the version it is stored at to the requested one first.
    const stored = type.custom ? convertCustom(type, storedIn, type.version) : storedIn;
    if (type.custom?.hasDefaults) {
      // Defaults apply when reading from storage too (a CRD may have gained them after the write).
      const defaulted = applyCustomDefaults(type, stored);
      if (!deepEqual(defaulted, stored)) return arrangeObject(type, { ...defaulted, apiVersion: apiVersionOf(type), kind: type.kind });
    }
    if (stored.apiVersion === apiVersionOf(type) && stored.kind === type.kind) return stored;
    return { ...stored, apiVersion: apiVersionOf(type), kind: type.kind };
  }

  /** Served form → stored form of `type`. */
  toStorage(type: ResourceType, obj: KubeObject): KubeObject {
    if (type.view) return type.view.toStorage(obj);
    const served = { ...obj, apiVersion: apiVersionOf(type), kind: type.kind };
    // A custom resource is stored at its CRD's storage version, whatever version it was written at.
    const storageVersion = type.custom?.storageVersion;
    return storageVersion ? convertCustom(type, served, storageVersion) : served;
  }

  /** A stored custom resource at its CRD's current storage version (it may have been stored at an older one). */
  private atStorageVersion(type: ResourceType, stored: KubeObject): KubeObject {
    const storageVersion = type.custom?.storageVersion;
    return storageVersion ? convertCustom(type, stored, storageVersion) : stored;
  }

  /**
   * The served form of a committed object for a write's answer. With a conversion webhook that is one more
   * call, made after the commit: the answer then carries the stored object as `pending`.
   */
  private answer(type: ResourceType, stored: KubeObject): Pick<WriteResult, 'object' | 'pending'> {
    try {
      return { object: this.served(type, stored) };
    } catch (error) {
      if (error instanceof ConversionNeeded) return { object: stored, pending: stored };
      throw error;
    }
  }

  /**
   * POST without admission: the server's own objects at start-up (the initial namespaces). Clients' and
   * controllers' creates go through the registry.
   */
  create(type: ResourceType, namespace: string | undefined, body: unknown, options: WriteOptions): WriteResult {
    return this.finish(this.prepareCreate(type, namespace, body, options), options.dryRun === true);
  }

  /** Commits a prepared write, or (dry run) answers with its preview. */
  finish(prepared: PreparedWrite, dryRun: boolean): WriteResult {
    return dryRun ? this.preview(prepared) : this.commit(prepared);
  }

  /** What a prepared write would answer (a dry run's answer; the object admission webhooks see). */
  preview(prepared: PreparedWrite): WriteResult {
    const { type, next, warnings } = prepared;
    return { object: this.served(type, arrangeObject(type, next)), warnings, ...(prepared.op === 'create' ? { created: true } : {}) };
  }

  /**
   * Commits a prepared write through the store writer (409 when the stored object changed since it was
   * prepared), then runs the kind's follow-ups (a CRD's establishing).
   */
  commit(prepared: PreparedWrite): WriteResult {
    const { type, next, warnings } = prepared;
    const strategy = strategyFor(type);
    if (prepared.op === 'create') {
      let stored = this.writer.write(type, { op: 'create', object: next });
      if (strategy.afterCreate) {
        strategy.afterCreate(stored, this.hooks);
        stored = this.store.get(type.storageKey, stored.metadata?.namespace, stored.metadata?.name) ?? stored;
      }
      return { ...this.answer(type, stored), warnings, created: true };
    }
    const old = prepared.old as KubeObject;
    if (prepared.op === 'remove') {
      // Removing the last finalizer of a deleting object removes it; the answer is the object as updated.
      const deleted = this.writer.write(type, { op: 'delete', previous: old, lastState: old });
      const response = { ...next, metadata: { ...next.metadata, resourceVersion: deleted.metadata?.resourceVersion } };
      return { ...this.answer(type, arrangeObject(type, response)), warnings };
    }
    if (prepared.op === 'unchanged') return { ...this.answer(type, old), warnings };
    let stored = this.writer.write(type, { op: 'update', previous: old, next });
    if (strategy.afterUpdate && stored !== old && !stored.metadata?.deletionTimestamp) {
      strategy.afterUpdate(stored, this.hooks);
      stored = this.store.get(type.storageKey, old.metadata?.namespace, old.metadata?.name) ?? stored;
    }
    return { ...this.answer(type, stored), warnings };
  }

  /** Computes a create (every rule up to the commit). */
  prepareCreate(type: ResourceType, namespace: string | undefined, body: unknown, options: WriteOptions): PreparedWrite {
    const obj = this.checkBody(type, body);
    const meta: Record<string, any> = isObject(obj.metadata) ? { ...obj.metadata } : {};
    if (type.namespaced) {
      if (!namespace) throw Statuses.methodNotAllowed(`the server does not allow this method on the requested resource`);
      if (meta.namespace && meta.namespace !== namespace) {
        throw Statuses.badRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      meta.namespace = namespace;
    } else delete meta.namespace;
    if (!meta.name && typeof meta.generateName === 'string' && meta.generateName !== '') {
      do meta.name = `${meta.generateName}${generateNameSuffix()}`;
      while (this.store.get(type.storageKey, meta.namespace, meta.name));
    }
    if (type.namespaced) this.checkNamespaceWritable(type, meta.namespace, String(meta.name ?? ''));
    if (typeof meta.name !== 'string' || meta.name === '') {
      throw Statuses.invalid(type.kind, type.group, '', [{ reason: 'FieldValueRequired', field: 'metadata.name', message: 'Required value: name or generateName is required' }]);
    }
    for (const key of SYSTEM_METADATA) delete meta[key];
    if (!options.keepManagedFields) delete meta.managedFields;
    meta.uid = newUid();
    meta.creationTimestamp = wholeSecondsNow();
    if (type.generation) meta.generation = 1;
    const strategy = strategyFor(type);
    let next: KubeObject = { ...obj, metadata: meta };
    if (type.statusSubresource && !strategy.keepsStatusOnCreate) delete next.status;
    if (strategy.prepareForCreate) next = strategy.prepareForCreate(next);
    if (strategy.canonicalMetadata) next.metadata = strategy.canonicalMetadata(next.metadata ?? {});
    const warnings: string[] = [];
    next = this.admit(type, next, options, warnings);
    if (strategy.canonicalize) next = strategy.canonicalize(next, undefined, { store: this.store, subresource: undefined });
    next = dropEmptyMetadata(this.toStorage(type, next));
    if (this.store.get(type.storageKey, meta.namespace, meta.name)) {
      throw Statuses.alreadyExists(qualifiedResource(type), meta.name, type.group, type.plural);
    }
    return { type, op: 'create', next, warnings };
  }

  /** Computes a PUT (main endpoint or a subresource) against the stored object. */
  prepareUpdate(type: ResourceType, namespace: string | undefined, name: string, body: unknown, options: WriteOptions): PreparedWrite {
    const old = this.getStored(type, namespace, name);
    const obj = this.checkBody(type, body);
    const meta = isObject(obj.metadata) ? obj.metadata : {};
    if (meta.name !== undefined && meta.name !== name) {
      throw Statuses.badRequest(`the name of the object (${meta.name}) does not match the name on the URL (${name})`);
    }
    if (type.namespaced && meta.namespace !== undefined && meta.namespace !== namespace) {
      throw Statuses.badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    checkPreconditions(type, old, { uid: meta.uid === '' ? undefined : meta.uid }, 'object');
    const rv = meta.resourceVersion;
    if ((rv === undefined || rv === '') && !type.allowUnconditionalUpdate) {
      throw Statuses.invalid(type.kind, type.group, name, [{ reason: 'FieldValueInvalid', field: 'metadata.resourceVersion', message: 'Invalid value: 0x0: must be specified for an update' }]);
    }
    checkPreconditions(type, old, { resourceVersion: rv === '' ? undefined : rv }, 'object');
    return this.prepareExisting(type, old, this.toStorage(type, obj), options);
  }

  /**
   * Computes the write of `next` (stored form) over `old` following every update rule (status
   * subresource both ways, system metadata, finalizers, immutability, generation). Used by PUT, PATCH,
   * the scale subresource and the controllers.
   */
  prepareExisting(type: ResourceType, old: KubeObject, nextIn: KubeObject, options: WriteOptions): PreparedWrite {
    const oldMeta = old.metadata ?? {};
    // The rules compare with the stored object at the current storage version (it may be stored at an older one).
    const base = this.atStorageVersion(type, old);
    let next: KubeObject;
    const sub = options.subresource;
    const strategy = strategyFor(type);
    if (sub === 'status') {
      next = { ...base };
      if (nextIn.status === undefined) delete next.status;
      else next.status = nextIn.status;
    } else if (sub === 'finalize' && strategy.finalize) {
      next = strategy.finalize(base, nextIn);
    } else {
      next = { ...nextIn };
      if (type.statusSubresource) {
        if (base.status === undefined) delete next.status;
        else next.status = base.status;
      }
      if (strategy.prepareForUpdate) next = strategy.prepareForUpdate(next, base);
    }
    const meta: Record<string, any> = { ...(isObject(next.metadata) ? next.metadata : {}) };
    for (const key of SYSTEM_METADATA) {
      if (oldMeta[key] === undefined) delete meta[key];
      else meta[key] = oldMeta[key];
    }
    meta.name = oldMeta.name;
    if (meta.managedFields === undefined && oldMeta.managedFields !== undefined) meta.managedFields = oldMeta.managedFields;
    if (oldMeta.namespace === undefined) delete meta.namespace;
    else meta.namespace = oldMeta.namespace;
    next = { ...next, metadata: strategy.canonicalMetadata ? strategy.canonicalMetadata(meta) : meta, apiVersion: base.apiVersion, kind: base.kind };
    const warnings: string[] = [];
    next = this.admit(type, this.servedForAdmission(type, next), options, warnings);
    next = this.toStorage(type, next);
    if (strategy.canonicalize) next = strategy.canonicalize(next, old, { store: this.store, subresource: sub });
    if (oldMeta.deletionTimestamp) {
      const before = new Set<string>(oldMeta.finalizers ?? []);
      const added = ((meta.finalizers ?? []) as string[]).filter((f) => !before.has(f));
      if (added.length > 0) {
        throw Statuses.invalid(type.kind, type.group, oldMeta.name, [
          {
            reason: 'FieldValueForbidden',
            field: 'metadata.finalizers',
            message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`,
          },
        ]);
      }
    }
    strategy.validateUpdate?.(type, base, next);
    if (type.generation && generationRelevantChange(type, base, next)) {
      next.metadata = { ...next.metadata, generation: (oldMeta.generation ?? 0) + 1 };
    }
    next = dropEmptyMetadata(next);
    if (oldMeta.deletionTimestamp && readyToRemove(type, next)) return { type, op: 'remove', old, next, warnings };
    if (onlyManagedFieldTimesDiffer(old, next)) return { type, op: 'unchanged', old, next, warnings };
    return { type, op: 'update', old, next, warnings };
  }

  private servedForAdmission(type: ResourceType, stored: KubeObject): KubeObject {
    if (type.view) return type.view.fromStorage(stored);
    // A custom resource is validated, defaulted and pruned with the schema of the version it was written at.
    return type.custom ? convertCustom(type, stored, type.version) : stored;
  }

  /** Type-level checks on a served object: MicroTime, built-in required fields, CR schema. */
  private admit(type: ResourceType, obj: KubeObject, options: WriteOptions, warnings: string[]): KubeObject {
    const name = obj.metadata?.name ?? '';
    if (this.options.strictMicroTime) {
      const bad = microTimeViolations(type, obj);
      if (bad.length > 0) throw Statuses.badRequest(bad.join('; '));
    }
    // A built-in kind decodes into its typed struct first: a field of the wrong JSON type is a 400.
    if (!type.custom) {
      const decodeError = builtinDecodeError(type, obj);
      if (decodeError !== undefined) throw Statuses.badRequest(`${cannotHandle(type)}: ${decodeError}`);
    }
    // Like kube's per-kind Validate: ObjectMeta's causes first, then the kind's own, in one 422.
    const strategy = strategyFor(type);
    const causes = [
      ...(strategy.skipMetadataValidation ? [] : validateMetadata(type, obj.metadata, strategy.nameValidation ?? 'dns1123-subdomain')),
      ...(type.validate?.(obj) ?? []),
      ...(strategy.validate?.(obj, { store: this.store, subresource: options.subresource }) ?? []),
    ];
    if (causes.length > 0) throw Statuses.invalid(type.kind, type.group, name, causes);
    const mode = options.fieldValidation ?? 'Warn';
    if (!type.custom) {
      const known = this.dropUnknownBuiltinFields(type, obj, mode, warnings);
      const defaults = type.view ? undefined : BUILTIN_DEFAULTS[type.kind];
      return defaults ? defaults(known) : known;
    }
    const admission = admitCustomResource(type, obj);
    if (admission.unknownFields.length > 0 && mode === 'Strict') {
      const list = admission.unknownFields.map((f) => `unknown field ${JSON.stringify(f)}`).join(', ');
      throw Statuses.badRequest(`${cannotHandle(type)}: strict decoding error: ${list}`);
    }
    if (mode === 'Warn') for (const f of admission.unknownFields) warnings.push(`unknown field ${JSON.stringify(f)}`);
    if (admission.causes.length > 0) throw Statuses.invalid(type.kind, type.group, name, admission.causes);
    return admission.object;
  }

  /**
   * Built-ins decode into typed structs on a real server, so unknown top-level and metadata fields are
   * dropped — reported per fieldValidation (Strict: 400, Warn: Warning header, Ignore: silently).
   */
  private dropUnknownBuiltinFields(type: ResourceType, obj: KubeObject, mode: FieldValidation, warnings: string[]): KubeObject {
    const known = new Set(['apiVersion', 'kind', 'metadata', ...(type.topLevelFields ?? [])]);
    const unknown: string[] = [];
    const out: KubeObject = {};
    for (const [key, value] of Object.entries(obj)) {
      if (known.has(key)) out[key] = value;
      else unknown.push(key);
    }
    if (isObject(obj.metadata)) {
      const meta: Record<string, any> = {};
      for (const [key, value] of Object.entries(obj.metadata)) {
        if (OBJECT_META_FIELDS.has(key)) meta[key] = value;
        else unknown.push(`metadata.${key}`);
      }
      out.metadata = meta;
    }
    if (unknown.length === 0) return obj;
    unknown.sort();
    if (mode === 'Strict') throw Statuses.badRequest(`${cannotHandle(type)}: strict decoding error: ${unknown.map((f) => `unknown field ${JSON.stringify(f)}`).join(', ')}`);
    if (mode === 'Warn') for (const f of unknown) warnings.push(`unknown field ${JSON.stringify(f)}`);
    return out;
  }

  private checkBody(type: ResourceType, body: unknown): KubeObject {
    if (!isObject(body)) throw Statuses.badRequest(`the body of the request must be a JSON object describing a ${type.kind}`);
    const expected = apiVersionOf(type);
    if (body.apiVersion !== undefined && body.apiVersion !== expected) {
      throw Statuses.badRequest(`the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${expected})`);
    }
    if (body.kind !== undefined && body.kind !== type.kind) {
      throw Statuses.badRequest(`the kind in the data (${String(body.kind)}) does not match the expected kind (${type.kind})`);
    }
    if (body.metadata !== undefined && !isObject(body.metadata)) throw Statuses.badRequest('metadata must be an object');
    return clone(body);
  }

  /** 404 for a missing namespace, 403 for a terminating one. */
  checkNamespaceWritable(type: ResourceType, namespace: string, name: string): void {
    const ns = this.store.get(NAMESPACES, undefined, namespace);
    if (!ns) throw Statuses.notFound('namespaces', namespace, '', 'namespaces');
    if (ns.metadata?.deletionTimestamp) {
      const causes: StatusCause[] = [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }];
      throw new StatusError(403, 'Forbidden', `${qualifiedResource(type)} "${name}" is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`, { name, group: type.group, kind: type.plural, causes });
    }
  }
}

/** Whether a deleting object may now be removed (no finalizers left; namespaces also need spec.finalizers empty). */
export function readyToRemove(type: ResourceType, obj: KubeObject): boolean {
  const finalizers = obj.metadata?.finalizers;
  if (Array.isArray(finalizers) && finalizers.length > 0) return false;
  return strategyFor(type).readyToRemove?.(obj) ?? true;
}

/** kube's prefix of a decoding failure: `Widget in version "v1" cannot be handled as a Widget`. */
function cannotHandle(type: ResourceType): string {
  return `${type.kind} in version ${JSON.stringify(type.version)} cannot be handled as a ${type.kind}`;
}

/** Whether two objects differ only in managedFields timestamps (a no-op apply must stay a no-op). */
function onlyManagedFieldTimesDiffer(a: KubeObject, b: KubeObject): boolean {
  const strip = (o: KubeObject): KubeObject => {
    const mf = o.metadata?.managedFields;
    if (!Array.isArray(mf)) return o;
    return { ...o, metadata: { ...o.metadata, managedFields: mf.map((e: Record<string, any>) => ({ ...e, time: undefined })) } };
  };
  return sameContent(strip(a), strip(b));
}
