// Why this file exists: every call in @opkit/kube is addressed by a `Resource` (what discovery says
// about one group/version/plural), and this is where a Resource becomes a URL path.

/**
 * One resource type as served by the API (one group/version/plural), as discovery describes it.
 *
 * @example
 * ```ts
 * const configmaps: Resource = { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true };
 * ```
 */
export interface Resource {
  /** API group; `''` for the core group. */
  group: string;
  /** API version within the group, e.g. `v1`. */
  version: string;
  /** The plural name used in URLs, e.g. `kopfexamples`. */
  plural: string;
  /** The object kind, e.g. `KopfExample`. */
  kind: string;
  /** Whether objects live in namespaces. */
  namespaced: boolean;
  /** The singular name, e.g. `kopfexample` (discovery may leave it empty). */
  singular?: string;
  /** Short names, e.g. `['kex']`. */
  shortNames?: readonly string[];
  /** Categories, e.g. `['all']`. */
  categories?: readonly string[];
  /** Verbs the server allows, e.g. `['get','list','watch','patch']`. */
  verbs?: readonly string[];
  /** Subresources served, e.g. `['status','scale']`. */
  subresources?: readonly string[];
  /** Whether `version` is the group's preferred version (set by discovery). */
  preferred?: boolean;
}

/** Kubernetes ObjectMeta, the fields Opkit reads (others pass through). */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string; controller?: boolean; blockOwnerDeletion?: boolean }[];
  [key: string]: unknown;
}

/** Any Kubernetes object: apiVersion, kind, metadata, and whatever else the type has. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

/**
 * The `apiVersion` of a resource: `v1` for core, `group/version` otherwise.
 *
 * @example
 * ```ts
 * apiVersionOf({ group: 'kopf.dev', version: 'v1' }); // 'kopf.dev/v1'
 * ```
 */
export function apiVersionOf(resource: Pick<Resource, 'group' | 'version'>): string {
  return resource.group ? `${resource.group}/${resource.version}` : resource.version;
}

/**
 * A short, unique, human name for a resource: `plural.group/version` (`plural/version` for core).
 *
 * @example
 * ```ts
 * resourceName({ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }); // 'kopfexamples.kopf.dev/v1'
 * ```
 */
export function resourceName(resource: Pick<Resource, 'group' | 'version' | 'plural'>): string {
  return `${resource.plural}${resource.group ? `.${resource.group}` : ''}/${resource.version}`;
}

/** Where a request goes: a namespace (for namespaced resources), an object name, a subresource. */
export interface ResourcePathOptions {
  namespace?: string | undefined;
  name?: string | undefined;
  subresource?: string | undefined;
}

/**
 * The URL path of a collection or an object. A namespaced resource without a namespace gives the
 * all-namespaces collection path.
 *
 * @example
 * ```ts
 * resourcePath(configmaps, { namespace: 'default', name: 'x' }); // '/api/v1/namespaces/default/configmaps/x'
 * ```
 */
export function resourcePath(resource: Resource, options: ResourcePathOptions = {}): string {
  const base = resource.group ? `/apis/${resource.group}/${resource.version}` : `/api/${resource.version}`;
  const scope = resource.namespaced && options.namespace ? `/namespaces/${encodeURIComponent(options.namespace)}` : '';
  const name = options.name !== undefined ? `/${encodeURIComponent(options.name)}` : '';
  const sub = options.subresource && options.name !== undefined ? `/${options.subresource}` : '';
  return `${base}${scope}/${resource.plural}${name}${sub}`;
}

/**
 * A map key for an object that survives relists: `namespace/name` (or `name` for cluster objects).
 *
 * @example
 * ```ts
 * objectKey({ metadata: { namespace: 'ns', name: 'a' } }); // 'ns/a'
 * ```
 */
export function objectKey(object: { metadata?: { namespace?: string | undefined; name?: string | undefined } }): string {
  const meta = object.metadata ?? {};
  return meta.namespace ? `${meta.namespace}/${meta.name ?? ''}` : (meta.name ?? '');
}
