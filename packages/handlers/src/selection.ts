// Which change handlers a cause selects, by Kopf's rules: the reason must match (field handlers
// serve any change of their field, resume handlers only objects found at startup and not being
// deleted unless `deleted: true`), then the filters. Also the "pre-match" that decides stealth mode:
// an object no change handler could ever match is neither stored on nor logged about.
import type { KubeObject } from '@opkit/kube';
import { deepEqual, resolveField } from './fields.js';
import { filterContextOf, matchesFilters } from './filters.js';
import type { ChangeReason, DiffItem, FilterContext, ResourceHandler } from './types.js';

/** A changing cause as selection needs it. */
export interface SelectionCause {
  readonly reason: ChangeReason;
  /** The object was found at startup and not yet fully handled by this process (resume handlers mix in). */
  readonly initial: boolean;
  /** The object is being deleted. */
  readonly deleted: boolean;
  readonly body: KubeObject;
  readonly old: unknown;
  readonly new: unknown;
  readonly diff: readonly DiffItem[];
  /** The context predicates receive (memo, logger…); `body` is added. */
  readonly context?: Partial<FilterContext>;
}

function isChangeHandler(handler: ResourceHandler): boolean {
  return handler.kind !== 'event' && handler.kind !== 'daemon' && handler.kind !== 'timer';
}

/**
 * Whether a change of `field` happened between two essences.
 *
 * @example
 * ```ts
 * fieldChanged(['spec', 'field'], { spec: { field: 'a' } }, { spec: { field: 'b' } }); // true
 * ```
 */
export function fieldChanged(field: readonly string[], old: unknown, current: unknown): boolean {
  return !deepEqual(resolveField(old, field) ?? null, resolveField(current, field) ?? null);
}

/**
 * The change handlers a cause selects, in registration order.
 *
 * @example
 * ```ts
 * selectChangeHandlers(registry.resourceHandlers(), { reason: 'create', initial: false, deleted: false, body, old: null, new: essence, diff });
 * ```
 */
export function selectChangeHandlers(handlers: readonly ResourceHandler[], cause: SelectionCause): ResourceHandler[] {
  // Built once, and only if a predicate asks for it.
  let built: FilterContext | undefined;
  const context = (): FilterContext => (built ??= filterContextOf(cause.body, { ...cause.context, reason: cause.reason, old: cause.old, new: cause.new, diff: cause.diff }));
  return handlers.filter((handler) => {
    if (!isChangeHandler(handler)) return false;
    if (handler.kind === 'resume') {
      if (!cause.initial) return false;
      if (cause.reason === 'create') return false;
      if (cause.deleted && !handler.deleted) return false;
    } else if (handler.kind === 'field') {
      if (cause.reason === 'resume') return false;
      if (!fieldChanged(handler.field!, cause.old, cause.new)) return false;
    } else if (handler.reason !== cause.reason) {
      return false;
    } else if (handler.kind === 'update' && handler.field && !fieldChanged(handler.field, cause.old, cause.new)) {
      // An update handler with a field serves changes of that field only (Kopf's field_needs_change).
      return false;
    }
    return matchesFilters(handler, { body: cause.body, change: { old: cause.old, new: cause.new }, context });
  });
}

/**
 * Whether any change handler could match the object, ignoring field changes (for stealth mode: an
 * object that matches none is neither stored on nor logged about).
 *
 * @example
 * ```ts
 * if (!prematchChangeHandlers(handlers, { body, old, new: essence })) return; // stealth
 * ```
 */
export function prematchChangeHandlers(handlers: readonly ResourceHandler[], input: {
  readonly body: KubeObject; readonly old: unknown; readonly new: unknown; readonly context?: Partial<FilterContext>;
}): boolean {
  let built: FilterContext | undefined;
  const context = (): FilterContext => (built ??= filterContextOf(input.body, input.context));
  return handlers.some((handler) => isChangeHandler(handler)
    && matchesFilters(handler, { body: input.body, change: { old: input.old, new: input.new }, context }));
}

/**
 * Reduce old/new/diff to one field, as field handlers see them: the values at the field, and the
 * diff items under it with the field prefix stripped.
 *
 * @example
 * ```ts
 * reduceToField(['spec', 'field'], old, current, diff); // { old: 'value', new: 'newvalue', diff: [{ op: 'change', path: [], … }] }
 * ```
 */
export function reduceToField(field: readonly string[], old: unknown, current: unknown, diff: readonly DiffItem[]): { old: unknown; new: unknown; diff: DiffItem[] } {
  const reduced: DiffItem[] = [];
  for (const item of diff) {
    const within = field.every((key, index) => item.path[index] === key);
    if (within) {
      reduced.push({ op: item.op, path: item.path.slice(field.length), old: item.old, new: item.new });
    } else if (item.path.every((key, index) => field[index] === key)) {
      // A change of a parent: narrow its values down to the field.
      const rest = field.slice(item.path.length);
      const before = resolveField(item.old, rest) ?? null;
      const after = resolveField(item.new, rest) ?? null;
      if (!deepEqual(before, after)) {
        reduced.push({ op: before === null ? 'add' : after === null ? 'remove' : 'change', path: [], old: before, new: after });
      }
    }
  }
  return { old: resolveField(old, field) ?? null, new: resolveField(current, field) ?? null, diff: reduced };
}
