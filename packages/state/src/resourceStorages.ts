// Which storages one resource uses: the profile's, chosen by whether the resource has a status
// subresource, unless the operator was given its own. With a status subresource a cycle's patch is
// two requests (status first, then the object), so the progress records and the diff-base are kept in
// both places — each request then carries a handler's success next to the effect it carries, and a
// crash between the two never re-runs a handler whose effect was stored. Without one, Kopf's layout.
import type { DiffBaseStorage } from './diffBaseStorage.js';
import { AnnotationsDiffBaseStorage } from './diffBaseStorage.js';
import { DualDiffBaseStorage } from './dualDiffBaseStorage.js';
import type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
import { resolveProfile } from './profiles.js';
import type { ProgressStorage } from './progressStorage.js';
import { AnnotationsProgressStorage, MultiProgressStorage, SmartProgressStorage, StatusProgressStorage } from './progressStorage.js';

/** The storages and the finalizer of one resource. */
export interface ResourceStorages {
  readonly progressStorage: ProgressStorage;
  readonly diffBaseStorage: DiffBaseStorage;
  readonly finalizer: string;
}

/** The input of {@link resourceStorages}. */
export interface ResourceStoragesOptions {
  /** The persistence profile. @defaultValue 'opkit' */
  readonly profile?: PersistenceProfileName | PersistenceProfile | undefined;
  /** Whether the resource has a status subresource (`resource.subresources` includes `status`). */
  readonly statusSubresource: boolean;
  /** Our finalizer. @defaultValue the profile's */
  readonly finalizer?: string | undefined;
  /** A progress storage to use as given instead of the profile's. */
  readonly progressStorage?: ProgressStorage | undefined;
  /** A diff-base storage to use as given instead of the profile's. */
  readonly diffBaseStorage?: DiffBaseStorage | undefined;
}

/**
 * The storages of one resource. Progress: with a status subresource, annotations and
 * `status.<profile>.progress` (the more advanced record is read; the touch value goes to the
 * annotations only), else {@link SmartProgressStorage}. Diff-base: with a status subresource,
 * {@link DualDiffBaseStorage}, else the annotation.
 *
 * @example
 * ```ts
 * const { progressStorage, diffBaseStorage, finalizer } = resourceStorages({ profile: 'kopf', statusSubresource: true });
 * finalizer; // 'kopf.zalando.org/KopfFinalizerMarker'
 * ```
 */
export function resourceStorages(options: ResourceStoragesOptions): ResourceStorages {
  const profile = resolveProfile(options.profile);
  const progressStorage = options.progressStorage ?? (options.statusSubresource
    ? new MultiProgressStorage([new AnnotationsProgressStorage({ profile }), new StatusProgressStorage({ profile })], { read: 'advanced', touch: 'first' })
    : new SmartProgressStorage({ profile }));
  const diffBaseStorage = options.diffBaseStorage
    ?? (options.statusSubresource ? DualDiffBaseStorage.forProfile(profile) : new AnnotationsDiffBaseStorage({ profile }));
  return { progressStorage, diffBaseStorage, finalizer: options.finalizer ?? profile.finalizer };
}
