// Rule matching against the facts of Kubernetes' own RBAC tests: `*` per field, tuple expansion,
// `resource/subresource` and `*/subresource`, resource names (a request without a name never matches a
// rule that lists names), trailing-`*` non-resource URLs, exact (case-sensitive) verbs.
import { describe, expect, it } from 'vitest';
import { authorize, describeRequest, nonResourceURLMatches, resourceMatches, ruleAllows } from './authorize.js';
import type { PolicyRule, RequestAttributes } from './types.js';

const res = (verb: string, group: string, resource: string, extra: { subresource?: string; namespace?: string; name?: string } = {}): RequestAttributes => ({
  resourceRequest: true, verb, group, resource, ...extra,
});
const url = (verb: string, path: string): RequestAttributes => ({ resourceRequest: false, verb, path });

describe('ruleAllows', () => {
  it('matches `*` in verbs, groups and resources independently', () => {
    const starVerb: PolicyRule = { verbs: ['*'], apiGroups: ['group1'], resources: ['resource1'] };
    expect(ruleAllows(res('verb1', 'group1', 'resource1'), starVerb)).toBe(true);
    expect(ruleAllows(res('verb2', 'group1', 'resource1'), starVerb)).toBe(true);
    expect(ruleAllows(res('verb1', 'group2', 'resource1'), starVerb)).toBe(false);
    expect(ruleAllows(res('verb1', 'group1', 'resource2'), starVerb)).toBe(false);
    const starGroup: PolicyRule = { verbs: ['verb1'], apiGroups: ['*'], resources: ['resource1'] };
    expect(ruleAllows(res('verb1', 'group2', 'resource1'), starGroup)).toBe(true);
    expect(ruleAllows(res('verb2', 'group1', 'resource1'), starGroup)).toBe(false);
    const starResource: PolicyRule = { verbs: ['verb1'], apiGroups: ['group1'], resources: ['*'] };
    expect(ruleAllows(res('verb1', 'group1', 'resource2'), starResource)).toBe(true);
    expect(ruleAllows(res('verb1', 'group1', 'resource2', { subresource: 'status' }), starResource)).toBe(true);
    expect(ruleAllows(res('verb1', 'group2', 'resource2'), starResource)).toBe(false);
  });

  it('expands every verb × group × resource of one rule', () => {
    const rule: PolicyRule = { verbs: ['verb1', 'verb2'], apiGroups: ['group1', 'group2'], resources: ['resource1', 'resource2'] };
    for (const verb of ['verb1', 'verb2']) for (const group of ['group1', 'group2']) for (const resource of ['resource1', 'resource2']) {
      expect(ruleAllows(res(verb, group, resource), rule)).toBe(true);
    }
    expect(ruleAllows(res('verb3', 'group1', 'resource1'), rule)).toBe(false);
  });

  it('keeps resources and their subresources apart', () => {
    const pods: PolicyRule = { verbs: ['*'], apiGroups: ['*'], resources: ['pods'] };
    expect(ruleAllows(res('get', '', 'pods', { namespace: 'ns1' }), pods)).toBe(true);
    expect(ruleAllows(res('get', '', 'pods', { subresource: 'status', namespace: 'ns1' }), pods)).toBe(false);
    const podStatus: PolicyRule = { verbs: ['*'], apiGroups: ['*'], resources: ['pods/status'] };
    expect(ruleAllows(res('get', '', 'pods', { subresource: 'status' }), podStatus)).toBe(true);
    expect(ruleAllows(res('get', '', 'pods'), podStatus)).toBe(false);
    expect(ruleAllows(res('get', '', 'pods', { subresource: 'log' }), podStatus)).toBe(false);
  });

  it('matches `*/subresource` for that subresource of every resource, and only with a subresource', () => {
    const anyStatus: PolicyRule = { verbs: ['patch'], apiGroups: ['*'], resources: ['*/status'] };
    expect(ruleAllows(res('patch', 'kopf.dev', 'kopfexamples', { subresource: 'status' }), anyStatus)).toBe(true);
    expect(ruleAllows(res('patch', 'apps', 'deployments', { subresource: 'status' }), anyStatus)).toBe(true);
    expect(ruleAllows(res('patch', 'apps', 'deployments', { subresource: 'scale' }), anyStatus)).toBe(false);
    expect(ruleAllows(res('patch', 'apps', 'deployments'), anyStatus)).toBe(false);
    expect(resourceMatches({ verbs: ['*'], resources: ['*/status'] }, 'x/xstatus', 'xstatus')).toBe(false);
    expect(resourceMatches({ verbs: ['*'], resources: ['x/*'] }, 'x/status', 'status')).toBe(false);
  });

  it('limits a rule with resourceNames to those names, so never to a request without a name', () => {
    const named: PolicyRule = { verbs: ['get', 'list', 'watch', 'create', 'update', 'delete', 'deletecollection'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a', 'b'] };
    expect(ruleAllows(res('get', '', 'configmaps', { name: 'a' }), named)).toBe(true);
    expect(ruleAllows(res('update', '', 'configmaps', { name: 'b' }), named)).toBe(true);
    expect(ruleAllows(res('get', '', 'configmaps', { name: 'c' }), named)).toBe(false);
    for (const verb of ['create', 'list', 'watch', 'deletecollection']) expect(ruleAllows(res(verb, '', 'configmaps'), named)).toBe(false);
    // A list or watch narrowed to one object by a metadata.name field selector carries that name.
    expect(ruleAllows(res('watch', '', 'configmaps', { name: 'a' }), named)).toBe(true);
    const unnamed: PolicyRule = { verbs: ['create'], apiGroups: [''], resources: ['configmaps'], resourceNames: [] };
    expect(ruleAllows(res('create', '', 'configmaps'), unnamed)).toBe(true);
  });

  it('compares verbs, groups and resources exactly (case-sensitive)', () => {
    const rule: PolicyRule = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
    expect(ruleAllows(res('GET', '', 'pods'), rule)).toBe(false);
    expect(ruleAllows(res('get', '', 'Pods'), rule)).toBe(false);
    expect(ruleAllows(res('get', 'apps', 'pods'), rule)).toBe(false);
    expect(ruleAllows(res('get', '', 'pods'), { verbs: ['get'], resources: ['pods'] })).toBe(false); // no apiGroups: no group
  });

  it('matches non-resource URLs exactly, by `*`, or by a prefix ending in `*`', () => {
    expect(ruleAllows(url('get', '/apis'), { verbs: ['get'], nonResourceURLs: ['/apis'] })).toBe(true);
    expect(ruleAllows(url('watch', '/apis'), { verbs: ['get'], nonResourceURLs: ['/apis'] })).toBe(false);
    expect(ruleAllows(url('get', '/api/v1'), { verbs: ['get'], nonResourceURLs: ['/apis'] })).toBe(false);
    const prefix: PolicyRule = { verbs: ['get'], nonResourceURLs: ['/foo/*'] };
    expect(ruleAllows(url('get', '/foo'), prefix)).toBe(false);
    expect(ruleAllows(url('get', '/foo/bar'), prefix)).toBe(true);
    expect(ruleAllows(url('get', '/foo/bar/one'), prefix)).toBe(true);
    expect(nonResourceURLMatches({ verbs: ['get'], nonResourceURLs: ['/foo*'] }, '/foobar')).toBe(true);
    const all: PolicyRule = { verbs: ['verb1'], nonResourceURLs: ['*'] };
    expect(ruleAllows(url('verb1', '/foo/baz/one'), all)).toBe(true);
    expect(ruleAllows(url('verb2', '/foo'), all)).toBe(false);
  });

  it('never lets a resource rule allow a URL, or a URL rule allow a resource', () => {
    const everything: PolicyRule = { verbs: ['*'], apiGroups: ['*'], resources: ['*'] };
    expect(ruleAllows(url('get', '/healthz'), everything)).toBe(false);
    expect(ruleAllows(res('get', '', 'pods'), { verbs: ['*'], nonResourceURLs: ['*'] })).toBe(false);
  });
});

describe('authorize', () => {
  it('returns the first rule that allows the request, or a denial naming the request', () => {
    const rules: PolicyRule[] = [
      { verbs: ['list'], apiGroups: [''], resources: ['secrets'] },
      { verbs: ['get', 'patch'], apiGroups: ['kopf.dev'], resources: ['kopfexamples', 'kopfexamples/status'] },
      { verbs: ['patch'], apiGroups: ['*'], resources: ['*/status'] },
    ];
    const allowed = authorize(rules, res('patch', 'kopf.dev', 'kopfexamples', { subresource: 'status', namespace: 'default', name: 'x' }));
    expect(allowed).toMatchObject({ allowed: true, index: 1, rule: rules[1] });
    const denied = authorize(rules, res('delete', 'kopf.dev', 'kopfexamples', { namespace: 'default', name: 'x' }));
    expect(denied).toEqual({ allowed: false, reason: 'RBAC: no rule allows "delete" resource "kopfexamples.kopf.dev" named "x" in namespace "default"' });
    expect(authorize([], url('get', '/version'))).toEqual({ allowed: false, reason: 'RBAC: no rule allows "get" nonResourceURL "/version"' });
  });

  it('names the grant when given the rules of rulesFor', () => {
    const granted = { rule: { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, source: 'ClusterRoleBinding "b" of ClusterRole "r" to User "u"', binding: { kind: 'ClusterRoleBinding' as const, name: 'b' }, role: { kind: 'ClusterRole' as const, name: 'r' } };
    const decision = authorize([granted], res('get', '', 'pods', { namespace: 'a' }));
    expect(decision).toEqual({ allowed: true, rule: granted.rule, index: 0, granted, reason: 'RBAC: allowed by ClusterRoleBinding "b" of ClusterRole "r" to User "u"' });
  });
});

describe('describeRequest', () => {
  it('words requests like kube-apiserver’s RBAC log', () => {
    expect(describeRequest(res('list', 'apps', 'deployments'))).toBe('"list" resource "deployments.apps" cluster-wide');
    expect(describeRequest(res('patch', '', 'pods', { subresource: 'status', namespace: 'ns', name: 'p' }))).toBe('"patch" resource "pods/status" named "p" in namespace "ns"');
  });
});
