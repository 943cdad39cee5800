// The API server's own process in `pnpm bench`: the embedded API server (@opkit/apiserver) on a free port,
// answering the driver's `stats` with its own CPU time, memory and request counters by verb and resource.
// Run by the driver with child_process.fork(); exits when the driver goes away. With `--rbac` the server
// authorizes every request with RBAC (over plain http, so the figures compare with the default mode), and
// the driver gets the token of a ServiceAccount bound to a Role on configmaps, among other bindings as a
// real cluster has, so that every measured request goes through the authorizer.
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { reportReady, serveDriver } from './ipc.js';
import type { ServerStats } from './protocol.js';
import { NAMESPACE, ownStats } from './protocol.js';

const rbac = process.argv.includes('--rbac');
// A kube-apiserver does not cap connections (it closes idle ones after 90 s); the embedded server closes the oldest
// idle connection past 4,096 by default. @kubernetes/client-node, which the raw baseline uses, opens a connection per
// request and leaves about half of them open when requests overlap (until the server's idle timeout), so a create
// storm of 10,000 would pass that bound and have the driver's keep-alive connections closed under it. The bench
// server allows as many connections as a process here may open files (20,000), less room for everything else.
const server = await startApiServer({ historySize: 200_000, connections: { maxConnections: 15_000 }, ...(rbac ? { authorization: 'rbac', tls: false } : {}) });

/** Creates the bench's ServiceAccount, its Role and RoleBinding (and 50 unrelated ones), and returns its token. */
async function benchToken(api: ApiServer): Promise<string> {
  const admin = /token: (\S+)/.exec(api.kubeconfig())?.[1] ?? '';
  const post = async (path: string, body: unknown): Promise<{ status?: { token?: string } }> => {
    const res = await fetch(`${api.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`bench RBAC setup: POST ${path}: HTTP ${res.status}: ${await res.text()}`);
    return (await res.json()) as { status?: { token?: string } };
  };
  const rbacApi = `/apis/rbac.authorization.k8s.io/v1/namespaces/${NAMESPACE}`;
  await post(`/api/v1/namespaces/${NAMESPACE}/serviceaccounts`, { metadata: { name: 'bench' } });
  for (let i = 0; i < 50; i++) {
    await post(`${rbacApi}/roles`, { metadata: { name: `other-${i}` }, rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }] });
    await post(`${rbacApi}/rolebindings`, { metadata: { name: `other-${i}` }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: `other-${i}` }, subjects: [{ kind: 'User', name: `user-${i}` }] });
  }
  await post(`${rbacApi}/roles`, { metadata: { name: 'bench' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['create', 'get', 'list', 'watch'] }] });
  await post(`${rbacApi}/rolebindings`, { metadata: { name: 'bench' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'bench' }, subjects: [{ kind: 'ServiceAccount', name: 'bench' }] });
  const request = await post(`/api/v1/namespaces/${NAMESPACE}/serviceaccounts/bench/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} });
  return String(request.status?.token);
}

const token = rbac ? await benchToken(server) : undefined;
serveDriver((request): ServerStats => {
  const stats = server.stats();
  return { ...ownStats(request.gc === true), requests: stats.requests, objects: stats.objects };
}, () => server.close());
reportReady({ type: 'ready', url: server.url, ...(token !== undefined ? { token } : {}) });
