// Sending one cycle's patch with as few requests as possible: the status part as a merge patch of
// /status (when the resource has that subresource) first — it carries handler results together with
// their success records — then the rest as one merge patch of the object. Patch fns (finalizers,
// `patch.fns`) become a JSON patch computed against the freshest body and guarded by a `test` of its
// resourceVersion so that it never clobbers another writer; when there are fns and the resource has a
// status subresource, the object part rides in that same guarded request instead of a merge patch of
// its own, so that adding or removing a finalizer costs no extra request (the progress records also
// have their copy in the status request, so a rejected object part loses no record of success).
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { NotFoundError, UnprocessableError, ConflictError } from '@opkit/kube';
import type { Patch, PatchFn } from '@opkit/state';
import { applyMergePatch, guardJsonPatch, jsonPatchFromDiff, splitJsonPatch } from '@opkit/state';
import type { Clock } from '@opkit/tasks';
import type { FeedEventInput, FeedObjectRef } from '../feed.js';

/** What sending a patch did. */
export interface PatchResult {
  /** The resourceVersion of the last successful request (to wait for it in the watch). */
  readonly resourceVersion: string | undefined;
  /** The object was not found (deleted meanwhile). */
  readonly gone: boolean;
  /** Patch fns whose JSON patch was rejected (422/409): to retry in the next cycle. */
  readonly failedFns: PatchFn[];
  /** The object part that rode in that rejected JSON patch: to resend with the next cycle. */
  readonly unsentMain?: Record<string, unknown> | undefined;
  /** Whether the object will disappear now (its last finalizer was removed while it is being deleted). */
  readonly released: boolean;
}

/**
 * The object part of a cycle's patch could not be sent: the caller keeps `unsent` and sends it with
 * the next cycle (the status part, sent first, may already mark the handlers done), so that nothing
 * a handler wrote is lost.
 */
export class UnsentPatchError extends Error {
  /** The merge patch of the object that was not applied. */
  readonly unsent: Record<string, unknown>;
  /** The patch fns that were not applied. */
  readonly fns: readonly PatchFn[];

  constructor(unsent: Record<string, unknown>, cause: unknown, fns: readonly PatchFn[] = []) {
    super((cause as Error).message ?? String(cause), { cause });
    this.name = 'UnsentPatchError';
    this.unsent = unsent;
    this.fns = fns;
  }
}

/** What {@link applyPatch} needs. */
export interface ApplyPatchDeps {
  readonly client: KubeClient;
  readonly clock: Clock;
  readonly emit: (event: FeedEventInput) => void;
}

function splitStatus(patch: Patch, hasStatusSubresource: boolean): { main: Record<string, unknown>; status: Record<string, unknown> | undefined } {
  const data = patch.asMergePatch();
  if (!hasStatusSubresource || data.status === undefined) return { main: data, status: undefined };
  const { status, ...main } = data;
  return { main, status: { status } };
}

function isEmpty(value: Record<string, unknown>): boolean {
  return Object.keys(value).length === 0;
}

/**
 * Send a cycle's patch: a merge patch of /status, a merge patch of the object — or, when there are
 * fns and a status subresource, the object part together with the fns in one guarded JSON patch —
 * and the fns' changes to the status as a guarded JSON patch of /status (rare: fns that edit status).
 *
 * @example
 * ```ts
 * const result = await applyPatch(deps, resource, body, patch, ref);
 * if (result.failedFns.length) memory.pendingFns = result.failedFns;
 * ```
 */
export async function applyPatch(deps: ApplyPatchDeps, resource: Resource, body: KubeObject, patch: Patch, ref: FeedObjectRef, signal?: AbortSignal): Promise<PatchResult> {
  const hasStatus = (resource.subresources ?? []).includes('status');
  const { main, status } = splitStatus(patch, hasStatus);
  const name = body.metadata.name!;
  const namespace = body.metadata.namespace;
  let freshest: KubeObject = body;
  let resourceVersion: string | undefined;
  // The object part joins the fns' guarded JSON patch (see the file's comment).
  const fold = patch.fns.length > 0 && hasStatus && !isEmpty(main);

  const send = async (patchType: 'merge' | 'json', content: unknown, subresource?: 'status'): Promise<KubeObject | undefined> => {
    const started = deps.clock.now();
    try {
      const result = await deps.client.patch<KubeObject>(resource, name, content, {
        type: patchType, ...(namespace ? { namespace } : {}), ...(subresource ? { subresource } : {}), ...(signal ? { signal } : {}),
      });
      deps.emit({ type: 'patch', patchType, subresource, code: 200, durationMs: deps.clock.now() - started, ...ref });
      return result;
    } catch (error) {
      const code = (error as { status?: number }).status ?? 0;
      deps.emit({ type: 'patch', patchType, subresource, code, durationMs: deps.clock.now() - started, message: (error as Error).message, ...ref });
      throw error;
    }
  };

  try {
    if (status && !isEmpty(status.status as Record<string, unknown>)) {
      freshest = (await send('merge', status, 'status')) ?? freshest;
      resourceVersion = freshest.metadata?.resourceVersion;
    }
    if (!isEmpty(main) && !fold) {
      freshest = (await send('merge', main)) ?? freshest;
      resourceVersion = freshest.metadata?.resourceVersion;
    }
  } catch (error) {
    if (error instanceof NotFoundError) return { resourceVersion, gone: true, failedFns: [], released: false };
    // Whatever the object part and the fns carried (also from earlier cycles) is kept for the next cycle.
    if (!isEmpty(main) || patch.fns.length > 0) throw new UnsentPatchError(main, error, patch.fns);
    throw error;
  }

  if (patch.fns.length === 0) return { resourceVersion, gone: false, failedFns: [], released: false };
  const target = applyMergePatch<KubeObject>(freshest, fold ? main : {});
  for (const fn of patch.fns) fn(target);
  const split = splitJsonPatch(jsonPatchFromDiff(freshest, target), { statusSubresource: hasStatus });
  const unsentMain = fold ? main : undefined;
  try {
    let result: KubeObject | undefined;
    for (const [ops, subresource] of [[split.main, undefined], [split.status, 'status']] as const) {
      if (ops.length === 0) continue;
      result = (await send('json', guardJsonPatch(ops, freshest.metadata?.resourceVersion ?? null), subresource)) ?? freshest;
      freshest = result;
      resourceVersion = result.metadata?.resourceVersion ?? resourceVersion;
    }
    const finalizers = result?.metadata?.finalizers ?? [];
    const released = Boolean(result?.metadata?.deletionTimestamp) && finalizers.length === 0;
    // Even when the object is released (it disappears), its last version gates the events of our own
    // earlier requests of this cycle: they must not re-run the deletion handlers before DELETED arrives.
    return { resourceVersion, gone: false, failedFns: [], released };
  } catch (error) {
    if (error instanceof NotFoundError) return { resourceVersion, gone: true, failedFns: [], released: false };
    if (error instanceof UnprocessableError || error instanceof ConflictError) {
      return { resourceVersion, gone: false, failedFns: [...patch.fns], unsentMain, released: false };
    }
    throw new UnsentPatchError(unsentMain ?? {}, error, patch.fns);
  }
}
