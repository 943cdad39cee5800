// Which storages one resource uses: the profile's, chosen by whether the resource has a status
// subresource, unless the operator was given its own. With a status subresource and a status-only
// profile (`opkit`), the progress records and the diff-base live in the status, so a cycle is one
// merge patch of /status carrying the handlers' results, their success records and the diff-base:
// one write per handled object, and nothing to lose between two requests. With a status subresource
// and the `kopf` profile, a cycle's patch is two requests (status first, then the object), so the
// progress records and the diff-base are kept in both places — each request then carries a handler's
// success next to the effect it carries, and a crash between the two never re-runs a handler whose
// effect was stored. Without a status subresource, Kopf's layout (annotations, one patch).
import type { DiffBaseStorage } from './diffBaseStorage.js';
import { AnnotationsDiffBaseStorage } from './diffBaseStorage.js';
import { DualDiffBaseStorage } from './dualDiffBaseStorage.js';
import type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
import { PERSISTENCE_PROFILES, resolveProfile } from './profiles.js';
import type { ProgressStorage } from './progressStorage.js';
import { AnnotationsProgressStorage, MultiProgressStorage, SmartProgressStorage, StatusProgressStorage } from './progressStorage.js';
import { AdoptingDiffBaseStorage, AdoptingProgressStorage } from './takeover.js';
import type { Essence } from './essence.js';
import type { Patch } from './patch.js';
import type { ProgressRecord } from './progressRecord.js';

/** The storages and the finalizer of one resource. */
export interface ResourceStorages {
  readonly progressStorage: ProgressStorage;
  readonly diffBaseStorage: DiffBaseStorage;
  readonly finalizer: string;
  /** Every finalizer counted as ours: `finalizer` first, then the adopted ones (Kopf's, in the default profile). */
  readonly finalizers?: readonly string[] | undefined;
  /** The annotation prefix of the adopted records (`kopf.zalando.org`), when records are adopted. */
  readonly adoptedPrefix?: string | undefined;
  /**
   * Whether adopted records are written under our names as soon as an object is seen with them only
   * (`kopf` profile over Opkit's records: Kopf's annotation written once, lazily, so that Kopf can
   * take the object over), rather than when the object next changes.
   */
  readonly settleAdopted?: boolean | undefined;
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
  /**
   * Whether, in the `opkit` profile, Kopf's records are read too (its diff-base, progress and finalizer),
   * so that objects a Kopf operator handled are resumed and released. @defaultValue true
   */
  readonly adoptKopf?: boolean | undefined;
  /**
   * Whether, in the `kopf` profile, the `opkit` profile's records are read too (its diff-base and
   * progress, in the status or the annotations, and its finalizer) and written under Kopf's names
   * once, lazily, the first time an object is seen with Opkit's only (`settleAdopted`): the way to hand
   * objects the default profile handled over to Kopf. @defaultValue true
   */
  readonly adoptOpkit?: boolean | undefined;
  /**
   * The version whose records these are, when one operator handles several versions of one resource
   * and this is not the version that keeps the plain names: its diff-base, finalizer and progress
   * records get the version as a suffix (`last-handled-configuration.v2`, `opkit.dev/finalizer.v2`,
   * progress key `create_fn.v2`), because each version diffs its own form of the object and would
   * otherwise read the other's diff-base as a change. Records of other operators are not adopted for it.
   */
  readonly versionSuffix?: string | undefined;
}

/**
 * The storages of one resource. With a status subresource and a status-only profile (`opkit`): progress
 * in `status.<profile>.progress` and the diff-base in `status.<profile>.last-handled-configuration`
 * ({@link DualDiffBaseStorage.statusOnly}), annotations of an older Opkit still read — one `/status`
 * write per cycle. With a status subresource otherwise (`kopf`): annotations and
 * `status.<profile>.progress` (the more advanced record is read; the touch value goes to the
 * annotations only) and {@link DualDiffBaseStorage}. Without one: {@link SmartProgressStorage} and the annotation. In the `opkit` profile (unless `adoptKopf` is
 * false), Kopf's records are read as well — ours first — and purged as ours are written, and Kopf's
 * finalizer counts as ours (`finalizers`), so objects a Kopf operator handled are resumed, not created
 * again, and released once their delete handlers ran.
 *
 * @example
 * ```ts
 * const { progressStorage, diffBaseStorage, finalizer } = resourceStorages({ profile: 'kopf', statusSubresource: true });
 * finalizer; // 'kopf.zalando.org/KopfFinalizerMarker'
 * ```
 */
export function resourceStorages(options: ResourceStoragesOptions): ResourceStorages {
  const version = options.versionSuffix;
  if (version !== undefined) {
    const profile = versionedProfile(resolveProfile(options.profile), version);
    const plain = resourceStorages({ ...options, profile, versionSuffix: undefined, adoptKopf: false, adoptOpkit: false, finalizer: options.finalizer === undefined ? undefined : `${options.finalizer}.${version}` });
    return { ...plain, progressStorage: new VersionedProgressStorage(plain.progressStorage, version) };
  }
  const profile = resolveProfile(options.profile);
  const own = (of: PersistenceProfile): { progressStorage: ProgressStorage; diffBaseStorage: DiffBaseStorage } => {
    if (!options.statusSubresource) return { progressStorage: new SmartProgressStorage({ profile: of }), diffBaseStorage: new AnnotationsDiffBaseStorage({ profile: of }) };
    if (of.statusOnly === true) {
      // Written to the status only; the annotations an older Opkit wrote are still read (and purged when present).
      return {
        progressStorage: new MultiProgressStorage([new StatusProgressStorage({ profile: of }), new AnnotationsProgressStorage({ profile: of, writable: false })], { read: 'advanced', touch: 'first' }),
        diffBaseStorage: DualDiffBaseStorage.statusOnly(of),
      };
    }
    return {
      progressStorage: new MultiProgressStorage([new AnnotationsProgressStorage({ profile: of }), new StatusProgressStorage({ profile: of })], { read: 'advanced', touch: 'first' }),
      diffBaseStorage: DualDiffBaseStorage.forProfile(of),
    };
  };
  const ours = own(profile);
  const finalizer = options.finalizer ?? profile.finalizer;
  const kopf = PERSISTENCE_PROFILES.kopf;
  // The default profile takes over from Kopf: Kopf's records are read (ours first) and purged, and its finalizer is ours too.
  const adopt = (options.adoptKopf ?? true) && profile.name === 'opkit' && profile.prefix !== kopf.prefix;
  // The kopf profile hands over to Kopf: the default profile's records (the status, where Kopf never looks)
  // are read when Kopf's are absent, and written under Kopf's names once, lazily (core: settleAdopted).
  const opkit = PERSISTENCE_PROFILES.opkit;
  if ((options.adoptOpkit ?? true) && profile.name === 'kopf' && profile.prefix !== opkit.prefix) {
    const theirs = own(opkit);
    return {
      // Kopf's essence keeps `opkit.dev/…` annotations unless the storage marker says they are a storage's: so does this one.
      progressStorage: options.progressStorage ?? new AdoptingProgressStorage(ours.progressStorage, theirs.progressStorage, { clearAdopted: false }),
      diffBaseStorage: options.diffBaseStorage ?? new AdoptingDiffBaseStorage(ours.diffBaseStorage, theirs.diffBaseStorage),
      finalizer,
      finalizers: finalizer === opkit.finalizer ? [finalizer] : [finalizer, opkit.finalizer],
      settleAdopted: true,
    };
  }
  if (!adopt) {
    return {
      progressStorage: options.progressStorage ?? ours.progressStorage, diffBaseStorage: options.diffBaseStorage ?? ours.diffBaseStorage,
      finalizer, finalizers: [finalizer],
    };
  }
  const theirs = own(kopf);
  return {
    progressStorage: options.progressStorage ?? new AdoptingProgressStorage(ours.progressStorage, new SmartProgressStorage({ profile: kopf })),
    diffBaseStorage: options.diffBaseStorage ?? new AdoptingDiffBaseStorage(ours.diffBaseStorage, theirs.diffBaseStorage),
    finalizer,
    finalizers: finalizer === kopf.finalizer ? [finalizer] : [finalizer, kopf.finalizer],
    adoptedPrefix: kopf.prefix,
  };
}

/**
 * A profile whose diff-base and finalizer names carry a version suffix (see
 * {@link ResourceStoragesOptions.versionSuffix}).
 *
 * @example
 * ```ts
 * versionedProfile(resolveProfile('opkit'), 'v2').diffBaseField; // ['status', 'opkit', 'last-handled-configuration.v2']
 * ```
 */
export function versionedProfile(profile: PersistenceProfile, version: string): PersistenceProfile {
  const suffixed = (field: readonly string[]): readonly string[] => Object.freeze([...field.slice(0, -1), `${field.at(-1)!}.${version}`]);
  return Object.freeze({
    ...profile,
    diffBaseKey: `${profile.diffBaseKey}.${version}`,
    diffBaseField: suffixed(profile.diffBaseField),
    finalizer: `${profile.finalizer}.${version}`,
  });
}

/** A progress storage whose handler keys carry a version suffix (`create_fn` → `create_fn.v2`). */
export class VersionedProgressStorage implements ProgressStorage {
  readonly #inner: ProgressStorage;
  readonly #suffix: string;

  /**
   * @param inner - the storage the renamed records go to
   * @param version - the suffix
   */
  constructor(inner: ProgressStorage, version: string) {
    this.#inner = inner;
    this.#suffix = `.${version}`;
  }

  fetch(args: { readonly key: string; readonly body: unknown }): ProgressRecord | null {
    return this.#inner.fetch({ ...args, key: args.key + this.#suffix });
  }

  store(args: { readonly key: string; readonly record: ProgressRecord; readonly body: unknown; readonly patch: Patch }): void {
    this.#inner.store({ ...args, key: args.key + this.#suffix });
  }

  purge(args: { readonly key: string; readonly body: unknown; readonly patch: Patch }): void {
    this.#inner.purge({ ...args, key: args.key + this.#suffix });
  }

  touch(args: { readonly body: unknown; readonly patch: Patch; readonly value: string | null }): void {
    this.#inner.touch(args);
  }

  clear(essence: Essence): Essence {
    return this.#inner.clear(essence);
  }
}
