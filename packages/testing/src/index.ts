// @opkit/testing: run an operator against the embedded Kubernetes API server inside a test, with
// no cluster — start the environment, apply manifests, run the operator, await conditions.
export { startTestEnv, TestEnv } from './testEnv.js';
export type { TestEnvOptions, ObjectRef, WaitOptions } from './testEnv.js';
export type { RunTarget, RunOptions, RunningOperator } from './run.js';
