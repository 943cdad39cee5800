// The two persistence profiles. `opkit` is Opkit's own naming; `kopf` reproduces Kopf's names and
// byte formats so that an Opkit operator can take over objects a Kopf operator handled (and back).
// Everything that names a key, a field or a finalizer comes from here, never from string literals
// scattered through the storages.
import { InvalidStateArgumentError } from './errors.js';

/** The name of a persistence profile. */
export type PersistenceProfileName = 'opkit' | 'kopf';

/** The names, keys and fields a profile persists under. */
export interface PersistenceProfile {
  /** The profile's name. */
  readonly name: PersistenceProfileName;
  /** The annotation prefix of every stored annotation (`<prefix>/<name>`). */
  readonly prefix: string;
  /** The finalizer that blocks deletion until delete handlers have run. */
  readonly finalizer: string;
  /** The annotation name (after the prefix) of the diff-base. */
  readonly diffBaseKey: string;
  /** The annotation name (after the prefix) of the touch value that wakes an object up. */
  readonly touchKey: string;
  /** Where status-based progress records live (read and purged; Smart storage never writes there). */
  readonly progressField: readonly string[];
  /** Where the status-based touch value lives. */
  readonly touchField: readonly string[];
  /** Where `StatusDiffBaseStorage` keeps the diff-base. */
  readonly diffBaseField: readonly string[];
  /**
   * Whether the legacy "v1" annotation keys are written and read next to the current "v2" ones.
   * Kopf writes both (they differ only for names longer than the room the prefix leaves).
   */
  readonly v1Keys: boolean;
  /**
   * Whether a Secret's `data`/`stringData` values are kept in the diff-base as `sha256:<hex>`
   * digests instead of in clear (`opkit`: yes; `kopf`: no, Kopf's bytes). Omitted means no.
   */
  readonly secretDigests?: boolean;
  /**
   * Whether, for a resource with a status subresource, the diff-base is also copied into the status
   * (`diffBaseField`) for crash safety between the status and the object request (`opkit`: yes; `kopf`: no,
   * Kopf keeps its diff-base in the annotation only, and a copy it never updates would go stale). An
   * existing copy is still read. Omitted means yes.
   */
  readonly statusDiffBaseCopy?: boolean;
  /**
   * Whether, for a resource with a status subresource, the progress records and the diff-base are
   * written to the status only (`status.<prefix>.progress`, `diffBaseField`), so that a cycle's
   * handler results, success records and diff-base are one merge patch of `/status`: one write per
   * handled object (`opkit`: yes). Otherwise they go to the annotations too and a cycle costs two
   * writes (`kopf`: Kopf reads only its annotations). Older annotations are still read. Omitted means no.
   */
  readonly statusOnly?: boolean;
}

/**
 * The built-in persistence profiles.
 *
 * @example
 * ```ts
 * PERSISTENCE_PROFILES.kopf.finalizer; // 'kopf.zalando.org/KopfFinalizerMarker'
 * ```
 */
export const PERSISTENCE_PROFILES: Readonly<Record<PersistenceProfileName, PersistenceProfile>> = Object.freeze({
  opkit: Object.freeze({
    name: 'opkit',
    prefix: 'opkit.dev',
    finalizer: 'opkit.dev/finalizer',
    diffBaseKey: 'last-handled-configuration',
    touchKey: 'touch-dummy',
    progressField: Object.freeze(['status', 'opkit', 'progress']),
    touchField: Object.freeze(['status', 'opkit', 'dummy']),
    diffBaseField: Object.freeze(['status', 'opkit', 'last-handled-configuration']),
    v1Keys: false,
    secretDigests: true,
    statusDiffBaseCopy: true,
    statusOnly: true,
  }),
  kopf: Object.freeze({
    name: 'kopf',
    prefix: 'kopf.zalando.org',
    finalizer: 'kopf.zalando.org/KopfFinalizerMarker',
    diffBaseKey: 'last-handled-configuration',
    touchKey: 'touch-dummy',
    progressField: Object.freeze(['status', 'kopf', 'progress']),
    touchField: Object.freeze(['status', 'kopf', 'dummy']),
    diffBaseField: Object.freeze(['status', 'kopf', 'last-handled-configuration']),
    v1Keys: true,
    secretDigests: false,
    statusDiffBaseCopy: false,
    statusOnly: false,
  }),
});

/** The default profile: `opkit`. */
export const DEFAULT_PERSISTENCE_PROFILE: PersistenceProfileName = 'opkit';

/**
 * Resolve a profile name (or a profile object, returned as is) to its settings.
 *
 * @param profile - `'opkit'` (the default when omitted), `'kopf'`, or a full profile object.
 * @throws InvalidStateArgumentError for an unknown name.
 * @example
 * ```ts
 * resolveProfile('kopf').prefix; // 'kopf.zalando.org'
 * resolveProfile().prefix;       // 'opkit.dev'
 * ```
 */
export function resolveProfile(profile?: PersistenceProfileName | PersistenceProfile): PersistenceProfile {
  if (profile === undefined) return PERSISTENCE_PROFILES[DEFAULT_PERSISTENCE_PROFILE];
  if (typeof profile === 'object' && profile !== null) return profile;
  if (profile === 'opkit' || profile === 'kopf') return PERSISTENCE_PROFILES[profile];
  throw new InvalidStateArgumentError(
    `Unknown persistence profile ${JSON.stringify(profile)}: expected 'opkit' (the default) or 'kopf'.`,
  );
}
