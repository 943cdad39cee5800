// How one cycle's patch becomes as few requests as possible, decided without the API server: the
// status part as a merge patch of /status (when the resource has that subresource) first — it carries
// handler results together with their success records — then the rest as one merge patch of the
// object. Patch fns (finalizers, `patch.fns`) become a JSON patch computed against the freshest body
// (core guards it with a `test` of its resourceVersion so that it never clobbers another writer); when
// there are fns and a status subresource, the object part rides in that same JSON patch instead of a
// merge patch of its own, so that adding or removing a finalizer costs no extra request.
import { applyMergePatch } from './diff.js';
import type { JsonPatchOperation } from './jsonPatch.js';
import { jsonPatchFromDiff, splitJsonPatch } from './jsonPatch.js';
import type { Patch } from './patch.js';
import type { JsonObject } from './types.js';

/** The merge patches of a cycle's patch, in the order they are sent. */
export interface PatchRequests {
  /** The merge patch of /status (`{ status: … }`); absent without a status subresource or a status part. */
  readonly status?: JsonObject | undefined;
  /** The merge patch of the object; absent when empty or when it rides in the fns' JSON patch. */
  readonly main?: JsonObject | undefined;
  /** The object part that rides in the fns' JSON patch (see {@link fnsJsonPatches}), if it does. */
  readonly folded?: JsonObject | undefined;
}

const isEmpty = (value: object): boolean => Object.keys(value).length === 0;

/**
 * The merge-patch requests of a patch (its fns come after them, see {@link fnsJsonPatches}).
 *
 * @example
 * ```ts
 * planPatchRequests(patch, { statusSubresource: true }); // { status: { status: {...} }, main: { metadata: {...} } }
 * ```
 */
export function planPatchRequests(patch: Patch, options: { readonly statusSubresource: boolean }): PatchRequests {
  const data = patch.asMergePatch();
  let main: JsonObject = data;
  let status: JsonObject | undefined;
  if (options.statusSubresource && data.status !== undefined) {
    const { status: part, ...rest } = data;
    main = rest;
    if (!isEmpty(part as object)) status = { status: part };
  }
  if (isEmpty(main)) return { status };
  return patch.fns.length > 0 && options.statusSubresource ? { status, folded: main } : { status, main };
}

/**
 * The JSON patches of a patch's fns (and of the object part folded into them), computed against the
 * freshest body and split between the object and /status; unguarded.
 *
 * @example
 * ```ts
 * const { main, status } = fnsJsonPatches(patch, freshest, { statusSubresource: true, folded });
 * ```
 */
export function fnsJsonPatches(patch: Patch, freshest: unknown, options: { readonly statusSubresource: boolean; readonly folded?: JsonObject | undefined }): { main: JsonPatchOperation[]; status: JsonPatchOperation[] } {
  const target = applyMergePatch<JsonObject>(freshest, options.folded ?? {});
  for (const fn of patch.fns) fn(target);
  return splitJsonPatch(jsonPatchFromDiff(freshest, target), options);
}
