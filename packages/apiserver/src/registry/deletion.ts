// DELETE and deletecollection: DeleteOptions from the body or the query, preconditions, propagation
// policies (Background removes now and lets the garbage collector follow; Foreground and Orphan leave a
// finalizer for it), finalizers that defer removal, and the special terminations of namespaces and CRDs.
import { stringifyJson } from '@opkit/json';
import { StatusError, Statuses } from '../errors.js';
import { CRDS, NAMESPACES, RETURNS_DELETED_OBJECT, UNDELETABLE_NAMESPACES } from '../resources/builtins.js';
import { qualifiedResource } from '../resources/types.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { QueryParams } from '../http/query.js';
import type { WriteEngine } from './engine.js';
import { isObject, wholeSecondsNow } from './objectRules.js';

/** Parsed DeleteOptions. */
export interface DeleteOptions {
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  orphanDependents?: boolean;
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: boolean;
}

/** The finalizer that holds an owner until its dependents are gone. */
export const FOREGROUND_FINALIZER = 'foregroundDeletion';
/** The finalizer that holds an owner until its dependents are orphaned. */
export const ORPHAN_FINALIZER = 'orphan';
/** The finalizer that holds a CRD until its custom resources are gone. */
export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

/** Reads DeleteOptions from a parsed body (may be undefined) and query parameters; 400 on bad values. */
export function parseDeleteOptions(body: unknown, query: QueryParams): DeleteOptions {
  const src: Record<string, any> = isObject(body) ? body : {};
  if (body !== undefined && body !== null && !isObject(body)) throw Statuses.badRequest('the body of a DELETE must be a DeleteOptions object');
  const out: DeleteOptions = {};
  const policy = query.string('propagationPolicy') ?? src.propagationPolicy;
  if (policy !== undefined && policy !== null) {
    if (policy !== 'Background' && policy !== 'Foreground' && policy !== 'Orphan') {
      throw Statuses.invalid('DeleteOptions', 'meta.k8s.io', '', [{ reason: 'FieldValueNotSupported', field: 'propagationPolicy', message: `Unsupported value: ${stringifyJson(policy)}: supported values: "Foreground", "Background", "Orphan"` }]);
    }
    out.propagationPolicy = policy;
  }
  const orphan = query.optionalBool('orphanDependents') ?? src.orphanDependents;
  if (orphan !== undefined && orphan !== null) out.orphanDependents = orphan === true;
  const grace = query.int('gracePeriodSeconds') ?? src.gracePeriodSeconds;
  if (grace !== undefined && grace !== null) out.gracePeriodSeconds = Number(grace);
  if (isObject(src.preconditions)) out.preconditions = { uid: src.preconditions.uid, resourceVersion: src.preconditions.resourceVersion };
  const dryRun = query.strings('dryRun').concat(Array.isArray(src.dryRun) ? src.dryRun : []);
  if (dryRun.includes('All')) out.dryRun = true;
  return out;
}

/** What DELETE answers: the object (still present or just removed) or a Success Status. */
export interface DeleteResult {
  body: KubeObject;
  /** Whether the object is gone now (false: deletion deferred by finalizers). */
  removed: boolean;
}

function successStatus(type: ResourceType, obj: KubeObject): KubeObject {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: obj.metadata?.name, group: type.group, kind: type.plural, uid: obj.metadata?.uid },
  };
}

/**
 * Deletes one object following DeleteOptions.
 *
 * @example
 * deleteObject(engine, type, 'default', 'a', { propagationPolicy: 'Foreground' });
 */
export function deleteObject(engine: WriteEngine, type: ResourceType, namespace: string | undefined, name: string, options: DeleteOptions): DeleteResult {
  const old = engine.getStored(type, namespace, name);
  const meta = old.metadata ?? {};
  const pre = options.preconditions;
  if (pre?.uid !== undefined && pre.uid !== null && pre.uid !== meta.uid) {
    throw Statuses.conflict(qualifiedResource(type), name, type.group, type.plural, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${meta.uid}`);
  }
  if (pre?.resourceVersion !== undefined && pre.resourceVersion !== null && pre.resourceVersion !== meta.resourceVersion) {
    throw Statuses.conflict(qualifiedResource(type), name, type.group, type.plural, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${meta.resourceVersion}`);
  }
  if (type.storageKey === NAMESPACES && UNDELETABLE_NAMESPACES.has(name)) {
    throw new StatusError(403, 'Forbidden', `namespaces "${name}" is forbidden: this namespace may not be deleted`, { name, group: '', kind: 'namespaces' });
  }
  const policy = options.propagationPolicy ?? (options.orphanDependents === true ? 'Orphan' : 'Background');
  const finalizers: string[] = [...((meta.finalizers as string[] | undefined) ?? [])];
  const addFinalizer = (f: string): void => {
    if (!finalizers.includes(f)) finalizers.push(f);
  };
  if (policy === 'Foreground') addFinalizer(FOREGROUND_FINALIZER);
  if (policy === 'Orphan') addFinalizer(ORPHAN_FINALIZER);
  if (type.storageKey === CRDS) addFinalizer(CRD_CLEANUP_FINALIZER);

  if (meta.deletionTimestamp) {
    // Already deleting: only a policy change may add its finalizer.
    const extra = finalizers.filter((f) => !(meta.finalizers ?? []).includes(f));
    if (extra.length === 0 || options.dryRun) return { body: engine.served(type, old), removed: false };
    const stored = engine.store.commitUpdate(type.storageKey, old, { ...old, metadata: { ...meta, finalizers } });
    return { body: engine.served(type, stored), removed: false };
  }

  const deferred = finalizers.length > 0 || type.storageKey === NAMESPACES;
  if (options.dryRun) return { body: deferred ? engine.served(type, old) : successStatus(type, old), removed: !deferred };
  if (deferred) {
    const nextMeta: Record<string, any> = { ...meta, deletionTimestamp: wholeSecondsNow(), deletionGracePeriodSeconds: 0 };
    if (finalizers.length > 0) nextMeta.finalizers = finalizers;
    if (typeof meta.generation === 'number' && meta.generation > 0) nextMeta.generation = meta.generation + 1;
    const next: KubeObject = { ...old, metadata: nextMeta };
    if (type.storageKey === NAMESPACES) next.status = { ...(old.status ?? {}), phase: 'Terminating' };
    if (type.storageKey === CRDS) next.status = withTerminatingCondition(old.status);
    const stored = engine.store.commitUpdate(type.storageKey, old, next);
    return { body: engine.served(type, stored), removed: false };
  }
  const deleted = engine.store.commitDelete(type.storageKey, old);
  const body = RETURNS_DELETED_OBJECT.has(type.storageKey) ? engine.served(type, deleted) : successStatus(type, deleted);
  return { body, removed: true };
}

function withTerminatingCondition(status: Record<string, any> | undefined): Record<string, any> {
  const conditions = ((status?.conditions as Record<string, any>[] | undefined) ?? []).filter((c) => c.type !== 'Terminating');
  conditions.push({ type: 'Terminating', status: 'True', lastTransitionTime: wholeSecondsNow(), reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' });
  return { ...(status ?? {}), conditions };
}

/**
 * Deletes every object of a collection that `matches` (deletecollection); returns the List of what was
 * deleted or marked for deletion.
 */
export function deleteCollection(
  engine: WriteEngine,
  type: ResourceType,
  namespace: string | undefined,
  matches: ((obj: KubeObject) => boolean) | undefined,
  options: DeleteOptions,
): KubeObject[] {
  const out: KubeObject[] = [];
  for (const stored of engine.store.list(type.storageKey, type.namespaced ? namespace : undefined)) {
    const served = engine.served(type, stored);
    if (matches && !matches(served)) continue;
    if (type.storageKey === NAMESPACES && UNDELETABLE_NAMESPACES.has(stored.metadata?.name)) continue;
    const result = deleteObject(engine, type, stored.metadata?.namespace, stored.metadata?.name, { ...options, preconditions: undefined });
    out.push(result.body.kind === 'Status' ? served : result.body);
  }
  return out;
}
