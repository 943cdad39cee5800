// Taking over from Kopf in the default profile: an object a Kopf operator handled carries Kopf's
// records (its diff-base, its progress annotations or `status.kopf.progress`, its finalizer). Read
// only under Opkit's own names, such an object would look new: its create handlers would run again and
// its Kopf finalizer would never be released. These storages read Opkit's records first and Kopf's
// second, write Opkit's only, and purge both, so the records move over as the object is handled.
import type { DiffBaseStorage } from './diffBaseStorage.js';
import type { Essence } from './essence.js';
import type { FieldSpec } from './internal/fields.js';
import { resolve } from './internal/fields.js';
import { applyMergePatch } from './diff.js';
import type { Patch, PatchFn } from './patch.js';
import type { ProgressRecord } from './progressRecord.js';
import type { ProgressStorage } from './progressStorage.js';

/**
 * A progress storage that also reads (and purges) another operator's records: ours win; a record
 * found only under the adopted names is used, and moved under ours when it is next stored.
 *
 * @example
 * ```ts
 * const storage = new AdoptingProgressStorage(new SmartProgressStorage(), new SmartProgressStorage({ profile: 'kopf' }));
 * storage.fetch({ key: 'create_fn', body }); // opkit.dev/create_fn, else kopf.zalando.org/create_fn
 * ```
 */
export class AdoptingProgressStorage implements ProgressStorage {
  /** Whether the adopted storage's fields are cleared from essences too (not when they may be the user's). */
  readonly clearAdopted: boolean;

  constructor(readonly own: ProgressStorage, readonly adopted: ProgressStorage, options: { readonly clearAdopted?: boolean } = {}) {
    this.clearAdopted = options.clearAdopted ?? true;
  }

  fetch(args: { readonly key: string; readonly body: unknown }): ProgressRecord | null {
    return this.own.fetch(args) ?? this.adopted.fetch(args);
  }

  store(args: { readonly key: string; readonly record: ProgressRecord; readonly body: unknown; readonly patch: Patch }): void {
    this.own.store(args);
    this.adopted.purge(args);
  }

  purge(args: { readonly key: string; readonly body: unknown; readonly patch: Patch }): void {
    this.own.purge(args);
    this.adopted.purge(args);
  }

  touch(args: { readonly body: unknown; readonly patch: Patch; readonly value: string | null }): void {
    this.own.touch(args);
  }

  clear(essence: Essence): Essence {
    const cleared = this.own.clear(essence);
    return this.clearAdopted ? this.adopted.clear(cleared) : cleared;
  }
}

/**
 * A diff-base storage that falls back to another operator's diff-base while it has none of its own
 * (then an object that operator handled is resumed, not created again). It writes its own only.
 *
 * @example
 * ```ts
 * const storage = new AdoptingDiffBaseStorage(new AnnotationsDiffBaseStorage(), new AnnotationsDiffBaseStorage({ profile: 'kopf' }));
 * storage.fetch({ body }); // opkit.dev/last-handled-configuration, else kopf.zalando.org/last-handled-configuration
 * ```
 */
export class AdoptingDiffBaseStorage implements DiffBaseStorage {
  constructor(readonly own: DiffBaseStorage, readonly adopted: DiffBaseStorage) {}

  build(args: { readonly body: unknown; readonly extraFields?: readonly FieldSpec[] }): Essence {
    return this.own.build(args);
  }

  fetch(args: { readonly body: unknown }): Essence | null {
    return this.own.fetch(args) ?? this.adopted.fetch(args);
  }

  store(args: { readonly body: unknown; readonly patch: Patch; readonly essence: Essence }): void {
    this.own.store(args);
  }

  /**
   * Write the adopted diff-base under our names now, if the object has only the adopted one and the
   * patch does not already store ours (a handover: the next operator reads only our names).
   *
   * @returns whether it was written.
   */
  settle(args: { readonly body: unknown; readonly patch: Patch }): boolean {
    if (this.own.fetch(args) !== null) return false;
    const adopted = this.adopted.fetch(args);
    if (adopted === null) return false;
    if (this.own.fetch({ body: applyMergePatch(args.body, args.patch.asMergePatch()) }) !== null) return false;
    this.own.store({ ...args, essence: adopted });
    return true;
  }
}

/**
 * A patch fn that puts `ours` in place of the `adopted` finalizer (same position), so that the operator
 * taking over next finds its own finalizer; nothing when ours is there or the adopted one is not.
 *
 * @example
 * ```ts
 * patch.fns.push(swapFinalizer('opkit.dev/finalizer', 'kopf.zalando.org/KopfFinalizerMarker'));
 * ```
 */
export function swapFinalizer(adopted: string, ours: string): PatchFn {
  return (body) => {
    const metadata = (body as { metadata?: { finalizers?: unknown } }).metadata;
    const finalizers = metadata?.finalizers;
    if (!Array.isArray(finalizers) || finalizers.includes(ours) || !finalizers.includes(adopted)) return;
    metadata!.finalizers = (finalizers as unknown[]).map((name) => (name === adopted ? ours : name));
  };
}

/** The input of {@link adoptedRecords}. */
export interface AdoptedRecordsInput {
  readonly body: unknown;
  /** The storages in use; nothing is reported unless they adopt another operator's records. */
  readonly progressStorage: ProgressStorage;
  readonly diffBaseStorage: DiffBaseStorage;
  /** Our finalizer first, then the adopted ones. */
  readonly finalizers: readonly string[];
  /** The annotation prefix of the adopted records (`kopf.zalando.org`). */
  readonly prefix: string;
}

/**
 * What of another operator's records an object carries that we will act on: its diff-base (while we
 * have none), its progress annotations, its finalizer (while ours is absent). Empty when nothing.
 *
 * @example
 * ```ts
 * adoptedRecords({ body, progressStorage, diffBaseStorage, finalizers, prefix: 'kopf.zalando.org' });
 * // ['kopf.zalando.org/last-handled-configuration', 'kopf.zalando.org/KopfFinalizerMarker']
 * ```
 */
export function adoptedRecords(input: AdoptedRecordsInput): readonly string[] {
  const found: string[] = [];
  const { body } = input;
  const diffBase = input.diffBaseStorage;
  // The adopted one first: most objects have none, and looking for one costs less than reading ours.
  if (diffBase instanceof AdoptingDiffBaseStorage && diffBase.adopted.fetch({ body }) !== null && diffBase.own.fetch({ body }) === null) {
    found.push(`${input.prefix}/last-handled-configuration`);
  }
  if (input.progressStorage instanceof AdoptingProgressStorage) {
    const annotations = resolve(body, ['metadata', 'annotations'], {}) as Record<string, unknown>;
    const progress = resolve(body, ['status', 'kopf', 'progress'], {}) as Record<string, unknown>;
    const keys = Object.keys(annotations ?? {}).filter((key) => key.startsWith(`${input.prefix}/`)
      && !key.endsWith('/last-handled-configuration') && !key.endsWith('/touch-dummy') && !key.endsWith('/kopf-managed'));
    found.push(...keys, ...Object.keys(progress ?? {}).map((id) => `status.kopf.progress.${id}`));
  }
  const finalizers = resolve(body, ['metadata', 'finalizers'], []);
  if (Array.isArray(finalizers) && !finalizers.includes(input.finalizers[0])) {
    found.push(...input.finalizers.slice(1).filter((name) => finalizers.includes(name)));
  }
  return found;
}
