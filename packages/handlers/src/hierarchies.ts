// Parent–child helpers for operators that create objects: owner references (so that deleting the
// parent garbage-collects its children), names derived from the parent, its namespace and labels.
// They edit plain objects in place; the owner defaults to the object whose handler is running.
import type { KubeObject } from '@opkit/kube';
import { HandlerScopeError } from './errors.js';
import { isPlainObject, parseFieldPath } from './fields.js';
import { currentContext } from './scope.js';

/** An object as these helpers edit it (a manifest being built, or a fetched body). */
export type ChildObject = Record<string, any>;
type Objects = ChildObject | readonly ChildObject[];

/** An entry of `metadata.ownerReferences`. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** A reference to an object (`{ apiVersion, kind, name, uid, namespace }`). */
export interface ObjectReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
  namespace?: string;
}

function list(objs: Objects): ChildObject[] {
  return Array.isArray(objs) ? [...objs] : [objs];
}

function metadataOf(obj: ChildObject): Record<string, any> {
  if (!isPlainObject(obj.metadata)) obj.metadata = {};
  return obj.metadata as Record<string, any>;
}

function ownerOrCurrent(owner: KubeObject | undefined, helper: string): KubeObject {
  if (owner) return owner;
  const context = currentContext();
  if (context && 'body' in context) return context.body;
  throw new HandlerScopeError(`${helper}() needs an owner: pass { owner } or call it inside a resource handler.`);
}

/**
 * An owner reference to `body`.
 *
 * @example
 * ```ts
 * buildOwnerReference(parent); // { apiVersion, kind, name, uid, controller: true, blockOwnerDeletion: true }
 * ```
 */
export function buildOwnerReference(body: KubeObject, options: { controller?: boolean; blockOwnerDeletion?: boolean } = {}): OwnerReference {
  const { apiVersion, kind } = body;
  const { name, uid } = body.metadata ?? {};
  if (!apiVersion || !kind || !name || !uid) {
    throw new TypeError('An owner needs apiVersion, kind, metadata.name and metadata.uid (use a body read from the API).');
  }
  return { apiVersion, kind, name, uid, controller: options.controller ?? true, blockOwnerDeletion: options.blockOwnerDeletion ?? true };
}

/**
 * A reference to `body` (for events and cross-references).
 *
 * @example
 * ```ts
 * buildObjectReference(body); // { apiVersion, kind, name, uid, namespace }
 * ```
 */
export function buildObjectReference(body: KubeObject): ObjectReference {
  const reference: ObjectReference = {};
  if (body.apiVersion !== undefined) reference.apiVersion = body.apiVersion;
  if (body.kind !== undefined) reference.kind = body.kind;
  const meta = body.metadata ?? {};
  if (meta.name !== undefined) reference.name = meta.name;
  if (meta.uid !== undefined) reference.uid = meta.uid;
  if (meta.namespace !== undefined) reference.namespace = meta.namespace;
  return reference;
}

/**
 * Add an owner reference to each object (once per owner uid).
 *
 * @example
 * ```ts
 * appendOwnerReference(pod, { owner: parent });
 * ```
 */
export function appendOwnerReference(objs: Objects, options: { owner?: KubeObject; controller?: boolean; blockOwnerDeletion?: boolean } = {}): void {
  const reference = buildOwnerReference(ownerOrCurrent(options.owner, 'appendOwnerReference'), options);
  for (const obj of list(objs)) {
    const meta = metadataOf(obj);
    const refs: OwnerReference[] = Array.isArray(meta.ownerReferences) ? meta.ownerReferences : [];
    if (!refs.some((ref) => ref.uid === reference.uid)) meta.ownerReferences = [...refs, { ...reference }];
  }
}

/**
 * Remove the owner's reference from each object.
 *
 * @example
 * ```ts
 * removeOwnerReference(pod, { owner: parent });
 * ```
 */
export function removeOwnerReference(objs: Objects, options: { owner?: KubeObject } = {}): void {
  const owner = ownerOrCurrent(options.owner, 'removeOwnerReference');
  const uid = owner.metadata?.uid;
  for (const obj of list(objs)) {
    const meta = metadataOf(obj);
    if (Array.isArray(meta.ownerReferences)) {
      meta.ownerReferences = (meta.ownerReferences as OwnerReference[]).filter((ref) => ref.uid !== uid);
    }
  }
}

/**
 * Name children after the owner: `generateName: <name>-` (or `name` exactly with `strict`), unless
 * they have a name already (or `forced`).
 *
 * @example
 * ```ts
 * harmonizeNaming(pod, { name: 'kopf-example-1' }); // metadata.generateName = 'kopf-example-1-'
 * ```
 */
export function harmonizeNaming(objs: Objects, options: { name?: string; forced?: boolean; strict?: boolean } = {}): void {
  const name = options.name ?? ownerOrCurrent(undefined, 'harmonizeNaming').metadata?.name;
  if (!name) throw new TypeError('harmonizeNaming() needs a name (the owner has none).');
  for (const obj of list(objs)) {
    const meta = metadataOf(obj);
    if (options.strict) {
      if (options.forced || !meta.name) {
        meta.name = name;
        delete meta.generateName;
      }
    } else if (options.forced || (!meta.name && !meta.generateName)) {
      delete meta.name;
      meta.generateName = `${name}-`;
    }
  }
}

/**
 * Put children into the owner's namespace unless they name one (or `forced`). A cluster-scoped
 * owner imposes nothing.
 *
 * @example
 * ```ts
 * adjustNamespace(pod, { namespace: 'default' });
 * ```
 */
export function adjustNamespace(objs: Objects, options: { namespace?: string | undefined; forced?: boolean } = {}): void {
  const namespace = 'namespace' in options ? options.namespace : ownerOrCurrent(undefined, 'adjustNamespace').metadata?.namespace;
  if (!namespace) return;
  for (const obj of list(objs)) {
    const meta = metadataOf(obj);
    if (options.forced || !meta.namespace) meta.namespace = namespace;
  }
}

/**
 * Copy labels onto children (and into nested templates such as `spec.template`), keeping the
 * children's own values unless `forced`. Labels default to the owner's.
 *
 * @example
 * ```ts
 * label(deployment, { labels: { app: 'db' }, nested: ['spec.template'] });
 * ```
 */
export function label(objs: Objects, options: { labels?: Readonly<Record<string, string>>; forced?: boolean; nested?: readonly string[] } = {}): void {
  const labels = options.labels ?? ownerOrCurrent(undefined, 'label').metadata?.labels ?? {};
  const nested = (options.nested ?? []).map((path) => parseFieldPath(path));
  for (const obj of list(objs)) {
    const targets: ChildObject[] = [obj];
    for (const path of nested) {
      let node: unknown = obj;
      for (const key of path) {
        if (!isPlainObject(node)) break;
        if (!isPlainObject(node[key])) node[key] = {};
        node = node[key];
      }
      if (isPlainObject(node)) targets.push(node);
    }
    for (const target of targets) {
      const meta = metadataOf(target);
      const current: Record<string, string> = isPlainObject(meta.labels) ? meta.labels as Record<string, string> : {};
      for (const [key, value] of Object.entries(labels)) if (options.forced || !(key in current)) current[key] = value;
      meta.labels = current;
    }
  }
}

/**
 * Make objects children of the owner: owner reference, name, namespace and labels, as Kopf's adopt().
 *
 * @example
 * ```ts
 * on.create('kopfexamples', function create_fn({ body }) {
 *   const pod = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: { … } };
 *   adopt(pod); // owner: the object being handled
 * });
 * ```
 */
export function adopt(objs: Objects, options: { owner?: KubeObject; forced?: boolean; strict?: boolean; nested?: readonly string[] } = {}): void {
  const owner = ownerOrCurrent(options.owner, 'adopt');
  appendOwnerReference(objs, { owner });
  harmonizeNaming(objs, { name: owner.metadata?.name ?? '', forced: options.forced ?? false, strict: options.strict ?? false });
  adjustNamespace(objs, { namespace: owner.metadata?.namespace, forced: options.forced ?? false });
  label(objs, { labels: owner.metadata?.labels ?? {}, forced: options.forced ?? false, nested: options.nested ?? [] });
}
