// Barrel of the request metrics: the server creates one `RequestRecorder`, calls `record()` once per
// answered request, serves `prometheus(gauges)` at /metrics (Content-Type PROMETHEUS_CONTENT_TYPE),
// `counts()` as `stats().requests`, `requests()` as `server.requests()`, and `openAuditLog(path)` /
// `close()` for `auditLogPath`. `AuditRecord` is defined here; src/index.ts re-exports it.
export { microTime, toAuditEvent } from './auditEvent.js';
export type { AuditEvent, AuditRecord } from './auditEvent.js';
export { PROMETHEUS_CONTENT_TYPE, renderPrometheus } from './prometheus.js';
export type { PrometheusFamily, PrometheusSample } from './prometheus.js';
export { RequestRecorder, metricVerb } from './requestRecorder.js';
export type { RecorderGauges, RequestRecorderOptions } from './requestRecorder.js';
