// expectRoundTrip: passes for lossless conversions whatever form the source takes, and fails listing
// what a lossy step changed.
import { Registry } from '@opkit/core';
import type { KubeObject } from '@opkit/kube';
import { describe, expect, it } from 'vitest';
import { expectRoundTrip } from './roundTrip.js';

const CRD = 'widgets.example.com';
const v1: KubeObject = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'ns' }, spec: { replicas: 2, paused: true } };

describe('expectRoundTrip', () => {
  it('resolves with the report when every trip comes back unchanged, from a registry, a loaded operator or the steps', async () => {
    const registry = new Registry();
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, (w) => ({ ...w, spec: { size: w.spec.replicas, paused: w.spec.paused } }));
    registry.on.convert(CRD, { from: 'v2', to: 'v1' }, (w) => ({ ...w, spec: { replicas: w.spec.size, paused: w.spec.paused } }));
    for (const source of [registry, { registry, files: [] }, registry.conversionHandlers()]) {
      const report = await expectRoundTrip(source, v1);
      expect(report.trips).toEqual(['Widget ns/w: v1 → v2 → v1']);
    }
  });

  it('fails with every field a lossy step changed', async () => {
    const registry = new Registry();
    registry.on.convert(CRD, { from: 'v1', to: 'v2' }, (w) => ({ ...w, spec: { size: w.spec.replicas } }));
    registry.on.convert(CRD, { from: 'v2', to: 'v1' }, (w) => ({ ...w, spec: { replicas: w.spec.size } }));
    await expect(expectRoundTrip(registry, v1)).rejects.toThrow(
      '1 difference(s) after converting to other versions and back:\n  Widget ns/w: v1 → v2 → v1 changed spec.paused: expected true, got (absent)');
    await expect(expectRoundTrip(new Registry(), v1)).rejects.toThrow('no conversion steps are registered');
  });
});
