// @opkit/labeled-config: per-node configuration from config sets selected by node labels (Yaook's
// helpers). Everything public is listed here by name.

// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { extractLabeledConfigs, compileConfigSets } from './extractLabeledConfigs.js';
export type { ConfigSet, ExtractLabeledConfigsOptions } from './extractLabeledConfigs.js';

export { compileLabelSelector, matchesLabelSelector, LABEL_SELECTOR_OPERATORS } from './labelSelector.js';
export type { LabelSelector, LabelSelectorRequirement, LabelSelectorOperator, Labels, LabelMatcher } from './labelSelector.js';

export { transposeConfig } from './transposeConfig.js';
export type { TransposedValues, TransposeConfigOptions } from './transposeConfig.js';

export { mergeConfigs } from './mergeConfigs.js';
export type { MergeConfigsOptions, ListMergeMode } from './mergeConfigs.js';

export { nodeLabelsOf, nodeLabelsFromInstance, instanceNodeName, NODES, INSTANCE_LABEL } from './nodeLabels.js';
export type { InstanceNodeNameOptions } from './nodeLabels.js';

export { LabeledConfigError, InvalidConfigError, MergeConflictError, NodeNotFoundError, NoInstanceError } from './errors.js';
export type { LabeledConfigErrorCode } from './errors.js';
