// Unit tests for RequestRecorder: counts, bounded memory, Prometheus text and the audit log file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditRecord } from './auditEvent.js';
import { microTime, toAuditEvent } from './auditEvent.js';
import { renderPrometheus } from './prometheus.js';
import { RequestRecorder, metricVerb } from './requestRecorder.js';

function rec(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    timestamp: '2026-01-02T03:04:05.123Z',
    user: 'system:anonymous',
    verb: 'list',
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: 'default',
    code: 200,
    requestURI: '/api/v1/namespaces/default/configmaps',
    ...overrides,
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('RequestRecorder', () => {
  it('counts by verb and resource and keeps records oldest first', () => {
    const recorder = new RequestRecorder();
    recorder.record(rec());
    recorder.record(rec({ verb: 'watch', group: 'kopf.dev', resource: 'kopfexamples' }));
    recorder.record(rec());
    expect(recorder.counts()).toEqual({ 'list configmaps': 2, 'watch kopfexamples': 1 });
    expect(recorder.requests().map((r) => r.verb)).toEqual(['list', 'watch', 'list']);
  });

  it('keeps only the last maxRecords records', () => {
    const recorder = new RequestRecorder({ maxRecords: 3 });
    for (let i = 0; i < 7; i++) recorder.record(rec({ name: `n${i}` }));
    expect(recorder.requests().map((r) => r.name)).toEqual(['n4', 'n5', 'n6']);
    expect(recorder.counts()).toEqual({ 'list configmaps': 7 });
    expect(() => new RequestRecorder({ maxRecords: 0 })).toThrow(/positive integer/);
  });

  it('renders kube-apiserver metric names with uppercase verbs and scopes', () => {
    const recorder = new RequestRecorder();
    recorder.record(rec({ verb: 'create', code: 201 }));
    recorder.record(rec({ verb: 'create', code: 201 }));
    recorder.record(rec({ verb: 'get', name: 'a', code: 404 }));
    recorder.record(rec({ verb: 'patch', group: 'kopf.dev', resource: 'kopfexamples', name: 'x', subresource: 'status' }));
    recorder.record(rec({ verb: 'list', namespace: undefined, resource: 'namespaces' }));
    const text = recorder.prometheus({ objects: 5, resourceVersion: 42, watches: 2, objectsByResource: { configmaps: 3, 'kopfexamples.kopf.dev': 2 } });
    expect(text).toContain('# TYPE apiserver_request_total counter\n');
    expect(text).toContain(
      'apiserver_request_total{verb="POST",group="",version="v1",resource="configmaps",subresource="",scope="namespace",component="apiserver",code="201"} 2\n',
    );
    expect(text).toContain('apiserver_request_total{verb="GET",group="",version="v1",resource="configmaps",subresource="",scope="resource",component="apiserver",code="404"} 1\n');
    expect(text).toContain('verb="PATCH",group="kopf.dev",version="v1",resource="kopfexamples",subresource="status",scope="resource"');
    expect(text).toContain('verb="LIST",group="",version="v1",resource="namespaces",subresource="",scope="cluster"');
    expect(text).toContain('apiserver_longrunning_requests{verb="WATCH",component="apiserver"} 2\n');
    expect(text).toContain('apiserver_storage_objects{resource="configmaps"} 3\n');
    expect(text).toContain('apiserver_storage_objects{resource="kopfexamples.kopf.dev"} 2\n');
    expect(text).toContain('opkit_apiserver_objects 5\n');
    expect(text).toContain('opkit_apiserver_resource_version 42\n');
    for (const line of text.trimEnd().split('\n')) {
      expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? \d+)$/);
    }
  });

  it('writes one audit.k8s.io/v1 Event per request to the audit log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'opkit-audit-'));
    dirs.push(dir);
    const path = join(dir, 'audit.jsonl');
    const recorder = new RequestRecorder({ now: () => new Date('2026-01-02T03:04:06Z') });
    recorder.record(rec({ name: 'before' }));
    recorder.openAuditLog(path);
    expect(() => recorder.openAuditLog(path)).toThrow(/already open/);
    recorder.record(rec({ verb: 'patch', group: 'kopf.dev', resource: 'kopfexamples', name: 'x', subresource: 'status', code: 422 }));
    recorder.record(rec({ verb: 'get', resource: '', group: '', version: '', namespace: undefined, requestURI: '/healthz' }));
    recorder.close();
    recorder.record(rec({ name: 'after' }));
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      kind: 'Event',
      apiVersion: 'audit.k8s.io/v1',
      level: 'Metadata',
      stage: 'ResponseComplete',
      verb: 'patch',
      user: { username: 'system:anonymous', groups: ['system:unauthenticated'] },
      objectRef: { resource: 'kopfexamples', namespace: 'default', name: 'x', apiGroup: 'kopf.dev', apiVersion: 'v1', subresource: 'status' },
      responseStatus: { code: 422 },
      requestReceivedTimestamp: '2026-01-02T03:04:05.123000Z',
      stageTimestamp: '2026-01-02T03:04:06.000000Z',
    });
    expect(lines[0].auditID).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[1].objectRef).toBeUndefined();
    expect(lines[1].requestURI).toBe('/healthz');
    expect(() => recorder.openAuditLog(join(dir, 'missing', 'x.jsonl'))).toThrow(/cannot open the audit log/);
  });
});

describe('audit helpers', () => {
  it('formats MicroTime with six digits and omits apiGroup for core', () => {
    expect(microTime(new Date('2026-01-02T03:04:05.007Z'))).toBe('2026-01-02T03:04:05.007000Z');
    expect(toAuditEvent(rec()).objectRef).toEqual({ resource: 'configmaps', namespace: 'default', apiVersion: 'v1' });
    expect(metricVerb('deletecollection')).toBe('DELETECOLLECTION');
    expect(metricVerb('options')).toBe('OPTIONS');
  });

  it('escapes label values in the text format', () => {
    expect(renderPrometheus([{ name: 'x', help: 'a\nb', type: 'gauge', samples: [{ labels: { l: 'q"\\\n' }, value: 1 }] }])).toBe(
      '# HELP x a\\nb\n# TYPE x gauge\nx{l="q\\"\\\\\\n"} 1\n',
    );
    expect(renderPrometheus([])).toBe('');
  });
});
