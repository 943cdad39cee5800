// The processing pipeline's entry: the only thing the operator shell imports from processing/.
export { runResources } from './runResources.js';
export { createIndices } from './indexing.js';
export type { OperatorIndices } from './indexing.js';
export type { RuntimeDeps } from './deps.js';
export { DualProgressStorage } from './dualProgressStorage.js';
export { DualDiffBaseStorage } from './dualDiffBaseStorage.js';
