// The part of a real cluster's bootstrap RBAC policy that every authenticated user has: the
// `system:discovery`, `system:basic-user` and `system:public-info-viewer` ClusterRoles and their
// ClusterRoleBindings (kube-apiserver creates and reconciles them at start). An operator's own manifests
// never grant discovery (`/api`, `/apis/*`, `/version`) because every cluster already does; checking an
// operator's requests against its manifests alone would wrongly flag them.
import type { RbacPolicy } from './types.js';

const labels = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };
const annotations = { 'rbac.authorization.kubernetes.io/autoupdate': 'true' };

function clusterRole(name: string, rules: Record<string, any>[]): Record<string, any> {
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name, labels, annotations }, rules };
}

function binding(name: string, groups: string[]): Record<string, any> {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name, labels, annotations },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
    subjects: groups.map((group) => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: group })),
  };
}

/**
 * The default ClusterRoles and ClusterRoleBindings of a Kubernetes cluster that apply to every
 * authenticated user (and, for the public information, to anonymous users), as kube-apiserver 1.32
 * bootstraps them. Objects, so that a server can also store them.
 *
 * @example
 * const policy = mergeRbacPolicies(rbacPolicyOf(manifests), rbacPolicyOf(DEFAULT_RBAC_OBJECTS));
 */
export const DEFAULT_RBAC_OBJECTS: readonly Record<string, any>[] = Object.freeze([
  clusterRole('system:basic-user', [
    { apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], verbs: ['create'] },
    { apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], verbs: ['create'] },
  ]),
  clusterRole('system:discovery', [
    { nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'], verbs: ['get'] },
  ]),
  clusterRole('system:public-info-viewer', [{ nonResourceURLs: ['/healthz', '/livez', '/readyz', '/version', '/version/'], verbs: ['get'] }]),
  binding('system:basic-user', ['system:authenticated']),
  binding('system:discovery', ['system:authenticated']),
  binding('system:public-info-viewer', ['system:authenticated', 'system:unauthenticated']),
]);

/**
 * {@link DEFAULT_RBAC_OBJECTS} as a policy.
 *
 * @example
 * rulesFor('system:serviceaccount:ops:op', DEFAULT_RBAC_POLICY).rules.length; // 4: two review rules, discovery, public info
 */
export const DEFAULT_RBAC_POLICY: RbacPolicy = Object.freeze({
  clusterRoles: DEFAULT_RBAC_OBJECTS.filter((o) => o.kind === 'ClusterRole'),
  clusterRoleBindings: DEFAULT_RBAC_OBJECTS.filter((o) => o.kind === 'ClusterRoleBinding'),
});
