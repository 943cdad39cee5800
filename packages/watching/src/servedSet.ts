// The served set of an operator: its selectors each resolve to resources (again whenever CRDs come and
// go); a resource selected by several selectors is served once, with the handlers of all of them in
// their registration order. An entry is kept (the same object) while its handlers stay the same, so that
// what was built for it (storages, grouped handlers) survives a change elsewhere in the set.
import type { Resource } from '@opkit/kube';
import { resourceName } from '@opkit/kube';

/**
 * The served set for the latest resolution of every selector. `served` holds the previous entries by
 * resource name and is updated in place; `make` builds an entry for a resource and its handlers
 * (in `handlers`' order), `size` tells how many handlers an existing entry has (same count: kept).
 *
 * @example
 * ```ts
 * const list = servedSet(handlers, entries, served, (h, s) => sameSelector(h.selector, s), make, (e) => e.count);
 * ```
 */
export function servedSet<H, S, E>(
  handlers: readonly H[],
  entries: readonly { readonly selector: S; readonly resources: readonly Resource[] }[],
  served: Map<string, E>,
  selects: (handler: H, selector: S) => boolean,
  make: (resource: Resource, handlers: readonly H[]) => E,
  size: (entry: E) => number,
): E[] {
  const byName = new Map<string, { resource: Resource; handlers: H[] }>();
  for (const { selector, resources } of entries) {
    for (const resource of resources) {
      const name = resourceName(resource);
      const entry = byName.get(name) ?? { resource, handlers: [] };
      for (const handler of handlers) if (selects(handler, selector) && !entry.handlers.includes(handler)) entry.handlers.push(handler);
      byName.set(name, entry);
    }
  }
  const list: E[] = [];
  for (const [name, entry] of byName) {
    const ordered = handlers.filter((handler) => entry.handlers.includes(handler));
    const existing = served.get(name);
    const item = existing !== undefined && size(existing) === ordered.length ? existing : make(entry.resource, ordered);
    served.set(name, item);
    list.push(item);
  }
  for (const name of [...served.keys()]) if (!byName.has(name)) served.delete(name);
  return list;
}
