// The Ticker custom resource, defined once: this schema types the handlers, validates objects, and
// generates deploy/crds/tickers.ticker.example.com.yaml (`npm run manifests`).
import { defineResource, k } from '@opkit/schema';
import type { ResourceBody } from '@opkit/schema';

export const Ticker = defineResource({
  group: 'ticker.example.com',
  version: 'v1alpha1',
  kind: 'Ticker',
  plural: 'tickers',
  scope: 'Namespaced',
  spec: k.object({
    message: k.string({ description: 'What the daemon logs while the Ticker exists.', default: 'still here' }),
    paused: k.boolean({ description: 'Stop counting (the timer skips paused Tickers).', default: false }),
  }),
  status: k.status({
    ticks: k.optional(k.integer({ description: 'How many times the timer has run for this Ticker.', minimum: 0 })),
    lastTick: k.optional(k.string({ description: 'When the timer last ran (RFC 3339).', format: 'date-time' })),
  }),
  printerColumns: [
    { name: 'Ticks', type: 'integer', jsonPath: '.status.ticks' },
    { name: 'Paused', type: 'boolean', jsonPath: '.spec.paused' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
});

/** A Ticker object as the API server stores it. */
export type Ticker = ResourceBody<typeof Ticker>;
