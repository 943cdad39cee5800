// Small statistics over the figures the bench collects: percentiles, request-count deltas and ratios.

/** The p-th percentile (0..100) of `values` by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** `after - before - own` per `verb resource` key, keeping only keys above zero. */
export function requestDelta(before: Record<string, number>, after: Record<string, number>, own: Record<string, number> = {}): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [key, value] of Object.entries(after)) {
    const d = value - (before[key] ?? 0) - (own[key] ?? 0);
    if (d > 0) delta[key] = d;
  }
  return delta;
}

const WRITE_VERBS = new Set(['create', 'update', 'patch', 'delete', 'deletecollection']);

/** Whether a `verb resource` key is a write. */
export function isWrite(key: string): boolean {
  return WRITE_VERBS.has(key.split(' ')[0]!);
}

/** The sum of the write requests among `requests`, optionally only on `resource`. */
export function writes(requests: Record<string, number>, resource?: string): number {
  let total = 0;
  for (const [key, value] of Object.entries(requests)) {
    if (isWrite(key) && (resource === undefined || key.split(' ')[1] === resource)) total += value;
  }
  return total;
}

/** Requests grouped by verb (summed over resources) and divided by `per`, rounded to 3 decimals. */
export function byVerb(requests: Record<string, number>, per = 1): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(requests)) {
    const verb = key.split(' ')[0]!;
    out[verb] = (out[verb] ?? 0) + value;
  }
  for (const verb of Object.keys(out)) out[verb] = round(out[verb]! / per, 3);
  return out;
}

/** `value` rounded to `digits` decimals. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** opkit / raw for each key both have as a number, raw above 0 and opkit at least 0 (no ratio otherwise). */
export function ratios<T extends object>(opkit: T, raw: T, keys: readonly (keyof T & string)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) {
    const a = opkit[key];
    const b = raw[key];
    if (typeof a === 'number' && typeof b === 'number' && b > 0 && a >= 0 && Number.isFinite(a / b)) out[key] = round(a / b, 3);
  }
  return out;
}

/** Resolves after `ms` milliseconds (pacing the load and polling, never waiting for a result). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` every `everyMs` until it returns true; rejects with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(everyMs);
  }
}
