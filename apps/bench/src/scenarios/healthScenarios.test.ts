// Smoke test of the metrics-overhead benchmark: both modes run end to end at tiny sizes and yield their
// figures (the overhead itself is measured by `pnpm bench health`, never asserted).
import { describe, expect, it } from 'vitest';
import { runHealthBench } from './healthScenarios.js';

describe('runHealthBench', () => {
  it('runs the create storm with metrics off and on', async () => {
    const results = await runHealthBench({ objects: 30, rounds: 1 });
    const value = (scenario: string): number | undefined => results.find((r) => r.scenario === scenario)?.value;
    expect(value('create storm, metrics off: until all handled (median)')).toBeGreaterThan(0);
    expect(value('create storm, metrics on: until all handled (median)')).toBeGreaterThan(0);
    expect(value('metrics on: series exposed after the storm')).toBeGreaterThan(10);
    expect(results.map((r) => r.scenario)).toContain('metrics on vs off: CPU (median of pairs)');
    expect(value('metrics work for one storm: record its feed (CPU)')).toBeGreaterThanOrEqual(0);
  }, 120_000);
});
