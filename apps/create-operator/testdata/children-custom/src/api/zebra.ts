// The Zebra custom resource, defined once: this schema types the handlers, validates objects, and
// generates deploy/crds/zebras.z.test.yaml (`npm run manifests`).
import { defineResource, k } from '@opkit/schema';
import type { ResourceBody } from '@opkit/schema';

export const Zebra = defineResource({
  group: 'z.test',
  version: 'v2',
  kind: 'Zebra',
  plural: 'zebras',
  scope: 'Namespaced',
  spec: k.object({
    image: k.string({ description: 'The container image to run.', minLength: 1 }),
    replicas: k.integer({ description: 'How many pods to run.', default: 1, minimum: 0 }),
    port: k.integer({ description: 'The port the container listens on, exposed by the Service.', default: 8080, minimum: 1, maximum: 65535 }),
  }),
  status: k.status({
    deployment: k.optional(k.string({ description: 'The name of the Deployment this Zebra owns.' })),
    service: k.optional(k.string({ description: 'The name of the Service this Zebra owns.' })),
  }),
  printerColumns: [
    { name: 'Image', type: 'string', jsonPath: '.spec.image' },
    { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
});

/** A Zebra object as the API server stores it. */
export type Zebra = ResourceBody<typeof Zebra>;
