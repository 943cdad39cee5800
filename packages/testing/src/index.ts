// @opkit/testing: run an operator against the embedded Kubernetes API server inside a test, with
// no cluster — start the environment, apply manifests, run the operator as its own user, await
// conditions, and check that its RBAC covers every request it made.
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { startTestEnv, TestEnv } from './testEnv.js';
export type { TestEnvOptions, TestEnvRbacOptions, ForbiddenRequest, ObjectRef, WaitOptions } from './testEnv.js';
export { DEFAULT_OPERATOR_USER } from './run.js';
export { TestFaults } from './faults.js';
export type { TestFaultOptions, TestFaultRule, TestFaultCounts } from './faults.js';
export { TestClock } from './testClock.js';
export type { TestClockOptions } from './testClock.js';
export type { RunTarget, RunOptions, RunningOperator } from './run.js';
export { expectCoveredBy, checkCoverage, formatCoverageFailure } from './coverage.js';
export type { CoverageOptions, CoverageReport, CoverageRequest, CoveredRequest, RequestGroup, UncoveredRequest } from './coverage.js';
export { expectRoundTrip } from './roundTrip.js';
export type { RoundTripSource } from './roundTrip.js';
export { parseManifests } from './manifests.js';
export type { ManifestInput } from './manifests.js';
