// Whether a handler applies to an object: label and annotation conditions, field values, old/new
// values of a change, and the `when` predicate — all ANDed, cheapest first, `when` last, as Kopf
// evaluates them. Pure functions over plain objects (the context also carries the operator's client).
import type { KubeObject } from '@opkit/kube';
import { HandlerClient } from './client.js';
import { deepEqual, resolveField } from './fields.js';
import { ABSENT, PRESENT } from './markers.js';
import type { FilterContext, MetaFilter, ResourceHandler, ValueFilter } from './types.js';

/** What the filters look at. */
export interface FilterInput {
  /** The object's body. */
  readonly body: KubeObject;
  /**
   * For change causes: the old and new essences. A `value` filter matches when EITHER side
   * matches; `old`/`new` filters check their side. Absent for spies (the body is checked).
   */
  readonly change?: { readonly old: unknown; readonly new: unknown };
  /**
   * The context given to predicates (`when`, callables); `body` at least. A function is called only when a
   * predicate runs (most handlers have none: building a context per object for nothing was measurable).
   */
  readonly context?: FilterContext | (() => FilterContext);
}

/**
 * The context filter predicates receive: the body's views (spec, meta, status, name, namespace,
 * uid, labels, annotations) plus whatever the caller knows (reason, old, new, diff, memo, logger…).
 *
 * @example
 * ```ts
 * filterContextOf(body, { memo }).spec; // body.spec, or {}
 * ```
 */
export function filterContextOf(body: KubeObject, extra: Partial<FilterContext> = {}): FilterContext {
  const meta = body.metadata ?? {};
  return {
    spec: (body.spec ?? {}) as Record<string, unknown>, meta, status: (body.status ?? {}) as Record<string, unknown>,
    name: meta.name, namespace: meta.namespace, uid: meta.uid, labels: meta.labels ?? {}, annotations: meta.annotations ?? {},
    ...extra, body,
    // The operator's client, owning children by this body (unless the caller brings one).
    client: extra.client ?? new HandlerClient(undefined, { owner: body, signal: extra.signal }),
  };
}

function matchMeta(filter: MetaFilter, value: string | undefined, context: () => FilterContext): boolean {
  if (filter === PRESENT) return value !== undefined;
  if (filter === ABSENT) return value === undefined;
  if (typeof filter === 'function') return Boolean(filter(value, context()));
  return value === filter;
}

function matchMetaMap(filters: Readonly<Record<string, MetaFilter>> | undefined, values: unknown, context: () => FilterContext): boolean {
  if (!filters) return true;
  const map = (typeof values === 'object' && values !== null ? values : {}) as Record<string, unknown>;
  for (const [key, filter] of Object.entries(filters)) {
    const raw = Object.hasOwn(map, key) ? map[key] : undefined;
    if (!matchMeta(filter, raw === undefined || raw === null ? undefined : String(raw), context)) return false;
  }
  return true;
}

/**
 * Whether a value satisfies a value filter (exact, PRESENT, ABSENT, predicate); an absent value is
 * `undefined` (predicates receive it as such).
 *
 * @example
 * ```ts
 * matchValue(PRESENT, 'x', { body }); // true
 * ```
 */
export function matchValue(filter: ValueFilter, value: unknown, context: FilterContext | (() => FilterContext)): boolean {
  if (filter === PRESENT) return value !== undefined && value !== null;
  if (filter === ABSENT) return value === undefined || value === null;
  if (typeof filter === 'function') return Boolean((filter as (v: unknown, c: FilterContext) => unknown)(value, typeof context === 'function' ? context() : context));
  return deepEqual(value, filter);
}

/**
 * Whether all of a handler's filters match: labels, annotations, the field value (either side of a
 * change, or the body), `old`/`new`, then `when`.
 *
 * @example
 * ```ts
 * matchesFilters(handler, { body, change: { old, new: current } });
 * ```
 */
export function matchesFilters(handler: Pick<ResourceHandler, 'filters' | 'field'>, input: FilterInput): boolean {
  const { filters } = handler;
  let built: FilterContext | undefined;
  const context = (): FilterContext => (built ??= typeof input.context === 'function' ? input.context() : input.context ?? filterContextOf(input.body));
  const metadata = input.body.metadata ?? {};
  if (!matchMetaMap(filters.labels, metadata.labels, context)) return false;
  if (!matchMetaMap(filters.annotations, metadata.annotations, context)) return false;
  const field = handler.field ?? filters.valueField;
  if (filters.hasValue && field) {
    if (input.change) {
      const before = resolveField(input.change.old, field);
      const after = resolveField(input.change.new, field);
      if (!matchValue(filters.value, before, context) && !matchValue(filters.value, after, context)) return false;
    } else if (!matchValue(filters.value, resolveField(input.body, field), context)) {
      return false;
    }
  }
  if (input.change && (filters.hasOld || filters.hasNew)) {
    const before = field ? resolveField(input.change.old, field) : input.change.old;
    const after = field ? resolveField(input.change.new, field) : input.change.new;
    if (filters.hasOld && !matchValue(filters.old, before, context)) return false;
    if (filters.hasNew && !matchValue(filters.new, after, context)) return false;
  }
  if (filters.when && !filters.when(context())) return false;
  return true;
}
