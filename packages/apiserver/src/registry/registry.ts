// The registry: every write to a stored object — a client's create, update, patch (every patch type,
// apply included), delete, deletecollection, the status, finalize and scale subresources, and the
// controllers' writes (garbage collection, namespace termination, finalizer removal) — is one call here.
// Each runs the same steps: the write engine computes the change (the kind's rules, validation,
// preconditions), admission runs on it (mutating webhooks, then — when they changed the object, after
// computing it again — validating webhooks, each exactly once, `dryRun` passed on), and the store writer
// commits it. When the stored object changed while the webhooks ran, an update or patch is computed again
// against the new object (kube's GuaranteedUpdate); only a write naming a resourceVersion answers 409. Without any
// webhook configuration nothing awaits: the write commits synchronously, as fast as before.
import { StatusError } from '../errors.js';
import { ConversionScope } from '../conversion/conversion.js';
import { strategyFor } from './strategies.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { Admission, AdmissionAttributes } from '../admission/admission.js';
import type { ObjectStore } from '../storage/index.js';
import { finishDelete, prepareDelete } from './deletion.js';
import type { DeleteOptions, DeleteResult, PreparedDelete } from './deletion.js';
import type { PreparedWrite, WriteEngine, WriteOptions, WriteResult } from './engine.js';
import { preparePatch } from './patching.js';
import type { PatchOptions } from './patching.js';
import { prepareReplicas, prepareScale, scaleOf } from './scale.js';

/** The user the server's own controllers write as, when a caller names none. */
export const SYSTEM_USER = 'system:apiserver';

/** How many times a write is computed again when its object changed while it waited (kube retries a patch 5 times). */
const MAX_CONFLICT_RETRIES = 5;

/** The kind admission webhooks see for the scale subresource. */
const SCALE_KIND = { group: 'autoscaling', version: 'v1', kind: 'Scale' };

/** What a DELETE answered, with the warnings admission webhooks returned. */
export interface AdmittedDelete {
  result: DeleteResult;
  warnings: string[];
}

/** How admission sees a prepared write: the object (and old object) it is shown, and how to redo the write from a mutated one. */
interface AdmissionView {
  user: string;
  subresource: string | undefined;
  kind?: AdmissionAttributes['kind'];
  object(prepared: PreparedWrite): KubeObject;
  oldObject(prepared: PreparedWrite): KubeObject | null;
  recompute(mutated: KubeObject): PreparedWrite;
}

function stripServerFields(obj: KubeObject): KubeObject {
  const meta = { ...(obj.metadata ?? {}) };
  delete meta.uid;
  delete meta.creationTimestamp;
  delete meta.resourceVersion;
  return { ...obj, metadata: meta };
}

/**
 * Creates, updates, patches and deletes objects with admission, through the one store writer.
 *
 * @example
 * const objects = new ObjectRegistry(engine, admission);
 * await objects.create(configMapType, 'default', { metadata: { name: 'a' } }, {}, 'alice');
 */
export class ObjectRegistry {
  constructor(
    readonly engine: WriteEngine,
    private readonly admission: Admission,
  ) {}

  /** The store, for reads. */
  get store(): ObjectStore {
    return this.engine.store;
  }

  /** POST. */
  async create(type: ResourceType, namespace: string | undefined, body: unknown, options: WriteOptions, user: string): Promise<WriteResult> {
    const scope = new ConversionScope();
    const prepared = await scope.run(() => this.engine.prepareCreate(type, namespace, body, options));
    return this.admitted(prepared, options, this.plainView(type, user, undefined, (mutated) => this.engine.prepareCreate(type, namespace, stripServerFields(mutated), { ...options, keepManagedFields: true })), scope);
  }

  /** PUT (the main resource, or its status or finalize subresource). */
  update(type: ResourceType, namespace: string | undefined, name: string, body: unknown, options: WriteOptions, user: string): Promise<WriteResult> {
    return this.guaranteed(async (scope) => {
      const prepared = await scope.run(() => this.engine.prepareUpdate(type, namespace, name, body, options));
      return { prepared, write: () => this.admitted(prepared, options, this.existingView(prepared, options, user), scope) };
    });
  }

  /** PATCH, every patch type; an apply to a missing object creates it. */
  patch(type: ResourceType, namespace: string | undefined, name: string, contentType: string | undefined, raw: string, options: PatchOptions, user: string): Promise<WriteResult> {
    return this.guaranteed(async (scope) => {
      const prepared = await scope.run(() => preparePatch(this.engine, type, namespace, name, contentType, raw, options));
      if (prepared.op === 'create') {
        const view = this.plainView(type, user, undefined, (mutated) => this.engine.prepareCreate(type, namespace, stripServerFields(mutated), { ...options, keepManagedFields: true }));
        return { prepared, write: () => this.admitted(prepared, options, view, scope) };
      }
      return { prepared, write: () => this.admitted(prepared, options, this.existingView(prepared, options, user), scope) };
    });
  }

  /**
   * kube-apiserver's GuaranteedUpdate: when the stored object changed while a write waited (for its
   * admission webhooks), the write is computed again against the new object — patch applied again,
   * webhooks asked again — instead of answering 409. A write that names a resourceVersion still
   * conflicts: computing it again fails its precondition (409) before anything is retried.
   */
  private async guaranteed(attempt: (scope: ConversionScope) => Promise<{ prepared: PreparedWrite; write: () => Promise<WriteResult> }>): Promise<WriteResult> {
    const scope = new ConversionScope();
    for (let retries = 0; ; retries++) {
      const { prepared, write } = await attempt(scope);
      try {
        return await write();
      } catch (error) {
        if (retries < MAX_CONFLICT_RETRIES && error instanceof StatusError && error.reason === 'Conflict' && this.changedSince(prepared)) continue;
        throw error;
      }
    }
  }

  /** Whether the stored object a prepared update was computed from has been written since. */
  private changedSince(prepared: PreparedWrite): boolean {
    const old = prepared.old;
    if (prepared.op === 'create' || !old) return false;
    const current = this.store.get(prepared.type.storageKey, old.metadata?.namespace, old.metadata?.name);
    return current !== undefined && current !== old && current.metadata?.uid === old.metadata?.uid && current.metadata?.resourceVersion !== old.metadata?.resourceVersion;
  }

  /** A controller's write of `next` (stored form) over the stored `old`, admitted as an UPDATE. */
  async updateObject(type: ResourceType, old: KubeObject, next: KubeObject, options: WriteOptions, user: string = SYSTEM_USER): Promise<WriteResult> {
    const scope = new ConversionScope();
    const prepared = await scope.run(() => this.engine.prepareExisting(type, old, next, options));
    return this.admitted(prepared, options, this.existingView(prepared, options, user), scope);
  }

  /**
   * PUT or PATCH of the scale subresource: admitted as an UPDATE of subresource `scale` whose object is
   * an autoscaling/v1 Scale (as kube-apiserver sends it); answers the Scale as written.
   */
  async updateScale(type: ResourceType, namespace: string | undefined, name: string, method: string, contentType: string | undefined, raw: string, options: WriteOptions, user: string): Promise<KubeObject> {
    const scope = new ConversionScope();
    const first = await scope.run(() => prepareScale(this.engine, type, namespace, name, method, contentType, raw, options));
    const scales = new Map<PreparedWrite, KubeObject>([[first.prepared, first.scale]]);
    const view: AdmissionView = {
      user,
      subresource: 'scale',
      kind: SCALE_KIND,
      object: (prepared) => scales.get(prepared) ?? first.scale,
      oldObject: () => first.oldScale,
      recompute: (mutated) => {
        const again = prepareReplicas(this.engine, type, first.prepared.old as KubeObject, first.oldScale, mutated.spec?.replicas, name, options);
        scales.set(again.prepared, again.scale);
        return again.prepared;
      },
    };
    const result = await this.admitted(first.prepared, options, view, scope);
    return scaleOf(type, result.object);
  }

  /** DELETE of one object: admitted as a DELETE (object null, oldObject the stored object). */
  async delete(type: ResourceType, namespace: string | undefined, name: string, options: DeleteOptions, user: string = SYSTEM_USER): Promise<AdmittedDelete> {
    const scope = new ConversionScope();
    const prepared = prepareDelete(this.engine, type, namespace, name, options);
    const warnings = await this.admitDelete(prepared, options, user, scope);
    // A dry run (or nothing to do) converts before anything is written; a commit leaves its answer pending instead.
    const result = await scope.run(() => finishDelete(this.engine, prepared, options.dryRun === true));
    if (result.pending) {
      const stored = result.pending;
      return { result: { body: await scope.run(() => this.engine.served(type, stored)), removed: result.removed }, warnings };
    }
    return { result, warnings };
  }

  /**
   * deletecollection: each object that `matches` is deleted as by its own DELETE (admitted one by one, as
   * kube-apiserver does); an object gone meanwhile is skipped. Returns what was deleted or marked.
   */
  async deleteCollection(type: ResourceType, namespace: string | undefined, matches: ((obj: KubeObject) => boolean) | undefined, options: DeleteOptions, user: string): Promise<{ items: KubeObject[]; warnings: string[] }> {
    const items: KubeObject[] = [];
    const warnings: string[] = [];
    const all = this.store.list(type.storageKey, type.namespaced ? namespace : undefined);
    const scope = new ConversionScope();
    await scope.prepare(type, all, type.version, true);
    for (const stored of all) {
      const served = await scope.run(() => this.engine.served(type, stored));
      if (matches && !matches(served)) continue;
      if (strategyFor(type).beforeDelete?.undeletable?.(stored.metadata?.name)) continue;
      let deleted: AdmittedDelete;
      try {
        deleted = await this.delete(type, stored.metadata?.namespace, stored.metadata?.name, { ...options, preconditions: undefined }, user);
      } catch (error) {
        if (error instanceof StatusError && error.httpStatus === 404) continue;
        throw error;
      }
      warnings.push(...deleted.warnings);
      items.push(deleted.result.body.kind === 'Status' ? served : deleted.result.body);
    }
    return { items, warnings };
  }

  /** Removes an object whose lifetime ended (an Event past its TTL): no admission, as a lease expiry in etcd. */
  expire(type: ResourceType, namespace: string | undefined, name: string): DeleteResult {
    return finishDelete(this.engine, prepareDelete(this.engine, type, namespace, name, {}), false);
  }

  /** Removes an object of a type no longer served (no strategy, no admission). */
  removeUntyped(storageKey: string, obj: KubeObject): void {
    this.engine.writer.removeUntyped(storageKey, obj);
  }

  /** Re-evaluates a stored CRD (its names may have become free when another CRD went away). */
  resyncCrd(crd: KubeObject): void {
    this.engine.resyncCrd(crd);
  }

  private plainView(type: ResourceType, user: string, subresource: string | undefined, recompute: (mutated: KubeObject) => PreparedWrite): AdmissionView {
    return {
      user,
      subresource,
      object: (prepared) => this.engine.preview(prepared).object,
      oldObject: (prepared) => (prepared.old ? this.engine.served(type, prepared.old) : null),
      recompute,
    };
  }

  private existingView(prepared: PreparedWrite, options: WriteOptions, user: string): AdmissionView {
    const { type } = prepared;
    const old = prepared.old as KubeObject;
    return this.plainView(type, user, options.subresource, (mutated) => this.engine.prepareExisting(type, old, this.engine.toStorage(type, mutated), options));
  }

  /**
   * Admission around a prepared write: mutating webhooks on what would be stored, the write computed
   * again from a mutated object, validating webhooks on the result, then the commit (or a dry run's answer).
   */
  private async admitted(prepared: PreparedWrite, options: WriteOptions, view: AdmissionView, scope: ConversionScope): Promise<WriteResult> {
    const dryRun = options.dryRun === true;
    if (!this.admission.configured()) return this.finish(prepared, dryRun, scope);
    const { type } = prepared;
    const object = await scope.run(() => view.object(prepared));
    const attrs: AdmissionAttributes = {
      operation: prepared.op === 'create' ? 'CREATE' : 'UPDATE',
      type,
      subresource: view.subresource,
      namespace: object.metadata?.namespace,
      name: object.metadata?.name ?? '',
      object,
      oldObject: prepared.op === 'create' ? null : await scope.run(() => view.oldObject(prepared)),
      dryRun,
      user: view.user,
      ...(view.kind ? { kind: view.kind } : {}),
    };
    if (!this.admission.applies(attrs)) return this.finish(prepared, dryRun, scope);
    const mutated = await this.admission.mutate(attrs);
    let final = prepared;
    const mutatedObject = mutated.object;
    if (mutatedObject && mutatedObject !== object) final = await scope.run(() => view.recompute(mutatedObject));
    const validated = await this.admission.validate({ ...attrs, object: final === prepared ? object : await scope.run(() => view.object(final)) });
    const result = await this.finish(final, dryRun, scope);
    return { ...result, warnings: [...mutated.warnings, ...validated.warnings, ...result.warnings] };
  }

  /**
   * Commits (or previews) a prepared write and answers it at the requested version: a dry run converts
   * before anything is written; a commit whose answer needs a conversion webhook converts after it.
   */
  private async finish(prepared: PreparedWrite, dryRun: boolean, scope: ConversionScope): Promise<WriteResult> {
    const result = await scope.run(() => this.engine.finish(prepared, dryRun));
    const stored = result.pending;
    if (!stored) return result;
    const object = await scope.run(() => this.engine.served(prepared.type, stored));
    const { pending: _pending, ...rest } = result;
    return { ...rest, object };
  }

  private async admitDelete(prepared: PreparedDelete, options: DeleteOptions, user: string, scope: ConversionScope): Promise<string[]> {
    if (!this.admission.configured()) return [];
    const { type, old } = prepared;
    const oldObject = await scope.run(() => this.engine.served(type, old));
    const attrs: AdmissionAttributes = {
      operation: 'DELETE',
      type,
      subresource: undefined,
      namespace: old.metadata?.namespace,
      name: old.metadata?.name ?? '',
      object: null,
      oldObject,
      dryRun: options.dryRun === true,
      user,
    };
    if (!this.admission.applies(attrs)) return [];
    const mutated = await this.admission.mutate(attrs);
    const validated = await this.admission.validate(attrs);
    return [...mutated.warnings, ...validated.warnings];
  }
}
