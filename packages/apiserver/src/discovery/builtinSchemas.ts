// OpenAPI v3 schemas of the built-in kinds, so that `kubectl explain configmaps`, `kubectl explain
// pods.spec.containers` or `kubectl explain deployments.spec` print fields and descriptions as on a
// cluster. kubectl finds a kind's schema by its `x-kubernetes-group-version-kind` extension in the
// group-version's document and follows `$ref`s (wrapped in `allOf`, as kube-apiserver writes them) into
// `components.schemas`, named as kube names them (`io.k8s.api.core.v1.ConfigMap`,
// `io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`). The schemas cover every kind's top-level fields and
// ObjectMeta, and the common fields of the kinds operators touch most (ConfigMap, Secret, Namespace, Node,
// Pod and its containers, Deployment and the other workloads, Service, Lease, RBAC); nested structs not
// listed here show as `<Object>`. Descriptions are written for this server.
import type { ResourceType } from '../resources/types.js';

/** One OpenAPI v3 schema object. */
export type OpenApiSchema = Record<string, unknown>;

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const CORE = 'io.k8s.api.core.v1';
const CRD_SCHEMA = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition';

const str = (description: string): OpenApiSchema => ({ type: 'string', description });
const int = (description: string, format = 'int32'): OpenApiSchema => ({ type: 'integer', format, description });
const bool = (description: string): OpenApiSchema => ({ type: 'boolean', description });
const time = (description: string): OpenApiSchema => ({ type: 'string', format: 'date-time', description });
const strMap = (description: string): OpenApiSchema => ({ type: 'object', additionalProperties: { type: 'string', default: '' }, description });
const strList = (description: string): OpenApiSchema => ({ type: 'array', items: { type: 'string', default: '' }, description });
const anyObject = (description: string): OpenApiSchema => ({ type: 'object', description });
/** Resource quantities by name: strings such as `8Gi`, which JSON may also give as numbers. */
const quantityMap = (description: string): OpenApiSchema => ({ type: 'object', additionalProperties: { type: 'string', format: 'quantity', default: '' }, description });
/** A field holding another schema: `allOf: [{ $ref }]`, the form kube-apiserver writes for a described reference. */
const ref = (name: string, description: string): OpenApiSchema => ({ description, default: {}, allOf: [{ $ref: `#/components/schemas/${name}` }] });
const refList = (name: string, description: string): OpenApiSchema => ({
  type: 'array',
  description,
  items: { default: {}, allOf: [{ $ref: `#/components/schemas/${name}` }] },
});
const struct = (description: string, properties: Record<string, OpenApiSchema>, required?: string[]): OpenApiSchema => ({
  type: 'object',
  description,
  properties,
  ...(required ? { required } : {}),
});

const API_VERSION = str(
  'The versioned schema of this object (group/version, or just the version for the core group). The server refuses an object whose apiVersion does not match the endpoint.',
);
const KIND = str('The kind of object, in CamelCase (for example ConfigMap). It is set by clients and must match the endpoint the object is sent to. Cannot be updated.');
const METADATA = ref(`${META}.ObjectMeta`, "Standard object metadata: the object's name, namespace, labels, annotations, owners, finalizers and the fields the server sets.");
const CONDITIONS = (what: string): OpenApiSchema => refList(`${META}.Condition`, `The latest observations of the ${what}'s state.`);

/** Schemas of apimachinery's meta/v1 types that the kinds refer to. */
const META_SCHEMAS: Record<string, OpenApiSchema> = {
  [`${META}.ObjectMeta`]: struct('Metadata that every persisted object has, whatever its kind.', {
    name: str('The name of the object, unique within its namespace (or in the cluster for a cluster-scoped kind). Required on create unless generateName is set. Cannot be updated.'),
    generateName: str('A prefix from which the server generates a unique name when name is empty: the prefix plus 5 random characters.'),
    namespace: str('The namespace the object lives in. Empty for cluster-scoped kinds. Cannot be updated.'),
    uid: str('A unique identifier the server assigns on create and never reuses, so that an object recreated under the same name is a different object. Read-only.'),
    resourceVersion: str('An opaque version of this object that changes on every write. Clients send it back for optimistic concurrency (a stale one gets 409 Conflict) and to start watches. Read-only.'),
    generation: int('A sequence number of changes to the desired state (spec), set by the server. Read-only.', 'int64'),
    creationTimestamp: time('When the object was created, in RFC 3339 at whole seconds. Set by the server. Read-only.'),
    deletionTimestamp: time('When the object was asked to be deleted: set by the server when a delete has to wait for finalizers. Read-only.'),
    deletionGracePeriodSeconds: int('Seconds the object is given to terminate gracefully before it is removed. Read-only.', 'int64'),
    labels: strMap('Key/value pairs for organising and selecting objects (label selectors). Keys are optionally prefixed names; values are at most 63 characters.'),
    annotations: strMap('Key/value pairs of non-identifying data for tools and controllers. Not queryable. At most 256 KiB in total.'),
    ownerReferences: refList(`${META}.OwnerReference`, 'The objects this object depends on. When every owner is gone, the garbage collector deletes this object.'),
    finalizers: strList('Keys that must all be removed before a deleting object is removed from storage. While any is present, a delete only sets deletionTimestamp.'),
    managedFields: refList(`${META}.ManagedFieldsEntry`, 'Which field manager owns which fields, maintained by server-side apply. Clients rarely need to read or set it.'),
  }),
  [`${META}.OwnerReference`]: struct(
    'Names an owner of an object, in the same namespace or cluster-scoped.',
    {
      apiVersion: str('The API version of the owner.'),
      kind: str('The kind of the owner.'),
      name: str('The name of the owner.'),
      uid: str('The uid of the owner.'),
      controller: bool('Whether this owner is the managing controller. At most one owner may be.'),
      blockOwnerDeletion: bool("Whether a foreground deletion of the owner waits until this object is deleted."),
    },
    ['apiVersion', 'kind', 'name', 'uid'],
  ),
  [`${META}.ManagedFieldsEntry`]: struct('The fields one manager owns, for one operation and API version.', {
    manager: str('The name of the field manager.'),
    operation: str('The operation that last changed these fields: Apply or Update.'),
    apiVersion: str('The API version the field set is expressed in.'),
    time: time('When these fields were last changed.'),
    fieldsType: str('The format of fieldsV1; always FieldsV1.'),
    fieldsV1: anyObject('The set of owned fields, as a trie of field paths.'),
    subresource: str('The subresource the fields were written through, if any.'),
  }),
  [`${META}.LabelSelector`]: struct('Selects objects by their labels; the requirements are ANDed. An empty selector matches everything.', {
    matchLabels: strMap('Labels an object must have with exactly these values.'),
    matchExpressions: refList(`${META}.LabelSelectorRequirement`, 'Requirements on label keys with the In, NotIn, Exists and DoesNotExist operators.'),
  }),
  [`${META}.LabelSelectorRequirement`]: struct(
    'One requirement of a label selector.',
    {
      key: str('The label key.'),
      operator: str('In, NotIn, Exists or DoesNotExist.'),
      values: strList('The values for In and NotIn; empty for Exists and DoesNotExist.'),
    },
    ['key', 'operator'],
  ),
  [`${META}.Condition`]: struct(
    "One aspect of an object's current state.",
    {
      type: str('The type of the condition, in CamelCase (for example Ready or Available).'),
      status: str('True, False or Unknown.'),
      reason: str('A machine-readable CamelCase reason for the last transition.'),
      message: str('A human-readable explanation of the last transition.'),
      lastTransitionTime: time('When the status last changed.'),
      observedGeneration: int('The metadata.generation the condition was set for.', 'int64'),
    },
    ['type', 'status'],
  ),
};

const CONTAINER = struct(
  'One container of a pod: an image to run, with its command, environment, ports and resources.',
  {
    name: str('The name of the container, unique within the pod (a DNS label). Cannot be updated.'),
    image: str('The container image to run, for example nginx:1.27.'),
    command: strList("The entrypoint, replacing the image's ENTRYPOINT. Not run in a shell."),
    args: strList("The arguments to the entrypoint, replacing the image's CMD."),
    workingDir: str("The container's working directory."),
    env: refList(`${CORE}.EnvVar`, 'Environment variables to set in the container.'),
    envFrom: { type: 'array', items: { type: 'object' }, description: 'Sources (ConfigMaps, Secrets) whose keys become environment variables.' },
    ports: refList(`${CORE}.ContainerPort`, 'Ports the container exposes (informational; every port the process listens on is reachable).'),
    resources: anyObject('The compute resources (cpu, memory) the container requests and its limits.'),
    volumeMounts: { type: 'array', items: { type: 'object' }, description: "Volumes of the pod to mount into the container's file system." },
    livenessProbe: anyObject('A probe whose failure restarts the container.'),
    readinessProbe: anyObject('A probe whose failure takes the pod out of Service endpoints.'),
    startupProbe: anyObject('A probe that must succeed before the other probes start.'),
    imagePullPolicy: str('Always, Never or IfNotPresent. Defaults to Always for the :latest tag, IfNotPresent otherwise.'),
    securityContext: anyObject('Security options of the container (user, capabilities, privilege).'),
  },
  ['name'],
);

const POD_SPEC = struct(
  'The desired state of a pod: its containers, volumes and scheduling constraints.',
  {
    containers: refList(`${CORE}.Container`, 'The containers of the pod. At least one. Cannot be added or removed after creation.'),
    initContainers: refList(`${CORE}.Container`, 'Containers run to completion, in order, before the containers start.'),
    volumes: { type: 'array', items: { type: 'object' }, description: "Volumes the pod's containers can mount." },
    restartPolicy: str('Always, OnFailure or Never. Defaults to Always.'),
    nodeName: str('The node the pod is bound to. Set by the scheduler, or directly to bypass it.'),
    nodeSelector: strMap('Labels a node must have for the pod to be scheduled on it.'),
    serviceAccountName: str('The ServiceAccount whose identity the pod runs with.'),
    terminationGracePeriodSeconds: int('Seconds the pod is given to stop after it is asked to. Defaults to 30.', 'int64'),
    affinity: anyObject('Node and pod affinity and anti-affinity rules for scheduling.'),
    tolerations: { type: 'array', items: { type: 'object' }, description: 'Taints of nodes the pod tolerates.' },
    dnsPolicy: str('How DNS is configured for the pod: ClusterFirst (the default), Default, ClusterFirstWithHostNet or None.'),
    hostNetwork: bool("Whether the pod uses the node's network namespace."),
    securityContext: anyObject('Security options for every container of the pod.'),
  },
  ['containers'],
);

const POD_TEMPLATE = struct('A pod to create: the metadata and spec of the pods a controller makes.', {
  metadata: ref(`${META}.ObjectMeta`, "Metadata of the pods created from this template (their labels must match the controller's selector)."),
  spec: ref(`${CORE}.PodSpec`, 'The spec of the pods created from this template.'),
});

const WORKLOAD_STATUS = (what: string): OpenApiSchema =>
  struct(`The observed state of the ${what}, written by its controller.`, {
    replicas: int(`The number of pods the ${what} currently has.`),
    readyReplicas: int('The number of those pods that are ready.'),
    availableReplicas: int('The number of pods that have been ready for at least minReadySeconds.'),
    updatedReplicas: int('The number of pods created from the current template.'),
    observedGeneration: int('The metadata.generation the controller last acted on.', 'int64'),
    conditions: CONDITIONS(what),
  });

/** Schemas of the core/v1 structs the kinds refer to. */
const CORE_SCHEMAS: Record<string, OpenApiSchema> = {
  [`${CORE}.PodSpec`]: POD_SPEC,
  [`${CORE}.PodTemplateSpec`]: POD_TEMPLATE,
  [`${CORE}.Container`]: CONTAINER,
  [`${CORE}.EnvVar`]: struct(
    'One environment variable of a container.',
    {
      name: str('The name of the variable.'),
      value: str('The value; $(OTHER) references to earlier variables are expanded.'),
      valueFrom: anyObject("A source of the value instead: a ConfigMap or Secret key, or a field of the pod."),
    },
    ['name'],
  ),
  [`${CORE}.ContainerPort`]: struct(
    'A network port of a container.',
    {
      name: str('A name for the port (an IANA service name), which Services can refer to.'),
      containerPort: int('The port number, 1 to 65535.'),
      protocol: str('TCP, UDP or SCTP. Defaults to TCP.'),
      hostPort: int('The port to expose on the node, if any.'),
    },
    ['containerPort'],
  ),
  [`${CORE}.ServicePort`]: struct(
    'One port a Service exposes.',
    {
      name: str('The name of the port, required when the Service has more than one.'),
      port: int('The port the Service listens on.'),
      targetPort: { description: 'The port (number or named container port) on the pods to send the traffic to. Defaults to port.', 'x-kubernetes-int-or-string': true },
      protocol: str('TCP, UDP or SCTP. Defaults to TCP.'),
      nodePort: int('The port on every node for a NodePort or LoadBalancer Service, allocated from 30000-32767 when not set.'),
    },
    ['port'],
  ),
  [`${CORE}.Taint`]: struct(
    'A taint that keeps pods off a node unless they tolerate it.',
    {
      key: str('The taint key.'),
      value: str('The taint value.'),
      effect: str('NoSchedule, PreferNoSchedule or NoExecute.'),
    },
    ['key', 'effect'],
  ),
  [`${CORE}.NodeAddress`]: struct('One address of a node.', { type: str('Hostname, InternalIP, ExternalIP, InternalDNS or ExternalDNS.'), address: str('The address.') }, ['type', 'address']),
  [`${CORE}.NodeSystemInfo`]: struct('Facts a kubelet reports about its node.', {
    kubeletVersion: str('The version of the kubelet.'),
    osImage: str('The operating system image.'),
    kernelVersion: str('The kernel version.'),
    containerRuntimeVersion: str('The container runtime and its version.'),
    architecture: str('The CPU architecture.'),
    operatingSystem: str('The operating system, for example linux.'),
  }),
};

/** Kind-specific top-level fields (everything but apiVersion, kind and metadata), by schema name. */
const KIND_FIELDS: Record<string, { description: string; fields: Record<string, OpenApiSchema>; required?: string[] }> = {
  [`${CORE}.ConfigMap`]: {
    description: 'Non-secret configuration as key/value pairs, for pods to read as environment variables, arguments or files. Its data and binaryData together hold at most 1 MiB.',
    fields: {
      immutable: bool('When true, data and binaryData can no longer be changed (only the metadata can); the object can still be deleted.'),
      data: strMap('UTF-8 configuration values by key. Keys are letters, digits, -, _ and . and must not also appear in binaryData.'),
      binaryData: { type: 'object', additionalProperties: { type: 'string', format: 'byte' }, description: 'Binary values by key, base64-encoded in JSON. Keys must not also appear in data.' },
    },
  },
  [`${CORE}.Secret`]: {
    description: 'Sensitive data (passwords, tokens, keys) as key/value pairs, for pods to read as environment variables or files. Its data holds at most 1 MiB.',
    fields: {
      immutable: bool('When true, data can no longer be changed (only the metadata can); the object can still be deleted.'),
      data: { type: 'object', additionalProperties: { type: 'string', format: 'byte' }, description: 'Secret values by key, base64-encoded in JSON.' },
      stringData: strMap('Write-only plain-text values by key: the server merges them into data (a key here wins over the same key in data) and never returns this field.'),
      type: str('What the secret holds, used to check its data (for example Opaque, the default, or kubernetes.io/tls).'),
    },
  },
  [`${CORE}.Namespace`]: {
    description: 'A scope for names: namespaced objects live in exactly one namespace. Deleting a namespace deletes everything in it.',
    fields: {
      spec: struct('The desired state of the namespace.', { finalizers: strList('Keys that must be removed before the namespace is removed; the server sets kubernetes, removed once the content is gone.') }),
      status: struct('The observed state of the namespace.', { phase: str('Active, or Terminating while it is being deleted.'), conditions: CONDITIONS('namespace') }),
    },
  },
  [`${CORE}.Node`]: {
    description: 'A worker machine of the cluster, registered by its kubelet. This server stores Nodes only: nothing runs on them.',
    fields: {
      spec: struct('How the node is to be used.', {
        unschedulable: bool('When true, no new pods are scheduled on the node (kubectl cordon).'),
        podCIDR: str('The IP range assigned to pods on this node.'),
        providerID: str('The identifier of the machine at its cloud provider.'),
        taints: refList(`${CORE}.Taint`, 'Taints that keep pods off the node unless they tolerate them.'),
      }),
      status: struct('The state the kubelet reports for the node.', {
        conditions: refList(`${META}.Condition`, 'Conditions of the node, such as Ready, MemoryPressure and DiskPressure.'),
        addresses: refList(`${CORE}.NodeAddress`, 'Addresses the node can be reached at.'),
        capacity: quantityMap('The total resources of the node (cpu, memory, pods).'),
        allocatable: quantityMap('The resources of the node available to pods.'),
        nodeInfo: ref(`${CORE}.NodeSystemInfo`, 'Facts about the node: kubelet, kernel and runtime versions.'),
      }),
    },
  },
  [`${CORE}.Pod`]: {
    description: 'A group of containers that run together on one node, sharing network and volumes. This server stores pods; nothing runs them.',
    fields: {
      spec: ref(`${CORE}.PodSpec`, 'The desired state of the pod.'),
      status: struct('The observed state of the pod, written by the kubelet.', {
        phase: str('Pending, Running, Succeeded, Failed or Unknown.'),
        conditions: refList(`${META}.Condition`, 'Conditions of the pod, such as PodScheduled and Ready.'),
        podIP: str('The IP address of the pod.'),
        hostIP: str('The IP address of its node.'),
        startTime: time('When the kubelet accepted the pod.'),
        containerStatuses: { type: 'array', items: { type: 'object' }, description: 'The state of each container.' },
      }),
    },
  },
  [`${CORE}.Service`]: {
    description: 'A stable address and a set of ports for the pods a selector matches.',
    fields: {
      spec: struct('The desired state of the Service.', {
        type: str('ClusterIP (the default), NodePort, LoadBalancer or ExternalName.'),
        selector: strMap('Labels of the pods the Service sends traffic to.'),
        ports: refList(`${CORE}.ServicePort`, 'The ports the Service exposes.'),
        clusterIP: str('The virtual IP of the Service, allocated when not set; None for a headless Service.'),
        clusterIPs: strList('The cluster IPs of the Service, the first equal to clusterIP.'),
        sessionAffinity: str('ClientIP or None (the default).'),
        externalName: str('The DNS name an ExternalName Service aliases.'),
      }),
      status: struct('The observed state of the Service.', { loadBalancer: anyObject('The load balancer of a LoadBalancer Service.'), conditions: CONDITIONS('Service') }),
    },
  },
  [`${CORE}.ServiceAccount`]: {
    description: 'An identity for processes that run in pods. Every namespace gets a default one.',
    fields: {
      secrets: { type: 'array', items: { type: 'object' }, description: 'Secrets pods running as this account may use.' },
      imagePullSecrets: { type: 'array', items: { type: 'object' }, description: 'Secrets used to pull the images of pods running as this account.' },
      automountServiceAccountToken: bool("Whether pods running as this account get its API token mounted."),
    },
  },
  'io.k8s.api.coordination.v1.Lease': {
    description: 'A lock with a holder and a duration, used for leader election and node heartbeats.',
    fields: {
      spec: struct('The state of the lease.', {
        holderIdentity: str('Who holds the lease.'),
        leaseDurationSeconds: int('How long the holder keeps the lease without renewing it.'),
        acquireTime: { type: 'string', format: 'date-time', description: 'When the current holder acquired the lease (a MicroTime).' },
        renewTime: { type: 'string', format: 'date-time', description: 'When the holder last renewed the lease (a MicroTime).' },
        leaseTransitions: int('How many times the lease changed holders.'),
      }),
    },
  },
  'io.k8s.api.apps.v1.Deployment': {
    description: 'Declarative updates of a replicated set of pods: it manages ReplicaSets and rolls pods over to a new template.',
    fields: {
      spec: struct(
        'The desired state of the Deployment.',
        {
          replicas: int('The number of pods wanted. Defaults to 1.'),
          selector: ref(`${META}.LabelSelector`, "The labels of the pods the Deployment manages; must match the template's labels. Cannot be updated."),
          template: ref(`${CORE}.PodTemplateSpec`, 'The pods to create.'),
          strategy: anyObject('How old pods are replaced: RollingUpdate (the default, with maxSurge and maxUnavailable) or Recreate.'),
          minReadySeconds: int('How long a new pod must be ready before it counts as available. Defaults to 0.'),
          revisionHistoryLimit: int('How many old ReplicaSets to keep for rollbacks. Defaults to 10.'),
          paused: bool('When true, template changes do not start a rollout.'),
          progressDeadlineSeconds: int('How long a rollout may make no progress before it is reported as failed. Defaults to 600.'),
        },
        ['selector', 'template'],
      ),
      status: WORKLOAD_STATUS('Deployment'),
    },
  },
  'io.k8s.api.apps.v1.ReplicaSet': {
    description: 'Keeps a number of identical pods running. Usually managed by a Deployment.',
    fields: {
      spec: struct(
        'The desired state of the ReplicaSet.',
        {
          replicas: int('The number of pods wanted. Defaults to 1.'),
          selector: ref(`${META}.LabelSelector`, 'The labels of the pods the ReplicaSet manages.'),
          template: ref(`${CORE}.PodTemplateSpec`, 'The pods to create.'),
          minReadySeconds: int('How long a new pod must be ready before it counts as available.'),
        },
        ['selector'],
      ),
      status: WORKLOAD_STATUS('ReplicaSet'),
    },
  },
  'io.k8s.api.apps.v1.StatefulSet': {
    description: 'Pods with stable names and storage, created and updated in order.',
    fields: {
      spec: struct(
        'The desired state of the StatefulSet.',
        {
          replicas: int('The number of pods wanted. Defaults to 1.'),
          selector: ref(`${META}.LabelSelector`, 'The labels of the pods the StatefulSet manages.'),
          template: ref(`${CORE}.PodTemplateSpec`, 'The pods to create.'),
          serviceName: str('The headless Service that gives the pods their network identity.'),
          podManagementPolicy: str('OrderedReady (the default) or Parallel.'),
          volumeClaimTemplates: { type: 'array', items: { type: 'object' }, description: 'Claims each pod gets its own volume from.' },
        },
        ['selector', 'template'],
      ),
      status: WORKLOAD_STATUS('StatefulSet'),
    },
  },
  'io.k8s.api.apps.v1.DaemonSet': {
    description: 'Runs one copy of a pod on every node (or every node a selector picks).',
    fields: {
      spec: struct(
        'The desired state of the DaemonSet.',
        {
          selector: ref(`${META}.LabelSelector`, 'The labels of the pods the DaemonSet manages.'),
          template: ref(`${CORE}.PodTemplateSpec`, 'The pods to create, one per node.'),
          updateStrategy: anyObject('How pods are replaced: RollingUpdate (the default) or OnDelete.'),
        },
        ['selector', 'template'],
      ),
      status: anyObject('The observed state of the DaemonSet, written by its controller.'),
    },
  },
  'io.k8s.api.batch.v1.Job': {
    description: 'Runs pods until a number of them complete successfully.',
    fields: {
      spec: struct(
        'The desired state of the Job.',
        {
          template: ref(`${CORE}.PodTemplateSpec`, 'The pods to run.'),
          completions: int('How many pods must succeed. Defaults to 1.'),
          parallelism: int('How many pods may run at once. Defaults to 1.'),
          backoffLimit: int('How many retries before the Job fails. Defaults to 6.'),
          activeDeadlineSeconds: int('How long the Job may run before it is stopped.', 'int64'),
          ttlSecondsAfterFinished: int('How long a finished Job is kept before it is deleted.'),
          suspend: bool('When true, no pods are created.'),
        },
        ['template'],
      ),
      status: anyObject('The observed state of the Job: active, succeeded and failed pods, and conditions.'),
    },
  },
  'io.k8s.api.batch.v1.CronJob': {
    description: 'Creates Jobs on a schedule.',
    fields: {
      spec: struct(
        'The desired state of the CronJob.',
        {
          schedule: str('The schedule in cron format, for example "*/5 * * * *".'),
          jobTemplate: anyObject('The Jobs to create.'),
          concurrencyPolicy: str('Allow (the default), Forbid or Replace: what happens when a run is due while the last one still runs.'),
          suspend: bool('When true, no new Jobs are started.'),
          successfulJobsHistoryLimit: int('How many finished successful Jobs to keep. Defaults to 3.'),
          failedJobsHistoryLimit: int('How many failed Jobs to keep. Defaults to 1.'),
        },
        ['schedule', 'jobTemplate'],
      ),
      status: anyObject('The observed state of the CronJob: active Jobs and the last schedule time.'),
    },
  },
};

KIND_FIELDS[CRD_SCHEMA] = {
  description: 'Defines a custom resource: its group, names, scope and versions with their schemas. Once Established, the resource is served like any other.',
  fields: {
    spec: anyObject('The group, names, scope and versions of the custom resource.'),
    status: anyObject('The conditions (NamesAccepted, Established) and accepted names of the definition.'),
  },
};

const POLICY_RULE = 'io.k8s.api.rbac.v1.PolicyRule';
const SUBJECT = 'io.k8s.api.rbac.v1.Subject';
const ROLE_REF = 'io.k8s.api.rbac.v1.RoleRef';
const RBAC_SCHEMAS: Record<string, OpenApiSchema> = {
  [POLICY_RULE]: struct(
    'Allows verbs on resources (or on non-resource URLs).',
    {
      apiGroups: strList('The API groups the rule covers; "" is the core group and * is every group.'),
      resources: strList('The resources the rule covers (pods, pods/status …); * is every resource.'),
      verbs: strList('The verbs allowed: get, list, watch, create, update, patch, delete, deletecollection; * is every verb.'),
      resourceNames: strList('When set, only objects with these names.'),
      nonResourceURLs: strList('URLs (such as /healthz) the rule allows, for ClusterRoles only.'),
    },
    ['verbs'],
  ),
  [SUBJECT]: struct(
    'Who a binding grants a role to.',
    {
      kind: str('User, Group or ServiceAccount.'),
      name: str('The name of the user, group or service account.'),
      namespace: str('The namespace of a service account.'),
      apiGroup: str('rbac.authorization.k8s.io for users and groups, "" for service accounts.'),
    },
    ['kind', 'name'],
  ),
  [ROLE_REF]: struct(
    'The role a binding grants. Cannot be updated.',
    { apiGroup: str('rbac.authorization.k8s.io.'), kind: str('Role or ClusterRole.'), name: str('The name of the role.') },
    ['apiGroup', 'kind', 'name'],
  ),
};
const rbacKinds: Record<string, { description: string; fields: Record<string, OpenApiSchema>; required?: string[] }> = {
  'io.k8s.api.rbac.v1.Role': { description: 'A set of permissions within one namespace.', fields: { rules: refList(POLICY_RULE, 'The permissions the role grants.') } },
  'io.k8s.api.rbac.v1.ClusterRole': {
    description: 'A set of permissions in every namespace, on cluster-scoped resources or on non-resource URLs.',
    fields: {
      rules: refList(POLICY_RULE, 'The permissions the role grants.'),
      aggregationRule: anyObject('Selectors of other ClusterRoles whose rules are aggregated into this one.'),
    },
  },
  'io.k8s.api.rbac.v1.RoleBinding': {
    description: 'Grants a Role or ClusterRole to subjects within one namespace.',
    fields: { subjects: refList(SUBJECT, 'Who the role is granted to.'), roleRef: ref(ROLE_REF, 'The role granted.') },
    required: ['roleRef'],
  },
  'io.k8s.api.rbac.v1.ClusterRoleBinding': {
    description: 'Grants a ClusterRole to subjects in every namespace.',
    fields: { subjects: refList(SUBJECT, 'Who the role is granted to.'), roleRef: ref(ROLE_REF, 'The role granted.') },
    required: ['roleRef'],
  },
};

/** Schemas of top-level fields this file does not detail (their `type: object` is a guess, never checked). */
const UNDESCRIBED = new WeakSet<OpenApiSchema>();

/**
 * Whether a field's schema is a placeholder for a field this file does not detail: its type is unknown
 * (it shows as `<Object>` in `kubectl explain`), so the server does not type-check the field against it.
 */
export function isUndescribedField(schema: OpenApiSchema): boolean {
  return UNDESCRIBED.has(schema);
}

/** The generic description of a top-level field this file does not detail. */
function genericField(field: string): OpenApiSchema {
  // spec and status are structs in every kind; any other field may be of any type.
  if (field === 'spec') return anyObject('The desired state of the object.');
  if (field === 'status') return anyObject('The observed state of the object, written by its controller.');
  const schema = anyObject(`The ${field} of the object.`);
  UNDESCRIBED.add(schema);
  return schema;
}

/**
 * The `components.schemas` name of a built-in kind, as kube-apiserver names it.
 *
 * @example
 * builtinSchemaName({ group: 'apps', version: 'v1', kind: 'Deployment' }); // 'io.k8s.api.apps.v1.Deployment'
 */
export function builtinSchemaName(type: Pick<ResourceType, 'group' | 'version' | 'kind'>): string {
  if (type.group === 'apiextensions.k8s.io') return CRD_SCHEMA.replace('.v1.', `.${type.version}.`);
  const group = type.group === '' ? 'core' : (type.group.split('.')[0] ?? type.group);
  return `io.k8s.api.${group}.${type.version}.${type.kind}`;
}

/**
 * The schema of a built-in kind (with its GVK extension) and every schema it refers to, by name.
 *
 * @example
 * Object.keys(builtinSchemas(configMapType)); // ['io.k8s.api.core.v1.ConfigMap', 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', …]
 */
export function builtinSchemas(type: ResourceType): Record<string, OpenApiSchema> {
  const name = builtinSchemaName(type);
  const known = KIND_FIELDS[name] ?? rbacKinds[name];
  const fields: Record<string, OpenApiSchema> = {};
  const named: Record<string, OpenApiSchema> = {};
  for (const field of type.topLevelFields ?? ['spec', 'status']) {
    const schema = known?.fields[field] ?? genericField(field);
    if (schema['properties'] === undefined) {
      fields[field] = schema;
      continue;
    }
    // A struct field is a named schema of its own (DeploymentSpec, NodeStatus …), as in kube's documents.
    const structName = `${name}${field.charAt(0).toUpperCase()}${field.slice(1)}`;
    const noun = field === 'spec' ? 'desired state' : field === 'status' ? 'observed state' : field;
    named[structName] = { ...schema, description: `${type.kind}${field.charAt(0).toUpperCase()}${field.slice(1)} is the ${noun} of a ${type.kind}.` };
    fields[field] = ref(structName, String(schema['description'] ?? ''));
  }
  const root = struct(known?.description ?? `${type.kind} of ${type.group === '' ? 'the core API group' : type.group}.`, {
    apiVersion: API_VERSION,
    kind: KIND,
    metadata: METADATA,
    ...fields,
  }, known?.required);
  root['x-kubernetes-group-version-kind'] = [{ group: type.group, version: type.version, kind: type.kind }];
  const out: Record<string, OpenApiSchema> = { [name]: root, ...named };
  addReferenced(root, out);
  addReferenced(named, out);
  return out;
}

const LIBRARY: Record<string, OpenApiSchema> = { ...META_SCHEMAS, ...CORE_SCHEMAS, ...RBAC_SCHEMAS };

/** Adds every schema `schema` refers to (transitively) from the library to `out`. */
function addReferenced(schema: unknown, out: Record<string, OpenApiSchema>): void {
  if (Array.isArray(schema)) {
    for (const item of schema) addReferenced(item, out);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') {
      const name = value.slice('#/components/schemas/'.length);
      const target = LIBRARY[name];
      if (target && !(name in out)) {
        out[name] = target;
        addReferenced(target, out);
      }
    } else addReferenced(value, out);
  }
}

/**
 * What a CRD's schema gains in its OpenAPI document, as kube-apiserver adds it: `apiVersion` and `kind`
 * with their descriptions and `metadata` as a reference to ObjectMeta, plus the schemas that refers to.
 *
 * @example
 * const { schema, referenced } = withStandardFields({ type: 'object', properties: { spec: { type: 'object' } } });
 */
export function withStandardFields(schema: OpenApiSchema): { schema: OpenApiSchema; referenced: Record<string, OpenApiSchema> } {
  const properties = typeof schema['properties'] === 'object' && schema['properties'] !== null ? (schema['properties'] as Record<string, OpenApiSchema>) : {};
  const out: OpenApiSchema = { ...schema, properties: { ...properties, apiVersion: API_VERSION, kind: KIND, metadata: METADATA } };
  const referenced: Record<string, OpenApiSchema> = {};
  addReferenced(out, referenced);
  return { schema: out, referenced };
}
