// The diff-base kept twice when a resource has a status subresource (see resourceStorages): in the
// annotation Kopf reads and as a copy in the status. A completed cycle sends the status part first (handler results and
// effects on the status) and the annotations second; the status copy of the diff-base travels with
// the status part, so a crash between the two requests never makes a finished change look new and
// re-run handlers whose effects were stored.
//
// The status copy wins only over the annotation it was written to replace: next to it goes a digest
// of the annotation's diff-base at that time. When someone else — Kopf, which keeps its diff-base in
// the annotation only — has stored a newer diff-base since, the digests differ and the annotation wins.
//
// In the `kopf` profile the copy is only read (`copy: 'read'`): Kopf never writes it, so a copy would go stale
// as soon as Kopf handles the object again. A copy found there (written by an older Opkit) is removed when the
// annotation is next stored.
//
// Status only (`DualDiffBaseStorage.statusOnly`, the `opkit` profile's choice): the copy is written and
// the annotation only read. An annotation an older Opkit wrote stays behind, and the digest next to
// the copy names it, so the copy wins over it; nothing has to touch the object itself.
import { createHash } from 'node:crypto';
import type { DiffBaseStorage } from './diffBaseStorage.js';
import { AnnotationsDiffBaseStorage, StatusDiffBaseStorage } from './diffBaseStorage.js';
import type { Essence } from './essence.js';
import type { FieldSpec } from './internal/fields.js';
import { resolve } from './internal/fields.js';
import type { Patch } from './patch.js';
import type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
import { resolveProfile } from './profiles.js';
import { encodeJson } from './pythonJson.js';

function hashOf(essence: Essence | null): string {
  return createHash('sha256').update(encodeJson(essence)).digest('hex').slice(0, 16);
}

/** The digest of "no diff-base", the one stored next to every copy where the annotation is absent. */
let noneDigest: string | undefined;

/** A short digest of a stored diff-base (`null`: none). */
function digestOf(essence: Essence | null): string {
  return essence === null ? (noneDigest ??= hashOf(null)) : hashOf(essence);
}

/** Options of {@link DualDiffBaseStorage}. */
export interface DualDiffBaseStorageOptions {
  /**
   * `write` (the default): the copy is written with every diff-base; `read`: an existing copy is read as
   * before and removed when the diff-base is stored, but never written.
   */
  readonly copy?: 'write' | 'read';
  /** Whether the annotation is written too (the default), or only read (status only: one `/status` write). */
  readonly writePrimary?: boolean;
}

/**
 * A diff-base storage over the annotation (primary) and a status copy (secondary).
 *
 * @example
 * ```ts
 * const storage = DualDiffBaseStorage.forProfile('opkit');
 * storage.fetch({ body }); // the status copy if it replaced the annotation's current value, else the annotation
 * ```
 */
export class DualDiffBaseStorage implements DiffBaseStorage {
  readonly #primary: DiffBaseStorage;
  readonly #secondary: DiffBaseStorage;
  /** Where the digest of the annotation replaced by the status copy is kept (next to the copy). */
  readonly #replacesField: readonly string[] | undefined;
  /** Where the copy lives, when the secondary is a status storage. */
  readonly #copyField: readonly string[] | undefined;
  /** Whether the copy is written, or only read (and removed once the annotation is stored). */
  readonly copy: 'write' | 'read';
  /** Whether the annotation (the primary) is written too, or only read. */
  readonly writesPrimary: boolean;

  constructor(primary: DiffBaseStorage, secondary: DiffBaseStorage, options: DualDiffBaseStorageOptions = {}) {
    this.#primary = primary;
    this.#secondary = secondary;
    this.copy = options.copy ?? 'write';
    this.writesPrimary = options.writePrimary ?? true;
    const field = secondary instanceof StatusDiffBaseStorage ? secondary.field : undefined;
    this.#copyField = field && field.length > 0 ? field : undefined;
    this.#replacesField = field && field.length > 0 ? [...field.slice(0, -1), `${field[field.length - 1]!}-replaces`] : undefined;
  }

  /** The default pair of a profile: the copy is written unless the profile's `statusDiffBaseCopy` is false (`kopf`). */
  static forProfile(profile?: PersistenceProfileName | PersistenceProfile, primary?: DiffBaseStorage): DualDiffBaseStorage {
    const copy = resolveProfile(profile).statusDiffBaseCopy === false ? 'read' : 'write';
    return new DualDiffBaseStorage(primary ?? new AnnotationsDiffBaseStorage({ profile }), new StatusDiffBaseStorage({ profile }), { copy });
  }

  /**
   * The status copy only: written to the status, the annotation (left by an older Opkit, or written
   * for a handover) only read — a cycle's diff-base then travels in its `/status` merge patch.
   *
   * @example
   * ```ts
   * DualDiffBaseStorage.statusOnly('opkit'); // writes status.opkit.last-handled-configuration (+ -replaces)
   * ```
   */
  static statusOnly(profile?: PersistenceProfileName | PersistenceProfile): DualDiffBaseStorage {
    return new DualDiffBaseStorage(new AnnotationsDiffBaseStorage({ profile }), new StatusDiffBaseStorage({ profile }), { writePrimary: false });
  }

  /** The annotation it reads (and writes unless status-only). */
  get primary(): DiffBaseStorage {
    return this.#primary;
  }

  build(args: { readonly body: unknown; readonly extraFields?: readonly FieldSpec[] }): Essence {
    return this.#primary.build(args);
  }

  fetch(args: { readonly body: unknown }): Essence | null {
    const copy = this.#secondary.fetch(args);
    const annotation = this.#primary.fetch(args);
    if (copy === null) return annotation;
    if (annotation === null || this.#replacesField === undefined) return copy;
    const replaces = resolve(args.body, this.#replacesField);
    // A copy without a digest (written before digests existed) keeps winning, as it used to, where copies are
    // written; where they are only read, the annotation — which Kopf may have written since — wins over it.
    if (typeof replaces !== 'string') return this.copy === 'write' ? copy : annotation;
    return replaces === digestOf(annotation) ? copy : annotation;
  }

  store(args: { readonly body: unknown; readonly patch: Patch; readonly essence: Essence }): void {
    if (this.copy === 'read') {
      // Only a copy that is there is removed: a patch never carries status fields for nothing.
      for (const field of [this.#copyField, this.#replacesField]) {
        if (field !== undefined && resolve(args.body, field) !== undefined) args.patch.set(field, null);
      }
      this.#primary.store(args);
      return;
    }
    this.#secondary.store(args);
    if (this.#replacesField !== undefined) args.patch.set(this.#replacesField, digestOf(this.#primary.fetch(args)));
    if (this.writesPrimary) this.#primary.store(args);
  }
}
