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
    message: k.string({ description: 'What the daemon logs while the Zebra exists.', default: 'still here' }),
    paused: k.boolean({ description: 'Stop counting (the timer skips paused Zebras).', default: false }),
  }),
  status: k.status({
    ticks: k.optional(k.integer({ description: 'How many times the timer has run for this Zebra.', minimum: 0 })),
    lastTick: k.optional(k.string({ description: 'When the timer last ran (RFC 3339).', format: 'date-time' })),
  }),
  printerColumns: [
    { name: 'Ticks', type: 'integer', jsonPath: '.status.ticks' },
    { name: 'Paused', type: 'boolean', jsonPath: '.spec.paused' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
});

/** A Zebra object as the API server stores it. */
export type Zebra = ResourceBody<typeof Zebra>;
