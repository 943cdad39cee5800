// The essence of an object: the part whose change is a real change. It is what the diff-base stores
// and what every new event is compared against, so Opkit's own writes (annotations under its
// prefix, status, system metadata) never look like changes and never trigger handlers again.
import { encodeJson } from './pythonJson.js';
import type { FieldSpec, JsonObject } from './internal/fields.js';
import { deepCopy, ensure, has, isObject, parseField, remove, resolve, setKey } from './internal/fields.js';
import type { PersistenceProfile, PersistenceProfileName } from './profiles.js';
import { resolveProfile } from './profiles.js';

/** The essence of an object: a JSON object without apiVersion, kind, status and system metadata. */
export type Essence = JsonObject;

/** The annotation kubectl keeps for `kubectl apply`; never part of an essence. */
export const KUBECTL_LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** Annotation names that mark a prefix as belonging to a Kopf-style operator's storage. */
export const STORAGE_MARKERS: readonly string[] = ['kopf-managed'];

/** Prefixes always treated as some Kopf-style operator's storage (and their subdomains). */
export const KNOWN_STORAGE_PREFIXES: readonly string[] = ['kopf.zalando.org'];


/**
 * The prefixes of annotations written by Kopf-style operators' storages, found among the given
 * annotation keys: prefixes with a `<prefix>/kopf-managed` marker, `kopf.zalando.org` and its
 * subdomains.
 *
 * @example
 * ```ts
 * detectStoragePrefixes(['example.com/kopf-managed', 'app/x']); // Set { 'example.com' }
 * ```
 */
export function detectStoragePrefixes(keys: Iterable<string>): Set<string> {
  const prefixes = new Set<string>();
  for (const key of keys) {
    const slash = key.indexOf('/');
    if (slash < 0) continue;
    const prefix = key.slice(0, slash);
    const name = key.slice(slash + 1);
    if (STORAGE_MARKERS.includes(name)
      || KNOWN_STORAGE_PREFIXES.includes(prefix)
      || KNOWN_STORAGE_PREFIXES.some((known) => prefix.endsWith(`.${known}`))) {
      prefixes.add(prefix);
    }
  }
  return prefixes;
}

/** Python truthiness of a JSON value, which decides when Kopf drops an "empty" stanza. */
function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/** Drop empty `metadata.annotations`, `metadata.labels`, `metadata` and `status` (in place). */
export function removeEmptyStanzas(target: JsonObject): void {
  const metadata = target.metadata;
  if (isObject(metadata)) {
    if ('annotations' in metadata && isEmptyValue(metadata.annotations)) delete metadata.annotations;
    if ('labels' in metadata && isEmptyValue(metadata.labels)) delete metadata.labels;
  }
  if ('metadata' in target && isEmptyValue(target.metadata)) delete target.metadata;
  if ('status' in target && isEmptyValue(target.status)) delete target.status;
}

/** Whether {@link removeEmptyStanzas} would change `target`. */
export function hasEmptyStanzas(target: JsonObject): boolean {
  const metadata = target.metadata;
  if (isObject(metadata) && (('annotations' in metadata && isEmptyValue(metadata.annotations)) || ('labels' in metadata && isEmptyValue(metadata.labels)))) return true;
  return ('metadata' in target && isEmptyValue(target.metadata)) || ('status' in target && isEmptyValue(target.status));
}

/** Whether an essence has an annotation `matches` accepts. */
export function hasAnnotation(target: JsonObject, matches: (key: string) => boolean): boolean {
  const annotations = resolve(target, ['metadata', 'annotations']);
  if (!isObject(annotations)) return false;
  for (const key in annotations) if (Object.hasOwn(annotations, key) && matches(key)) return true;
  return false;
}

/** Remove the given annotation keys from an essence (in place). */
export function removeAnnotations(target: JsonObject, shouldRemove: (key: string) => boolean): void {
  const annotations = resolve(target, ['metadata', 'annotations']);
  if (!isObject(annotations)) return;
  for (const key of Object.keys(annotations)) {
    if (shouldRemove(key)) delete annotations[key];
  }
}

/**
 * The basic essence as every diff-base storage builds it, before a storage removes its own fields:
 * the body without apiVersion, kind, metadata and status, plus `metadata.labels` and
 * `metadata.annotations` (without the annotations of prefixes marked as some Kopf-style operator's
 * storage — see {@link detectStoragePrefixes} — and without kubectl's last-applied configuration), plus
 * `extraFields`, minus `ignoredFields`. Key order follows Kopf: the remaining top-level fields in body
 * order, then `metadata` with `labels` before `annotations`, then the extra fields.
 *
 * An operator's own prefix is not stripped here: until its `<prefix>/kopf-managed` marker is stored,
 * annotations under it are the user's, exactly as Kopf sees them. Each storage removes its own keys.
 *
 * @example
 * ```ts
 * buildEssence(body, { ignoredFields: ['spec.cache'], extraFields: ['status.phase'] });
 * ```
 */
export function buildEssence(
  body: unknown,
  options: { readonly ignoredFields?: readonly FieldSpec[]; readonly extraFields?: readonly FieldSpec[] } = {},
): Essence {
  const source = isObject(body) ? body : {};
  const result: Essence = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'apiVersion' || key === 'kind' || key === 'metadata' || key === 'status') continue;
    setKey(result, key, deepCopy(value));
  }
  for (const field of [['metadata', 'labels'], ['metadata', 'annotations']]) {
    if (has(source, field)) ensure(result, field, deepCopy(resolve(source, field)));
  }
  const annotations = resolve(result, ['metadata', 'annotations']);
  if (isObject(annotations)) {
    const marked = [...detectStoragePrefixes(Object.keys(annotations))];
    removeAnnotations(result, (key) => key === KUBECTL_LAST_APPLIED || marked.some((prefix) => key.startsWith(`${prefix}/`)));
  }
  for (const field of options.extraFields ?? []) {
    const path = parseField(field);
    if (has(source, path)) ensure(result, path, deepCopy(resolve(source, path)));
  }
  removeEmptyStanzas(result);
  for (const field of options.ignoredFields ?? []) remove(result, parseField(field));
  return result;
}

/**
 * The exact annotation value of a diff-base: compact JSON as Python's `json.dumps(essence,
 * separators=(',', ':'))` writes it, followed by a newline. The profile does not change the format.
 *
 * @example
 * ```ts
 * encodeDiffBase({ spec: { a: 1 } }, { profile: 'kopf' }); // '{"spec":{"a":1}}\n'
 * ```
 */
export function encodeDiffBase(value: Essence, options: { readonly profile?: PersistenceProfileName | PersistenceProfile } = {}): string {
  resolveProfile(options.profile);
  return `${encodeJson(value)}\n`;
}
