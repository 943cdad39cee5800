// RBAC coverage end to end: examples/01-minimal runs under its own identity against the embedded
// server; a hand-written RBAC covers exactly its requests, and removing any one rule or verb makes the
// check fail naming the request; the test's own requests are not the operator's; handlers that connect by
// themselves with env.kubeconfigFor(run.user) are attributed to the operator; Roles cover a namespaced
// run but not a cluster-wide one.
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { connect } from '@opkit/kube';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkCoverage, DEFAULT_OPERATOR_USER, expectCoveredBy, parseManifests, startTestEnv } from '../src/index.js';
import type { TestEnv } from '../src/index.js';
import type { AuditRecord } from '@opkit/apiserver';

const crd = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../../../examples/obj.yaml', import.meta.url));
const minimal = fileURLToPath(new URL('../../../examples/01-minimal/operator.ts', import.meta.url));
const rbacPath = fileURLToPath(new URL('./fixtures/minimal-rbac.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

/** Runs 01-minimal through the life of one object; returns its requests and everyone's. */
async function exerciseMinimal(env: TestEnv, options: { user?: string; namespaces?: string[] } = {}): Promise<AuditRecord[]> {
  const run = await env.run(minimal, options);
  await env.apply(obj);
  await env.waitFor(ref, (b) => b.status?.create_fn?.message === 'hello world');
  await env.delete(ref);
  await env.waitForGone(ref);
  await run.waitForLog('[default/kopf-example-1] Deleted, really deleted, and we are notified.');
  await run.stop();
  return run.requests();
}

describe('expectCoveredBy with an operator run under its own identity', () => {
  it('passes for RBAC that covers the operator, and the test’s own requests are not the operator’s', async () => {
    await using env = await startTestEnv({ crds: [crd] });
    const requests = await exerciseMinimal(env);
    expect(requests.length).toBeGreaterThan(5);
    expect(new Set(requests.map((r) => r.user))).toEqual(new Set([DEFAULT_OPERATOR_USER]));
    // The test created and deleted the object; the operator only watched (its initial state streamed by WatchList,
    // which kube authorizes as a watch) and patched it.
    expect(env.requests({ verb: 'create', resource: 'kopfexamples' })).toHaveLength(1);
    expect(env.requests({ verb: 'create', resource: 'kopfexamples' })[0]!.user).toBe('system:anonymous');
    expect(requests.filter((r) => r.resource === 'kopfexamples').map((r) => r.verb).sort()).toEqual(expect.arrayContaining(['patch', 'watch']));
    // Nothing else is created or deleted by the operator but its Logging events (on by default).
    expect(requests.some((r) => r.resource !== 'events' && (r.verb === 'create' || r.verb === 'delete'))).toBe(false);
    expect(requests.some((r) => r.resource === 'events' && r.verb === 'create')).toBe(true);
    const report = expectCoveredBy(requests, rbacPath);
    expect(report.user).toBe('system:serviceaccount:default:operator');
    expect(report.uncovered).toEqual([]);
    expect(report.unusedRules).toEqual([]); // every rule was needed
    expect(report.covered.find((c) => c.attributes.resourceRequest && c.attributes.subresource === 'status')).toMatchObject({
      source: 'ClusterRoleBinding "minimal-operator" of ClusterRole "minimal-operator" to ServiceAccount "operator/default"',
    });
    // Discovery is allowed by the defaults every cluster has, not by the manifests.
    expect(report.covered.find((c) => !c.attributes.resourceRequest)?.source).toBe('ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"');
  });

  it('fails naming the request when any one rule, or any one verb, is removed', async () => {
    await using env = await startTestEnv({ crds: [crd] });
    const requests = await exerciseMinimal(env);
    const manifests = parseManifests(rbacPath);
    const roleIndex = manifests.findIndex((o) => o.kind === 'ClusterRole');
    type Rule = { apiGroups: string[]; resources: string[]; verbs: string[] };
    const rules = (manifests[roleIndex] as any).rules as Rule[];
    expect(rules).toHaveLength(4);
    const without = (edit: (rules: Rule[]) => Rule[]): unknown[] =>
      manifests.map((o, i) => (i === roleIndex ? { ...o, rules: edit(structuredClone(rules)) } : o));
    // A verb the run did not use (`list`: the initial state came by WatchList) is granted for the fallback to a paged
    // list; removing it leaves every request covered.
    const used = (plural: string, subresource: string | undefined, verb: string): boolean =>
      requests.some((r) => r.resource === plural && (r.subresource || undefined) === subresource && r.verb === verb);
    for (const [index, rule] of rules.entries()) {
      const resource = rule.resources[0]!;
      const [plural, subresource] = resource.split('/') as [string, string | undefined];
      const firstUsed = rule.verbs.find((v) => used(plural, subresource, v))!;
      const expected = `"${firstUsed}" resource "${plural}${rule.apiGroups[0] ? `.${rule.apiGroups[0]}` : ''}${subresource ? `/${subresource}` : ''}"`;
      expect(() => expectCoveredBy(requests, without((r) => r.filter((_, i) => i !== index)) as any), `without rule ${index}`).toThrow(expected);
      for (const verb of rule.verbs) {
        const fewer = without((r) => r.map((x, i) => (i === index ? { ...x, verbs: x.verbs.filter((v) => v !== verb) } : x)));
        const report = checkCoverage(requests, fewer as any);
        if (!used(plural, subresource, verb)) {
          expect(report.uncovered, `without ${verb} on ${resource} (not used)`).toEqual([]);
          continue;
        }
        expect(report.uncovered.length, `without ${verb} on ${resource}`).toBeGreaterThan(0);
        for (const u of report.uncovered) {
          expect(u.attributes).toMatchObject({ resourceRequest: true, verb, group: rule.apiGroups[0], resource: plural });
          expect(u.suggestion).toEqual({ apiGroups: [rule.apiGroups[0]], resources: [resource], verbs: [verb] });
        }
      }
    }
    // The message lists each request (verb, resource/subresource.group, name, namespace, count) and the rule to add.
    let message = '';
    try {
      expectCoveredBy(requests, without((r) => r.slice(0, 2)) as any);
    } catch (error) {
      message = (error as Error).message;
    }
    const statusPatches = requests.filter((r) => r.subresource === 'status').length;
    expect(message).toContain('of system:serviceaccount:default:operator are not allowed by the given manifests:');
    expect(message).toContain(`  - "patch" resource "kopfexamples.kopf.dev/status" named "kopf-example-1" in namespace "default" (${statusPatches} ${statusPatches === 1 ? 'request' : 'requests'})`);
    expect(message).toContain('      would be allowed by the rule { apiGroups: ["kopf.dev"], resources: ["kopfexamples/status"], verbs: ["patch"] } in a Role in namespace "default" (or a ClusterRole)');
  });

  it('attributes a handler’s own connection made with env.kubeconfigFor(run.user) to the operator', async () => {
    await using env = await startTestEnv({ crds: [crd] });
    const user = 'system:serviceaccount:ops:reporter';
    const kubeconfig = env.kubeconfigFor(user);
    expect(env.kubeconfigFor(user)).toBe(kubeconfig);
    expect(env.kubeconfigFor()).toBe(env.kubeconfigFor(DEFAULT_OPERATOR_USER));
    expect(env.kubeconfigFor()).not.toBe(kubeconfig);
    expect(parse(readFileSync(kubeconfig, 'utf8')).users[0].user.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const run = await env.run((registry) => {
      registry.on.create('kopfexamples', async function report({ name }) {
        const client = await connect({ env: { KUBECONFIG: kubeconfig } });
        try {
          await client.create({ group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `report-${name}`, namespace: 'default' } });
        } finally {
          client.close();
        }
      });
    }, { user });
    expect(run.user).toBe(user);
    await env.apply(obj);
    await env.waitFor({ apiVersion: 'v1', kind: 'ConfigMap', name: 'report-kopf-example-1', namespace: 'default' });
    await run.stop();
    const creates = run.requests().filter((r) => r.verb === 'create' && r.resource === 'configmaps');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({ user, namespace: 'default', code: 201 });
    expect(() => expectCoveredBy(run.requests(), rbacPath, { user })).toThrow(/"create" resource "configmaps" in namespace "default" \(1 request\)/);
  });

  it('covers a namespaced run with a Role, and names what a cluster-wide run needs beyond it', async () => {
    await using env = await startTestEnv({ crds: [crd] });
    const rbac = `
apiVersion: v1
kind: ServiceAccount
metadata: { name: op, namespace: ops }
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: { name: op-crds }
rules:
  - { apiGroups: [apiextensions.k8s.io], resources: [customresourcedefinitions], verbs: [list, watch] }
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: { name: op-crds }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: op-crds }
subjects: [{ kind: ServiceAccount, name: op, namespace: ops }]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: { name: op }
rules:
  - { apiGroups: [kopf.dev], resources: [kopfexamples, kopfexamples/status], verbs: [list, watch, patch] }
  - { apiGroups: [''], resources: [events], verbs: [create] }
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: { name: op }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: op }
subjects: [{ kind: ServiceAccount, name: op, namespace: ops }]
`;
    const user = 'system:serviceaccount:ops:op';
    const namespaced = await exerciseMinimal(env, { user, namespaces: ['default'] });
    // The Role and RoleBinding name no namespace: they go where the manifests are applied (`default`).
    expect(expectCoveredBy(namespaced, rbac).unusedRules).toEqual([]);
    const clusterWide = await exerciseMinimal(env, { user: 'system:serviceaccount:ops:everywhere' });
    const report = checkCoverage(clusterWide, rbac, { user });
    expect(report.uncovered.map((u) => u.description).sort()).toEqual(['"watch" resource "kopfexamples.kopf.dev" cluster-wide']);
    expect(report.uncovered.every((u) => u.scope === 'cluster')).toBe(true);
    // Applied to another namespace, the Role no longer covers objects in `default`.
    expect(() => expectCoveredBy(namespaced, rbac, { namespace: 'elsewhere' })).toThrow(/"patch" resource "kopfexamples.kopf.dev\/status" named "kopf-example-1" in namespace "default"/);
  });
});
