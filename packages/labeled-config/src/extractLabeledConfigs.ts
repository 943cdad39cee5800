// Which config sets apply to a node: Yaook's `extract_labeled_configs`. Operators of per-node agents
// let users write configuration once, as a list of sets each selected by node labels; this picks the
// sets whose selectors match one node's labels, keeping the users' order (which is the merge order).

import { InvalidConfigError } from './errors.js';
import { compileLabelSelector } from './labelSelector.js';
import type { LabelMatcher, LabelSelector, Labels } from './labelSelector.js';

/**
 * One config set: the label selectors choosing the nodes it applies to, and configuration under other keys.
 *
 * @example
 * const set: ConfigSet = { nodeSelectors: [{ matchLabels: { disk: 'ssd' } }], agentConfig: { cache: { size: '10Gi' } } };
 */
export interface ConfigSet {
  /** The set applies to a node when any of these matches its labels; absent or empty: to no node. */
  nodeSelectors?: readonly LabelSelector[] | undefined;
  [key: string]: unknown;
}

/** Options of {@link extractLabeledConfigs}. */
export interface ExtractLabeledConfigsOptions {
  /**
   * How error messages name the list of sets, e.g. `spec.configSets`.
   * @defaultValue 'configSets'
   */
  name?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Validates every set's selectors and compiles each set into "does it apply to these labels".
 *
 * @throws InvalidConfigError naming the set's index and the field
 * @example
 * const applies = compileConfigSets(sets); applies[0]!({ zone: 'a' });
 */
export function compileConfigSets(configSets: readonly unknown[], options: ExtractLabeledConfigsOptions = {}): LabelMatcher[] {
  const name = options.name ?? 'configSets';
  if (!Array.isArray(configSets)) throw new InvalidConfigError(name, 'expected a list of config sets');
  return configSets.map((set, i) => {
    const path = `${name}[${i}]`;
    if (!isRecord(set)) throw new InvalidConfigError(path, 'expected a config set (a map with nodeSelectors)');
    const selectors = set['nodeSelectors'] ?? [];
    if (!Array.isArray(selectors)) throw new InvalidConfigError(`${path}.nodeSelectors`, 'expected a list of label selectors');
    const matchers = selectors.map((selector, j) => compileLabelSelector(selector, `${path}.nodeSelectors[${j}]`));
    return (labels: Labels) => matchers.some((matches) => matches(labels));
  });
}

/**
 * The config sets that apply to an object with `objectLabels` (a Node's labels), in their original order.
 * A set applies when any of its `nodeSelectors` matches; an empty selector (`{}`, or an empty
 * `matchLabels`) matches every node; a set without selectors applies to none. Every selector of every
 * set is validated, whether or not it is reached.
 *
 * Returns the given set objects themselves (not copies).
 *
 * @throws InvalidConfigError naming the set's index and the field, e.g.
 *   `configSets[2].nodeSelectors[0].matchExpressions[1].operator: "Foo" is not one of In, NotIn, Exists, DoesNotExist`
 * @example
 * const applicable = extractLabeledConfigs(spec.configSets, await nodeLabelsOf(client, 'worker-1'));
 */
export function extractLabeledConfigs<T extends ConfigSet>(configSets: readonly T[], objectLabels: Labels | undefined, options: ExtractLabeledConfigsOptions = {}): T[] {
  const applies = compileConfigSets(configSets, options);
  const labels = objectLabels ?? {};
  return configSets.filter((_, i) => applies[i]!(labels));
}
