// Nodes over real HTTP: a cluster-scoped core/v1 kind with a status subresource, as kube-apiserver
// serves it — discovery (short name `no`), no namespaced paths, a create that keeps the status a
// kubelet registers with, updates that leave status to /status, label and field selectors, the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, openWatch } from './protocolHelpers.js';

let server: ApiServer;
let url: string;

beforeAll(async () => {
  server = await startApiServer();
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

const nodes = '/api/v1/nodes';

function node(name: string, labels: Record<string, string>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, ...extra };
}

describe('nodes', () => {
  it('is listed in core/v1 discovery as cluster-scoped with a status subresource and short name no', async () => {
    const discovery = await call(url, 'GET', '/api/v1');
    const resources: { name: string; namespaced: boolean; kind: string; shortNames?: string[]; verbs: string[] }[] = discovery.body.resources;
    expect(resources.find((r) => r.name === 'nodes')).toMatchObject({ namespaced: false, kind: 'Node', shortNames: ['no'] });
    expect(resources.find((r) => r.name === 'nodes')?.verbs).toEqual(expect.arrayContaining(['create', 'get', 'list', 'watch', 'patch', 'update', 'delete']));
    expect(resources.find((r) => r.name === 'nodes/status')).toMatchObject({ namespaced: false, kind: 'Node' });
  });

  it('creates a Node with its status, serves it cluster-scoped only, and lists it by label and field selectors', async () => {
    const created = await call(url, 'POST', nodes, node('worker-1', { zone: 'a', 'node-role.kubernetes.io/worker': '' }, {
      spec: { unschedulable: true },
      status: { nodeInfo: { kubeletVersion: 'v1.32.0' }, conditions: [{ type: 'Ready', status: 'True' }] },
    }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1', labels: { zone: 'a' } }, status: { nodeInfo: { kubeletVersion: 'v1.32.0' } } });
    expect(created.body.metadata.namespace).toBeUndefined();
    expect((await call(url, 'POST', nodes, node('worker-2', { zone: 'b' }))).status).toBe(201);

    expect((await call(url, 'GET', `${nodes}/worker-1`)).body.metadata.uid).toBe(created.body.metadata.uid);
    expect((await call(url, 'GET', '/api/v1/namespaces/default/nodes/worker-1')).status).toBe(404);
    const missing = await call(url, 'GET', `${nodes}/absent`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ kind: 'Status', reason: 'NotFound', message: 'nodes "absent" not found', details: { name: 'absent', kind: 'nodes' } });

    const byLabel = await call(url, 'GET', `${nodes}?labelSelector=${encodeURIComponent('zone in (b,c)')}`);
    expect(byLabel.body.kind).toBe('NodeList');
    expect(byLabel.body.items.map((n: any) => n.metadata.name)).toEqual(['worker-2']);
    const byField = await call(url, 'GET', `${nodes}?fieldSelector=spec.unschedulable%3Dtrue`);
    expect(byField.body.items.map((n: any) => n.metadata.name)).toEqual(['worker-1']);
    expect((await call(url, 'GET', `${nodes}?fieldSelector=status.phase%3DReady`)).status).toBe(400);
  });

  it('leaves the status to /status: updates of the main resource keep it, /status changes only it', async () => {
    await call(url, 'POST', nodes, node('worker-3', {}, { status: { conditions: [{ type: 'Ready', status: 'True' }] } }));
    const patched = await call(url, 'PATCH', `${nodes}/worker-3`, { metadata: { labels: { disk: 'ssd' } }, status: { conditions: [{ type: 'Ready', status: 'False' }] } }, { 'content-type': 'application/merge-patch+json' });
    expect(patched.status).toBe(200);
    expect(patched.body.metadata.labels).toEqual({ disk: 'ssd' });
    expect(patched.body.status.conditions).toEqual([{ type: 'Ready', status: 'True' }]);
    const status = await call(url, 'PATCH', `${nodes}/worker-3/status`, { metadata: { labels: { disk: 'hdd' } }, status: { conditions: [{ type: 'Ready', status: 'False' }] } }, { 'content-type': 'application/merge-patch+json' });
    expect(status.status).toBe(200);
    expect(status.body.metadata.labels).toEqual({ disk: 'ssd' });
    expect(status.body.status.conditions).toEqual([{ type: 'Ready', status: 'False' }]);
  });

  it('streams label changes to a watch', async () => {
    await call(url, 'POST', nodes, node('worker-4', { tier: 'one' }));
    const listed = await call(url, 'GET', nodes);
    const watch = await openWatch(url, `${nodes}?watch=true&resourceVersion=${listed.body.metadata.resourceVersion}&fieldSelector=metadata.name%3Dworker-4`);
    try {
      await call(url, 'PATCH', `${nodes}/worker-4`, { metadata: { labels: { tier: 'two' } } }, { 'content-type': 'application/strategic-merge-patch+json' });
      const event = await watch.next();
      expect(event.type).toBe('MODIFIED');
      expect(event.object.metadata.labels).toEqual({ tier: 'two' });
    } finally {
      watch.close();
    }
  });

  it('serves the table kube serves for nodes: Status, Roles, Age, Version, and the wide columns', async () => {
    const table = await call(url, 'GET', `${nodes}/worker-1`, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(table.body.kind).toBe('Table');
    expect(table.body.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Status', 'Roles', 'Age', 'Version', 'Internal-IP', 'External-IP', 'OS-Image', 'Kernel-Version', 'Container-Runtime']);
    const cells = table.body.rows[0].cells;
    expect(cells.slice(0, 3)).toEqual(['worker-1', 'Ready,SchedulingDisabled', 'worker']);
    expect(cells.slice(4)).toEqual(['v1.32.0', '<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']);
    const bare = await call(url, 'GET', `${nodes}/worker-2`, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(bare.body.rows[0].cells.slice(0, 3)).toEqual(['worker-2', 'Unknown', '<none>']);
  });
});
