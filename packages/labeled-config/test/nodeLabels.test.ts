// nodeLabelsOf and nodeLabelsFromInstance against the embedded API server over real HTTP: a Node's
// labels, a node without labels, a missing node (NodeNotFoundError), an object without an instance
// label, and the whole path from a node's labels to its merged configuration.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NODES, NoInstanceError, NodeNotFoundError, extractLabeledConfigs, instanceNodeName, mergeConfigs, nodeLabelsFromInstance, nodeLabelsOf, transposeConfig,
} from '../src/index.js';
import type { ConfigSet } from '../src/index.js';

let server: ApiServer;
let client: KubeClient;
let dir: string;

beforeAll(async () => {
  server = await startApiServer();
  dir = mkdtempSync(join(tmpdir(), 'opkit-labeled-config-'));
  writeFileSync(join(dir, 'kubeconfig'), server.kubeconfig());
  client = await connect({ kubeconfig: join(dir, 'kubeconfig'), retry: { start: 20, max: 200, attempts: 3 } });
  await client.create(NODES, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1', labels: { zone: 'a', 'node-role.kubernetes.io/compute': '' } } });
  await client.create(NODES, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'bare' } });
});
afterAll(async () => {
  client?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('nodeLabelsOf', () => {
  it('reads a Node’s labels, and {} for a node without any', async () => {
    expect(await nodeLabelsOf(client, 'worker-1')).toEqual({ zone: 'a', 'node-role.kubernetes.io/compute': '' });
    expect(await nodeLabelsOf(client, 'bare')).toEqual({});
  });

  it('sees relabelling', async () => {
    await client.patch(NODES, 'bare', { metadata: { labels: { zone: 'b' } } });
    expect(await nodeLabelsOf(client, 'bare')).toEqual({ zone: 'b' });
  });

  it('fails with NodeNotFoundError for a missing node', async () => {
    const error = await nodeLabelsOf(client, 'worker-9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeNotFoundError);
    expect((error as NodeNotFoundError).code).toBe('node-not-found');
    expect((error as Error).message).toBe('node "worker-9" not found: expected the name of an existing Node (kubectl get nodes lists them)');
    await expect(nodeLabelsOf(client, '')).rejects.toThrow('nodeName: expected a node name, got ""');
  });

  it('stops on abort', async () => {
    const error = await nodeLabelsOf(client, 'worker-1', { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(NodeNotFoundError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('nodeLabelsFromInstance', () => {
  const agent = (labels: Record<string, string>) => ({ apiVersion: 'example.com/v1', kind: 'NodeAgent', metadata: { name: 'agent-x', namespace: 'ops', labels } });

  it('reads the labels of the node named by the object’s instance label', async () => {
    expect(instanceNodeName(agent({ 'state.yaook.cloud/instance': 'worker-1' }))).toBe('worker-1');
    expect(await nodeLabelsFromInstance(client, agent({ 'state.yaook.cloud/instance': 'worker-1' }))).toEqual({ zone: 'a', 'node-role.kubernetes.io/compute': '' });
    expect(await nodeLabelsFromInstance(client, agent({ 'example.com/node': 'worker-1' }), { label: 'example.com/node' })).toHaveProperty('zone', 'a');
  });

  it('fails with NoInstanceError for an object without the label', async () => {
    await expect(nodeLabelsFromInstance(client, agent({}))).rejects.toThrow(NoInstanceError);
    expect(() => instanceNodeName(agent({}))).toThrow('NodeAgent ops/agent-x has no label "state.yaook.cloud/instance": expected the name of its node there (the object\'s instance)');
  });
});

describe('the pattern end to end', () => {
  it('merges the config sets that select a node', async () => {
    const configSets: ConfigSet[] = [
      { nodeSelectors: [{}], agentConfig: { log: { level: 'info' }, peers: ['base'] } },
      { nodeSelectors: [{ matchLabels: { zone: 'b' } }], agentConfig: { log: { level: 'debug' } } },
      { nodeSelectors: [{ matchExpressions: [{ key: 'node-role.kubernetes.io/compute', operator: 'Exists' }] }], agentConfig: { peers: ['compute'] } },
    ];
    const configOf = async (node: string) => {
      const applicable = extractLabeledConfigs(configSets, await nodeLabelsOf(client, node));
      return mergeConfigs(transposeConfig(applicable, ['agentConfig'], { from: configSets }).agentConfig, { lists: 'concat' });
    };
    expect(await configOf('worker-1')).toEqual({ log: { level: 'info' }, peers: ['base', 'compute'] });
    expect(await configOf('bare')).toEqual({ log: { level: 'debug' }, peers: ['base'] });
  });
});
