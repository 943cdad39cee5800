// The Zebra custom resource, defined once: this schema types the handlers (`spec` below is typed),
// validates objects, and generates deploy/crds/zebras.z.test.yaml (`npm run manifests`).
// To add a field: add it here, run `npm run manifests`, and use it in src/operator.ts.
import { defineResource, k } from '@opkit/schema';
import type { ResourceBody } from '@opkit/schema';

export const Zebra = defineResource({
  group: 'z.test',
  version: 'v2',
  kind: 'Zebra',
  plural: 'zebras',
  scope: 'Namespaced',
  spec: k.object({
    salutation: k.string({ description: 'The word to greet with.', default: 'Hello', minLength: 1 }),
    who: k.string({ description: 'Whom to greet.', default: 'world', minLength: 1 }),
  }),
  // k.status keeps unknown fields: the operator stores each handler's progress under status.
  status: k.status({
    message: k.optional(k.string({ description: 'The message, as last rendered by the operator.' })),
  }),
  printerColumns: [
    { name: 'Message', type: 'string', jsonPath: '.status.message' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
});

/** A Zebra object as the API server stores it. */
export type Zebra = ResourceBody<typeof Zebra>;
