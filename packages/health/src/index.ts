// @opkit/health: an operator's health over HTTP — the liveness endpoint with the probes' results and the
// readiness endpoint, from the operator's event feed. Every export is listed by name.

// The server
export { startHealthServer, HealthServer } from './healthServer.js';
export type { HealthServerOptions, HealthSource } from './healthServer.js';
export { parseLivenessUrl } from './livenessUrl.js';
export type { LivenessAddress } from './livenessUrl.js';

// Probes and readiness
export { ProbeCache } from './probeCache.js';
export type { ProbeCacheOptions, ProbeRunner } from './probeCache.js';
export { readiness$, describeReadiness } from './readiness.js';
export type { ReadinessState, NotReadyReason } from './readiness.js';

// Errors
export { HealthError } from './errors.js';
export type { HealthErrorCode } from './errors.js';
