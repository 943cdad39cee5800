// Rule resolution with the facts of Kubernetes' RBAC tests: a RoleBinding to a ClusterRole grants it in
// the binding's namespace only; ClusterRoleBindings apply everywhere; User, Group and ServiceAccount
// subjects (the latter's namespace defaulting to the binding's, never matching in a ClusterRoleBinding
// without one); service-account groups; missing roles reported; aggregated ClusterRoles.
import { describe, expect, it } from 'vitest';
import { authorize } from './authorize.js';
import { DEFAULT_RBAC_POLICY } from './defaultPolicy.js';
import { mergeRbacPolicies, parseServiceAccountUser, rbacPolicyOf, rulesFor, serviceAccountUser, userInfoOf } from './rulesFor.js';
import type { RbacBinding, RbacPolicy, RbacRole, RequestAttributes } from './types.js';

const all = { verbs: ['*'], apiGroups: ['*'], resources: ['*'] };
const clusterRole = (name: string, rules = [all], labels?: Record<string, string>): RbacRole => ({ kind: 'ClusterRole', metadata: { name, ...(labels ? { labels } : {}) }, rules });
const role = (namespace: string, name: string, rules = [all]): RbacRole => ({ kind: 'Role', metadata: { name, namespace }, rules });
/** `User:alice`, `Group:system:authenticated`, `ServiceAccount:name` or `ServiceAccount:name:namespace`. */
const subject = (text: string): { kind: string; name: string; namespace?: string } => {
  const [kind, ...rest] = text.split(':') as [string, ...string[]];
  if (kind !== 'ServiceAccount') return { kind, name: rest.join(':') };
  const [name, namespace] = rest as [string, string?];
  return { kind, name, ...(namespace ? { namespace } : {}) };
};
const roleBinding = (namespace: string, name: string, ref: { kind: string; name: string }, ...subjects: string[]): RbacBinding => ({
  kind: 'RoleBinding', metadata: { name, namespace }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...ref }, subjects: subjects.map(subject),
});
const clusterRoleBinding = (name: string, roleName: string, ...subjects: string[]): RbacBinding => ({
  kind: 'ClusterRoleBinding', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: roleName }, subjects: subjects.map(subject),
});
const get = (resource: string, namespace?: string): RequestAttributes => ({ resourceRequest: true, verb: 'get', group: '', resource, ...(namespace ? { namespace } : {}) });
const allowed = (user: string | { name: string; groups: string[] }, policy: RbacPolicy, attrs: RequestAttributes): boolean =>
  authorize(rulesFor(user, policy, attrs.resourceRequest ? attrs.namespace : '').rules, attrs).allowed;

describe('rulesFor', () => {
  it('grants a ClusterRole bound by a RoleBinding in that namespace only', () => {
    const policy: RbacPolicy = { clusterRoles: [clusterRole('admin')], roleBindings: [roleBinding('ns1', 'b', { kind: 'ClusterRole', name: 'admin' }, 'User:admin', 'Group:admins')] };
    expect(allowed({ name: 'admin', groups: [] }, policy, get('pods', 'ns1'))).toBe(true);
    expect(allowed({ name: 'joe', groups: ['admins'] }, policy, get('foobar', 'ns1'))).toBe(true);
    expect(allowed({ name: 'joe', groups: ['group1', 'admins'] }, policy, get('foobar', 'ns1'))).toBe(true);
    expect(allowed({ name: 'admin', groups: [] }, policy, get('pods', 'ns2'))).toBe(false);
    expect(allowed({ name: 'admin', groups: ['admins'] }, policy, get('nodes'))).toBe(false);
    expect(allowed({ name: 'joe', groups: ['group1'] }, policy, get('pods', 'ns1'))).toBe(false);
  });

  it('grants a ClusterRoleBinding in every namespace and cluster-wide', () => {
    const policy: RbacPolicy = { clusterRoles: [clusterRole('admin')], clusterRoleBindings: [clusterRoleBinding('b', 'admin', 'User:admin')] };
    expect(allowed('admin', policy, get('pods', 'any'))).toBe(true);
    expect(allowed('admin', policy, get('nodes'))).toBe(true);
    expect(allowed('other', policy, get('nodes'))).toBe(false);
  });

  it('resolves a Role in the binding’s namespace, never in another', () => {
    const policy: RbacPolicy = {
      roles: [role('ns1', 'reader', [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }])],
      roleBindings: [roleBinding('ns1', 'b', { kind: 'Role', name: 'reader' }, 'User:u'), roleBinding('ns2', 'b', { kind: 'Role', name: 'reader' }, 'User:u')],
    };
    expect(allowed('u', policy, get('configmaps', 'ns1'))).toBe(true);
    const ns2 = rulesFor('u', policy, 'ns2');
    expect(ns2.rules).toEqual([]);
    expect(ns2.errors).toEqual(['role.rbac.authorization.k8s.io "reader" not found']);
    expect(rulesFor('u', policy, '').rules).toEqual([]); // a cluster-wide request reads no RoleBinding
  });

  it('matches ServiceAccount subjects by user name; the namespace defaults to the binding’s', () => {
    const sa = serviceAccountUser('ops', 'operator');
    expect(sa).toBe('system:serviceaccount:ops:operator');
    const policy: RbacPolicy = {
      clusterRoles: [clusterRole('r')],
      roleBindings: [roleBinding('ops', 'local', { kind: 'ClusterRole', name: 'r' }, 'ServiceAccount:operator')],
      clusterRoleBindings: [clusterRoleBinding('no-namespace', 'r', 'ServiceAccount:operator')],
    };
    expect(allowed(sa, policy, get('pods', 'ops'))).toBe(true);
    expect(allowed(sa, policy, get('pods', 'default'))).toBe(false); // the ClusterRoleBinding's subject has no namespace: matches nobody
    expect(allowed(serviceAccountUser('other', 'operator'), policy, get('pods', 'ops'))).toBe(false);
    const explicit: RbacPolicy = { clusterRoles: [clusterRole('r')], clusterRoleBindings: [clusterRoleBinding('b', 'r', 'ServiceAccount:operator:ops')] };
    expect(allowed(sa, explicit, get('nodes'))).toBe(true);
  });

  it('gives service accounts their groups, so group subjects reach them', () => {
    expect(userInfoOf('system:serviceaccount:ops:op')).toEqual({ name: 'system:serviceaccount:ops:op', groups: ['system:serviceaccounts', 'system:serviceaccounts:ops', 'system:authenticated'] });
    expect(userInfoOf('alice', ['devs'])).toEqual({ name: 'alice', groups: ['devs', 'system:authenticated'] });
    expect(userInfoOf('system:anonymous')).toEqual({ name: 'system:anonymous', groups: ['system:unauthenticated'] });
    expect(parseServiceAccountUser('system:serviceaccount:ops')).toBeUndefined();
    const policy: RbacPolicy = {
      clusterRoles: [clusterRole('r')],
      roleBindings: [roleBinding('ops', 'b', { kind: 'ClusterRole', name: 'r' }, 'Group:system:serviceaccounts:ops')],
      clusterRoleBindings: [clusterRoleBinding('c', 'r', 'Group:system:serviceaccounts')],
    };
    expect(rulesFor('system:serviceaccount:ops:op', policy, 'ops').rules).toHaveLength(2);
    expect(rulesFor('system:serviceaccount:dev:op', policy, 'ops').rules).toHaveLength(1);
    expect(rulesFor('alice', policy, 'ops').rules).toHaveLength(0);
  });

  it('describes each grant in kube’s words, ClusterRoleBindings first', () => {
    const policy: RbacPolicy = {
      clusterRoles: [clusterRole('view', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }])],
      roleBindings: [roleBinding('ops', 'rb', { kind: 'ClusterRole', name: 'view' }, 'ServiceAccount:op')],
      clusterRoleBindings: [clusterRoleBinding('crb', 'view', 'Group:system:authenticated')],
    };
    const { rules } = rulesFor('system:serviceaccount:ops:op', policy, 'ops');
    expect(rules.map((r) => r.source)).toEqual([
      'ClusterRoleBinding "crb" of ClusterRole "view" to Group "system:authenticated"',
      'RoleBinding "rb/ops" of ClusterRole "view" to ServiceAccount "op/ops"',
    ]);
    expect(rules[1]).toMatchObject({ binding: { kind: 'RoleBinding', name: 'rb', namespace: 'ops' }, role: { kind: 'ClusterRole', name: 'view' } });
  });

  it('reports a missing ClusterRole or an unknown roleRef kind and grants nothing for it', () => {
    const policy: RbacPolicy = {
      clusterRoleBindings: [clusterRoleBinding('b', 'missing', 'User:u'), { kind: 'ClusterRoleBinding', metadata: { name: 'odd' }, roleRef: { kind: 'Thing', name: 'x' }, subjects: [{ kind: 'User', name: 'u' }] }],
    };
    expect(rulesFor('u', policy)).toEqual({ rules: [], errors: ['clusterrole.rbac.authorization.k8s.io "missing" not found', 'unsupported role reference kind: "Thing"'] });
  });

  it('gives an aggregated ClusterRole the rules of the ClusterRoles its selectors match', () => {
    const get = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
    const list = { verbs: ['list'], apiGroups: [''], resources: ['pods'] };
    const policy: RbacPolicy = {
      clusterRoles: [
        { kind: 'ClusterRole', metadata: { name: 'agg' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'example.com/aggregate-to-agg': 'true' } }] }, rules: [] },
        clusterRole('part1', [get], { 'example.com/aggregate-to-agg': 'true' }),
        clusterRole('part2', [get, list], { 'example.com/aggregate-to-agg': 'true' }),
        clusterRole('unrelated', [all]),
      ],
      clusterRoleBindings: [clusterRoleBinding('b', 'agg', 'User:u')],
    };
    expect(rulesFor('u', policy).rules.map((r) => r.rule)).toEqual([get, list]);
  });

  it('splits manifests into a policy and merges policies', () => {
    const objects = [clusterRole('a'), role('ns', 'b'), clusterRoleBinding('c', 'a', 'User:u'), roleBinding('ns', 'd', { kind: 'Role', name: 'b' }, 'User:u'), { kind: 'ServiceAccount', metadata: { name: 'x' } }, null];
    const policy = rbacPolicyOf(objects);
    expect([policy.roles.length, policy.clusterRoles.length, policy.roleBindings.length, policy.clusterRoleBindings.length]).toEqual([1, 1, 1, 1]);
    const merged = mergeRbacPolicies(policy, DEFAULT_RBAC_POLICY);
    expect(merged.clusterRoles.map((r) => r.metadata?.name)).toEqual(['a', 'system:basic-user', 'system:discovery', 'system:public-info-viewer']);
  });
});

describe('DEFAULT_RBAC_POLICY', () => {
  it('lets every authenticated user discover the API and review itself, and anonymous users read public info', () => {
    const sa = 'system:serviceaccount:ops:op';
    const url = (path: string, verb = 'get'): RequestAttributes => ({ resourceRequest: false, verb, path });
    for (const path of ['/api', '/api/v1', '/apis', '/apis/apps/v1', '/version', '/openapi/v3', '/openapi/v3/apis/apps/v1', '/healthz', '/livez', '/readyz']) {
      expect(allowed(sa, DEFAULT_RBAC_POLICY, url(path)), path).toBe(true);
    }
    expect(allowed(sa, DEFAULT_RBAC_POLICY, url('/metrics'))).toBe(false);
    expect(allowed(sa, DEFAULT_RBAC_POLICY, url('/apis', 'post'))).toBe(false);
    expect(allowed(sa, DEFAULT_RBAC_POLICY, { resourceRequest: true, verb: 'create', group: 'authorization.k8s.io', resource: 'selfsubjectaccessreviews' })).toBe(true);
    expect(allowed(sa, DEFAULT_RBAC_POLICY, { resourceRequest: true, verb: 'create', group: 'authentication.k8s.io', resource: 'selfsubjectreviews' })).toBe(true);
    expect(allowed(sa, DEFAULT_RBAC_POLICY, get('pods', 'ops'))).toBe(false);
    expect(allowed('system:anonymous', DEFAULT_RBAC_POLICY, url('/version'))).toBe(true);
    expect(allowed('system:anonymous', DEFAULT_RBAC_POLICY, url('/apis'))).toBe(false);
  });
});
