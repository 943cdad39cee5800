// The children of a WebApp, as plain objects: a Deployment running its image and a Service in front
// of it. Kept apart from the handlers so that they are easy to read, change and test on their own.
import type { KubeObject } from '@opkit/kube';
import type { WebApp } from './api/webapp.ts';

/** The labels that tie a WebApp's pods to its Deployment and Service. */
export function selectorOf(webapp: WebApp): Record<string, string> {
  return { 'app.kubernetes.io/name': webapp.metadata.name ?? '', 'app.kubernetes.io/managed-by': 'webapp-operator' };
}

/** The Deployment of a WebApp (named like it; ownership is added by the handler). */
export function deploymentFor(webapp: WebApp): KubeObject {
  const labels = selectorOf(webapp);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: webapp.metadata.name, labels },
    spec: {
      replicas: webapp.spec.replicas,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: {
          containers: [{ name: 'app', image: webapp.spec.image, ports: [{ name: 'http', containerPort: webapp.spec.port }] }],
        },
      },
    },
  };
}

/** The Service of a WebApp: port 80 to the container's port. */
export function serviceFor(webapp: WebApp): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: webapp.metadata.name, labels: selectorOf(webapp) },
    spec: {
      selector: selectorOf(webapp),
      ports: [{ name: 'http', port: 80, targetPort: 'http' }],
    },
  };
}
