// What an object itself says about its handling: the progress records and the diff-base that
// Opkit (`opkit.dev/…`) or Kopf (`kopf.zalando.org/…`) keep in its annotations (and status). op dev
// reads them from its own watch, so the Objects list survives reloads and crashes of the operator.
import type { KubeObject } from '@opkit/kube';
import type { DiffItem, ProgressRecord } from '@opkit/state';
import { AnnotationsDiffBaseStorage, decodeProgressRecord, diff, makeV2Key, PERSISTENCE_PROFILES, PROGRESS_RECORD_FIELDS } from '@opkit/state';

/** One handler's stored progress, with the handler id it belongs to. */
export interface ProgressView extends ProgressRecord {
  readonly id: string;
  /** Where it was read: the annotation key or the status path. */
  readonly location: string;
}

/** What the object's stored state says. */
export interface StoredState {
  /** The persistence profile whose records were found (`opkit` when none). */
  readonly profile: 'opkit' | 'kopf';
  readonly progress: readonly ProgressView[];
  /** The diff-base, or `null` when the object was never fully handled. */
  readonly diffBase: Record<string, unknown> | null;
  /** The diff-base against the current essence: what the next update handler will receive. */
  readonly pending: readonly DiffItem[];
  /** A stored record or diff-base that could not be decoded. */
  readonly corrupted?: string | undefined;
}

const PROFILES = ['opkit', 'kopf'] as const;
const RECORD_FIELDS = new Set<string>(PROGRESS_RECORD_FIELDS);
const storages = {
  opkit: new AnnotationsDiffBaseStorage({ profile: 'opkit' }),
  kopf: new AnnotationsDiffBaseStorage({ profile: 'kopf' }),
};

// Annotation key → handler id, per prefix, for the last set of handler ids (computed once per registry, not per event).
let keyCache: { ids: readonly string[]; byPrefix: Map<string, Map<string, string>> } | undefined;
function keysOf(prefix: string, handlerIds: readonly string[]): ReadonlyMap<string, string> {
  if (keyCache?.ids !== handlerIds) keyCache = { ids: handlerIds, byPrefix: new Map() };
  let byKey = keyCache.byPrefix.get(prefix);
  if (!byKey) {
    byKey = new Map(handlerIds.map((id) => [makeV2Key(prefix, id), id]));
    keyCache.byPrefix.set(prefix, byKey);
  }
  return byKey;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function looksLikeRecord(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.some((key) => RECORD_FIELDS.has(key));
}

/**
 * Read the progress records and the diff-base of an object.
 *
 * @param handlerIds - the loaded operator's handler ids, to name records by id (`create_fn/item1`)
 *   rather than by their annotation name (`create_fn.item1`).
 * @example
 * ```ts
 * readStoredState(body, ['create_fn']).progress; // [{ id: 'create_fn', retries: 2, delayed: '…', … }]
 * ```
 */
export function readStoredState(body: KubeObject, handlerIds: readonly string[] = []): StoredState {
  const annotations = body.metadata?.annotations ?? {};
  const progress: ProgressView[] = [];
  let corrupted: string | undefined;
  let found: 'opkit' | 'kopf' | undefined;
  for (const name of PROFILES) {
    const profile = PERSISTENCE_PROFILES[name];
    const byKey = keysOf(profile.prefix, handlerIds);
    const seen = new Set<string>();
    for (const [key, text] of Object.entries(annotations)) {
      if (!key.startsWith(`${profile.prefix}/`)) continue;
      const short = key.slice(profile.prefix.length + 1);
      if (short === profile.diffBaseKey || short === profile.touchKey || short === 'kopf-managed') continue;
      if (typeof text !== 'string' || !text.startsWith('{')) continue;
      let record: ProgressRecord | null;
      try {
        record = decodeProgressRecord(text, key);
      } catch {
        corrupted = key;
        continue;
      }
      if (!record || !looksLikeRecord(record as Record<string, unknown>)) continue;
      const id = byKey.get(key) ?? short;
      if (seen.has(id)) continue;
      seen.add(id);
      progress.push({ ...record, id, location: key });
      found ??= name;
    }
    // Status-based records (`status.<kopf|opkit>.progress.<id>`), for storages that keep them there only.
    const statusRecords = (body.status as Record<string, unknown> | undefined)?.[name === 'kopf' ? 'kopf' : 'opkit'];
    const stored = isRecord(statusRecords) ? statusRecords.progress : undefined;
    if (isRecord(stored)) {
      for (const [id, record] of Object.entries(stored)) {
        if (!isRecord(record) || seen.has(id)) continue;
        seen.add(id);
        progress.push({ ...(record as ProgressRecord), id, location: `status.${name}.progress.${id}` });
        found ??= name;
      }
    }
  }
  let diffBase: Record<string, unknown> | null = null;
  let pending: readonly DiffItem[] = [];
  const profile = found ?? (annotations[`${PERSISTENCE_PROFILES.kopf.prefix}/${PERSISTENCE_PROFILES.kopf.diffBaseKey}`] !== undefined ? 'kopf' : 'opkit');
  try {
    const storage = storages[profile];
    diffBase = storage.fetch({ body });
    if (diffBase) pending = diff(diffBase, storage.build({ body }));
  } catch (error) {
    corrupted ??= (error as Error).message;
  }
  return { profile, progress, diffBase, pending, corrupted };
}

/** Epoch milliseconds of a stored timestamp (`2020-01-01T00:00:00.000000+00:00`, or Kopf's older form without an offset). */
export function storedTime(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const text = /[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(text.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(ms) ? undefined : ms;
}
