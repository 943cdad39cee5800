// labeled-config: three Nodes with different labels and one NodeAgentConfig (samples/) give three
// ConfigMaps, each with the configuration merged for its node; relabelling a node, changing the
// NodeAgentConfig, adding and deleting a node re-render exactly what they affect; a malformed selector
// fails the render permanently with the field it names.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('crd.yaml', import.meta.url));
const sample = fileURLToPath(new URL('samples/nodeagentconfig.yaml', import.meta.url));
const nodes = fileURLToPath(new URL('samples/nodes.yaml', import.meta.url));
const agents = { apiVersion: 'example.com/v1', kind: 'NodeAgentConfig', name: 'agents', namespace: 'default' };
const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', name, namespace: 'default' });
const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', name });

/** The parsed configuration in a ConfigMap body (undefined when there is none yet). */
function configOf(body: Record<string, any>): unknown {
  const text = body['data']?.['agent.json'];
  return typeof text === 'string' ? JSON.parse(text) : undefined;
}

/** The shape of the rendered configuration. */
interface AgentConfig {
  log: { level: string };
  cache: { size: string };
  plugins: string[];
}

describe('example labeled-config', () => {
  let env: TestEnv;
  let saved: string | undefined;
  beforeEach(async () => {
    env = await startTestEnv({ crds: [crd] });
    saved = process.env.KUBECONFIG;
    process.env.KUBECONFIG = env.kubeconfigPath; // the operator connects like any client would
  });
  afterEach(async () => {
    await env.dispose();
    if (saved === undefined) delete process.env.KUBECONFIG;
    else process.env.KUBECONFIG = saved;
  });

  it('renders one ConfigMap per Node with the merged config and re-renders on relabelling and changes', async () => {
    await env.apply(nodes);
    const op = await env.run(operator);
    await env.apply(sample);

    const expected = {
      'node-a': { log: { level: 'debug' }, cache: { size: '1Gi' }, plugins: ['metrics'] },
      'node-ssd': { log: { level: 'info' }, cache: { size: '10Gi' }, plugins: ['metrics'] },
      'node-gpu': { log: { level: 'info' }, cache: { size: '10Gi' }, plugins: ['metrics', 'cuda'] },
    };
    for (const [name, config] of Object.entries(expected)) {
      const body = await env.waitFor(configMap(name), (b) => configOf(b) !== undefined, { what: `render ${name}` });
      expect(configOf(body)).toEqual(config);
      expect(body.metadata.labels).toEqual({ 'example.com/node': name, 'example.com/node-agent-config': 'agents' });
      expect(body.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'NodeAgentConfig', name: 'agents', controller: true })]);
    }
    expect((await env.waitFor(agents, (b) => b.status?.rendered !== undefined)).status.rendered).toEqual({ nodes: 3 });

    // Relabel node-a: out of zone a (no debug), onto NVMe (the 10Gi cache).
    await env.patch(node('node-a'), { metadata: { labels: { 'topology.kubernetes.io/zone': 'b', disk: 'nvme' } } });
    const relabelled = await env.waitFor(configMap('node-a'), (b) => (configOf(b) as AgentConfig).log.level === 'info', { what: 're-render node-a' });
    expect(configOf(relabelled)).toEqual({ log: { level: 'info' }, cache: { size: '10Gi' }, plugins: ['metrics'] });
    // The other nodes' ConfigMaps were not rewritten.
    expect(env.requests({ verb: 'patch', resource: 'configmaps' }).map((r) => r.name)).toEqual(['node-a']);

    // Change the NodeAgentConfig: lists now replace; every node follows.
    await env.patch(agents, { spec: { lists: 'replace' } });
    const gpu = await env.waitFor(configMap('node-gpu'), (b) => (configOf(b) as AgentConfig).plugins.length === 1, { what: 're-render node-gpu' });
    expect(configOf(gpu)).toEqual({ log: { level: 'info' }, cache: { size: '10Gi' }, plugins: ['cuda'] });

    // A new node gets its ConfigMap; a deleted node loses it.
    await env.apply({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-new', labels: { 'topology.kubernetes.io/zone': 'a' } } });
    const fresh = await env.waitFor(configMap('node-new'), (b) => configOf(b) !== undefined, { what: 'render node-new' });
    expect(configOf(fresh)).toEqual({ log: { level: 'debug' }, cache: { size: '1Gi' }, plugins: ['metrics'] });
    await env.delete(node('node-ssd'));
    await env.waitForGone(configMap('node-ssd'));
    await op.waitForLog('Deleted the configuration of node node-ssd in default.');

    // The ConfigMaps are owned by the NodeAgentConfig: deleting it garbage-collects them.
    await env.delete(agents);
    for (const name of ['node-a', 'node-gpu', 'node-new']) await env.waitForGone(configMap(name));
  });

  it('fails a NodeAgentConfig with a malformed selector permanently, naming the field', async () => {
    await env.apply(nodes);
    const op = await env.run(operator);
    await env.apply({
      apiVersion: 'example.com/v1', kind: 'NodeAgentConfig', metadata: { name: 'broken', namespace: 'default' },
      spec: { agentConfig: {}, configSets: [{ nodeSelectors: [{}] }, { nodeSelectors: [{ matchExpressions: [{ key: 'gpu', operator: 'Foo' }] }] }] },
    });
    await op.waitForLog('invalid NodeAgentConfig: spec.configSets[1].nodeSelectors[0].matchExpressions[0].operator: "Foo" is not one of In, NotIn, Exists, DoesNotExist');
    expect(env.requests({ verb: 'create', resource: 'configmaps' })).toEqual([]);
  });
});
