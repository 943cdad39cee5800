// The vocabulary of RBAC evaluation: policy rules, the attributes of one request (what kube-apiserver's
// RequestInfo resolves a request to), who is asking, the RBAC objects a policy is made of, and what an
// authorization decision says. Kept apart from the evaluator so that the server's future enforcement,
// @opkit/testing's coverage check and tools share one set of shapes.

/**
 * One rule of a Role or ClusterRole (`rbac.authorization.k8s.io/v1` PolicyRule). A rule is either about
 * resources (`apiGroups`, `resources`, optional `resourceNames`) or about non-resource URLs.
 *
 * @example
 * const rule: PolicyRule = { apiGroups: ['apps'], resources: ['deployments', 'deployments/scale'], verbs: ['get', 'patch'] };
 */
export interface PolicyRule {
  /** Verbs (`get list watch create update patch delete deletecollection`, or any other); `*` means all. */
  readonly verbs: readonly string[];
  /** API groups (`''` is the core group); `*` means all. */
  readonly apiGroups?: readonly string[];
  /** Resources: `pods`, `pods/status` (a subresource), `*` (every resource), or `*` then `/` and a subresource name (that subresource of every resource). */
  readonly resources?: readonly string[];
  /** Object names the rule is limited to; empty or absent means every name. */
  readonly resourceNames?: readonly string[];
  /** Non-resource URL paths (`/healthz`, `/apis/*`: a trailing `*` is a prefix match); `*` means all. */
  readonly nonResourceURLs?: readonly string[];
}

/**
 * A request to an API resource, as kube-apiserver's RequestInfo describes it.
 *
 * @example
 * const attrs: ResourceAttributes = { resourceRequest: true, verb: 'patch', group: 'kopf.dev', version: 'v1',
 *   resource: 'kopfexamples', subresource: 'status', namespace: 'default', name: 'kopf-example-1' };
 */
export interface ResourceAttributes {
  readonly resourceRequest: true;
  /** The Kubernetes verb (`get list watch create update patch delete deletecollection`, or `proxy` …). */
  readonly verb: string;
  /** The API group; `''` for the core group. */
  readonly group: string;
  /** The API version (not used by RBAC). */
  readonly version?: string;
  /** The plural resource, e.g. `deployments`. */
  readonly resource: string;
  /** The subresource, e.g. `status`, `scale`; absent or `''` when none. */
  readonly subresource?: string;
  /** The namespace; absent or `''` for cluster-wide requests. */
  readonly namespace?: string;
  /** The object name; absent or `''` for create, list, watch and deletecollection of a collection. */
  readonly name?: string;
}

/**
 * A request to a non-resource URL (`/healthz`, `/version`, discovery paths such as `/apis/apps/v1`).
 *
 * @example
 * const attrs: NonResourceAttributes = { resourceRequest: false, verb: 'get', path: '/version' };
 */
export interface NonResourceAttributes {
  readonly resourceRequest: false;
  /** The lowercase HTTP method (`get`, `post` …). */
  readonly verb: string;
  /** The URL path, without the query. */
  readonly path: string;
}

/** What RBAC decides on: a resource request or a non-resource request. */
export type RequestAttributes = ResourceAttributes | NonResourceAttributes;

/**
 * An authenticated identity: a user name and its groups.
 *
 * @example
 * const user: UserInfo = { name: 'system:serviceaccount:default:operator',
 *   groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'] };
 */
export interface UserInfo {
  readonly name: string;
  readonly groups: readonly string[];
}

/** A binding subject: `User`, `Group` or `ServiceAccount` (whose namespace defaults to the binding's). */
export interface RbacSubject {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly apiGroup?: string;
}

/** A binding's `roleRef`: `Role` (in the binding's namespace) or `ClusterRole`. */
export interface RoleRef {
  readonly kind: string;
  readonly name: string;
  readonly apiGroup?: string;
}

/** The metadata RBAC evaluation reads. */
export interface RbacObjectMeta {
  readonly name?: string;
  readonly namespace?: string;
  readonly labels?: Readonly<Record<string, string>>;
}

/** A Role or ClusterRole (`rules`; a ClusterRole may also have an `aggregationRule`). */
export interface RbacRole {
  readonly kind?: string;
  readonly metadata?: RbacObjectMeta;
  readonly rules?: readonly PolicyRule[] | null;
  /** ClusterRoles only: the labels of the ClusterRoles whose rules this one aggregates. */
  readonly aggregationRule?: { readonly clusterRoleSelectors?: readonly Record<string, any>[] | null } | null;
}

/** A RoleBinding or ClusterRoleBinding. */
export interface RbacBinding {
  readonly kind?: string;
  readonly metadata?: RbacObjectMeta;
  readonly roleRef?: RoleRef;
  readonly subjects?: readonly RbacSubject[] | null;
}

/**
 * The RBAC objects a decision is made from, as a cluster stores them.
 *
 * @example
 * const policy: RbacPolicy = { clusterRoles: [role], clusterRoleBindings: [binding] };
 */
export interface RbacPolicy {
  readonly roles?: readonly RbacRole[];
  readonly clusterRoles?: readonly RbacRole[];
  readonly roleBindings?: readonly RbacBinding[];
  readonly clusterRoleBindings?: readonly RbacBinding[];
}

/** A rule together with the binding and role that grant it to a user. */
export interface GrantedRule {
  readonly rule: PolicyRule;
  /** kube's description of the grant, e.g. `ClusterRoleBinding "op" of ClusterRole "op" to ServiceAccount "op/ops"`. */
  readonly source: string;
  /** The binding that grants it. */
  readonly binding: { readonly kind: 'RoleBinding' | 'ClusterRoleBinding'; readonly name: string; readonly namespace?: string };
  /** The role the rule belongs to. */
  readonly role: { readonly kind: 'Role' | 'ClusterRole'; readonly name: string; readonly namespace?: string };
}

/** The rules that apply to a user in a namespace, and what could not be resolved (e.g. a missing role). */
export interface ResolvedRules {
  readonly rules: GrantedRule[];
  /** Resolution errors in kube's words, e.g. `clusterrole.rbac.authorization.k8s.io "x" not found`. */
  readonly errors: string[];
}

/**
 * What {@link authorize} decided. An allowed decision names the first rule that allows the request (its
 * index in the rules given, and the grant when the rules came from `rulesFor`).
 */
export type AuthorizationDecision =
  | { readonly allowed: true; readonly rule: PolicyRule; readonly index: number; readonly granted?: GrantedRule; readonly reason: string }
  | { readonly allowed: false; readonly reason: string };
