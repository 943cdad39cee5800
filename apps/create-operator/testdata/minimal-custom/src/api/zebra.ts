// The Zebra custom resource: its schema, written once, gives the handlers' types, a validator and
// the CRD in deploy/crds/ (regenerate it with `npm run manifests`).
import { defineResource, k } from '@opkit/schema';
import type { ResourceBody } from '@opkit/schema';

export const Zebra = defineResource({
  group: 'z.test',
  version: 'v2',
  kind: 'Zebra',
  plural: 'zebras',
  scope: 'Namespaced',
  spec: k.object({
    name: k.string({ default: 'world', description: 'Who the Zebra greets.' }),
  }),
  status: k.status({ message: k.optional(k.string()) }),
  printerColumns: [{ name: 'Message', type: 'string', jsonPath: '.status.message' }],
});
export type Zebra = ResourceBody<typeof Zebra>;
