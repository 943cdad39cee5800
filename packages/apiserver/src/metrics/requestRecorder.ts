// Counts and remembers every request the server answers: `stats().requests`, `requests()`, the
// Prometheus `/metrics` text and the optional audit log file all come from this one recorder, so the
// in-process view and the one other processes read never disagree.
import { closeSync, openSync, writeSync } from 'node:fs';
import { ApiServerError } from '../errors.js';
import { toAuditEvent } from './auditEvent.js';
import type { AuditRecord } from './auditEvent.js';
import { renderPrometheus } from './prometheus.js';
import type { PrometheusFamily, PrometheusSample } from './prometheus.js';

/** The current values the server passes to {@link RequestRecorder.prometheus}. */
export interface RecorderGauges {
  /** Stored objects, all resources. */
  objects: number;
  /** The current global resourceVersion. */
  resourceVersion: number;
  /** Open watch connections. */
  watches: number;
  /** Stored objects per resource, keyed as kube labels it: `configmaps`, `deployments.apps`, `kopfexamples.kopf.dev`. */
  objectsByResource?: Record<string, number>;
  /** Watches closed so far as unresponsive, per resource (kube's `apiserver_terminated_watchers_total`). */
  terminatedWatchers?: Record<string, number>;
}

/** Options of {@link RequestRecorder}. */
export interface RequestRecorderOptions {
  /** How many records `requests()` keeps (the oldest are dropped). @defaultValue 100_000 */
  maxRecords?: number;
  /** Clock for audit Event stage timestamps. @defaultValue () => new Date() */
  now?: () => Date;
}

const KUBE_VERBS: Record<string, string> = {
  get: 'GET',
  list: 'LIST',
  watch: 'WATCH',
  create: 'POST',
  update: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  deletecollection: 'DELETECOLLECTION',
};

/**
 * The verb label kube-apiserver's `apiserver_request_total` uses for a Kubernetes verb.
 *
 * @example
 * metricVerb('create'); // 'POST'
 */
export function metricVerb(verb: string): string {
  return KUBE_VERBS[verb] ?? verb.toUpperCase();
}

/** kube's `scope` label: `resource` (one object), `namespace`, `cluster`, or '' for non-resource paths. */
function scopeOf(r: AuditRecord): string {
  if (r.resource === '') return '';
  if (r.name !== undefined) return 'resource';
  return r.namespace !== undefined ? 'namespace' : 'cluster';
}

/**
 * Records answered requests: bounded in-memory audit log, counts by `${verb} ${resource}`, Prometheus
 * counters labelled like kube-apiserver's, and optionally an audit log file of `audit.k8s.io/v1`
 * Events, one JSON line per request, written synchronously (a crash loses no answered request).
 *
 * @example
 * const recorder = new RequestRecorder();
 * recorder.openAuditLog('/tmp/audit.jsonl');
 * recorder.record({ timestamp: new Date().toISOString(), user: 'system:anonymous', verb: 'list', group: '',
 *   version: 'v1', resource: 'configmaps', namespace: 'default', code: 200, requestURI: '/api/v1/namespaces/default/configmaps' });
 * recorder.counts(); // { 'list configmaps': 1 }
 * recorder.close();
 */
export class RequestRecorder {
  private readonly maxRecords: number;
  private readonly now: () => Date;
  private ring: AuditRecord[] = [];
  private head = 0;
  private readonly byVerbResource = new Map<string, number>();
  private readonly totals = new Map<string, PrometheusSample>();
  private auditFd: number | undefined;
  private auditPath: string | undefined;

  constructor(options: RequestRecorderOptions = {}) {
    this.maxRecords = options.maxRecords ?? 100_000;
    this.now = options.now ?? (() => new Date());
    if (!Number.isInteger(this.maxRecords) || this.maxRecords < 1) {
      throw new ApiServerError('InvalidOptions', `maxRecords must be a positive integer, got ${options.maxRecords}`);
    }
  }

  /** Counts one answered request, remembers it and appends it to the audit log when one is open. */
  record(r: AuditRecord): void {
    if (this.ring.length < this.maxRecords) this.ring.push(r);
    else {
      this.ring[this.head] = r;
      this.head = (this.head + 1) % this.maxRecords;
    }
    const key = `${r.verb} ${r.resource}`;
    this.byVerbResource.set(key, (this.byVerbResource.get(key) ?? 0) + 1);
    const labels = {
      verb: metricVerb(r.verb),
      group: r.group,
      version: r.version,
      resource: r.resource,
      subresource: r.subresource ?? '',
      scope: scopeOf(r),
      component: 'apiserver',
      code: String(r.code),
    };
    const labelKey = Object.values(labels).join('\u0000');
    const sample = this.totals.get(labelKey);
    if (sample) sample.value += 1;
    else this.totals.set(labelKey, { labels, value: 1 });
    if (this.auditFd !== undefined) {
      writeSync(this.auditFd, `${JSON.stringify(toAuditEvent(r, this.now()))}\n`);
    }
  }

  /** The remembered records (at most `maxRecords`), oldest first. */
  requests(): AuditRecord[] {
    return [...this.ring.slice(this.head), ...this.ring.slice(0, this.head)];
  }

  /** Request counts keyed `${verb} ${resource}`, e.g. `{ 'list configmaps': 2, 'watch kopfexamples': 1 }`. */
  counts(): Record<string, number> {
    return Object.fromEntries(this.byVerbResource);
  }

  /** The `/metrics` body (Prometheus text format, kube-apiserver's metric names). */
  prometheus(gauges: RecorderGauges): string {
    const totals = [...this.totals.values()].sort((a, b) => Object.values(a.labels).join(' ').localeCompare(Object.values(b.labels).join(' ')));
    const families: PrometheusFamily[] = [
      {
        name: 'apiserver_request_total',
        help: 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
        type: 'counter',
        samples: totals,
      },
      {
        name: 'apiserver_longrunning_requests',
        help: 'Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component.',
        type: 'gauge',
        samples: [{ labels: { verb: 'WATCH', component: 'apiserver' }, value: gauges.watches }],
      },
      {
        name: 'apiserver_storage_objects',
        help: 'Number of stored objects at the time of last check split by kind.',
        type: 'gauge',
        samples: Object.entries(gauges.objectsByResource ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([resource, value]) => ({ labels: { resource }, value })),
      },
      {
        name: 'apiserver_terminated_watchers_total',
        help: 'Counter of watchers closed due to unresponsiveness broken by resource type.',
        type: 'counter',
        samples: Object.entries(gauges.terminatedWatchers ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([resource, value]) => ({ labels: { resource }, value })),
      },
      { name: 'opkit_apiserver_objects', help: 'Number of stored objects, all resources.', type: 'gauge', samples: [{ labels: {}, value: gauges.objects }] },
      {
        name: 'opkit_apiserver_resource_version',
        help: 'The current global resourceVersion.',
        type: 'gauge',
        samples: [{ labels: {}, value: gauges.resourceVersion }],
      },
    ];
    return renderPrometheus(families);
  }

  /** Opens (appending to) the audit log file; every later `record()` writes one JSON line to it. */
  openAuditLog(path: string): void {
    if (this.auditFd !== undefined) {
      throw new ApiServerError('InvalidOptions', `an audit log is already open at ${this.auditPath}; close() it first`);
    }
    try {
      this.auditFd = openSync(path, 'a', 0o600); // a new audit log is readable by its owner only
      this.auditPath = path;
    } catch (error) {
      throw new ApiServerError('InvalidOptions', `cannot open the audit log ${path}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Closes the audit log file, if open; records keep being counted in memory. */
  close(): void {
    if (this.auditFd === undefined) return;
    closeSync(this.auditFd);
    this.auditFd = undefined;
    this.auditPath = undefined;
  }
}
