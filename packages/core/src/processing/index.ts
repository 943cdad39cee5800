// The processing pipeline's entry: the only thing the operator shell imports from processing/.
export { runResources } from './runResources.js';
export { createIndices } from '@opkit/handlers';
export type { OperatorIndices } from '@opkit/handlers';
export type { RuntimeDeps } from './deps.js';
