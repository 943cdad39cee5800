// An operator's RBAC tested offline: startTestEnv({ rbac }) runs examples/01-minimal as the ServiceAccount
// of its RBAC manifests on a server that enforces RBAC. With the complete manifests the operator does its
// work; with one permission deliberately removed (patching the status subresource) the server answers the
// operator's request with the 403 a cluster would, in Kubernetes's words, and a wait that times out says so.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseManifests, startTestEnv } from '../src/index.js';
import { deadline } from '@opkit/test-tools';

const crd = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../../../examples/obj.yaml', import.meta.url));
const minimal = fileURLToPath(new URL('../../../examples/01-minimal/operator.ts', import.meta.url));
const rbacPath = fileURLToPath(new URL('./fixtures/minimal-rbac.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };
const SA = 'system:serviceaccount:default:operator';

describe('startTestEnv({ rbac })', () => {
  it('runs the operator as the manifests’ ServiceAccount under RBAC; complete manifests let it work', async () => {
    await using env = await startTestEnv({ crds: [crd], rbac: { manifests: rbacPath } });
    expect(env.operatorUser).toBe(SA);
    const run = await env.run(minimal);
    await env.apply(obj);
    await env.waitFor(ref, (b) => b.status?.create_fn?.message === 'hello world');
    expect(new Set(run.requests().map((r) => r.user))).toEqual(new Set([SA]));
    expect(env.forbidden()).toEqual([]);
    // The server really enforces: the operator's identity may not read Secrets.
    const denied = await fetch(`${env.url}/api/v1/namespaces/default/secrets`, { headers: { authorization: `Bearer ${/token: (\S+)/.exec(env.server.kubeconfig({ user: SA }))![1]}` } });
    expect(denied.status).toBe(403);
  });

  it('answers a deliberately missing permission with the 403 a cluster gives, and a timed-out wait names it', async () => {
    // The same manifests without the rule that lets the operator patch kopfexamples/status.
    const manifests = parseManifests(rbacPath).map((o) => (o.kind === 'ClusterRole'
      ? { ...o, rules: (o as unknown as { rules: { resources: string[] }[] }).rules.filter((r) => !r.resources.includes('kopfexamples/status')) }
      : o));
    await using env = await startTestEnv({ crds: [crd], rbac: { manifests } });
    await env.run(minimal);
    await env.apply(obj);
    const message = `kopfexamples.kopf.dev "kopf-example-1" is forbidden: User "${SA}" cannot patch resource "kopfexamples/status" in API group "kopf.dev" in the namespace "default"`;
    const giveUpAt = Date.now() + deadline(30_000);
    while (!env.forbidden().some((f) => f.message === message)) {
      if (Date.now() > giveUpAt) throw new Error(`no 403 for the status patch; denied so far: ${JSON.stringify(env.forbidden().map((f) => f.message))}`);
      await new Promise((resolve) => { setTimeout(resolve, 20); });
    }
    expect(env.forbidden()[0]!.record).toMatchObject({ user: SA, verb: 'patch', resource: 'kopfexamples', subresource: 'status', code: 403 });
    await expect(env.waitFor(ref, (b) => b.status?.create_fn?.message === 'hello world', { timeout: 300 }))
      .rejects.toThrow(`Requests denied by RBAC (403):\n  - ${message}`);
  });

  it('says what is wrong when it cannot tell the operator’s ServiceAccount', async () => {
    const noAccount = parseManifests(rbacPath).filter((o) => o.kind !== 'ServiceAccount');
    await expect(startTestEnv({ rbac: { manifests: noAccount } })).rejects.toThrow(
      "Cannot tell which ServiceAccount operators run as: the rbac manifests have no ServiceAccount; pass rbac.serviceAccount: 'system:serviceaccount:<namespace>:<name>'.",
    );
    await expect(startTestEnv({ rbac: { manifests: noAccount, serviceAccount: 'operator' } })).rejects.toThrow("rbac.serviceAccount must be 'system:serviceaccount:<namespace>:<name>', got \"operator\"");
  });
});
