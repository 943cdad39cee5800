// The server's RBAC mode: decides requests with the pure evaluator of src/rbac/ over the Roles,
// ClusterRoles (aggregation included), RoleBindings and ClusterRoleBindings the server stores, plus the
// default roles every cluster grants (discovery, the self reviews). Members of `system:masters` are always
// allowed, as kube's privileged-group authorizer does before RBAC. The policy is read from the store only
// when an RBAC object changed, and the rules of one (user, groups, namespace) are kept until then, so a
// request costs one map lookup and a scan of that user's rules.
import { authorize } from '../rbac/authorize.js';
import { DEFAULT_RBAC_POLICY } from '../rbac/defaultPolicy.js';
import { mergeRbacPolicies, rulesFor } from '../rbac/rulesFor.js';
import type { GrantedRule, RbacPolicy, RequestAttributes } from '../rbac/types.js';
import type { ObjectStore } from '../storage/index.js';

/** The storage keys of the four RBAC kinds. */
export const RBAC_STORAGE_KEYS = Object.freeze({
  roles: 'rbac.authorization.k8s.io/roles',
  clusterRoles: 'rbac.authorization.k8s.io/clusterroles',
  roleBindings: 'rbac.authorization.k8s.io/rolebindings',
  clusterRoleBindings: 'rbac.authorization.k8s.io/clusterrolebindings',
});
const WATCHED = new Set<string>(Object.values(RBAC_STORAGE_KEYS));
const MASTERS = 'system:masters';

/** Who asks, as the authorizer needs it. */
export interface Subject {
  readonly name: string;
  readonly groups: readonly string[];
}

/** What the authorizer decided: allowed with kube's reason, or denied with the reason kube appends (may be ''). */
export interface Decision {
  readonly allowed: boolean;
  readonly reason: string;
}

/** The rules of a subject in a namespace, and what could not be resolved. */
export interface SubjectRules {
  readonly rules: readonly GrantedRule[];
  readonly errors: readonly string[];
  /** True for `system:masters`: every request is allowed whatever the rules. */
  readonly privileged: boolean;
}

/** kube's aggregate of errors: one as is, several as `[a, b]`, duplicates once. */
function aggregate(errors: readonly string[]): string {
  const unique = [...new Set(errors)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

/**
 * RBAC over a store's RBAC objects.
 *
 * @example
 * const authorizer = new RbacAuthorizer(store);
 * authorizer.authorize({ name: 'alice', groups: ['system:authenticated'] }, requestAttributes('GET', '/api/v1/namespaces/a/pods'));
 * authorizer.close();
 */
export class RbacAuthorizer {
  readonly #store: ObjectStore;
  readonly #unsubscribe: () => void;
  #policy: Required<RbacPolicy> | undefined;
  readonly #rules = new Map<string, SubjectRules>();

  constructor(store: ObjectStore) {
    this.#store = store;
    this.#unsubscribe = store.subscribe((event) => {
      if (!WATCHED.has(event.storageKey)) return;
      this.#policy = undefined;
      this.#rules.clear();
    });
  }

  /** The stored policy merged with the cluster's default roles. */
  policy(): Required<RbacPolicy> {
    this.#policy ??= mergeRbacPolicies(
      {
        roles: this.#store.list(RBAC_STORAGE_KEYS.roles),
        clusterRoles: this.#store.list(RBAC_STORAGE_KEYS.clusterRoles),
        roleBindings: this.#store.list(RBAC_STORAGE_KEYS.roleBindings),
        clusterRoleBindings: this.#store.list(RBAC_STORAGE_KEYS.clusterRoleBindings),
      },
      DEFAULT_RBAC_POLICY,
    );
    return this.#policy;
  }

  /**
   * The rules that apply to `subject` in `namespace` ('' for cluster-wide), cached until an RBAC object changes.
   *
   * @example
   * authorizer.rulesFor({ name: 'alice', groups: [] }, 'team-a').rules.length;
   */
  rulesFor(subject: Subject, namespace: string): SubjectRules {
    const key = `${subject.name}\u0000${subject.groups.join('\u0000')}\u0001${namespace}`;
    let entry = this.#rules.get(key);
    if (!entry) {
      const privileged = subject.groups.includes(MASTERS);
      const resolved = rulesFor({ name: subject.name, groups: subject.groups }, this.policy(), namespace);
      entry = { rules: resolved.rules, errors: resolved.errors, privileged };
      this.#rules.set(key, entry);
    }
    return entry;
  }

  /**
   * Decides one request.
   *
   * @example
   * const { allowed, reason } = authorizer.authorize(subject, attributes);
   */
  authorize(subject: Subject, attributes: RequestAttributes): Decision {
    const namespace = attributes.resourceRequest ? (attributes.namespace ?? '') : '';
    const entry = this.rulesFor(subject, namespace);
    if (entry.privileged) return { allowed: true, reason: '' };
    const decision = authorize(entry.rules, attributes);
    if (decision.allowed) return { allowed: true, reason: decision.reason };
    return { allowed: false, reason: entry.errors.length > 0 ? `RBAC: ${aggregate(entry.errors)}` : '' };
  }

  /** Stops following the store. */
  close(): void {
    this.#unsubscribe();
  }
}

/**
 * kube-apiserver's message of a denied request (`responsewriters.Forbidden`): `User "u" cannot list
 * resource "pods" in API group "" in the namespace "team-b"` (or `at the cluster scope`, or `cannot get
 * path "/x"`), prefixed as `NewForbidden` does (`pods is forbidden: `, `pods "p" is forbidden: `,
 * `forbidden: ` for a path) and followed by the authorizer's reason when there is one.
 *
 * @example
 * forbiddenMessage('bob', { resourceRequest: true, verb: 'list', group: '', resource: 'secrets', namespace: 'a' }, '');
 * // 'secrets is forbidden: User "bob" cannot list resource "secrets" in API group "" in the namespace "a"'
 */
export function forbiddenMessage(user: string, attributes: RequestAttributes, reason: string): string {
  let text: string;
  let prefix: string;
  if (!attributes.resourceRequest) {
    text = `User ${JSON.stringify(user)} cannot ${attributes.verb} path ${JSON.stringify(attributes.path)}`;
    prefix = 'forbidden';
  } else {
    const resource = attributes.subresource ? `${attributes.resource}/${attributes.subresource}` : attributes.resource;
    const scope = attributes.namespace ? `in the namespace ${JSON.stringify(attributes.namespace)}` : 'at the cluster scope';
    text = `User ${JSON.stringify(user)} cannot ${attributes.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(attributes.group)} ${scope}`;
    const qualified = attributes.group ? `${attributes.resource}.${attributes.group}` : attributes.resource;
    prefix = qualified === '' ? 'forbidden' : attributes.name ? `${qualified} ${JSON.stringify(attributes.name)} is forbidden` : `${qualified} is forbidden`;
  }
  return `${prefix}: ${text}${reason !== '' ? `: ${reason}` : ''}`;
}
