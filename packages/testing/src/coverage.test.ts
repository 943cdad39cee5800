// checkCoverage / expectCoveredBy on recorded requests, without a server: whose RBAC is checked, where
// namespace-less manifests land, the cluster's default discovery grants, 401s, unresolvable bindings,
// unused rules, and the messages for bad input.
import { describe, expect, it } from 'vitest';
import { checkCoverage, expectCoveredBy } from './coverage.js';
import type { CoverageRequest } from './coverage.js';

const rbac = `
apiVersion: v1
kind: ServiceAccount
metadata: { name: op }
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: { name: op }
rules:
  - { apiGroups: [""], resources: [configmaps], verbs: [get, list] }
  - { apiGroups: [""], resources: [secrets], verbs: [get] }
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: { name: op }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: op }
subjects: [{ kind: ServiceAccount, name: op, namespace: ops }]
`;

const request = (verb: string, resource: string, extra: Partial<CoverageRequest> = {}): CoverageRequest => ({
  verb, group: '', version: 'v1', resource, requestURI: `/api/v1/${resource}`, code: 200, ...extra,
});
const discovery = (path: string): CoverageRequest => ({ verb: 'get', group: '', version: '', resource: '', requestURI: `${path}?timeout=32s`, code: 200 });

describe('checkCoverage', () => {
  it('checks as the ServiceAccount of the manifests, placed in options.namespace when it names none', () => {
    const requests = [request('list', 'configmaps', { namespace: 'ops' })];
    expect(checkCoverage(requests, rbac, { namespace: 'ops' })).toMatchObject({ user: 'system:serviceaccount:ops:op', uncovered: [] });
    // In `default` the ServiceAccount is another one, which the ClusterRoleBinding does not name.
    const elsewhere = checkCoverage(requests, rbac);
    expect(elsewhere.user).toBe('system:serviceaccount:default:op');
    expect(elsewhere.uncovered).toHaveLength(1);
    expect(checkCoverage(requests, rbac, { user: 'system:serviceaccount:ops:op' }).uncovered).toEqual([]);
  });

  it('asks for a user when the manifests have no ServiceAccount or several', () => {
    const noAccount = rbac.replace(/apiVersion: v1\nkind: ServiceAccount\nmetadata: \{ name: op \}\n---/, '');
    expect(() => checkCoverage([], noAccount)).toThrow("Cannot tell whose RBAC to check: the given YAML has no ServiceAccount; pass { user: 'system:serviceaccount:<namespace>:<name>' }.");
    const two = `${rbac}---\napiVersion: v1\nkind: ServiceAccount\nmetadata: { name: other, namespace: x }\n`;
    expect(() => checkCoverage([], two, { namespace: 'ops' })).toThrow('has 2 ServiceAccounts (ops/op, x/other)');
    expect(checkCoverage([], two, { user: 'alice' }).user).toBe('alice');
  });

  it('grants discovery and self reviews as every cluster does, unless clusterDefaults is false', () => {
    const requests = [discovery('/apis'), discovery('/apis/kopf.dev/v1'), discovery('/version'),
      request('create', 'selfsubjectaccessreviews', { group: 'authorization.k8s.io', requestURI: '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews' })];
    expect(checkCoverage(requests, rbac, { namespace: 'ops' }).uncovered).toEqual([]);
    const strict = checkCoverage(requests, rbac, { namespace: 'ops', clusterDefaults: false });
    expect(strict.uncovered.map((u) => [u.description, u.suggestion, u.scope])).toEqual([
      ['"get" nonResourceURL "/apis"', { nonResourceURLs: ['/apis'], verbs: ['get'] }, 'cluster'],
      ['"get" nonResourceURL "/apis/kopf.dev/v1"', { nonResourceURLs: ['/apis/kopf.dev/v1'], verbs: ['get'] }, 'cluster'],
      ['"get" nonResourceURL "/version"', { nonResourceURLs: ['/version'], verbs: ['get'] }, 'cluster'],
      ['"create" resource "selfsubjectaccessreviews.authorization.k8s.io" cluster-wide', { apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews'], verbs: ['create'] }, 'cluster'],
    ]);
  });

  it('counts equal requests together and skips those that never authenticated (401)', () => {
    const requests = [
      request('delete', 'configmaps', { namespace: 'a', name: 'x' }),
      request('delete', 'configmaps', { namespace: 'a', name: 'x' }),
      request('delete', 'configmaps', { namespace: 'a', name: 'y', code: 404 }),
      request('delete', 'secrets', { namespace: 'a', name: 'z', code: 401 }),
    ];
    const report = checkCoverage(requests, rbac, { namespace: 'ops' });
    expect(report.uncovered.map((u) => [u.description, u.count])).toEqual([
      ['"delete" resource "configmaps" named "x" in namespace "a"', 2],
      ['"delete" resource "configmaps" named "y" in namespace "a"', 1],
    ]);
  });

  it('lists the rules no request needed, and the bindings it could not resolve', () => {
    const report = checkCoverage([request('get', 'configmaps', { namespace: 'a', name: 'x' })], `${rbac}---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: { name: dangling, namespace: a }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: missing }
subjects: [{ kind: ServiceAccount, name: op, namespace: ops }]
`, { namespace: 'ops' });
    expect(report.unusedRules).toEqual([{ rule: { apiGroups: [''], resources: ['secrets'], verbs: ['get'] }, source: 'ClusterRoleBinding "op" of ClusterRole "op" to ServiceAccount "op/ops"' }]);
    expect(report.errors).toEqual(['role.rbac.authorization.k8s.io "missing" not found']);
    expect(() => expectCoveredBy([request('create', 'configmaps', { namespace: 'a' })], rbac.replace('name: op }\nrules', 'name: renamed }\nrules'), { namespace: 'ops' }))
      .toThrow('  note: clusterrole.rbac.authorization.k8s.io "op" not found');
  });

  it('says what was wrong with the RBAC input', () => {
    expect(() => checkCoverage([], 'deploy/rbac.yaml')).toThrow('Cannot read manifests from "deploy/rbac.yaml": no such file (expected a path to a YAML file, YAML text, or objects).');
    expect(() => checkCoverage([], 'kind: [unclosed\n')).toThrow(/^Invalid YAML in YAML text: /);
    expect(() => checkCoverage([], '- a\n- b\n')).toThrow('Invalid manifest in YAML text: expected an object with apiVersion and kind, got ["a","b"]');
  });
});
