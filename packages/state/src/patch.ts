// The patch a processing cycle accumulates: a JSON merge patch (RFC 7386) that handlers and storages
// write into, with `spec`/`status`/`metadata`/`labels`/`annotations` views where `null` means
// "delete this field", plus `fns`: transformations of the freshest body that become JSON-patch
// operations, so list edits such as finalizers never clobber other writers' changes.
import type { FieldSpec, JsonObject } from './internal/fields.js';
import { deepCopy, ensure, isObject, parseField, remove, resolve } from './internal/fields.js';
import type { JsonPatchOperation } from './jsonPatch.js';
import { jsonPatchFromDiff } from './jsonPatch.js';

/** A transformation of a (deep-copied) body, applied in place; it becomes JSON-patch operations. */
export type PatchFn = (body: JsonObject) => void;

/** A live, writable view of one object inside a patch; `null` values delete fields on the server. */
export type PatchView = { [key: string]: any };

/** The metadata view, with `labels` and `annotations` views of its own. */
export type MetaPatchView = PatchView & { labels: PatchView; annotations: PatchView };

interface PatchViews { readonly spec: PatchView; readonly status: PatchView; readonly metadata: MetaPatchView; readonly labels: PatchView; readonly annotations: PatchView }

/** A patch's views, made on its first use of one (a plain function: no member a caller could replace). */
function viewsOf(lazy: { views?: PatchViews }, data: JsonObject): PatchViews {
  if (lazy.views === undefined) {
    const labels = view(data, ['metadata', 'labels']);
    const annotations = view(data, ['metadata', 'annotations']);
    const metadata = view(data, ['metadata'], { labels, annotations }) as MetaPatchView;
    lazy.views = { spec: view(data, ['spec']), status: view(data, ['status']), metadata, labels, annotations };
  }
  return lazy.views;
}

/**
 * A merge patch under construction plus JSON-patch transformations.
 *
 * @example
 * ```ts
 * const patch = new Patch();
 * patch.status.message = 'hello';
 * patch.metadata.annotations['example.com/x'] = null; // delete it
 * patch.fns.push((body) => { body.spec = { ...(body.spec as object), touched: true }; });
 * patch.asMergePatch(); // { status: { message: 'hello' }, metadata: { annotations: { 'example.com/x': null } } }
 * ```
 */
export class Patch {
  /** The merge-patch document itself. Prefer the views or {@link Patch.set} (a ConfigMap's `data`: `patch.set(['data', key], value)`). */
  readonly data: JsonObject;
  /** Transformations applied to the freshest body after the merge patch; see {@link Patch.fnsAsJsonPatch}. */
  readonly fns: PatchFn[];
  /** The views, made on first use (most patches made by a cycle are never looked at through them). */
  private readonly lazy: { views?: PatchViews } = {};

  constructor(source?: Patch | JsonObject, options: { readonly fns?: readonly PatchFn[] } = {}) {
    this.data = source instanceof Patch ? deepCopy(source.data) : isObject(source) ? deepCopy(source) : {};
    this.fns = [...(source instanceof Patch ? source.fns : []), ...(options.fns ?? [])];
    // Assigning any other key applies it to the merge patch, or throws saying how (never silently ignored).
    return new Proxy(this, {
      get: (target, key, receiver) => (typeof key !== 'string' || key in target ? Reflect.get(target, key, receiver) : target.data[key]),
      set: (target, key, value, receiver) => {
        if (key === 'data' || key === 'lazy') {
          throw new TypeError(`patch.${key} cannot be replaced: set a field with patch.set(['data', 'key'], value), or assign patch.spec, patch.status or patch.metadata.`);
        }
        if (key === 'fns' && (!Array.isArray(value) || !value.every((fn) => typeof fn === 'function'))) {
          throw new TypeError('patch.fns can only be assigned a list of functions; push to it instead: patch.fns.push((body) => { … }).');
        }
        if (typeof key !== 'string' || key in target) return Reflect.set(target, key, value, receiver);
        assignField(target.data, [key], value, `patch.${key}`);
        return true;
      },
    });
  }

  /** A view of `spec`; assigning an object merges it in (`patch.spec = { a: 1 }` sets `spec.a`), `null` deletes `spec`. */
  get spec(): PatchView { return viewsOf(this.lazy, this.data).spec; }
  set spec(value: PatchView | null) { assignField(this.data, ['spec'], value, 'patch.spec'); }

  /** A view of `status`; assigning merges as for {@link Patch.spec}. */
  get status(): PatchView { return viewsOf(this.lazy, this.data).status; }
  set status(value: PatchView | null) { assignField(this.data, ['status'], value, 'patch.status'); }

  /** A view of `metadata`, with `labels` and `annotations`; `patch.metadata = { labels: { a: 'b' } }` merges. */
  get metadata(): MetaPatchView { return viewsOf(this.lazy, this.data).metadata; }
  set metadata(value: PatchView | null) { assignField(this.data, ['metadata'], value, 'patch.metadata'); }

  /** An alias of {@link Patch.metadata}. */
  get meta(): MetaPatchView { return viewsOf(this.lazy, this.data).metadata; }
  set meta(value: PatchView | null) { assignField(this.data, ['metadata'], value, 'patch.meta'); }

  /** A view of `metadata.labels`; assigning merges as for {@link Patch.spec}. */
  get labels(): PatchView { return viewsOf(this.lazy, this.data).labels; }
  set labels(value: PatchView | null) { assignField(this.data, ['metadata', 'labels'], value, 'patch.labels'); }

  /** A view of `metadata.annotations`; assigning merges as for {@link Patch.spec}. */
  get annotations(): PatchView { return viewsOf(this.lazy, this.data).annotations; }
  set annotations(value: PatchView | null) { assignField(this.data, ['metadata', 'annotations'], value, 'patch.annotations'); }

  /** Whether there is nothing to send: no merge-patch fields and no fns. */
  get isEmpty(): boolean {
    return Object.keys(this.data).length === 0 && this.fns.length === 0;
  }

  /** Read a field of the merge patch (`undefined` if not set; `null` means "to be deleted"). */
  get(field: FieldSpec): unknown {
    return resolve(this.data, parseField(field));
  }

  /** Set a field of the merge patch, creating parents; `null` deletes the field on the server. */
  set(field: FieldSpec, value: unknown): void {
    ensure(this.data, parseField(field), value);
  }

  /** Take a field out of the merge patch (not the same as deleting it on the server). */
  unset(field: FieldSpec): void {
    remove(this.data, parseField(field));
  }

  /** A deep copy of the merge-patch document, ready to send. */
  asMergePatch(): JsonObject {
    return deepCopy(this.data);
  }

  /**
   * The body as it would be after the merge patch and then the fns (the input is not changed).
   * As in Kopf, a `null` for an absent field changes nothing (no empty parents are created) and a
   * removal also drops the parents it leaves empty.
   */
  applyTo(body: unknown): JsonObject {
    const target: JsonObject = isObject(body) ? deepCopy(body) : {};
    applyFields(target, [], this.data);
    for (const fn of this.fns) fn(target);
    return target;
  }

  /**
   * The JSON-patch operations of the fns alone, computed against the freshest known body (usually
   * the one the merge patch returned). Prefix them with {@link guardJsonPatch} before sending.
   */
  fnsAsJsonPatch(body: unknown): JsonPatchOperation[] {
    if (this.fns.length === 0) return [];
    const target: JsonObject = isObject(body) ? deepCopy(body) : {};
    for (const fn of this.fns) fn(target);
    return jsonPatchFromDiff(body, target);
  }

  /** The JSON-patch operations of everything (merge patch, then fns) against a body, as for admission. */
  asJsonPatch(body: unknown): JsonPatchOperation[] {
    if (this.isEmpty) return [];
    return jsonPatchFromDiff(body, this.applyTo(body));
  }

  /** The merge patch as JSON (so `JSON.stringify(patch)` sends the right thing). */
  toJSON(): JsonObject {
    return this.asMergePatch();
  }
}

/**
 * Merge an assigned value into the patch at `path`, as merging two merge patches does: objects merge
 * key by key (`undefined` skipped), anything else (`null` deletes, lists) replaces.
 */
function mergeField(root: JsonObject, path: readonly string[], value: unknown): void {
  if (!isObject(value)) {
    ensure(root, path, deepCopy(value));
    return;
  }
  if (!isObject(resolve(root, path))) ensure(root, path, {});
  for (const [key, item] of Object.entries(value)) if (item !== undefined) mergeField(root, [...path, key], item);
}

/** Assign a whole field of a patch: an object merges, `null` deletes; anything else says how instead. */
function assignField(root: JsonObject, path: readonly string[], value: unknown, name: string): void {
  if (value === null || isObject(value)) {
    mergeField(root, path, value);
    return;
  }
  if (['spec', 'status', 'metadata', 'labels', 'annotations'].includes(path[path.length - 1]!) && (path.length === 1 || path[0] === 'metadata')) {
    throw new TypeError(`${name} can only be assigned an object (merged into the patch) or null (deletes it); got ${describe(value)}. Assign its fields instead: ${name}.field = value.`);
  }
  if (value === undefined) throw new TypeError(`${name} = undefined changes nothing; assign null to delete the field.`);
  mergeField(root, path, value);
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'a list' : value === undefined ? 'undefined' : `a ${typeof value}`;
}

function applyFields(target: JsonObject, path: string[], value: unknown): void {
  if (value === null) {
    remove(target, path);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) if (item !== undefined) applyFields(target, [...path, key], item);
  } else if (path.length > 0) {
    ensure(target, path, deepCopy(value));
  }
}

/** A proxy that reads and writes `root` at `path`, creating the parents only on the first write. */
function view(root: JsonObject, path: readonly string[], children: Record<string, PatchView> = {}): PatchView {
  const current = (): JsonObject | undefined => {
    const value = resolve(root, path);
    return isObject(value) ? value : undefined;
  };
  return new Proxy({}, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      if (Object.hasOwn(children, key)) return children[key];
      if (key === 'toJSON') return () => deepCopy(current() ?? {});
      return current()?.[key];
    },
    set(_target, key, value) {
      if (typeof key !== 'string') return false;
      if (Object.hasOwn(children, key)) {
        assignField(root, [...path, key], value, `patch.${[...path, key].join('.')}`);
        return true;
      }
      ensure(root, [...path, key], value);
      return true;
    },
    deleteProperty(_target, key) {
      const target = current();
      if (typeof key === 'string' && target) delete target[key];
      return true;
    },
    has(_target, key) {
      return typeof key === 'string' && current() !== undefined && Object.hasOwn(current()!, key);
    },
    ownKeys() {
      return Object.keys(current() ?? {});
    },
    getOwnPropertyDescriptor(_target, key) {
      const target = current();
      if (typeof key !== 'string' || !target || !Object.hasOwn(target, key)) return undefined;
      return { value: target[key], writable: true, enumerable: true, configurable: true };
    },
  });
}
