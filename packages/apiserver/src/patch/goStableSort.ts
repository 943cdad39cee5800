// Go's sort.SliceStable, step for step (insertion sort on blocks of 20, then SymMerge). Strategic
// merge patch orders list items with a comparator that is not a strict weak order (an item missing
// from the order list is "less" than everything), so only the very same algorithm reproduces the
// order kube-apiserver produces — e.g. a list ordered by an empty `$setElementOrder` comes out
// reversed, exactly as kubectl shows it.

/** A comparison of two positions of the list being sorted (Go's `less(i, j)`). */
export type GoLess = (a: unknown, b: unknown) => boolean;

/**
 * Sorts `items` in place as Go's `sort.SliceStable(items, less)` would, and returns it.
 *
 * @example
 * ```ts
 * goSliceStable([3, 1, 2], (a, b) => (a as number) < (b as number)); // [1, 2, 3]
 * goSliceStable(['a', 'b', 'c'], () => true); // ['c', 'b', 'a'], as in Go
 * ```
 */
export function goSliceStable<T>(items: T[], less: GoLess): T[] {
  const lessAt = (i: number, j: number) => less(items[i], items[j]);
  const swap = (i: number, j: number) => {
    const held = items[i] as T;
    items[i] = items[j] as T;
    items[j] = held;
  };
  const n = items.length;
  let blockSize = 20;
  let a = 0;
  let b = blockSize;
  while (b <= n) {
    insertionSort(lessAt, swap, a, b);
    a = b;
    b += blockSize;
  }
  insertionSort(lessAt, swap, a, n);
  while (blockSize < n) {
    a = 0;
    b = 2 * blockSize;
    while (b <= n) {
      symMerge(lessAt, swap, a, a + blockSize, b);
      a = b;
      b += 2 * blockSize;
    }
    const m = a + blockSize;
    if (m < n) symMerge(lessAt, swap, a, m, n);
    blockSize *= 2;
  }
  return items;
}

type LessAt = (i: number, j: number) => boolean;
type Swap = (i: number, j: number) => void;

function insertionSort(less: LessAt, swap: Swap, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) {
    for (let j = i; j > a && less(j, j - 1); j--) swap(j, j - 1);
  }
}

function symMerge(less: LessAt, swap: Swap, a: number, m: number, b: number): void {
  if (m - a === 1) {
    let i = m;
    let j = b;
    while (i < j) {
      const h = (i + j) >>> 1;
      if (less(h, a)) i = h + 1;
      else j = h;
    }
    for (let k = a; k < i - 1; k++) swap(k, k + 1);
    return;
  }
  if (b - m === 1) {
    let i = a;
    let j = m;
    while (i < j) {
      const h = (i + j) >>> 1;
      if (!less(m, h)) i = h + 1;
      else j = h;
    }
    for (let k = m; k > i; k--) swap(k, k - 1);
    return;
  }
  const mid = (a + b) >>> 1;
  const n = mid + m;
  let start: number;
  let r: number;
  if (m > mid) {
    start = n - b;
    r = mid;
  } else {
    start = a;
    r = m;
  }
  const p = n - 1;
  while (start < r) {
    const c = (start + r) >>> 1;
    if (!less(p - c, c)) start = c + 1;
    else r = c;
  }
  const end = n - start;
  if (start < m && m < end) rotate(swap, start, m, end);
  if (a < start && start < mid) symMerge(less, swap, a, start, mid);
  if (mid < end && end < b) symMerge(less, swap, mid, end, b);
}

function rotate(swap: Swap, a: number, m: number, b: number): void {
  let i = m - a;
  let j = b - m;
  while (i !== j) {
    if (i > j) {
      swapRange(swap, m - i, m, j);
      i -= j;
    } else {
      swapRange(swap, m - i, m + j - i, i);
      j -= i;
    }
  }
  swapRange(swap, m - i, m, i);
}

function swapRange(swap: Swap, a: number, b: number, n: number): void {
  for (let i = 0; i < n; i++) swap(a + i, b + i);
}
