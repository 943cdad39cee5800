// Sending one cycle's patch. Which requests it takes is state's decision (planPatchRequests,
// fnsJsonPatches: the status part first, then the object part — riding in the fns' JSON patch when
// there are fns and a status subresource); here they are sent in order, each JSON patch guarded by a
// `test` of the freshest resourceVersion so that it never clobbers another writer, and what could not
// be sent is handed back for the next cycle. Every request is reported on the feed.
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { ConflictError, NotFoundError, UnprocessableError } from '@opkit/kube';
import type { Patch, PatchFn } from '@opkit/state';
import { fnsJsonPatches, guardJsonPatch, planPatchRequests } from '@opkit/state';
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
  const statusSubresource = (resource.subresources ?? []).includes('status');
  const requests = planPatchRequests(patch, { statusSubresource });
  const { name, namespace } = body.metadata;
  let freshest: KubeObject = body;
  let resourceVersion: string | undefined;
  const send = async (patchType: 'merge' | 'json', content: unknown, subresource?: 'status'): Promise<void> => {
    const started = deps.clock.now();
    try {
      const result = await deps.client.patch<KubeObject>(resource, name!, content, {
        type: patchType, ...(namespace ? { namespace } : {}), ...(subresource ? { subresource } : {}), ...(signal ? { signal } : {}),
      });
      deps.emit({ type: 'patch', patchType, subresource, code: 200, durationMs: deps.clock.now() - started, ...ref });
      freshest = result ?? freshest;
      resourceVersion = freshest.metadata?.resourceVersion ?? resourceVersion;
    } catch (error) {
      const code = (error as { status?: number }).status ?? 0;
      deps.emit({ type: 'patch', patchType, subresource, code, durationMs: deps.clock.now() - started, message: (error as Error).message, ...ref });
      throw error;
    }
  };
  const unsentMain = requests.main ?? requests.folded ?? {};

  try {
    if (requests.status) await send('merge', requests.status, 'status');
    if (requests.main) await send('merge', requests.main);
  } catch (error) {
    if (error instanceof NotFoundError) return { resourceVersion, gone: true, failedFns: [], released: false };
    // Whatever the object part and the fns carried (also from earlier cycles) is kept for the next cycle.
    if (Object.keys(unsentMain).length > 0 || patch.fns.length > 0) throw new UnsentPatchError(unsentMain, error, patch.fns);
    throw error;
  }
  if (patch.fns.length === 0) return { resourceVersion, gone: false, failedFns: [], released: false };

  const ops = fnsJsonPatches(patch, freshest, { statusSubresource, folded: requests.folded });
  try {
    let sent = false;
    for (const [part, subresource] of [[ops.main, undefined], [ops.status, 'status']] as const) {
      if (part.length === 0) continue;
      await send('json', guardJsonPatch(part, freshest.metadata?.resourceVersion ?? null), subresource);
      sent = true;
    }
    // Even when the object is released (it disappears), its last version gates the events of our own
    // earlier requests of this cycle: they must not re-run the deletion handlers before DELETED arrives.
    const released = sent && Boolean(freshest.metadata?.deletionTimestamp) && (freshest.metadata?.finalizers ?? []).length === 0;
    return { resourceVersion, gone: false, failedFns: [], released };
  } catch (error) {
    if (error instanceof NotFoundError) return { resourceVersion, gone: true, failedFns: [], released: false };
    if (error instanceof UnprocessableError || error instanceof ConflictError) {
      return { resourceVersion, gone: false, failedFns: [...patch.fns], unsentMain: requests.folded, released: false };
    }
    throw new UnsentPatchError(requests.folded ?? {}, error, patch.fns);
  }
}
