// What a Secret holds must never reach a log line or a feed in clear: debug lines print whole bodies and
// diffs, `op dev --json` prints the objects it watches, and log fields may carry any value. Every such
// point passes its value through one of these functions, which replace the values of a Secret's `data`
// and `stringData` (and the data copied into the annotations that hold a whole body as JSON text:
// `kubectl.kubernetes.io/last-applied-configuration` and the diff-base, `<prefix>/last-handled-configuration`)
// with a fixed marker and keep the keys, so a reader still sees which keys exist or changed.
// They live here, in the lowest package, so that the API server, the client, the handling packages and
// the CLI share one definition. Values are copied, never changed in place: handlers get the real data.
import { parseJson } from './parse.js';
import { stringifyJson } from './stringify.js';
import { isPlainObject } from './keys.js';

/** What replaces each Secret value in logs and feeds. */
export const REDACTED = '<redacted>';

/** The annotation `kubectl apply` writes: the whole applied object as JSON text, a Secret's data included. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/** The name (after any prefix) of the diff-base annotation, which holds the handled essence, data included. */
const DIFF_BASE_NAME = '/last-handled-configuration';

const DATA_FIELDS = new Set(['data', 'stringData']);

/** Whether an annotation holds a whole body (data included) as JSON text. */
function holdsBody(key: string | undefined): boolean {
  return key === LAST_APPLIED_ANNOTATION || (key !== undefined && key.endsWith(DIFF_BASE_NAME));
}

/**
 * Whether a value is a Kubernetes Secret body (`kind: Secret` of the core `v1` group; a body without an
 * apiVersion counts too, as a Secret's essence or a handler's copy may lack it).
 *
 * @example
 * ```ts
 * isSecret({ apiVersion: 'v1', kind: 'Secret', data: {} }); // true
 * isSecret({ apiVersion: 'v1', kind: 'ConfigMap' }); // false
 * ```
 */
export function isSecret(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  return value['kind'] === 'Secret' && (value['apiVersion'] === 'v1' || value['apiVersion'] === undefined);
}

function mapEntries(value: Record<string, unknown>, each: (key: string, item: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = each(key, item);
  return out;
}

/** One data value: `null` (a merge patch's removal) and `undefined` stay, anything else is the marker. */
function redactOne(value: unknown): unknown {
  return value === null || value === undefined ? value : REDACTED;
}

function redactEmbeddedBody(value: unknown): unknown {
  if (typeof value !== 'string') return redactOne(value);
  try {
    const applied = parseJson(value);
    return isPlainObject(applied) ? stringifyJson(redactSecretValue([], applied)) : REDACTED;
  } catch {
    return REDACTED; // not JSON: nothing to keep that could be told apart from the data
  }
}

/**
 * The value found at `path` inside a Secret, with the Secret's values redacted: the whole body for an
 * empty path, a `data`/`stringData` map or one of its values, `metadata`, its annotations or one that
 * holds the body as JSON text (last-applied, diff-base). Other paths are returned as they are. For diffs and patches of a Secret, whose
 * values are parts of the body.
 *
 * @example
 * ```ts
 * redactSecretValue(['data'], { password: 'aHVudGVyMg==' }); // { password: '<redacted>' }
 * redactSecretValue(['data', 'password'], 'aHVudGVyMg=='); // '<redacted>'
 * redactSecretValue(['type'], 'Opaque'); // 'Opaque'
 * ```
 */
export function redactSecretValue(path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return isPlainObject(value) ? mapEntries(value, (key, item) => redactSecretValue([key], item)) : value;
  const [top, second, third] = path;
  if (DATA_FIELDS.has(top!)) {
    if (path.length > 1) return redactOne(value);
    return isPlainObject(value) ? mapEntries(value, (_key, item) => redactOne(item)) : redactOne(value);
  }
  if (top !== 'metadata') return value;
  if (path.length === 1) return isPlainObject(value) ? mapEntries(value, (key, item) => redactSecretValue(['metadata', key], item)) : value;
  if (second !== 'annotations') return value;
  if (path.length === 2) return isPlainObject(value) ? mapEntries(value, (key, item) => redactSecretValue(['metadata', 'annotations', key], item)) : value;
  return path.length === 3 && holdsBody(third) ? redactEmbeddedBody(value) : value;
}

/**
 * A Secret with the values of its `data` and `stringData` (and of the data in its last-applied annotation)
 * replaced by {@link REDACTED}, keys kept; the annotations holding the body as JSON text (kubectl's
 * last-applied configuration, the diff-base `<prefix>/last-handled-configuration`) are redacted alike.
 * Any other value is returned as it is.
 *
 * @example
 * ```ts
 * redactSecret({ apiVersion: 'v1', kind: 'Secret', data: { password: 'aHVudGVyMg==' } });
 * // { apiVersion: 'v1', kind: 'Secret', data: { password: '<redacted>' } }
 * ```
 */
export function redactSecret<T>(value: T): T {
  return isSecret(value) ? (redactSecretValue([], value) as T) : value;
}

/** A JSON Pointer (RFC 6901) as keys. */
function pointerKeys(pointer: string): string[] {
  return pointer.split('/').slice(1).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * A patch of a Secret with the Secret's values redacted: a merge or strategic merge patch (an object,
 * redacted as a partial body) or a JSON patch (an array of operations, each `value` redacted by its path).
 *
 * @example
 * ```ts
 * redactSecretPatch({ data: { password: 'aHVudGVyMg==' } }); // { data: { password: '<redacted>' } }
 * redactSecretPatch([{ op: 'add', path: '/data/password', value: 'aHVudGVyMg==' }]); // [{ …, value: '<redacted>' }]
 * ```
 */
export function redactSecretPatch<T>(patch: T): T {
  if (Array.isArray(patch)) {
    return patch.map((op: unknown) => (isPlainObject(op) && typeof op['path'] === 'string' && 'value' in op
      ? { ...op, value: redactSecretValue(pointerKeys(op['path']), op['value']) }
      : op)) as T;
  }
  return redactSecretValue([], patch) as T;
}

/**
 * A diff of a Secret with the Secret's values redacted. Items are `{ op, path, old, new }` objects or
 * Kopf's `[op, path, old, new]` tuples; `old` and `new` are redacted by the item's path.
 *
 * @example
 * ```ts
 * redactSecretDiff([{ op: 'change', path: ['data', 'password'], old: 'YQ==', new: 'Yg==' }]);
 * // [{ op: 'change', path: ['data', 'password'], old: '<redacted>', new: '<redacted>' }]
 * ```
 */
export function redactSecretDiff<T>(diff: T): T {
  if (!Array.isArray(diff)) return diff;
  const keys = (path: unknown): string[] | undefined => (Array.isArray(path) ? path.map(String) : undefined);
  return (diff as readonly unknown[]).map((item: unknown): unknown => {
    if (Array.isArray(item)) {
      const tuple = item as readonly unknown[];
      const path = keys(tuple[1]);
      return path ? [tuple[0], tuple[1], redactSecretValue(path, tuple[2]), redactSecretValue(path, tuple[3]), ...tuple.slice(4)] : tuple;
    }
    if (isPlainObject(item)) {
      const path = keys(item['path']);
      return path ? { ...item, old: redactSecretValue(path, item['old']), new: redactSecretValue(path, item['new']) } : item;
    }
    return item;
  }) as T;
}

/**
 * Any value with every Secret inside it redacted (as {@link redactSecret}): a body, a list, a watch event,
 * an admission review, a log field. Values without a Secret come back as they are (the same reference).
 *
 * @example
 * ```ts
 * redactSecrets({ type: 'ADDED', object: secret }); // { type: 'ADDED', object: <secret, redacted> }
 * ```
 */
export function redactSecrets<T>(value: T): T {
  return walk(value, 0) as T;
}

/** Deeper than any object an API server accepts; past it a value is left as it is. */
const MAX_DEPTH = 100;

function walk(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const items = value as readonly unknown[];
    let changed: unknown[] | undefined;
    items.forEach((item, index) => {
      const next = walk(item, depth + 1);
      if (next !== item) (changed ??= [...items])[index] = next;
    });
    return changed ?? value;
  }
  if (!isPlainObject(value)) return value;
  const object: Record<string, unknown> = value;
  if (isSecret(object)) return redactSecretValue([], object);
  let changed: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(object)) {
    const next = walk(item, depth + 1);
    if (next !== item) (changed ??= { ...object })[key] = next;
  }
  return changed ?? value;
}
