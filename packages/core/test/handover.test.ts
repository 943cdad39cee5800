// Handing objects back and forth between Opkit and Kopf in the `kopf` profile: whatever Kopf
// handled while Opkit was away counts as handled when Opkit comes back — Kopf keeps its diff-base
// in the annotation only, so Opkit's own status copy must not override a newer annotation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, startHarness } from './harness.js';

const PREFIX = '[default/kopf-example-1] ';
const KOPF = { persistence: { profile: 'kopf' as const, consistencyTimeout: 2 } };
// What Kopf writes after handling `spec.field: newvalue` on examples/obj.yaml.
// What Kopf writes after handling the creation of examples/obj.yaml.
const KOPF_DIFF_BASE = '{"spec":{"duration":"1m","field":"value","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}\n';
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

  it('hands objects the default profile handled over to Kopf: Kopf\'s annotation and finalizer written once, lazily', async () => {
    const calls: string[] = [];
    const registry = (): Registry => {
      const r = operatorRegistry(calls);
      r.on.delete('kopfexamples', function delete_fn() { calls.push('delete'); });
      return r;
    };
    const one = await h.run(registry(), { settings: { persistence: { consistencyTimeout: 2 } } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const handled = await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined && (b.metadata.finalizers ?? []).includes('opkit.dev/finalizer'), 'the creation');
    await one.stop();
    // The default profile kept its records in the status only: nothing Kopf would read.
    expect(Object.keys(handled.metadata.annotations ?? {})).toEqual(['someannotation']);

    // Step 1 of a handover: the kopf profile resumes (nothing created again) and writes Kopf's names once.
    const patches = (): number => h.patchCount('kopf-example-1');
    const before = patches();
    const two = await h.run(registry(), { settings: KOPF });
    const settled = await h.waitFor('kopf-example-1', (b) => b.metadata.annotations?.['kopf.zalando.org/last-handled-configuration'] !== undefined
      && (b.metadata.finalizers ?? []).includes('kopf.zalando.org/KopfFinalizerMarker'), 'Kopf\'s names');
    await expect.poll(() => two.lines.includes(`${PREFIX}Resuming is processed: 1 succeeded; 0 failed.`)).toBe(true);
    await two.stop();
    expect(calls).toEqual(['create', 'resume']);
    expect(settled.metadata.annotations?.['kopf.zalando.org/last-handled-configuration']).toBe(KOPF_DIFF_BASE);
    expect(settled.metadata.finalizers).toEqual(['kopf.zalando.org/KopfFinalizerMarker']);
    expect(two.lines).toContain(`${PREFIX}Storing the diff-base and the finalizer opkit.dev/finalizer under this profile's names for a handover (found only under the default profile's).`);
    // Once: Kopf's annotation, the finalizer swapped in the same guarded JSON patch of the object (the kopf profile
    // keeps no status copy of the diff-base, as Kopf).
    const settling = patches() - before;
    expect(settling).toBe(1);

    // Kopf (as it reads the object) — and any later start of the kopf profile — finds its own names: nothing to write.
    const three = await h.run(registry(), { settings: KOPF });
    await expect.poll(() => three.lines.includes(`${PREFIX}Resuming is processed: 1 succeeded; 0 failed.`)).toBe(true);
    await three.stop();
    expect(patches() - before).toBe(settling);
    expect(calls).toEqual(['create', 'resume', 'resume']);
  });
});
