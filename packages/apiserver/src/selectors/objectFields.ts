// The field set a field selector is matched against, per kind, as kube-apiserver's registries build
// it (`GetAttrs` / `ToSelectableFields`): `metadata.name` and `metadata.namespace` everywhere, plus
// the kind's extra labels (core Event `involvedObject.*`, Namespace `status.phase`, Secret `type`,
// Pod `spec.nodeName` …) and a CRD version's `selectableFields`.

import type { FieldSupport } from './fieldSelector.js';

type Obj = Record<string, unknown>;

const isRecord = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return '';
}

function at(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const part of path) {
    if (!isRecord(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

const EVENT_INVOLVED = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const;

/** Extra field labels of built-in kinds, beyond metadata.name / metadata.namespace. */
const KIND_FIELDS: Record<string, readonly string[]> = {
  Event: [...EVENT_INVOLVED.map((f) => `involvedObject.${f}`), 'reason', 'reportingComponent', 'source', 'type'],
  Namespace: ['status.phase'],
  Secret: ['type'],
  Pod: ['spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'spec.hostNetwork', 'status.phase', 'status.podIP', 'status.nominatedNodeName'],
  Node: ['spec.unschedulable'],
  ReplicaSet: ['status.replicas'],
  ReplicationController: ['status.replicas'],
  Job: ['status.successful'],
  CertificateSigningRequest: ['spec.signerName'],
};

/** Options of `objectFields` and `fieldSupportFor`. */
export interface ObjectFieldsOptions {
  /** A CRD version's `selectableFields[].jsonPath` values (`.spec.color`), exposed as `spec.color`. */
  selectableFields?: readonly string[];
}

function selectablePath(jsonPath: string): string {
  return jsonPath.startsWith('.') ? jsonPath.slice(1) : jsonPath;
}

/**
 * The extra field labels a built-in kind supports (empty for unknown kinds and custom resources).
 *
 * @example
 * kindFieldLabels('Secret'); // ['type']
 */
export function kindFieldLabels(kind: string): readonly string[] {
  return KIND_FIELDS[kind] ?? [];
}

/**
 * The `FieldSupport` of a resource: `metadata.name`, `metadata.namespace` (namespaced kinds only),
 * the kind's built-in labels, any `extra` labels and the CRD's selectable fields.
 *
 * @example
 * fieldSupportFor('Event', true).supportsField('involvedObject.uid'); // true
 */
export function fieldSupportFor(kind: string, namespaced: boolean, options: ObjectFieldsOptions & { extra?: readonly string[] } = {}): FieldSupport {
  const fields = new Set<string>(['metadata.name', ...kindFieldLabels(kind), ...(options.extra ?? [])]);
  if (namespaced) fields.add('metadata.namespace');
  for (const p of options.selectableFields ?? []) fields.add(selectablePath(p));
  return { supportsField: (field) => fields.has(field) };
}

/**
 * The field set of an object for field-selector matching. Every kind gets `metadata.name` and
 * `metadata.namespace`; core Events add `involvedObject.*`, `reason`, `reportingComponent`,
 * `source` (falling back to `reportingController`) and `type` (events.k8s.io's `regarding` is read
 * too); other built-ins their documented labels; custom resources their `selectableFields`.
 *
 * @example
 * objectFields('ConfigMap', { metadata: { name: 'a', namespace: 'ns' } });
 * // { 'metadata.name': 'a', 'metadata.namespace': 'ns' }
 */
export function objectFields(resourceKind: string, obj: unknown, options: ObjectFieldsOptions = {}): Record<string, string> {
  const meta = at(obj, ['metadata']);
  const fields: Record<string, string> = {
    'metadata.name': str(at(meta, ['name'])),
    'metadata.namespace': str(at(meta, ['namespace'])),
  };
  if (resourceKind === 'Event') {
    const o = isRecord(obj) ? obj : {};
    const involved = isRecord(o['involvedObject']) ? o['involvedObject'] : isRecord(o['regarding']) ? o['regarding'] : {};
    for (const f of EVENT_INVOLVED) fields[`involvedObject.${f}`] = str(involved[f]);
    fields['reason'] = str(o['reason']);
    fields['type'] = str(o['type']);
    fields['reportingComponent'] = str(o['reportingComponent'] ?? o['reportingController']);
    const source = str(at(o, ['source', 'component'])) || str(at(o, ['deprecatedSource', 'component']));
    fields['source'] = source !== '' ? source : str(o['reportingComponent'] ?? o['reportingController']);
  } else {
    for (const label of kindFieldLabels(resourceKind)) fields[label] = str(at(obj, label.split('.')));
  }
  for (const p of options.selectableFields ?? []) {
    const name = selectablePath(p);
    fields[name] = str(at(obj, name.split('.')));
  }
  return fields;
}
