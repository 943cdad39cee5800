// Per-node configuration: a NodeAgentConfig holds an agent's base configuration and overrides selected
// by node labels; this operator renders, for every Node, a ConfigMap named after the node (in the
// NodeAgentConfig's namespace, owned by it) with the configuration merged for that node's labels.
//
// Two indices keep what the renders need in memory: every Node's labels and every NodeAgentConfig's
// spec. A NodeAgentConfig's change (create, update, resume) renders every node; a Node's watch event
// (added, relabelled, listed at startup) renders that node for every NodeAgentConfig, and a deleted
// Node's ConfigMaps are deleted. A render writes only when the ConfigMap's content changes, so Node
// status heartbeats cost one read each.
import { PermanentError, buildOwnerReference, on, owns } from '@opkit/core';
import type { Index, Logger } from '@opkit/core';
import { NotFoundError, connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { LabeledConfigError, extractLabeledConfigs, mergeConfigs, transposeConfig } from '@opkit/labeled-config';
import type { ConfigSet, Labels, ListMergeMode } from '@opkit/labeled-config';

owns('configmaps');

const CONFIGMAPS: Resource = { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true };
/** The key of the rendered configuration in each ConfigMap. */
export const CONFIG_KEY = 'agent.json';
/** Labels on each ConfigMap: which node and which NodeAgentConfig it is for. */
export const NODE_LABEL = 'example.com/node';
export const CONFIG_LABEL = 'example.com/node-agent-config';

/** The spec of a NodeAgentConfig. */
interface AgentSpec {
  agentConfig?: Record<string, unknown>;
  lists?: ListMergeMode;
  configSets?: ConfigSet[];
}

/** What the index keeps of a NodeAgentConfig: enough to render and to own the ConfigMaps. */
interface AgentEntry {
  body: KubeObject;
  spec: AgentSpec;
}

let client: KubeClient | undefined;

on.startup(async function connect_client() {
  client = await connect();
});

on.cleanup(function close_client() {
  client?.close();
  client = undefined;
});

/** Node name → its labels. */
on.index('nodes', function node_labels({ name, labels }) {
  return name ? { [name]: { ...labels } } : undefined;
});

/** `namespace/name` → the NodeAgentConfig. */
on.index('nodeagentconfigs', function agent_configs({ body, namespace, name, spec }) {
  return { [`${namespace}/${name}`]: { body, spec: spec as AgentSpec } satisfies AgentEntry };
});

/** The configuration of one node: the base, then every applicable set in order. */
export function configFor(spec: AgentSpec, labels: Labels): unknown {
  const sets = spec.configSets ?? [];
  const applicable = extractLabeledConfigs(sets, labels, { name: 'spec.configSets' });
  const { agentConfig } = transposeConfig(applicable, ['agentConfig'], { from: sets, name: 'spec.configSets' });
  return mergeConfigs(
    { values: [spec.agentConfig ?? {}, ...agentConfig.values], sources: ['spec.agentConfig', ...agentConfig.sources] },
    { lists: spec.lists ?? 'replace' },
  );
}

function connected(): KubeClient {
  if (!client) throw new Error('not connected: the connect_client startup handler has not run');
  return client;
}

/** Creates or updates the node's ConfigMap of one NodeAgentConfig; true when it wrote. */
async function render(agent: AgentEntry, nodeName: string, labels: Labels, signal: AbortSignal): Promise<boolean> {
  const { namespace, name } = agent.body.metadata as { namespace: string; name: string };
  const data = { [CONFIG_KEY]: `${JSON.stringify(configFor(agent.spec, labels), null, 2)}\n` };
  const metaLabels = { [NODE_LABEL]: nodeName, [CONFIG_LABEL]: name };
  let existing: KubeObject | undefined;
  try {
    existing = await connected().get(CONFIGMAPS, nodeName, { namespace, signal });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  if (!existing) {
    const ownerReferences = [buildOwnerReference(agent.body)];
    await connected().create(CONFIGMAPS, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: nodeName, namespace, labels: metaLabels, ownerReferences }, data }, { namespace, signal });
    return true;
  }
  const owner = (existing.metadata?.ownerReferences ?? []).find((ref) => ref.controller);
  if (owner?.uid !== agent.body.metadata?.uid) {
    throw new PermanentError(`ConfigMap ${namespace}/${nodeName} belongs to ${owner ? `${owner.kind} ${owner.name}` : 'no NodeAgentConfig'}: one NodeAgentConfig per namespace renders the node ConfigMaps`);
  }
  if ((existing['data'] as Record<string, string> | undefined)?.[CONFIG_KEY] === data[CONFIG_KEY]) return false;
  await connected().patch(CONFIGMAPS, nodeName, { metadata: { labels: metaLabels }, data }, { namespace, signal });
  return true;
}

/** Renders every node for one NodeAgentConfig (its change handlers share this). */
async function renderAll(body: KubeObject, spec: AgentSpec, indices: Record<string, Index<unknown, unknown>>, patch: { status: Record<string, unknown> }, logger: Logger, signal: AbortSignal): Promise<void> {
  const nodes = indices['node_labels'] as Index<string, Labels>;
  try {
    for (const [node, labels] of nodes) {
      if (await render({ body, spec }, node, labels.toArray()[0] ?? {}, signal)) logger.info(`Rendered the configuration of node ${node}.`);
    }
  } catch (error) {
    if (error instanceof LabeledConfigError) throw new PermanentError(`invalid NodeAgentConfig: ${error.message}`);
    throw error;
  }
  patch.status['rendered'] = { nodes: nodes.size };
}

on.create('nodeagentconfigs', async function render_on_create({ body, spec, indices, patch, logger, signal }) {
  await renderAll(body, spec as AgentSpec, indices, patch, logger, signal);
});

on.update('nodeagentconfigs', async function render_on_update({ body, spec, indices, patch, logger, signal }) {
  await renderAll(body, spec as AgentSpec, indices, patch, logger, signal);
});

on.resume('nodeagentconfigs', async function render_on_resume({ body, spec, indices, patch, logger, signal }) {
  await renderAll(body, spec as AgentSpec, indices, patch, logger, signal);
});

/** A Node appeared, changed or went: render (or delete) its ConfigMap of every NodeAgentConfig. */
on.event('nodes', async function node_changed({ type, name, labels, indices, logger, signal }) {
  if (!name) return;
  const agents = indices['agent_configs'] as Index<string, AgentEntry>;
  for (const [, entries] of agents) {
    const agent = entries.toArray()[0]!;
    const namespace = agent.body.metadata?.namespace as string;
    if (type === 'DELETED') {
      await connected().delete(CONFIGMAPS, name, { namespace, signal }).catch((error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error;
      });
      logger.info(`Deleted the configuration of node ${name} in ${namespace}.`);
    } else if (await render(agent, name, labels, signal)) {
      logger.info(`Rendered the configuration of node ${name} for ${namespace}/${agent.body.metadata?.name}.`);
    }
  }
});
