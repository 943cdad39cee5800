// The diff-base kept twice when a resource has a status subresource: in the annotation Kopf reads
// and as a copy in the status. A completed cycle sends the status part first (handler results and
// effects on the status) and the annotations second; the status copy of the diff-base travels with
// the status part, so a crash between the two requests never makes a finished change look new and
// re-run handlers whose effects were stored. The status copy wins when both exist: it is written first.
import { AnnotationsDiffBaseStorage, StatusDiffBaseStorage } from '@opkit/state';
import type { DiffBaseStorage, Essence, FieldSpec, Patch, PersistenceProfileName } from '@opkit/state';

/**
 * A diff-base storage over the annotation (primary) and a status copy (secondary).
 *
 * @example
 * ```ts
 * const storage = DualDiffBaseStorage.forProfile('kopf');
 * storage.fetch({ body }); // the status copy if present, else the annotation
 * ```
 */
export class DualDiffBaseStorage implements DiffBaseStorage {
  readonly #primary: DiffBaseStorage;
  readonly #secondary: DiffBaseStorage;

  constructor(primary: DiffBaseStorage, secondary: DiffBaseStorage) {
    this.#primary = primary;
    this.#secondary = secondary;
  }

  /** The default pair of a profile. */
  static forProfile(profile: PersistenceProfileName, primary?: DiffBaseStorage): DualDiffBaseStorage {
    return new DualDiffBaseStorage(primary ?? new AnnotationsDiffBaseStorage({ profile }), new StatusDiffBaseStorage({ profile }));
  }

  build(args: { readonly body: unknown; readonly extraFields?: readonly FieldSpec[] }): Essence {
    return this.#primary.build(args);
  }

  fetch(args: { readonly body: unknown }): Essence | null {
    return this.#secondary.fetch(args) ?? this.#primary.fetch(args);
  }

  store(args: { readonly body: unknown; readonly patch: Patch; readonly essence: Essence }): void {
    this.#secondary.store(args);
    this.#primary.store(args);
  }
}
