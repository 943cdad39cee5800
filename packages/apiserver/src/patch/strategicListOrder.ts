// The element order of a list merged by strategic merge patch. kube-apiserver keeps the patch's
// relative order for the items the patch names (or the order `$setElementOrder/<field>` gives) and
// the live order for the items only the server has, interleaving the two by their live positions.
// This mirrors the observable result of apimachinery's normalizeElementOrder/mergeSortedSlice.

import { isJsonObject, jsonEqual } from './json.js';
import { goSliceStable } from './goStableSort.js';

/** How an item is identified: its merge-key value for lists of objects, itself for scalars. */
export type ItemIdentity = (item: unknown) => unknown;

/** An identity function for a list, by merge key (`undefined` for a list of scalars). */
export function identityFor(mergeKey: string | undefined): ItemIdentity {
  if (mergeKey === undefined) return (item) => item;
  return (item) => (isJsonObject(item) ? item[mergeKey] : undefined);
}

function indexIn(list: readonly unknown[], item: unknown, identity: ItemIdentity): number {
  const id = identity(item);
  return list.findIndex((candidate) => jsonEqual(identity(candidate), id));
}

/**
 * Orders `merged`: items whose identity appears in `patchOrder` come in that order, the others
 * (server-only) keep their order in `serverOrder`; then both runs are interleaved by their
 * positions in `serverOrder`, an item the server never had being taken as soon as it is reached
 * (so `[A, B]` patched with `[C]` gives `[C, A, B]`, and with `[B, X]` gives `[A, B, X]`).
 * Checked against kubectl 1.32's own strategic merge (`kubectl patch --local`).
 */
export function orderMergedList(
  merged: readonly unknown[],
  patchOrder: readonly unknown[],
  serverOrder: readonly unknown[],
  identity: ItemIdentity,
): unknown[] {
  const patchItems: unknown[] = [];
  const serverOnly: unknown[] = [];
  for (const item of merged) {
    (indexIn(patchOrder, item, identity) >= 0 ? patchItems : serverOnly).push(item);
  }
  const byPatchOrder = sortByOrder(patchItems, patchOrder, identity);
  const byServerOrder = sortByOrder(serverOnly, serverOrder, identity);
  return interleave(byPatchOrder, byServerOrder, (item) => indexIn(serverOrder, item, identity));
}

/**
 * apimachinery's normalizeSliceOrder: a stable sort by position in `order` whose comparator calls
 * an item missing from `order` "less" than anything — reproduced with Go's own stable sort.
 */
function sortByOrder(items: unknown[], order: readonly unknown[], identity: ItemIdentity): unknown[] {
  return goSliceStable([...items], (a, b) => {
    const ia = indexIn(order, a, identity);
    const ib = indexIn(order, b, identity);
    return ia >= 0 && ib >= 0 ? ia < ib : true;
  });
}

function interleave(left: unknown[], right: unknown[], serverIndex: (item: unknown) => number): unknown[] {
  const result: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) {
      result.push(right[j++]);
    } else if (j >= right.length) {
      result.push(left[i++]);
    } else {
      // A patch item the server does not have yet goes first; otherwise live positions decide.
      const li = serverIndex(left[i]);
      const ri = serverIndex(right[j]);
      if (li < 0 || ri < 0 || li < ri) result.push(left[i++]);
      else result.push(right[j++]);
    }
  }
  return result;
}
