// The WebApp custom resource, defined once: this schema types the handlers, validates objects, and
// generates deploy/crds/webapps.webapp.example.com.yaml (`npm run manifests`).
import { defineResource, k } from '@opkit/schema';
import type { ResourceBody } from '@opkit/schema';

export const WebApp = defineResource({
  group: 'webapp.example.com',
  version: 'v1alpha1',
  kind: 'WebApp',
  plural: 'webapps',
  scope: 'Namespaced',
  spec: k.object({
    image: k.string({ description: 'The container image to run.', minLength: 1 }),
    replicas: k.integer({ description: 'How many pods to run.', default: 1, minimum: 0 }),
    port: k.integer({ description: 'The port the container listens on, exposed by the Service.', default: 8080, minimum: 1, maximum: 65535 }),
  }),
  status: k.status({
    deployment: k.optional(k.string({ description: 'The name of the Deployment this WebApp owns.' })),
    service: k.optional(k.string({ description: 'The name of the Service this WebApp owns.' })),
  }),
  printerColumns: [
    { name: 'Image', type: 'string', jsonPath: '.spec.image' },
    { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
});

/** A WebApp object as the API server stores it. */
export type WebApp = ResourceBody<typeof WebApp>;
