// DELETE and deletecollection: DeleteOptions from the body or the query, preconditions, propagation
// policies (Background removes now and lets the garbage collector follow; Foreground and Orphan leave a
// finalizer for it), finalizers that defer removal, and the special terminations of namespaces and CRDs.
import { stringifyJson } from '@opkit/json';
import { StatusError, Statuses } from '../errors.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { QueryParams } from '../http/query.js';
import type { WriteEngine } from './engine.js';
import { isObject, wholeSecondsNow } from './objectRules.js';
import { checkPreconditions } from './storeWriter.js';
import { ConversionNeeded } from '../conversion/conversion.js';
import { strategyFor } from './strategies.js';

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
export { CRD_CLEANUP_FINALIZER } from './strategies.js';

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
  /** The committed object (stored form) when its served form still needs a conversion webhook call. */
  pending?: KubeObject;
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
 * A DELETE computed but not yet committed: nothing to do (already deleting), an update (deletion deferred
 * by finalizers: deletionTimestamp set, or a policy's finalizer added), or the removal.
 */
export interface PreparedDelete {
  type: ResourceType;
  old: KubeObject;
  action: 'none' | 'update' | 'remove';
  /** The updated object (action 'update'). */
  next?: KubeObject;
  /** Whether the deletion waits for finalizers (the answer of a dry run). */
  deferred: boolean;
}

/**
 * Computes a DELETE following DeleteOptions (preconditions, propagation policy, finalizers).
 *
 * @example
 * finishDelete(engine, prepareDelete(engine, type, 'default', 'a', { propagationPolicy: 'Foreground' }), false);
 */
export function prepareDelete(engine: WriteEngine, type: ResourceType, namespace: string | undefined, name: string, options: DeleteOptions): PreparedDelete {
  const old = engine.getStored(type, namespace, name);
  const meta = old.metadata ?? {};
  checkPreconditions(type, old, options.preconditions, 'deleteOptions');
  const rules = strategyFor(type).beforeDelete ?? {};
  if (rules.undeletable?.(name)) {
    throw new StatusError(403, 'Forbidden', `${type.plural} "${name}" is forbidden: this ${type.singular} may not be deleted`, { name, group: type.group, kind: type.plural });
  }
  const policy = options.propagationPolicy ?? (options.orphanDependents === true ? 'Orphan' : 'Background');
  const finalizers: string[] = [...((meta.finalizers as string[] | undefined) ?? [])];
  const addFinalizer = (f: string): void => {
    if (!finalizers.includes(f)) finalizers.push(f);
  };
  if (policy === 'Foreground') addFinalizer(FOREGROUND_FINALIZER);
  if (policy === 'Orphan') addFinalizer(ORPHAN_FINALIZER);
  for (const f of rules.finalizers ?? []) addFinalizer(f);

  if (meta.deletionTimestamp) {
    // Already deleting: only a policy change may add its finalizer.
    const extra = finalizers.filter((f) => !(meta.finalizers ?? []).includes(f));
    if (extra.length === 0) return { type, old, action: 'none', deferred: true };
    return { type, old, action: 'update', next: { ...old, metadata: { ...meta, finalizers } }, deferred: true };
  }
  const deferred = finalizers.length > 0 || rules.alwaysDeferred === true;
  if (!deferred) return { type, old, action: 'remove', deferred };
  const nextMeta: Record<string, any> = { ...meta, deletionTimestamp: wholeSecondsNow(), deletionGracePeriodSeconds: 0 };
  if (finalizers.length > 0) nextMeta.finalizers = finalizers;
  if (typeof meta.generation === 'number' && meta.generation > 0) nextMeta.generation = meta.generation + 1;
  let next: KubeObject = { ...old, metadata: nextMeta };
  if (rules.terminating) next = rules.terminating(next);
  return { type, old, action: 'update', next, deferred };
}

/** Commits a prepared DELETE through the store writer, or (dry run) answers what it would do. */
export function finishDelete(engine: WriteEngine, prepared: PreparedDelete, dryRun: boolean): DeleteResult {
  const { type, old } = prepared;
  if (dryRun) return { body: prepared.deferred ? engine.served(type, old) : successStatus(type, old), removed: !prepared.deferred };
  if (prepared.action === 'none') return { body: engine.served(type, old), removed: false };
  if (prepared.action === 'update') {
    const stored = engine.writer.write(type, { op: 'update', previous: old, next: prepared.next as KubeObject });
    return { ...servedAfterCommit(engine, type, stored), removed: false };
  }
  const deleted = engine.writer.write(type, { op: 'delete', previous: old });
  if (strategyFor(type).beforeDelete?.returnsDeletedObject) return { ...servedAfterCommit(engine, type, deleted), removed: true };
  return { body: successStatus(type, deleted), removed: true };
}

/** The served form of a committed object, or the stored one as `pending` when a conversion webhook must be called first. */
function servedAfterCommit(engine: WriteEngine, type: ResourceType, stored: KubeObject): Pick<DeleteResult, 'body' | 'pending'> {
  try {
    return { body: engine.served(type, stored) };
  } catch (error) {
    if (error instanceof ConversionNeeded) return { body: stored, pending: stored };
    throw error;
  }
}

/**
 * Deletes one object without admission (the registry's DELETE adds admission around the same two steps).
 *
 * @example
 * deleteObject(engine, type, 'default', 'a', { propagationPolicy: 'Foreground' });
 */
export function deleteObject(engine: WriteEngine, type: ResourceType, namespace: string | undefined, name: string, options: DeleteOptions): DeleteResult {
  return finishDelete(engine, prepareDelete(engine, type, namespace, name, options), options.dryRun === true);
}
