// The Kubernetes resources peering stands on: Kopf's peering CRDs (`kopf.dev/v1`, and the legacy
// `zalando.org/v1` group, which Kopf still reads), their manifests (the same as
// `manifests/peering.yaml`, which `op peering install` applies), and Leases for leader election and
// shard membership.
import type { KubeObject, Resource, ResourceQuery } from '@opkit/kube';

/** The peering resources an operator looks for, cluster-wide or namespaced, newest group first. */
export function peeringSelectors(clusterwide: boolean): ResourceQuery[] {
  const plural = clusterwide ? 'clusterkopfpeerings' : 'kopfpeerings';
  return [
    { group: 'kopf.dev', version: 'v1', plural },
    { group: 'zalando.org', version: 'v1', plural },
  ];
}

/** `kopf.dev/v1` ClusterKopfPeering (cluster-scoped), as discovery describes it. */
export const CLUSTER_PEERINGS: Resource = { group: 'kopf.dev', version: 'v1', plural: 'clusterkopfpeerings', singular: 'clusterkopfpeering', kind: 'ClusterKopfPeering', namespaced: false };

/** `kopf.dev/v1` KopfPeering (namespaced), as discovery describes it. */
export const NAMESPACED_PEERINGS: Resource = { group: 'kopf.dev', version: 'v1', plural: 'kopfpeerings', singular: 'kopfpeering', kind: 'KopfPeering', namespaced: true };

/** `coordination.k8s.io/v1` Leases. */
export const LEASES: Resource = { group: 'coordination.k8s.io', version: 'v1', plural: 'leases', singular: 'lease', kind: 'Lease', namespaced: true };

function peeringCrd(resource: Resource): KubeObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${resource.plural}.${resource.group}` },
    spec: {
      scope: resource.namespaced ? 'Namespaced' : 'Cluster',
      group: resource.group,
      names: { kind: resource.kind, plural: resource.plural, singular: resource.singular },
      versions: [{
        name: 'v1', served: true, storage: true,
        schema: { openAPIV3Schema: { type: 'object', properties: { status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } } },
      }],
    },
  };
}

/**
 * The peering CRDs (ClusterKopfPeering and KopfPeering in `kopf.dev/v1`), exactly as Kopf defines them.
 *
 * @example
 * ```ts
 * for (const crd of peeringCrds()) await client.create(CRDS, crd);
 * ```
 */
export function peeringCrds(): KubeObject[] {
  return [peeringCrd(CLUSTER_PEERINGS), peeringCrd(NAMESPACED_PEERINGS)];
}

/**
 * Peering objects to create: the cluster-wide one, and a namespaced one in each namespace given.
 *
 * @example
 * ```ts
 * peeringObjects('default', ['default']); // ClusterKopfPeering default, KopfPeering default/default
 * ```
 */
export function peeringObjects(name = 'default', namespaces: readonly string[] = ['default']): KubeObject[] {
  return [
    { apiVersion: 'kopf.dev/v1', kind: 'ClusterKopfPeering', metadata: { name } },
    ...namespaces.map((namespace) => ({ apiVersion: 'kopf.dev/v1', kind: 'KopfPeering', metadata: { namespace, name } })),
  ];
}
