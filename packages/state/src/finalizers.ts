// Finalizers: the only way to run delete handlers before an object disappears. Kopf 1.44 adds and
// removes its finalizer with JSON-patch operations guarded by a `test` of the resourceVersion, so
// that they never clobber finalizers other controllers add or remove at the same time.
import { deepCopy, isObject, resolve } from './internal/fields.js';
import type { JsonObject } from './internal/fields.js';
import type { JsonPatchOperation } from './jsonPatch.js';
import { guardJsonPatch, jsonPatchFromDiff } from './jsonPatch.js';
import type { PatchFn } from './patch.js';

/**
 * Our finalizer, or several: the first is the one we add; every one of them counts as ours when
 * present (it blocks deletion, and is removed when we release the object). The default profile
 * lists Kopf's finalizer second, so that it takes over objects a Kopf operator finalized.
 */
export type Finalizers = string | readonly string[];

/** The names of {@link Finalizers}, ours first. */
export function finalizerNames(finalizer: Finalizers): readonly string[] {
  return typeof finalizer === 'string' ? [finalizer] : finalizer;
}

/** A handler that matched the object, as far as finalizers care. */
export interface FinalizerNeed {
  /** `delete` for deletion handlers, `daemon`/`timer` for background handlers, anything else otherwise. */
  readonly kind: 'delete' | 'daemon' | 'timer' | (string & {});
  /** For deletion handlers: `optional: true` means best effort, no finalizer. */
  readonly optional?: boolean;
}

/**
 * Whether the object must carry our finalizer: when any matching deletion handler is not optional,
 * or any daemon or timer matches (they must be stopped before the object goes). With `matches`, the
 * given handlers are all candidates: a handler's own need is checked first and `matches` (its
 * filters, which may call user predicates) only for a handler that needs the finalizer, as Kopf does.
 *
 * @example
 * ```ts
 * requiresFinalizer({ handlers: [{ kind: 'delete', optional: false }] }); // true
 * requiresFinalizer({ handlers: registry.resourceHandlers(), matches: (handler) => matchesFilters(handler, { body }) });
 * ```
 */
export function requiresFinalizer<H extends FinalizerNeed>(args: { readonly handlers: Iterable<H>; readonly matches?: (handler: H) => boolean }): boolean {
  for (const handler of args.handlers) {
    const needs = handler.kind === 'daemon' || handler.kind === 'timer' || (handler.kind === 'delete' && !handler.optional);
    if (needs && (args.matches === undefined || args.matches(handler))) return true;
  }
  return false;
}

/** Whether the object is being deleted (has a deletionTimestamp). */
export function isDeletionOngoing(body: unknown): boolean {
  const value = resolve(body, ['metadata', 'deletionTimestamp'], null);
  return value !== null && value !== undefined;
}

/** Whether our finalizer is on the object. */
export function isDeletionBlocked(body: unknown, finalizer: Finalizers): boolean {
  const finalizers = resolve(body, ['metadata', 'finalizers'], []);
  return Array.isArray(finalizers) && finalizerNames(finalizer).some((name) => finalizers.includes(name));
}

/**
 * A patch fn that appends our finalizer to a body (for `patch.fns`).
 *
 * @example
 * ```ts
 * patch.fns.push(blockDeletion('opkit.dev/finalizer'));
 * ```
 */
export function blockDeletion(finalizer: Finalizers): PatchFn {
  return (body: JsonObject) => {
    if (isDeletionBlocked(body, finalizer)) return;
    if (!isObject(body.metadata)) body.metadata = {};
    const metadata = body.metadata as JsonObject;
    metadata.finalizers = [...(Array.isArray(metadata.finalizers) ? metadata.finalizers : []), finalizerNames(finalizer)[0]!];
  };
}

/**
 * A patch fn that removes our finalizer from a body (every occurrence; an emptied list goes away).
 *
 * @example
 * ```ts
 * patch.fns.push(allowDeletion('opkit.dev/finalizer'));
 * ```
 */
export function allowDeletion(finalizer: Finalizers): PatchFn {
  const names = finalizerNames(finalizer);
  return (body: JsonObject) => {
    const metadata = body.metadata;
    if (!isObject(metadata) || !Array.isArray(metadata.finalizers)) return;
    metadata.finalizers = metadata.finalizers.filter((item) => !names.includes(item as string));
    if ((metadata.finalizers as unknown[]).length === 0) delete metadata.finalizers;
    if (Object.keys(metadata).length === 0) delete body.metadata;
  };
}

function guardedOps(body: unknown, fn: PatchFn): JsonPatchOperation[] {
  const target = deepCopy(isObject(body) ? body : {});
  fn(target);
  return guardJsonPatch(jsonPatchFromDiff(body, target), resolve(body, ['metadata', 'resourceVersion'], null) as string | null);
}

/**
 * The JSON patch that adds our finalizer, guarded by a `test` of `metadata.resourceVersion`;
 * empty when it is already there.
 *
 * @example
 * ```ts
 * addFinalizerPatch({ metadata: { resourceVersion: '7', finalizers: ['other'] } }, 'opkit.dev/finalizer');
 * // [{ op: 'test', path: '/metadata/resourceVersion', value: '7' },
 * //  { op: 'add', path: '/metadata/finalizers/1', value: 'opkit.dev/finalizer' }]
 * ```
 */
export function addFinalizerPatch(body: unknown, finalizer: Finalizers): JsonPatchOperation[] {
  return guardedOps(body, blockDeletion(finalizer));
}

/**
 * The JSON patch that removes our finalizer by index, guarded by a `test` of
 * `metadata.resourceVersion`; empty when it is not there.
 *
 * @example
 * ```ts
 * removeFinalizerPatch({ metadata: { resourceVersion: '8', finalizers: ['a', 'opkit.dev/finalizer'] } }, 'opkit.dev/finalizer');
 * // [{ op: 'test', … }, { op: 'remove', path: '/metadata/finalizers/1' }]
 * ```
 */
export function removeFinalizerPatch(body: unknown, finalizer: Finalizers): JsonPatchOperation[] {
  return guardedOps(body, allowDeletion(finalizer));
}

/** What to do with our finalizer before change handlers run. */
export interface FinalizerPlan {
  /** `add` (block deletion), `remove` (nothing needs it any more), or `null`. */
  readonly action: 'add' | 'remove' | null;
  /** When true, change handlers skip this cycle: the finalizer change is patched first. */
  readonly skipChangeHandlers: boolean;
}

/**
 * Kopf's finalizer bookkeeping before change handlers: add it when required, absent and the object
 * is not being deleted; remove it when present but no longer required. Either way, change handlers
 * wait for the next cycle.
 *
 * @example
 * ```ts
 * planFinalizer({ body, finalizer: 'opkit.dev/finalizer', required: true }); // { action: 'add', skipChangeHandlers: true }
 * ```
 */
export function planFinalizer(args: { readonly body: unknown; readonly finalizer: Finalizers; readonly required: boolean }): FinalizerPlan {
  const blocked = isDeletionBlocked(args.body, args.finalizer);
  const deleting = isDeletionOngoing(args.body);
  if (args.required && !blocked && !deleting) return { action: 'add', skipChangeHandlers: true };
  if (!args.required && blocked) return { action: 'remove', skipChangeHandlers: true };
  return { action: null, skipChangeHandlers: false };
}

/**
 * Whether to release the object after the handlers ran: it is being deleted, the finalizer is ours
 * and present, and nothing is delayed (no handler, daemon or timer still pending).
 *
 * @example
 * ```ts
 * shouldReleaseFinalizer({ body, finalizer: 'opkit.dev/finalizer', delays: [] }); // true when deleting
 * ```
 */
export function shouldReleaseFinalizer(args: { readonly body: unknown; readonly finalizer: Finalizers; readonly delays: readonly number[] }): boolean {
  return isDeletionOngoing(args.body) && isDeletionBlocked(args.body, args.finalizer) && args.delays.length === 0;
}
