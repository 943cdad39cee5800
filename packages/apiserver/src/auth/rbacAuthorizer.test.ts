// Unit tests of the server's RBAC mode over a store: kube's 403 wording in every form, the privileged
// group, the reason of an unresolvable binding, and that a change to an RBAC object takes effect at once.
import { describe, expect, it } from 'vitest';
import { ObjectStore } from '../storage/index.js';
import { RBAC_STORAGE_KEYS, RbacAuthorizer, forbiddenMessage } from './rbacAuthorizer.js';

const robot = { name: 'system:serviceaccount:team-a:robot', groups: ['system:serviceaccounts', 'system:serviceaccounts:team-a', 'system:authenticated'] };
const listPods = (namespace: string) => ({ resourceRequest: true as const, verb: 'list', group: '', resource: 'pods', namespace });

describe('forbiddenMessage', () => {
  it('words each kind of request as kube-apiserver does', () => {
    expect(forbiddenMessage('u', listPods('b'), '')).toBe('pods is forbidden: User "u" cannot list resource "pods" in API group "" in the namespace "b"');
    expect(forbiddenMessage('u', { resourceRequest: true, verb: 'get', group: 'apps', resource: 'deployments', name: 'd', namespace: 'a' }, ''))
      .toBe('deployments.apps "d" is forbidden: User "u" cannot get resource "deployments" in API group "apps" in the namespace "a"');
    expect(forbiddenMessage('u', { resourceRequest: true, verb: 'update', group: 'example.com', resource: 'widgets', subresource: 'status', name: 'w', namespace: 'a' }, ''))
      .toBe('widgets.example.com "w" is forbidden: User "u" cannot update resource "widgets/status" in API group "example.com" in the namespace "a"');
    expect(forbiddenMessage('u', { resourceRequest: true, verb: 'list', group: '', resource: 'nodes' }, ''))
      .toBe('nodes is forbidden: User "u" cannot list resource "nodes" in API group "" at the cluster scope');
    expect(forbiddenMessage('u', { resourceRequest: false, verb: 'get', path: '/metrics' }, 'RBAC: x')).toBe('forbidden: User "u" cannot get path "/metrics": RBAC: x');
  });
});

describe('RbacAuthorizer', () => {
  function setup(): { store: ObjectStore; authorizer: RbacAuthorizer } {
    const store = new ObjectStore({ historySize: 10 });
    store.commitCreate(RBAC_STORAGE_KEYS.roles, { kind: 'Role', metadata: { name: 'reader', namespace: 'team-a' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }] });
    store.commitCreate(RBAC_STORAGE_KEYS.roleBindings, {
      kind: 'RoleBinding', metadata: { name: 'b', namespace: 'team-a' }, roleRef: { kind: 'Role', name: 'reader' }, subjects: [{ kind: 'ServiceAccount', name: 'robot' }],
    });
    return { store, authorizer: new RbacAuthorizer(store) };
  }

  it('allows what the bindings grant, in their namespace only, with kube’s reason', () => {
    const { authorizer } = setup();
    expect(authorizer.authorize(robot, listPods('team-a'))).toEqual({ allowed: true, reason: 'RBAC: allowed by RoleBinding "b/team-a" of Role "reader" to ServiceAccount "robot/team-a"' });
    expect(authorizer.authorize(robot, listPods('team-b'))).toEqual({ allowed: false, reason: '' });
    // The default policy: discovery for every authenticated user.
    expect(authorizer.authorize(robot, { resourceRequest: false, verb: 'get', path: '/apis/apps/v1' }).allowed).toBe(true);
    expect(authorizer.authorize({ name: 'root', groups: ['system:masters'] }, listPods('anywhere'))).toEqual({ allowed: true, reason: '' });
    authorizer.close();
  });

  it('takes a changed binding into account on the next decision, and reports unresolvable roles', () => {
    const { store, authorizer } = setup();
    expect(authorizer.authorize(robot, listPods('team-b')).allowed).toBe(false);
    store.commitCreate(RBAC_STORAGE_KEYS.clusterRoleBindings, {
      kind: 'ClusterRoleBinding', metadata: { name: 'all' }, roleRef: { kind: 'ClusterRole', name: 'missing' }, subjects: [{ kind: 'Group', name: 'system:serviceaccounts' }],
    });
    expect(authorizer.authorize(robot, listPods('team-b'))).toEqual({ allowed: false, reason: 'RBAC: clusterrole.rbac.authorization.k8s.io "missing" not found' });
    store.commitCreate(RBAC_STORAGE_KEYS.clusterRoles, { kind: 'ClusterRole', metadata: { name: 'missing' }, rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['list'] }] });
    expect(authorizer.authorize(robot, listPods('team-b')).allowed).toBe(true);
    authorizer.close();
    // Closed: it no longer follows the store (the cached decision stays).
    store.commitDelete(RBAC_STORAGE_KEYS.clusterRoles, store.get(RBAC_STORAGE_KEYS.clusterRoles, undefined, 'missing')!);
    expect(authorizer.authorize(robot, listPods('team-b')).allowed).toBe(true);
  });
});
