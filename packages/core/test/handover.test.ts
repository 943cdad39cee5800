// Handing objects back and forth between Opkit and Kopf in the `kopf` profile: whatever Kopf
// handled while Opkit was away counts as handled when Opkit comes back — Kopf keeps its diff-base
// in the annotation only, so Opkit's own status copy must not override a newer annotation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';

const PREFIX = '[default/kopf-example-1] ';
const KOPF = { persistence: { profile: 'kopf' as const, consistencyTimeout: 2 } };
// What Kopf writes after handling `spec.field: newvalue` on examples/obj.yaml.
const KOPF_DIFF_BASE_AFTER_UPDATE = '{"spec":{"duration":"1m","field":"newvalue","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}\n';

function operatorRegistry(calls: string[]): Registry {
  const registry = new Registry();
  registry.on.create('kopfexamples', function create_fn() { calls.push('create'); return 'created'; });
  registry.on.update('kopfexamples', function update_fn() { calls.push('update'); });
  registry.on.resume('kopfexamples', function resume_fn() { calls.push('resume'); });
  return registry;
}

describe('handover between Opkit and Kopf (kopf profile)', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('does not handle again an update that Kopf handled while Opkit was away', async () => {
    const calls: string[] = [];
    const one = await h.run(operatorRegistry(calls), { settings: KOPF });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => b.metadata.annotations?.['kopf.zalando.org/last-handled-configuration'] !== undefined, 'the creation');
    await one.stop();

    // Kopf takes over and handles an update: it stores the new diff-base in the annotation (and nowhere else).
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'newvalue' } }, { namespace: 'default' });
    await h.client.patch(h.kex, 'kopf-example-1', {
      metadata: { annotations: { 'kopf.zalando.org/last-handled-configuration': KOPF_DIFF_BASE_AFTER_UPDATE } },
    }, { namespace: 'default' });

    const two = await h.run(operatorRegistry(calls), { settings: KOPF });
    await expect.poll(() => two.lines.includes(`${PREFIX}Resuming is processed: 1 succeeded; 0 failed.`)).toBe(true);
    expect(calls).toEqual(['create', 'resume']);
    expect(two.lines.some((line) => line.includes('Updating is in progress'))).toBe(false);
  });
});
