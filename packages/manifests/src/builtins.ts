// The built-in Kubernetes resources that offline tools can name without a cluster: enough of each
// (group, plural, kind, short names, scope, status subresource) to resolve a selector like 'pods' or
// 'deployments.apps' and to write the RBAC rule for it. A test checks it against the embedded API
// server's discovery for every resource both know.

/** What offline resolution knows about a resource. */
export interface KnownResource {
  /** API group, `''` for the core group. */
  readonly group: string;
  /** The preferred version. */
  readonly version: string;
  readonly plural: string;
  readonly kind: string;
  readonly singular: string;
  readonly shortNames: readonly string[];
  /** Whether objects live in namespaces. */
  readonly namespaced: boolean;
  /** Whether it has the status subresource. */
  readonly status: boolean;
}

function r(group: string, version: string, plural: string, kind: string, namespaced: boolean, status: boolean, shortNames: string[] = []): KnownResource {
  return Object.freeze({ group, version, plural, kind, singular: kind.toLowerCase(), shortNames: Object.freeze(shortNames), namespaced, status });
}

/** The built-in resources of a Kubernetes cluster that operators commonly handle, own or need. */
export const BUILTIN_RESOURCES: readonly KnownResource[] = Object.freeze([
  r('', 'v1', 'pods', 'Pod', true, true, ['po']),
  r('', 'v1', 'services', 'Service', true, true, ['svc']),
  r('', 'v1', 'configmaps', 'ConfigMap', true, false, ['cm']),
  r('', 'v1', 'secrets', 'Secret', true, false),
  r('', 'v1', 'serviceaccounts', 'ServiceAccount', true, false, ['sa']),
  r('', 'v1', 'persistentvolumeclaims', 'PersistentVolumeClaim', true, true, ['pvc']),
  r('', 'v1', 'persistentvolumes', 'PersistentVolume', false, true, ['pv']),
  r('', 'v1', 'namespaces', 'Namespace', false, true, ['ns']),
  r('', 'v1', 'nodes', 'Node', false, true, ['no']),
  r('', 'v1', 'events', 'Event', true, false, ['ev']),
  r('', 'v1', 'endpoints', 'Endpoints', true, false, ['ep']),
  r('', 'v1', 'limitranges', 'LimitRange', true, false, ['limits']),
  r('', 'v1', 'resourcequotas', 'ResourceQuota', true, true, ['quota']),
  r('', 'v1', 'replicationcontrollers', 'ReplicationController', true, true, ['rc']),
  r('', 'v1', 'podtemplates', 'PodTemplate', true, false),
  r('apps', 'v1', 'deployments', 'Deployment', true, true, ['deploy']),
  r('apps', 'v1', 'statefulsets', 'StatefulSet', true, true, ['sts']),
  r('apps', 'v1', 'daemonsets', 'DaemonSet', true, true, ['ds']),
  r('apps', 'v1', 'replicasets', 'ReplicaSet', true, true, ['rs']),
  r('batch', 'v1', 'jobs', 'Job', true, true),
  r('batch', 'v1', 'cronjobs', 'CronJob', true, true, ['cj']),
  r('networking.k8s.io', 'v1', 'ingresses', 'Ingress', true, true, ['ing']),
  r('networking.k8s.io', 'v1', 'networkpolicies', 'NetworkPolicy', true, false, ['netpol']),
  r('networking.k8s.io', 'v1', 'ingressclasses', 'IngressClass', false, false),
  r('discovery.k8s.io', 'v1', 'endpointslices', 'EndpointSlice', true, false),
  r('policy', 'v1', 'poddisruptionbudgets', 'PodDisruptionBudget', true, true, ['pdb']),
  r('autoscaling', 'v2', 'horizontalpodautoscalers', 'HorizontalPodAutoscaler', true, true, ['hpa']),
  r('rbac.authorization.k8s.io', 'v1', 'roles', 'Role', true, false),
  r('rbac.authorization.k8s.io', 'v1', 'rolebindings', 'RoleBinding', true, false),
  r('rbac.authorization.k8s.io', 'v1', 'clusterroles', 'ClusterRole', false, false),
  r('rbac.authorization.k8s.io', 'v1', 'clusterrolebindings', 'ClusterRoleBinding', false, false),
  r('coordination.k8s.io', 'v1', 'leases', 'Lease', true, false),
  r('events.k8s.io', 'v1', 'events', 'Event', true, false, ['ev']),
  r('apiextensions.k8s.io', 'v1', 'customresourcedefinitions', 'CustomResourceDefinition', false, true, ['crd', 'crds']),
  r('storage.k8s.io', 'v1', 'storageclasses', 'StorageClass', false, false, ['sc']),
  r('scheduling.k8s.io', 'v1', 'priorityclasses', 'PriorityClass', false, false, ['pc']),
  r('admissionregistration.k8s.io', 'v1', 'validatingwebhookconfigurations', 'ValidatingWebhookConfiguration', false, false),
  r('admissionregistration.k8s.io', 'v1', 'mutatingwebhookconfigurations', 'MutatingWebhookConfiguration', false, false),
]);
