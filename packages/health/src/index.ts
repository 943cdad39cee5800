// @opkit/health: an operator's health over HTTP — the liveness endpoint with the probes' results, the
// readiness endpoint, and Prometheus metrics, all from the operator's event feed. Every export is listed by name.

// The server
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { startHealthServer, HealthServer } from './healthServer.js';
export type { HealthServerOptions, HealthSource } from './healthServer.js';
export { parseLivenessUrl } from './livenessUrl.js';
export type { LivenessAddress } from './livenessUrl.js';

// Metrics
export { OperatorMetrics } from './metrics.js';
export type { OperatorMetricsOptions, PeeringState } from './metrics.js';
export { startMetricsServer } from './metricsServer.js';
export type { MetricsServerOptions, MetricsServer } from './metricsServer.js';

// Probes and readiness
export { ProbeCache } from './probeCache.js';
export type { ProbeCacheOptions, ProbeRunner } from './probeCache.js';
export { readiness$, describeReadiness } from './readiness.js';
export { peeringStateOf } from './peeringState.js';
export type { ReadinessState, NotReadyReason } from './readiness.js';

// Errors
export { HealthError } from './errors.js';
export type { HealthErrorCode } from './errors.js';
