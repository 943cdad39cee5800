// The labels of the Node an object is about: Yaook's `get_node_labels_from_instance`. Per-node
// objects (one agent configuration per hypervisor …) name their node by their instance; the node's
// labels are what `extractLabeledConfigs` matches the config sets against.

import { NotFoundError } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { InvalidConfigError, NoInstanceError, NodeNotFoundError } from './errors.js';
import type { Labels } from './labelSelector.js';

/** core/v1 nodes, addressed without a discovery round trip. */
export const NODES: Resource = { group: '', version: 'v1', plural: 'nodes', kind: 'Node', namespaced: false, shortNames: ['no'] };

/** The label Yaook puts the instance (for per-node objects: the node name) in. */
export const INSTANCE_LABEL = 'state.yaook.cloud/instance';

/**
 * The labels of the Node named `nodeName` (`{}` when it has none).
 *
 * @throws NodeNotFoundError when no such Node exists; other API errors as @opkit/kube raises them
 * @example
 * const labels = await nodeLabelsOf(client, instanceNodeName(body), { signal });
 */
export async function nodeLabelsOf(client: KubeClient, nodeName: string, options: { signal?: AbortSignal } = {}): Promise<Labels> {
  if (typeof nodeName !== 'string' || nodeName === '') throw new InvalidConfigError('nodeName', `expected a node name, got ${JSON.stringify(nodeName)}`);
  try {
    const node = await client.get(NODES, nodeName, { signal: options.signal });
    return { ...(node.metadata?.labels ?? {}) };
  } catch (error) {
    if (error instanceof NotFoundError) throw new NodeNotFoundError(nodeName, { cause: error });
    throw error;
  }
}

/** Options of {@link instanceNodeName}. */
export interface InstanceNodeNameOptions {
  /**
   * The label holding the instance name.
   * @defaultValue 'state.yaook.cloud/instance'
   */
  label?: string;
}

/**
 * The node name of a per-node object: its instance, read from its instance label.
 *
 * @throws NoInstanceError when the object has no such label
 * @example
 * instanceNodeName({ metadata: { name: 'agent-x', labels: { 'state.yaook.cloud/instance': 'worker-1' } } }); // 'worker-1'
 */
export function instanceNodeName(object: KubeObject, options: InstanceNodeNameOptions = {}): string {
  const label = options.label ?? INSTANCE_LABEL;
  const value: unknown = object.metadata?.labels?.[label];
  if (typeof value !== 'string' || value === '') {
    const meta = object.metadata ?? {};
    const where = meta.namespace ? `${meta.namespace}/${meta.name ?? '?'}` : (meta.name ?? '?');
    throw new NoInstanceError(`${object.kind ?? 'object'} ${where}`, label);
  }
  return value;
}

/**
 * Yaook's `get_node_labels_from_instance`: the labels of the Node named by the object's instance.
 *
 * @throws NoInstanceError, NodeNotFoundError
 * @example
 * const labels = await nodeLabelsFromInstance(client, body, { signal });
 */
export async function nodeLabelsFromInstance(client: KubeClient, object: KubeObject, options: InstanceNodeNameOptions & { signal?: AbortSignal } = {}): Promise<Labels> {
  return nodeLabelsOf(client, instanceNodeName(object, options), { signal: options.signal });
}
