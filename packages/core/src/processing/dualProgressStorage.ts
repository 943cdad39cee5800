// Progress records kept twice — in the annotations and in the status — when a resource has a status
// subresource. A cycle's results go to /status and its annotations to the main resource: two
// requests. Keeping the record in both means each request carries the handler's success next to the
// effect it carries, so a crash between the two never re-runs a handler whose effect was stored.
// Reading returns the more advanced of the two copies.
import { AnnotationsProgressStorage, StatusProgressStorage } from '@opkit/state';
import type { Essence, Patch, PersistenceProfileName, ProgressRecord, ProgressStorage } from '@opkit/state';

function rank(record: ProgressRecord | null): number {
  if (record === null) return -1;
  if (record.success || record.failure) return Number.MAX_SAFE_INTEGER;
  return typeof record.retries === 'number' ? record.retries : 0;
}

/**
 * A progress storage over two others: reads the more advanced record, writes and purges both.
 *
 * @example
 * ```ts
 * const storage = new DualProgressStorage(new AnnotationsProgressStorage({ profile }), new StatusProgressStorage({ profile }));
 * ```
 */
export class DualProgressStorage implements ProgressStorage {
  readonly #primary: ProgressStorage;
  readonly #secondary: ProgressStorage;

  constructor(primary: ProgressStorage, secondary: ProgressStorage) {
    this.#primary = primary;
    this.#secondary = secondary;
  }

  /** The default pair of a profile: annotations and `status.<profile>.progress`. */
  static forProfile(profile: PersistenceProfileName): DualProgressStorage {
    return new DualProgressStorage(new AnnotationsProgressStorage({ profile }), new StatusProgressStorage({ profile }));
  }

  fetch(args: { readonly key: string; readonly body: unknown }): ProgressRecord | null {
    const first = this.#primary.fetch(args);
    const second = this.#secondary.fetch(args);
    return rank(second) > rank(first) ? second : first;
  }

  store(args: { readonly key: string; readonly record: ProgressRecord; readonly body: unknown; readonly patch: Patch }): void {
    this.#primary.store(args);
    this.#secondary.store(args);
  }

  purge(args: { readonly key: string; readonly body: unknown; readonly patch: Patch }): void {
    this.#primary.purge(args);
    this.#secondary.purge(args);
  }

  touch(args: { readonly body: unknown; readonly patch: Patch; readonly value: string | null }): void {
    this.#primary.touch(args);
  }

  clear(essence: Essence): Essence {
    return this.#secondary.clear(this.#primary.clear(essence));
  }
}
