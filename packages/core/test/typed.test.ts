// A typed resource as a handler selector: resolution goes by its group, version and plural alone
// (its other members — kind, singular, schema — play no part), and the handler's typed spec is the
// object's spec.
import { defineResource, k } from '@opkit/schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';

// The installed CRD says singular 'kopfexample'; this definition differs in singular and kind.
const KopfExample = defineResource({
  group: 'kopf.dev', version: 'v1', kind: 'KopfSample', plural: 'kopfexamples', singular: 'typed-sample',
  spec: k.object({ field: k.string(), items: k.optional(k.list(k.string())) }),
});

describe('processing: typed resources', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('serves the resource of the typed selector by group, version and plural, with its typed spec', async () => {
    const registry = new Registry();
    const seen: string[] = [];
    registry.on.create(KopfExample, function create_fn({ spec }) {
      seen.push(`${spec.field}:${(spec.items ?? []).join(',')}`);
      return { field: spec.field };
    });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn?.field === 'value', 'the typed handler result');
    expect(seen).toEqual(['value:item1,item2']);
    expect(run.feed.some((event) => event.type === 'watch' && event.phase === 'started' && event.resource === 'kopfexamples.kopf.dev/v1')).toBe(true);
    await run.stop();
  });
});
