// The per-request audit record and its kube-apiserver `audit.k8s.io/v1` Event form. Tests check exactly
// which API calls an operator made (and, later, that its RBAC covers them); tools in other processes read
// the same records as JSON lines shaped like a real cluster's audit log.
import { randomUUID } from 'node:crypto';
import { userInfoOf } from '../rbac/rulesFor.js';

/**
 * One served request, as the in-process audit log (`server.requests()`) keeps it.
 *
 * @example
 * const r: AuditRecord = { timestamp: '2026-01-02T03:04:05.123Z', user: 'system:anonymous', verb: 'list',
 *   group: '', version: 'v1', resource: 'configmaps', namespace: 'default', code: 200,
 *   requestURI: '/api/v1/namespaces/default/configmaps' };
 */
export interface AuditRecord {
  /** When the request was received (ISO 8601). */
  timestamp: string;
  /** The authenticated user name (`system:anonymous` without a token). */
  user: string;
  /** Kubernetes verb: get list watch create update patch delete deletecollection (non-resource: the lowercase HTTP method). */
  verb: string;
  /** API group ('' for core). */
  group: string;
  /** API version ('' for non-resource requests). */
  version: string;
  /** Plural resource ('' for non-resource requests such as /healthz). */
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  /** HTTP response code. */
  code: number;
  /** Path and query as received. */
  requestURI: string;
}

/** The `audit.k8s.io/v1` Event written per request at level Metadata, stage ResponseComplete. */
export interface AuditEvent {
  kind: 'Event';
  apiVersion: 'audit.k8s.io/v1';
  level: 'Metadata';
  auditID: string;
  stage: 'ResponseComplete';
  requestURI: string;
  verb: string;
  user: { username: string; groups: string[] };
  objectRef?: { resource?: string; namespace?: string; name?: string; apiGroup?: string; apiVersion?: string; subresource?: string };
  responseStatus: { metadata: Record<string, never>; code: number };
  requestReceivedTimestamp: string;
  stageTimestamp: string;
}

/**
 * Formats a time as kube's MicroTime: RFC 3339 with exactly six fractional digits.
 *
 * @example
 * microTime(new Date('2026-01-02T03:04:05.123Z')); // '2026-01-02T03:04:05.123000Z'
 */
export function microTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/**
 * Converts a record to the audit Event kube-apiserver would log for it. `objectRef` is present for
 * resource requests only; `apiGroup` is omitted for the core group, as kube does.
 *
 * @example
 * JSON.stringify(toAuditEvent(record)); // one line of an audit log
 */
export function toAuditEvent(record: AuditRecord, completedAt: Date = new Date()): AuditEvent {
  const received = new Date(record.timestamp);
  const event: AuditEvent = {
    kind: 'Event',
    apiVersion: 'audit.k8s.io/v1',
    level: 'Metadata',
    auditID: randomUUID(),
    stage: 'ResponseComplete',
    requestURI: record.requestURI,
    verb: record.verb,
    user: { username: record.user, groups: [...userInfoOf(record.user).groups] },
    responseStatus: { metadata: {}, code: record.code },
    requestReceivedTimestamp: microTime(Number.isNaN(received.getTime()) ? completedAt : received),
    stageTimestamp: microTime(completedAt),
  };
  if (record.resource !== '') {
    const ref: NonNullable<AuditEvent['objectRef']> = { resource: record.resource };
    if (record.namespace !== undefined) ref.namespace = record.namespace;
    if (record.name !== undefined) ref.name = record.name;
    if (record.group !== '') ref.apiGroup = record.group;
    if (record.version !== '') ref.apiVersion = record.version;
    if (record.subresource !== undefined) ref.subresource = record.subresource;
    // Keep kube's field order: responseStatus and the timestamps come after objectRef.
    const { responseStatus, requestReceivedTimestamp, stageTimestamp, ...head } = event;
    return { ...head, objectRef: ref, responseStatus, requestReceivedTimestamp, stageTimestamp };
  }
  return event;
}
