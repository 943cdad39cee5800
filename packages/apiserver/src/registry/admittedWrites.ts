// Writes that pass through admission webhooks. Without any webhook configuration a write goes straight
// to the engine; with some, the write is first computed as a dry run (so webhooks see the object exactly
// as it would be stored), then admitted (mutated, validated), then committed with the resourceVersion the
// dry run started from as precondition — a concurrent change in between gives 409, as on a real server.
import { Statuses } from '../errors.js';
import { qualifiedResource } from '../resources/types.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { AdmissionOperation } from '../admission/admission.js';
import { deleteObject } from './deletion.js';
import type { DeleteOptions, DeleteResult } from './deletion.js';
import type { WriteOptions, WriteResult } from './engine.js';
import type { ServerContext } from '../http/handler.js';

type Compute = (options: WriteOptions) => WriteResult;

/** Who is writing (for AdmissionReview userInfo). */
export interface Writer {
  user: string;
}

function merged(result: WriteResult, warnings: string[]): WriteResult {
  return { ...result, warnings: [...warnings, ...result.warnings] };
}

/**
 * Runs a create, update or patch through admission when webhooks are configured.
 * `compute` performs the write (dry-run or real) with the given options.
 *
 * @example
 * const result = await admitWrite(ctx, type, ns, name, undefined, options, writer, (o) => ctx.engine.create(type, ns, body, o));
 */
export async function admitWrite(
  ctx: ServerContext,
  type: ResourceType,
  namespace: string | undefined,
  name: string | undefined,
  subresource: string | undefined,
  options: WriteOptions,
  writer: Writer,
  compute: Compute,
): Promise<WriteResult> {
  if (!ctx.admission.configured()) return compute(options);
  const stored = name !== undefined ? ctx.store.get(type.storageKey, type.namespaced ? namespace : undefined, name) : undefined;
  const preview = compute({ ...options, dryRun: true });
  const operation: AdmissionOperation = preview.created ? 'CREATE' : 'UPDATE';
  const attrs = {
    operation,
    type,
    subresource,
    namespace,
    name: preview.object.metadata?.name ?? name ?? '',
    object: preview.object,
    oldObject: operation === 'UPDATE' && stored ? ctx.engine.served(type, stored) : null,
    dryRun: options.dryRun === true,
    user: writer.user,
  };
  if (!ctx.admission.applies(attrs)) return compute(options);
  const admitted = await ctx.admission.admit(attrs);
  const object = admitted.object ?? preview.object;
  if (options.dryRun) return { ...preview, object, warnings: [...admitted.warnings, ...preview.warnings] };
  if (operation === 'CREATE') {
    const created = ctx.engine.create(type, namespace, stripServerFields(object), { ...options, keepManagedFields: true });
    return merged(created, admitted.warnings);
  }
  const current = ctx.store.get(type.storageKey, type.namespaced ? namespace : undefined, name ?? '');
  if (!current) throw Statuses.notFound(qualifiedResource(type), name ?? '', type.group, type.plural);
  if (current.metadata?.resourceVersion !== stored?.metadata?.resourceVersion) {
    throw Statuses.conflict(qualifiedResource(type), name ?? '', type.group, type.plural);
  }
  const written = ctx.engine.writeExisting(type, current, ctx.engine.toStorage(type, object), options);
  return merged(written, admitted.warnings);
}

function stripServerFields(obj: KubeObject): KubeObject {
  const meta = { ...(obj.metadata ?? {}) };
  delete meta.uid;
  delete meta.creationTimestamp;
  delete meta.resourceVersion;
  return { ...obj, metadata: meta };
}

/** Runs a DELETE through admission (operation DELETE, oldObject = the stored object) when configured. */
export async function admitDelete(ctx: ServerContext, type: ResourceType, namespace: string | undefined, name: string, options: DeleteOptions, writer: Writer): Promise<{ result: DeleteResult; warnings: string[] }> {
  if (ctx.admission.configured()) {
    const stored = ctx.engine.getStored(type, namespace, name);
    const attrs = { operation: 'DELETE' as const, type, subresource: undefined, namespace, name, object: null, oldObject: ctx.engine.served(type, stored), dryRun: options.dryRun === true, user: writer.user };
    if (ctx.admission.applies(attrs)) {
      const admitted = await ctx.admission.admit(attrs);
      return { result: deleteObject(ctx.engine, type, namespace, name, options), warnings: admitted.warnings };
    }
  }
  return { result: deleteObject(ctx.engine, type, namespace, name, options), warnings: [] };
}
