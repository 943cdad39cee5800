// The printer columns of built-in kinds, so that `kubectl get configmaps` shows DATA, `get secrets`
// TYPE and DATA, `get namespaces` STATUS, `get nodes` STATUS and ROLES … like a real cluster. Kinds
// without an entry get the Age column only. Columns whose value is computed (counts, ready ratios) use `value`.

import { timeValid } from '../validation/microTime.js';
import { humanDuration } from './humanDuration.js';
import type { PrinterColumn } from './table.js';
import { AGE_COLUMN, NAME_COLUMN_DESCRIPTION } from './table.js';

const count = (v: unknown): number => (v !== null && typeof v === 'object' ? Object.keys(v).length : 0);

function readyRatio(ready: unknown, desired: unknown): string {
  const n = (v: unknown): number | bigint => (typeof v === 'number' || typeof v === 'bigint' ? v : 0);
  return `${n(ready)}/${n(desired)}`;
}

/** kube's default table shows creation as RFC 3339 in UTC to whole seconds. */
function createdAt(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** kube's `translateTimestampSince`: an age, or `<unknown>` for a missing time. */
function since(value: unknown, now: number): string {
  if (typeof value !== 'string' || value === '' || !timeValid(value)) return '<unknown>';
  return humanDuration(now - Date.parse(value));
}

/** A field of a core/v1 Event, or its events.k8s.io/v1 name (`deprecatedX`, `regarding`, `note`). */
function ev(o: Record<string, any>, core: string, alt: string): any {
  return o[core] ?? o[alt];
}

/** The time an Event was last seen: series, lastTimestamp, then eventTime (kube's event printer). */
function eventLastSeen(o: Record<string, any>, now: number): string {
  const series: unknown = o['series']?.lastObservedTime;
  if (typeof series === 'string' && series !== '') return since(series, now);
  const last: unknown = ev(o, 'lastTimestamp', 'deprecatedLastTimestamp');
  if (typeof last === 'string' && last !== '') return since(last, now);
  return since(o['eventTime'], now);
}

function eventFirstSeen(o: Record<string, any>, now: number): string {
  const first: unknown = ev(o, 'firstTimestamp', 'deprecatedFirstTimestamp');
  if (typeof first === 'string' && first !== '') return since(first, now);
  return since(o['eventTime'], now);
}

function eventSource(o: Record<string, any>): string {
  const source = ev(o, 'source', 'deprecatedSource');
  const component: string = source?.component || o['reportingComponent'] || o['reportingController'] || '';
  const host: string = source?.host || o['reportingInstance'] || '';
  return host !== '' ? `${component}, ${host}` : component;
}

const EVENT_COLUMNS: PrinterColumn[] = [
  { name: 'Last Seen', type: 'string', description: 'The time at which the most recent occurrence of this event was recorded.', cell: eventLastSeen },
  { name: 'Type', type: 'string', description: 'Type of this event (Normal, Warning), new types could be added in the future', cell: (o) => o['type'] ?? '' },
  { name: 'Reason', type: 'string', description: 'This should be a short, machine understandable string that gives the reason for the transition into the object\'s current status.', cell: (o) => o['reason'] ?? '' },
  {
    name: 'Object',
    type: 'string',
    description: 'The object that this event is about.',
    cell: (o) => `${String(ev(o, 'involvedObject', 'regarding')?.kind ?? '').toLowerCase()}/${ev(o, 'involvedObject', 'regarding')?.name ?? ''}`,
  },
  { name: 'Subobject', type: 'string', priority: 1, description: 'The field of the object the event is about.', cell: (o) => ev(o, 'involvedObject', 'regarding')?.fieldPath ?? '' },
  { name: 'Source', type: 'string', priority: 1, description: 'The component reporting this event.', cell: eventSource },
  { name: 'Message', type: 'string', description: 'A human-readable description of the status of this operation.', cell: (o) => ev(o, 'message', 'note') ?? '' },
  { name: 'First Seen', type: 'string', priority: 1, description: 'The time at which the event was first recorded.', cell: eventFirstSeen },
  { name: 'Count', type: 'string', priority: 1, description: 'The number of times this event has occurred.', cell: (o) => String(o['series']?.count ?? ev(o, 'count', 'deprecatedCount') ?? 1) },
  { name: 'Name', type: 'string', priority: 1, format: 'name', description: NAME_COLUMN_DESCRIPTION },
];

/** kube's node printer: the Ready condition as Ready/NotReady (Unknown without one), then SchedulingDisabled. */
function nodeStatus(o: Record<string, any>): string {
  const conditions: unknown[] = Array.isArray(o['status']?.conditions) ? o['status'].conditions : [];
  const ready = conditions.filter((c) => (c as { type?: unknown }).type === 'Ready').at(-1) as { status?: unknown } | undefined;
  const status = [ready === undefined ? 'Unknown' : ready.status === 'True' ? 'Ready' : 'NotReady'];
  if (o['spec']?.unschedulable === true) status.push('SchedulingDisabled');
  return status.join(',');
}

/** The roles of a node: `node-role.kubernetes.io/<role>` label keys and the `kubernetes.io/role` value, sorted. */
function nodeRoles(o: Record<string, any>): string {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries((o['metadata']?.labels ?? {}) as Record<string, unknown>)) {
    if (key.startsWith('node-role.kubernetes.io/') && key.length > 'node-role.kubernetes.io/'.length) roles.add(key.slice('node-role.kubernetes.io/'.length));
    else if (key === 'kubernetes.io/role' && typeof value === 'string' && value !== '') roles.add(value);
  }
  return roles.size > 0 ? [...roles].sort().join(',') : '<none>';
}

function nodeAddress(o: Record<string, any>, type: string): string {
  const addresses: unknown[] = Array.isArray(o['status']?.addresses) ? o['status'].addresses : [];
  const found = addresses.find((a) => (a as { type?: unknown }).type === type) as { address?: unknown } | undefined;
  return typeof found?.address === 'string' ? found.address : '<none>';
}

function nodeInfo(o: Record<string, any>, field: string): string {
  const value: unknown = o['status']?.nodeInfo?.[field];
  return typeof value === 'string' && value !== '' ? value : '<unknown>';
}

const NODE_COLUMNS: PrinterColumn[] = [
  { name: 'Status', type: 'string', description: 'The status of the node', value: nodeStatus },
  { name: 'Roles', type: 'string', description: 'The roles of the node', value: nodeRoles },
  AGE_COLUMN,
  { name: 'Version', type: 'string', description: 'Kubelet Version reported by the node.', value: (o) => o['status']?.nodeInfo?.kubeletVersion ?? '' },
  { name: 'Internal-IP', type: 'string', priority: 1, description: 'List of internal IPs (if available).', value: (o) => nodeAddress(o, 'InternalIP') },
  { name: 'External-IP', type: 'string', priority: 1, description: 'List of external IPs (if available).', value: (o) => nodeAddress(o, 'ExternalIP') },
  { name: 'OS-Image', type: 'string', priority: 1, description: 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', value: (o) => nodeInfo(o, 'osImage') },
  { name: 'Kernel-Version', type: 'string', priority: 1, description: "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", value: (o) => nodeInfo(o, 'kernelVersion') },
  { name: 'Container-Runtime', type: 'string', priority: 1, description: 'Container runtime version reported by the node through runtime remote API (e.g. containerd://1.4.2).', value: (o) => nodeInfo(o, 'containerRuntimeVersion') },
];

const BUILTIN_COLUMNS: Record<string, PrinterColumn[]> = {
  Node: NODE_COLUMNS,
  Event: EVENT_COLUMNS,
  ConfigMap: [
    { name: 'Data', type: 'integer', description: 'Number of data entries', value: (o) => count(o['data']) + count(o['binaryData']) },
    AGE_COLUMN,
  ],
  Secret: [
    { name: 'Type', type: 'string', jsonPath: '.type', description: 'Type of the secret' },
    { name: 'Data', type: 'integer', description: 'Number of data entries', value: (o) => count(o['data']) },
    AGE_COLUMN,
  ],
  Namespace: [{ name: 'Status', type: 'string', jsonPath: '.status.phase', description: 'The status of the namespace' }, AGE_COLUMN],
  ServiceAccount: [{ name: 'Secrets', type: 'integer', description: 'Number of secrets', value: (o) => (Array.isArray(o['secrets']) ? o['secrets'].length : 0) }, AGE_COLUMN],
  Lease: [{ name: 'Holder', type: 'string', jsonPath: '.spec.holderIdentity', description: 'The holder of the lease' }, AGE_COLUMN],
  Deployment: [
    { name: 'Ready', type: 'string', description: 'Number of the pod with ready state', value: (o) => readyRatio(o['status']?.readyReplicas, o['spec']?.replicas) },
    { name: 'Up-to-date', type: 'integer', description: 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.', value: (o) => o['status']?.updatedReplicas ?? 0 },
    { name: 'Available', type: 'integer', description: 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.', value: (o) => o['status']?.availableReplicas ?? 0 },
    AGE_COLUMN,
  ],
  Pod: [
    {
      name: 'Ready',
      type: 'string',
      description: 'The aggregate readiness state of this pod for accepting traffic.',
      value: (o) => {
        const statuses: unknown[] = Array.isArray(o['status']?.containerStatuses) ? o['status'].containerStatuses : [];
        const total = Array.isArray(o['spec']?.containers) ? o['spec'].containers.length : statuses.length;
        return `${statuses.filter((s) => (s as { ready?: unknown }).ready === true).length}/${total}`;
      },
    },
    { name: 'Status', type: 'string', description: 'The aggregate status of the containers in this pod.', value: (o) => o['status']?.phase ?? 'Pending' },
    {
      name: 'Restarts',
      type: 'string',
      description: 'The number of times the containers in this pod have been restarted.',
      value: (o) => {
        const statuses: unknown[] = Array.isArray(o['status']?.containerStatuses) ? o['status'].containerStatuses : [];
        return String(statuses.reduce<number>((sum, s) => sum + (Number((s as { restartCount?: unknown }).restartCount) || 0), 0));
      },
    },
    AGE_COLUMN,
  ],
  Service: [
    { name: 'Type', type: 'string', description: 'The type of the service.', value: (o) => o['spec']?.type ?? 'ClusterIP' },
    { name: 'Cluster-IP', type: 'string', jsonPath: '.spec.clusterIP', description: 'The cluster IP of the service.' },
    AGE_COLUMN,
  ],
  CustomResourceDefinition: [{ name: 'Created At', type: 'date', jsonPath: '.metadata.creationTimestamp', description: 'CreationTimestamp of the resource', cell: (o) => createdAt(o['metadata']?.creationTimestamp) }],
};

/**
 * The printer columns (after Name) a built-in kind shows in `kubectl get`; Age only for others.
 *
 * @example
 * defaultColumns('ConfigMap').map((c) => c.name); // ['Data', 'Age']
 */
export function defaultColumns(kind: string): PrinterColumn[] {
  return BUILTIN_COLUMNS[kind] ?? [AGE_COLUMN];
}
