// Which rules apply to a user in a namespace, resolved from Roles, ClusterRoles and their bindings the
// way kube-apiserver's DefaultRuleResolver does: every ClusterRoleBinding naming the user (its role's
// rules apply in every namespace and cluster-wide), then, for a namespaced request, every RoleBinding in
// that namespace naming the user (a RoleBinding to a ClusterRole grants it in that namespace only).
// Also: the groups authenticators give a user name, and splitting a list of objects into a policy.
import { labelSelectorFromObject } from '../selectors/index.js';
import type { GrantedRule, PolicyRule, RbacBinding, RbacPolicy, RbacRole, RbacSubject, ResolvedRules, UserInfo } from './types.js';

const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

/**
 * The user name of a ServiceAccount: `system:serviceaccount:<namespace>:<name>`.
 *
 * @example
 * serviceAccountUser('ops', 'operator'); // 'system:serviceaccount:ops:operator'
 */
export function serviceAccountUser(namespace: string, name: string): string {
  return `${SERVICE_ACCOUNT_PREFIX}${namespace}:${name}`;
}

/**
 * The namespace and name of a ServiceAccount user name, or undefined for other users.
 *
 * @example
 * parseServiceAccountUser('system:serviceaccount:ops:operator'); // { namespace: 'ops', name: 'operator' }
 */
export function parseServiceAccountUser(user: string): { namespace: string; name: string } | undefined {
  if (!user.startsWith(SERVICE_ACCOUNT_PREFIX)) return undefined;
  const parts = user.slice(SERVICE_ACCOUNT_PREFIX.length).split(':');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') return undefined;
  return { namespace: parts[0]!, name: parts[1]! };
}

/**
 * The identity kube-apiserver's authenticators give a user name: a ServiceAccount gets
 * `system:serviceaccounts` and `system:serviceaccounts:<namespace>`; every authenticated user gets
 * `system:authenticated`; `system:anonymous` gets `system:unauthenticated` only. `extraGroups` are added.
 *
 * @example
 * userInfoOf('system:serviceaccount:ops:op').groups;
 * // ['system:serviceaccounts', 'system:serviceaccounts:ops', 'system:authenticated']
 */
export function userInfoOf(name: string, extraGroups: readonly string[] = []): UserInfo {
  const groups: string[] = [];
  const sa = parseServiceAccountUser(name);
  if (sa) groups.push('system:serviceaccounts', `system:serviceaccounts:${sa.namespace}`);
  groups.push(...extraGroups);
  if (name === 'system:anonymous') {
    if (!groups.includes('system:unauthenticated')) groups.push('system:unauthenticated');
  } else if (!groups.includes('system:authenticated')) groups.push('system:authenticated');
  return { name, groups };
}

/** Whether a binding subject names the user; a ServiceAccount subject's namespace defaults to `bindingNamespace`. */
function appliesToUser(user: UserInfo, subject: RbacSubject, bindingNamespace: string): boolean {
  switch (subject.kind) {
    case 'User':
      return user.name === subject.name;
    case 'Group':
      return user.groups.includes(subject.name);
    case 'ServiceAccount': {
      const namespace = subject.namespace ? subject.namespace : bindingNamespace;
      if (namespace === '') return false;
      return user.name === serviceAccountUser(namespace, subject.name);
    }
    default:
      return false;
  }
}

function describeSubject(subject: RbacSubject, bindingNamespace: string): string {
  if (subject.kind === 'ServiceAccount') return `${subject.kind} ${JSON.stringify(`${subject.name}/${subject.namespace ? subject.namespace : bindingNamespace}`)}`;
  return `${subject.kind} ${JSON.stringify(subject.name)}`;
}

/**
 * The rules of a ClusterRole as the cluster serves them. A ClusterRole with an `aggregationRule` has the
 * rules of every ClusterRole whose labels match one of its selectors (what kube's clusterrole-aggregation
 * controller writes into it), followed recursively; a selector that cannot be parsed matches nothing.
 */
function clusterRoleRules(role: RbacRole, clusterRoles: readonly RbacRole[], seen: Set<RbacRole> = new Set()): PolicyRule[] {
  const selectors = role.aggregationRule?.clusterRoleSelectors;
  if (!selectors) return [...(role.rules ?? [])];
  seen.add(role);
  const rules: PolicyRule[] = [];
  for (const other of clusterRoles) {
    if (seen.has(other)) continue;
    const labels = other.metadata?.labels ?? {};
    const selected = selectors.some((s) => {
      try {
        return labelSelectorFromObject(s).matches({ ...labels });
      } catch {
        return false;
      }
    });
    if (!selected) continue;
    for (const rule of clusterRoleRules(other, clusterRoles, seen)) {
      if (!rules.some((r) => JSON.stringify(r) === JSON.stringify(rule))) rules.push(rule);
    }
  }
  return rules;
}

interface RoleRules {
  rules?: PolicyRule[];
  error?: string;
  role?: GrantedRule['role'];
}

function roleReferenceRules(binding: RbacBinding, bindingNamespace: string, policy: RbacPolicy): RoleRules {
  const ref = binding.roleRef;
  if (ref?.kind === 'Role') {
    const role = (policy.roles ?? []).find((r) => r.metadata?.name === ref.name && (r.metadata?.namespace ?? '') === bindingNamespace && bindingNamespace !== '');
    if (!role) return { error: `role.rbac.authorization.k8s.io ${JSON.stringify(ref.name)} not found` };
    return { rules: [...(role.rules ?? [])], role: { kind: 'Role', name: ref.name, namespace: bindingNamespace } };
  }
  if (ref?.kind === 'ClusterRole') {
    const clusterRoles = policy.clusterRoles ?? [];
    const role = clusterRoles.find((r) => r.metadata?.name === ref.name);
    if (!role) return { error: `clusterrole.rbac.authorization.k8s.io ${JSON.stringify(ref.name)} not found` };
    return { rules: clusterRoleRules(role, clusterRoles), role: { kind: 'ClusterRole', name: ref.name } };
  }
  return { error: `unsupported role reference kind: ${JSON.stringify(ref?.kind ?? '')}` };
}

/**
 * The rules that apply to `user` for a request in `namespace` (`''` or undefined: a cluster-wide request),
 * in kube's order: ClusterRoleBindings first, then the RoleBindings of that namespace. A user name is
 * turned into a {@link UserInfo} by {@link userInfoOf}. Unresolvable role references are reported in
 * `errors`, as kube does, and grant nothing.
 *
 * @example
 * const { rules, errors } = rulesFor('system:serviceaccount:ops:op', policy, 'default');
 * authorize(rules, attributes).allowed;
 */
export function rulesFor(user: string | UserInfo, policy: RbacPolicy, namespace = ''): ResolvedRules {
  const info = typeof user === 'string' ? userInfoOf(user) : user;
  const rules: GrantedRule[] = [];
  const errors: string[] = [];
  const visit = (binding: RbacBinding, kind: 'RoleBinding' | 'ClusterRoleBinding', bindingNamespace: string): void => {
    const subject = (binding.subjects ?? []).find((s) => appliesToUser(info, s, bindingNamespace));
    if (!subject) return;
    const resolved = roleReferenceRules(binding, bindingNamespace, policy);
    if (resolved.error !== undefined) {
      errors.push(resolved.error);
      return;
    }
    const name = binding.metadata?.name ?? '';
    const bindingName = kind === 'RoleBinding' ? `${name}/${bindingNamespace}` : name;
    const source = `${kind} ${JSON.stringify(bindingName)} of ${binding.roleRef?.kind} ${JSON.stringify(binding.roleRef?.name)} to ${describeSubject(subject, bindingNamespace)}`;
    const ref = kind === 'RoleBinding' ? { kind, name, namespace: bindingNamespace } : { kind, name };
    for (const rule of resolved.rules ?? []) rules.push({ rule, source, binding: ref, role: resolved.role! });
  };
  for (const binding of policy.clusterRoleBindings ?? []) visit(binding, 'ClusterRoleBinding', '');
  if (namespace !== '') {
    for (const binding of policy.roleBindings ?? []) {
      if ((binding.metadata?.namespace ?? '') === namespace) visit(binding, 'RoleBinding', namespace);
    }
  }
  return { rules, errors };
}

/**
 * Splits objects (e.g. the documents of an RBAC manifest) into a policy by `kind`; other kinds are ignored.
 *
 * @example
 * const policy = rbacPolicyOf(parseAllDocuments(text).map((d) => d.toJS()));
 */
export function rbacPolicyOf(objects: Iterable<Record<string, any> | null | undefined>): Required<RbacPolicy> {
  const roles: RbacRole[] = [];
  const clusterRoles: RbacRole[] = [];
  const roleBindings: RbacBinding[] = [];
  const clusterRoleBindings: RbacBinding[] = [];
  for (const obj of objects) {
    switch (obj?.kind) {
      case 'Role':
        roles.push(obj);
        break;
      case 'ClusterRole':
        clusterRoles.push(obj);
        break;
      case 'RoleBinding':
        roleBindings.push(obj);
        break;
      case 'ClusterRoleBinding':
        clusterRoleBindings.push(obj);
        break;
      default:
        break;
    }
  }
  return { roles, clusterRoles, roleBindings, clusterRoleBindings };
}

/**
 * Two policies as one (e.g. an operator's manifests plus the cluster's default roles).
 *
 * @example
 * const policy = mergeRbacPolicies(rbacPolicyOf(manifests), DEFAULT_RBAC_POLICY);
 */
export function mergeRbacPolicies(...policies: readonly RbacPolicy[]): Required<RbacPolicy> {
  return {
    roles: policies.flatMap((p) => p.roles ?? []),
    clusterRoles: policies.flatMap((p) => p.clusterRoles ?? []),
    roleBindings: policies.flatMap((p) => p.roleBindings ?? []),
    clusterRoleBindings: policies.flatMap((p) => p.clusterRoleBindings ?? []),
  };
}
