// The children of a Zebra, as plain objects: a Deployment running its image and a Service in front
// of it. Kept apart from the handlers so that they are easy to read, change and test on their own.
import type { KubeObject } from '@opkit/kube';
import type { Zebra } from './api/zebra.ts';

/** The labels that tie a Zebra's pods to its Deployment and Service. */
export function selectorOf(zebra: Zebra): Record<string, string> {
  return { 'app.kubernetes.io/name': zebra.metadata.name ?? '', 'app.kubernetes.io/managed-by': 'zoo-operator' };
}

/** The Deployment of a Zebra (named like it; ownership is added by the handler). */
export function deploymentFor(zebra: Zebra): KubeObject {
  const labels = selectorOf(zebra);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: zebra.metadata.name, labels },
    spec: {
      replicas: zebra.spec.replicas,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: {
          containers: [{ name: 'app', image: zebra.spec.image, ports: [{ name: 'http', containerPort: zebra.spec.port }] }],
        },
      },
    },
  };
}

/** The Service of a Zebra: port 80 to the container's port. */
export function serviceFor(zebra: Zebra): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: zebra.metadata.name, labels: selectorOf(zebra) },
    spec: {
      selector: selectorOf(zebra),
      ports: [{ name: 'http', port: 80, targetPort: 'http' }],
    },
  };
}
