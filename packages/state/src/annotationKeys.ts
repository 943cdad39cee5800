// Annotation keys under Kopf's naming rules. Handler ids contain `/` (sub-handlers, field handlers)
// and can be long, while an annotation name must be at most 63 characters of a restricted alphabet.
// Kopf replaces unsafe characters, cuts long names and appends a 4-byte BLAKE2b hash; it writes the
// current "v2" key and, while `v1` is on, the older "v1" form too. Both must match byte for byte.
import { blake2b } from './internal/blake2b.js';
import { isObject } from './internal/fields.js';
import { InvalidStateArgumentError } from './errors.js';
import type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
import { resolveProfile } from './profiles.js';

/** The longest name part of an annotation key Kubernetes accepts. */
export const MAX_ANNOTATION_NAME_LENGTH = 63;

/** Options of the key functions. */
export interface AnnotationKeyOptions {
  /** The persistence profile (default `'opkit'`), which gives the prefix and whether v1 keys are used. */
  readonly profile?: PersistenceProfileName | PersistenceProfile;
  /** Overrides the profile's prefix. */
  readonly prefix?: string;
  /** Overrides whether legacy v1 keys are produced. */
  readonly v1?: boolean;
  /**
   * The object the keys are for. ReplicaSets owned by Deployments get a `-ofDRS` suffix, because
   * Kubernetes copies a Deployment's annotations down to its ReplicaSets.
   */
  readonly body?: unknown;
}

const encoder = new TextEncoder();

/** Replace the characters Kubernetes does not accept in names: `/` → `.`, `<` and `>` → `_`. */
export function makeSafeName(name: string): string {
  return name.replaceAll('/', '.').replaceAll('<', '_').replaceAll('>', '_');
}

/**
 * The hash suffix of a cut name: `-` plus base64 (alphabet `-.` for `+/`) of a 4-byte BLAKE2b of
 * the name, with trailing `=`, `-` and `.` stripped.
 */
export function makeHashSuffix(name: string): string {
  const digest = blake2b(encoder.encode(name), 4);
  const base64 = Buffer.from(digest).toString('base64').replaceAll('+', '-').replaceAll('/', '.');
  return `-${base64}`.replace(/[=.-]+$/, '');
}

/** Python's `text[:end]` on code points, including negative ends. */
function pySlice(text: string, end: number): string {
  const chars = Array.from(text);
  return chars.slice(0, end < 0 ? Math.max(0, chars.length + end) : end).join('');
}

function pyLength(text: string): number {
  return Array.from(text).length;
}

/** The current ("v2") key: only the name part is limited to 63 characters. */
export function makeV2Key(prefix: string, name: string): string {
  const head = prefix ? `${prefix}/` : '';
  const suffix = pyLength(name) > MAX_ANNOTATION_NAME_LENGTH ? makeHashSuffix(name) : '';
  const limit = Math.max(0, MAX_ANNOTATION_NAME_LENGTH - suffix.length);
  return `${head}${pySlice(makeSafeName(name), limit)}${suffix}`;
}

/** The legacy ("v1") key: the whole key, prefix included, was limited to 63 characters. */
export function makeV1Key(prefix: string, name: string): string {
  const safe = makeSafeName(name);
  const head = prefix ? `${prefix}/` : '';
  const room = MAX_ANNOTATION_NAME_LENGTH - pyLength(head);
  const suffix = pyLength(safe) <= room ? '' : makeHashSuffix(safe);
  return `${head}${pySlice(safe, room - suffix.length)}${suffix}`;
}

/** Whether the body is a ReplicaSet owned by a Deployment (its keys get `-ofDRS`). */
export function isDeploymentReplicaSet(body: unknown): boolean {
  if (!isObject(body) || body.kind !== 'ReplicaSet') return false;
  const owners = isObject(body.metadata) ? body.metadata.ownerReferences : undefined;
  return Array.isArray(owners) && owners.some((owner) => isObject(owner) && owner.kind === 'Deployment');
}

/**
 * The annotation keys for a stored name (a handler id, `last-handled-configuration`, `touch-dummy`):
 * the key written first, then the older forms that are still read (and, as Kopf does, also written).
 *
 * @example
 * ```ts
 * annotationKeys('create_fn/item1', { profile: 'kopf' }); // ['kopf.zalando.org/create_fn.item1']
 * ```
 */
export function annotationKeys(name: string, options: AnnotationKeyOptions = {}): string[] {
  if (typeof name !== 'string' || name === '') {
    throw new InvalidStateArgumentError(`An annotation name must be a non-empty string; got ${JSON.stringify(name)}.`);
  }
  const profile = resolveProfile(options.profile);
  const prefix = options.prefix ?? profile.prefix;
  if (!prefix) throw new InvalidStateArgumentError('Annotation storages must have a prefix such as opkit.dev.');
  const useV1 = options.v1 ?? profile.v1Keys;
  const marked = options.body !== undefined && isDeploymentReplicaSet(options.body) ? `${name}-ofDRS` : name;
  const cacheKey = `${useV1 ? '1' : '2'}\u0000${prefix}\u0000${marked}`;
  let keys = computedKeys.get(cacheKey);
  if (keys === undefined) {
    const v2 = makeV2Key(prefix, marked);
    const v1 = useV1 ? makeV1Key(prefix, marked) : v2;
    keys = v1 === v2 ? [v2] : [v2, v1];
    if (computedKeys.size >= COMPUTED_KEYS_LIMIT) computedKeys.clear();
    computedKeys.set(cacheKey, keys);
  }
  return [...keys];
}

/**
 * Keys already computed, by v1 flag, prefix and name: the same few handler ids are looked up for every object in
 * every cycle (ten thousand objects resumed at a restart), and a key costs a code-point walk and sometimes a hash.
 * Bounded, so that names made up at run time cannot grow it without end.
 */
const computedKeys = new Map<string, readonly string[]>();
const COMPUTED_KEYS_LIMIT = 4096;

/**
 * The annotation keys of a handler's progress record: the key written first, then older forms
 * that are still read.
 *
 * @example
 * ```ts
 * progressKeys('create_fn/item1', { profile: 'kopf' }); // ['kopf.zalando.org/create_fn.item1']
 * progressKeys('create_fn');                            // ['opkit.dev/create_fn']
 * ```
 */
export function progressKeys(handlerId: string, options: AnnotationKeyOptions = {}): string[] {
  return annotationKeys(handlerId, options);
}

/**
 * The annotation keys of the diff-base (`<prefix>/last-handled-configuration`).
 *
 * @example
 * ```ts
 * diffBaseKeys({ profile: 'kopf' }); // ['kopf.zalando.org/last-handled-configuration']
 * ```
 */
export function diffBaseKeys(options: AnnotationKeyOptions & { readonly key?: string } = {}): string[] {
  return annotationKeys(options.key ?? resolveProfile(options.profile).diffBaseKey, options);
}
