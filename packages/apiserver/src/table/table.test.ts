// Tests of Table building, cell formatting, kube's age strings and the built-in default columns.
import { describe, expect, it } from 'vitest';
import { defaultColumns } from './defaultColumns.js';
import { humanDuration } from './humanDuration.js';
import { AGE_COLUMN, buildTable, formatCell } from './table.js';
import type { PrinterColumn } from './table.js';

const now = Date.parse('2026-01-01T12:00:00Z');
const widget = {
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { name: 'w1', namespace: 'default', creationTimestamp: '2026-01-01T11:55:00Z', resourceVersion: '5', uid: 'u1' },
  spec: { size: 3, ratio: 0.5, on: true, color: 'red', tags: ['a', 'b'] },
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
};

const columns: PrinterColumn[] = [
  { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
  { name: 'Ratio', type: 'number', jsonPath: '.spec.ratio', format: 'double', priority: 1, description: 'how much' },
  { name: 'On', type: 'boolean', jsonPath: '.spec.on' },
  { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
  { name: 'Tags', type: 'string', jsonPath: '.spec.tags' },
  { name: 'Missing', type: 'string', jsonPath: '.spec.nothing' },
  { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
];

describe('buildTable', () => {
  it('produces a meta.k8s.io/v1 Table with Name first and the printer columns', () => {
    const table = buildTable([widget], columns, { listMeta: { resourceVersion: '9' }, now });
    expect(table.kind).toBe('Table');
    expect(table.apiVersion).toBe('meta.k8s.io/v1');
    expect(table.metadata).toEqual({ resourceVersion: '9' });
    expect(table.columnDefinitions.map((c) => [c.name, c.type, c.format, c.priority])).toEqual([
      ['Name', 'string', 'name', 0],
      ['Size', 'integer', '', 0],
      ['Ratio', 'number', 'double', 1],
      ['On', 'boolean', '', 0],
      ['Ready', 'string', '', 0],
      ['Tags', 'string', '', 0],
      ['Missing', 'string', '', 0],
      ['Age', 'date', '', 0],
    ]);
    expect(table.columnDefinitions[1]?.description).toBe('Custom resource definition column (in JSONPath format): .spec.size');
    expect(table.columnDefinitions[2]?.description).toBe('how much');
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]?.cells).toEqual(['w1', 3, 0.5, true, 'True', '["a","b"]', null, '5m']);
  });

  it('puts PartialObjectMetadata in rows by default', () => {
    const table = buildTable([widget], [], { now });
    expect(table.rows[0]?.object).toEqual({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: widget.metadata });
  });

  it('puts the full object or null in rows when asked', () => {
    expect(buildTable([widget], [], { includeObject: 'Object', now }).rows[0]?.object).toBe(widget);
    expect(buildTable([widget], [], { includeObject: 'None', now }).rows[0]?.object).toBeNull();
  });

  it('falls back to an Age column like CRDs without printer columns', () => {
    const table = buildTable([widget], [], { now });
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Age']);
    expect(table.columnDefinitions[1]?.description).toBe(AGE_COLUMN.description);
    expect(table.rows[0]?.cells).toEqual(['w1', '5m']);
  });

  it('carries continue and remainingItemCount and omits empty metadata', () => {
    expect(buildTable([], [], { listMeta: { resourceVersion: '3', continue: 'tok', remainingItemCount: 4 } }).metadata).toEqual({
      resourceVersion: '3',
      continue: 'tok',
      remainingItemCount: 4,
    });
    expect(buildTable([], []).metadata).toEqual({});
    expect(buildTable([], []).rows).toEqual([]);
  });

  it('serializes as kubectl expects', () => {
    const json = JSON.parse(JSON.stringify(buildTable([widget], [columns[0] as PrinterColumn], { listMeta: { resourceVersion: '1' }, now })));
    expect(Object.keys(json)).toEqual(['kind', 'apiVersion', 'metadata', 'columnDefinitions', 'rows']);
    expect(Object.keys(json.columnDefinitions[0])).toEqual(['name', 'type', 'format', 'description', 'priority']);
  });
});

describe('formatCell', () => {
  it('formats per column type like kube', () => {
    expect(formatCell('integer', 3.9, now)).toBe(3);
    expect(formatCell('integer', 'x', now)).toBeNull();
    expect(formatCell('number', 2, now)).toBe(2);
    expect(formatCell('boolean', 'true', now)).toBeNull();
    expect(formatCell('string', 7, now)).toBe('7');
    expect(formatCell('string', { b: [1, 'x'], a: { '<': '&' } }, now)).toBe('{"a":{"\\u003c":"\\u0026"},"b":[1,"x"]}');
    expect(formatCell('string', true, now)).toBe('true');
    expect(formatCell('string', 1.5, now)).toBe('1.5');
    expect(formatCell('string', undefined, now)).toBeNull();
    expect(formatCell('date', 'garbage', now)).toBe('<invalid>');
    expect(formatCell('date', '', now)).toBe('<unknown>');
    expect(formatCell('date', 5, now)).toBeNull();
    expect(formatCell('date', '2026-01-01T11:59:58.5Z', now)).toBe('1s');
  });
});

describe('humanDuration', () => {
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;
  it.each([
    [-3 * s, '<invalid>'],
    [-1 * s, '0s'],
    [0, '0s'],
    [5 * s, '5s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [3 * m + 2 * s, '3m2s'],
    [10 * m + 30 * s, '10m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [3 * h + 5 * m, '3h5m'],
    [8 * h + 5 * m, '8h'],
    [47 * h, '47h'],
    [2 * d + 4 * h, '2d4h'],
    [3 * d, '3d'],
    [8 * d + 5 * h, '8d'],
    [729 * d, '729d'],
    [730 * d, '2y'],
    [731 * d, '2y1d'],
    [8 * 365 * d + 20 * d, '8y'],
  ])('renders %i ms as %s', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});

describe('defaultColumns', () => {
  const created = '2026-01-01T11:00:00Z';
  it('gives ConfigMaps a data count', () => {
    const cm = { metadata: { name: 'c', creationTimestamp: created }, data: { a: '1', b: '2' }, binaryData: { c: 'AA==' } };
    expect(buildTable([cm], defaultColumns('ConfigMap'), { now }).rows[0]?.cells).toEqual(['c', 3, '60m']);
  });

  it('gives Secrets type and data count', () => {
    const secret = { metadata: { name: 's', creationTimestamp: created }, type: 'Opaque', data: { a: 'eA==' } };
    const table = buildTable([secret], defaultColumns('Secret'), { now });
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Type', 'Data', 'Age']);
    expect(table.rows[0]?.cells).toEqual(['s', 'Opaque', 1, '60m']);
  });

  it('gives Namespaces their phase and Deployments a ready ratio', () => {
    expect(buildTable([{ metadata: { name: 'n', creationTimestamp: created }, status: { phase: 'Active' } }], defaultColumns('Namespace'), { now }).rows[0]?.cells).toEqual([
      'n',
      'Active',
      '60m',
    ]);
    const dep = { metadata: { name: 'd', creationTimestamp: created }, spec: { replicas: 3 }, status: { readyReplicas: 1, updatedReplicas: 2 } };
    expect(buildTable([dep], defaultColumns('Deployment'), { now }).rows[0]?.cells).toEqual(['d', '1/3', 2, 0, '60m']);
  });

  it('shows CRDs with their creation time verbatim', () => {
    const crd = { metadata: { name: 'widgets.example.com', creationTimestamp: '2026-01-01T11:00:00Z' } };
    const table = buildTable([crd], defaultColumns('CustomResourceDefinition'), { now });
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Created At']);
    expect(table.rows[0]?.cells).toEqual(['widgets.example.com', '2026-01-01T11:00:00Z']);
  });

  it('gives core Events kube’s event columns with Name last', () => {
    const event = {
      metadata: { name: 'w1.abc', namespace: 'default', creationTimestamp: created },
      involvedObject: { kind: 'Widget', name: 'w1', fieldPath: 'spec' },
      reason: 'Created',
      message: 'made it',
      type: 'Normal',
      source: { component: 'op', host: 'node1' },
      firstTimestamp: '2026-01-01T11:00:00Z',
      lastTimestamp: '2026-01-01T11:59:30Z',
      count: 2,
    };
    const table = buildTable([event], defaultColumns('Event'), { now });
    expect(table.columnDefinitions.map((c) => `${c.name}:${c.priority}`)).toEqual([
      'Last Seen:0',
      'Type:0',
      'Reason:0',
      'Object:0',
      'Subobject:1',
      'Source:1',
      'Message:0',
      'First Seen:1',
      'Count:1',
      'Name:1',
    ]);
    expect(table.columnDefinitions[9]?.format).toBe('name');
    expect(table.rows[0]?.cells).toEqual(['30s', 'Normal', 'Created', 'widget/w1', 'spec', 'op, node1', 'made it', '60m', '2', 'w1.abc']);
    const micro = { metadata: { name: 'e2' }, involvedObject: { kind: 'Pod', name: 'p' }, eventTime: '2026-01-01T11:59:00.000000Z', reportingController: 'ctl' };
    expect(buildTable([micro], defaultColumns('Event'), { now }).rows[0]?.cells).toEqual(['60s', '', '', 'pod/p', '', 'ctl', '', '60s', '1', 'e2']);
    const v1 = { metadata: { name: 'e3' }, regarding: { kind: 'Lease', name: 'l' }, note: 'hi', deprecatedCount: 4, deprecatedLastTimestamp: '2026-01-01T11:59:50Z', eventTime: null };
    expect(buildTable([v1], defaultColumns('Event'), { now }).rows[0]?.cells).toEqual(['10s', '', '', 'lease/l', '', '', 'hi', '<unknown>', '4', 'e3']);
  });

  it('gives other kinds the Age column only', () => {
    expect(defaultColumns('Widget')).toEqual([AGE_COLUMN]);
  });
});
