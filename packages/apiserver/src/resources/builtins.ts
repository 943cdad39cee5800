// The table of built-in kinds the server serves. Each entry is a complete `ResourceType`; adding another
// stored-only kind is one more `builtin({...})` line. Behaviour that is specific to a kind (namespaces,
// CRDs, the events.k8s.io view) lives in its controller or view, keyed by storage key.
import { stringifyJson } from '@opkit/json';
import { userInfoOf } from '../rbac/rulesFor.js';
import { ALL_VERBS } from './types.js';
import type { PrinterColumn, ResourceType } from './types.js';
import { eventsV1View } from './eventsView.js';
import { configMapSizeCauses, secretSizeCauses } from '../validation/dataSize.js';
import { configMapKeyCauses, secretKeyCauses } from '../validation/dataKeys.js';

interface BuiltinSpec {
  group?: string;
  version?: string;
  plural: string;
  kind: string;
  namespaced: boolean;
  singular?: string;
  shortNames?: string[];
  categories?: string[];
  statusSubresource?: boolean;
  generation?: boolean;
  storageKey?: string;
  fieldSelectors?: string[];
  printerColumns?: PrinterColumn[];
  microTimeFields?: string[];
  verbs?: string[];
  view?: ResourceType['view'];
  validate?: ResourceType['validate'];
  review?: ResourceType['review'];
  fields?: string[];
  scale?: boolean;
}

/** The storage key of namespaces. */
export const NAMESPACES = '/namespaces';
/** The storage key of nodes (a create keeps the status: a kubelet registers its Node with it). */
export const NODES = '/nodes';
/** The storage key of core events (also served as events.k8s.io/v1). */
export const EVENTS = '/events';
/** The storage key of CRDs. */
export const CRDS = 'apiextensions.k8s.io/customresourcedefinitions';

const WORKLOAD_SCALE = { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', selectorObjectPath: '.spec.selector' };

function builtin(spec: BuiltinSpec): ResourceType {
  const group = spec.group ?? '';
  return {
    group,
    version: spec.version ?? 'v1',
    plural: spec.plural,
    singular: spec.singular ?? spec.kind.toLowerCase(),
    kind: spec.kind,
    listKind: `${spec.kind}List`,
    namespaced: spec.namespaced,
    shortNames: spec.shortNames ?? [],
    categories: spec.categories ?? [],
    verbs: spec.verbs ?? ALL_VERBS,
    storageKey: spec.storageKey ?? `${group}/${spec.plural}`,
    statusSubresource: spec.statusSubresource ?? false,
    generation: spec.generation ?? false,
    allowUnconditionalUpdate: true,
    strategicMerge: true,
    fieldSelectors: spec.fieldSelectors ?? [],
    printerColumns: spec.printerColumns ?? [],
    builtin: true,
    ...(spec.view ? { view: spec.view } : {}),
    ...(spec.microTimeFields ? { microTimeFields: spec.microTimeFields } : {}),
    ...(spec.validate ? { validate: spec.validate } : {}),
    ...(spec.review ? { review: spec.review } : {}),
    topLevelFields: spec.fields ?? ['spec', 'status'],
    ...(spec.scale ? { scale: WORKLOAD_SCALE } : {}),
  };
}

const EVENT_FIELDS = [
  'involvedObject.kind',
  'involvedObject.namespace',
  'involvedObject.name',
  'involvedObject.uid',
  'involvedObject.apiVersion',
  'involvedObject.resourceVersion',
  'involvedObject.fieldPath',
  'reason',
  'reportingComponent',
  'source',
  'type',
];

function required(obj: Record<string, any>, fields: string[]): { field: string; message: string; reason: string }[] {
  return fields
    .filter((f) => obj[f] === undefined || obj[f] === null || obj[f] === '')
    .map((f) => ({ field: f, message: 'Required value', reason: 'FieldValueRequired' }));
}

const EVERYTHING_ALLOWED = { allowed: true, reason: 'the embedded API server allows every request (no RBAC)' };

// Review resources: create-only, answered and never stored. The server answers them from its
// authenticator and authorizer (src/http/authResources.ts); these answers are the allow-all fallback.
const REVIEWS: ResourceType[] = [
  builtin({
    group: 'authorization.k8s.io',
    plural: 'selfsubjectaccessreviews',
    kind: 'SelfSubjectAccessReview',
    namespaced: false,
    verbs: ['create'],
    review: (body) => ({ ...body, metadata: { creationTimestamp: null }, status: EVERYTHING_ALLOWED }),
  }),
  builtin({
    group: 'authorization.k8s.io',
    plural: 'subjectaccessreviews',
    kind: 'SubjectAccessReview',
    namespaced: false,
    verbs: ['create'],
    review: (body) => ({ ...body, metadata: { creationTimestamp: null }, status: EVERYTHING_ALLOWED }),
  }),
  builtin({
    group: 'authorization.k8s.io',
    plural: 'selfsubjectrulesreviews',
    kind: 'SelfSubjectRulesReview',
    namespaced: false,
    verbs: ['create'],
    review: (body) => ({
      ...body,
      metadata: { creationTimestamp: null },
      status: {
        resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
        nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
        incomplete: false,
      },
    }),
  }),
  builtin({
    group: 'authentication.k8s.io',
    plural: 'tokenreviews',
    kind: 'TokenReview',
    namespaced: false,
    verbs: ['create'],
    // Answered by the server's authenticator (src/http/authResources.ts); this is what discovery lists.
    review: (body) => ({ ...body, metadata: { creationTimestamp: null }, status: { user: {} } }),
  }),
  builtin({
    group: 'authentication.k8s.io',
    plural: 'selfsubjectreviews',
    kind: 'SelfSubjectReview',
    namespaced: false,
    verbs: ['create'],
    review: (body, user) => ({
      ...body,
      metadata: { creationTimestamp: null },
      status: { userInfo: { username: user, groups: [...userInfoOf(user).groups] } },
    }),
  }),
];

/** core/v1 Events: the involved object's namespace must match the event's (cluster-scoped: '' or default). */
function validateCoreEvent(obj: Record<string, any>): { field: string; message: string; reason: string }[] {
  const involved = obj.involvedObject?.namespace ?? '';
  const own = obj.metadata?.namespace ?? '';
  const ok = involved === '' ? own === '' || own === 'default' : involved === own;
  return ok ? [] : [{ field: 'involvedObject.namespace', message: `Invalid value: ${stringifyJson(involved)}: does not match event.namespace`, reason: 'FieldValueInvalid' }];
}

/**
 * Every built-in resource type, one entry per served group/version/resource.
 *
 * @example
 * BUILTIN_TYPES.find((t) => t.plural === 'configmaps');
 */
export const BUILTIN_TYPES: readonly ResourceType[] = [
  builtin({
    plural: 'namespaces',
    kind: 'Namespace',
    namespaced: false,
    shortNames: ['ns'],
    statusSubresource: true,
    fieldSelectors: ['status.phase'],
    printerColumns: [{ name: 'Status', type: 'string', jsonPath: '.status.phase' }],
  }),
  builtin({
    plural: 'nodes',
    kind: 'Node',
    namespaced: false,
    shortNames: ['no'],
    statusSubresource: true,
    fieldSelectors: ['spec.unschedulable'],
  }),
  builtin({ plural: 'configmaps', kind: 'ConfigMap', namespaced: true, shortNames: ['cm'], fields: ['immutable', 'data', 'binaryData'], validate: (o) => [...configMapKeyCauses(o), ...configMapSizeCauses(o)] }),
  builtin({ plural: 'secrets', kind: 'Secret', namespaced: true, fieldSelectors: ['type'], printerColumns: [{ name: 'Type', type: 'string', jsonPath: '.type' }], fields: ['immutable', 'data', 'stringData', 'type'], validate: (o) => [...secretKeyCauses(o), ...secretSizeCauses(o)] }),
  builtin({ plural: 'serviceaccounts', kind: 'ServiceAccount', namespaced: true, shortNames: ['sa'], fields: ['secrets', 'imagePullSecrets', 'automountServiceAccountToken'] }),
  builtin({
    plural: 'pods',
    kind: 'Pod',
    namespaced: true,
    shortNames: ['po'],
    categories: ['all'],
    statusSubresource: true,
    fieldSelectors: ['spec.nodeName', 'status.phase', 'spec.serviceAccountName'],
    printerColumns: [{ name: 'Status', type: 'string', jsonPath: '.status.phase' }],
  }),
  builtin({ plural: 'services', kind: 'Service', namespaced: true, shortNames: ['svc'], categories: ['all'], statusSubresource: true }),
  builtin({
    plural: 'events',
    kind: 'Event',
    namespaced: true,
    shortNames: ['ev'],
    fieldSelectors: EVENT_FIELDS,
    microTimeFields: ['eventTime'],
    fields: ['involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'type', 'eventTime', 'series', 'action', 'related', 'reportingComponent', 'reportingInstance'],
    validate: validateCoreEvent,
    printerColumns: [
      { name: 'Type', type: 'string', jsonPath: '.type' },
      { name: 'Reason', type: 'string', jsonPath: '.reason' },
      { name: 'Message', type: 'string', jsonPath: '.message' },
    ],
  }),
  builtin({
    group: 'events.k8s.io',
    plural: 'events',
    kind: 'Event',
    namespaced: true,
    shortNames: ['ev'],
    storageKey: EVENTS,
    view: eventsV1View,
    fieldSelectors: EVENT_FIELDS,
    microTimeFields: ['eventTime'],
    fields: ['eventTime', 'series', 'reportingController', 'reportingInstance', 'action', 'reason', 'regarding', 'related', 'note', 'type', 'deprecatedSource', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp', 'deprecatedCount'],
    validate: (obj) => required(obj, ['eventTime', 'reportingController', 'reportingInstance', 'action', 'reason']),
  }),
  builtin({
    group: 'coordination.k8s.io',
    plural: 'leases',
    kind: 'Lease',
    namespaced: true,
    microTimeFields: ['spec.acquireTime', 'spec.renewTime'],
    printerColumns: [{ name: 'Holder', type: 'string', jsonPath: '.spec.holderIdentity' }],
  }),
  builtin({
    group: 'apps',
    plural: 'deployments',
    kind: 'Deployment',
    namespaced: true,
    shortNames: ['deploy'],
    categories: ['all'],
    statusSubresource: true,
    generation: true,
    scale: true,
  }),
  builtin({ group: 'apps', plural: 'replicasets', kind: 'ReplicaSet', namespaced: true, shortNames: ['rs'], categories: ['all'], statusSubresource: true, generation: true, scale: true }),
  builtin({ group: 'apps', plural: 'statefulsets', kind: 'StatefulSet', namespaced: true, shortNames: ['sts'], categories: ['all'], statusSubresource: true, generation: true, scale: true }),
  builtin({ group: 'apps', plural: 'daemonsets', kind: 'DaemonSet', namespaced: true, shortNames: ['ds'], categories: ['all'], statusSubresource: true, generation: true }),
  builtin({ group: 'batch', plural: 'jobs', kind: 'Job', namespaced: true, categories: ['all'], statusSubresource: true, generation: true }),
  builtin({ group: 'batch', plural: 'cronjobs', kind: 'CronJob', namespaced: true, shortNames: ['cj'], categories: ['all'], statusSubresource: true, generation: true }),
  builtin({ group: 'rbac.authorization.k8s.io', plural: 'roles', kind: 'Role', namespaced: true, fields: ['rules'] }),
  builtin({ group: 'rbac.authorization.k8s.io', plural: 'rolebindings', kind: 'RoleBinding', namespaced: true, fields: ['subjects', 'roleRef'] }),
  builtin({ group: 'rbac.authorization.k8s.io', plural: 'clusterroles', kind: 'ClusterRole', namespaced: false, fields: ['rules', 'aggregationRule'] }),
  builtin({ group: 'rbac.authorization.k8s.io', plural: 'clusterrolebindings', kind: 'ClusterRoleBinding', namespaced: false, fields: ['subjects', 'roleRef'] }),
  ...REVIEWS,
  builtin({
    group: 'apiextensions.k8s.io',
    plural: 'customresourcedefinitions',
    kind: 'CustomResourceDefinition',
    namespaced: false,
    shortNames: ['crd', 'crds'],
    statusSubresource: true,
    generation: true,
    printerColumns: [{ name: 'Created At', type: 'date', jsonPath: '.metadata.creationTimestamp' }],
  }),
  builtin({
    group: 'admissionregistration.k8s.io',
    plural: 'validatingwebhookconfigurations',
    kind: 'ValidatingWebhookConfiguration',
    namespaced: false,
    generation: true,
    fields: ['webhooks'],
  }),
  builtin({
    group: 'admissionregistration.k8s.io',
    plural: 'mutatingwebhookconfigurations',
    kind: 'MutatingWebhookConfiguration',
    namespaced: false,
    generation: true,
    fields: ['webhooks'],
  }),
];

/** Namespaces that exist from the start. */
export const INITIAL_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

/** Namespaces that may never be deleted (403). */
export const UNDELETABLE_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

/** Built-in types whose DELETE answers with the deleted object rather than a Status. */
export const RETURNS_DELETED_OBJECT = new Set(['/pods', '/services', '/namespaces']);
