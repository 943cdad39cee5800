// The Greeting custom resource: its schema, written once, gives the handlers' types, a validator and
// the CRD in deploy/crds/ (regenerate it with `npm run manifests`).
import { defineResource, k } from '@opkit/schema';
import type { ResourceBody } from '@opkit/schema';

export const Greeting = defineResource({
  group: 'greeting.example.com',
  version: 'v1alpha1',
  kind: 'Greeting',
  plural: 'greetings',
  scope: 'Namespaced',
  spec: k.object({
    name: k.string({ default: 'world', description: 'Who the Greeting greets.' }),
  }),
  status: k.status({ message: k.optional(k.string()) }),
  printerColumns: [{ name: 'Message', type: 'string', jsonPath: '.status.message' }],
});
export type Greeting = ResourceBody<typeof Greeting>;
