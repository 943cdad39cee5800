// Smoke test of the metrics-overhead benchmark: both modes run end to end at tiny sizes, every storm
// handles all its objects, and the feed replayed to measure the metrics' own work is a whole storm's
// (the overhead itself is measured by `pnpm bench health`, never asserted).
import { describe, expect, it } from 'vitest';
import { runHealthBench } from './healthScenarios.js';
import { deadline } from '@opkit/test-tools';

describe('runHealthBench', () => {
  it('runs the create storm with metrics off and on', async () => {
    const results = await runHealthBench({ objects: 30, rounds: 1 });
    const value = (scenario: string): number | undefined => results.find((r) => r.scenario === scenario)?.value;
    expect(value('create storm, metrics off: until all handled (median)')).toBeGreaterThan(0);
    expect(value('create storm, metrics on: until all handled (median)')).toBeGreaterThan(0);
    expect(value('metrics on: series exposed after the storm')).toBeGreaterThan(10);
    expect(results.map((r) => r.scenario)).toContain('metrics on vs off: CPU (median of pairs)');
    // The replayed feed is the first storm's, recorded whole: each of the 30 objects' create handler
    // started and succeeded in it (a storm that handles fewer than all its objects throws).
    const replayed = results.find((r) => r.scenario === 'metrics work for one storm: record its feed (CPU)');
    expect(replayed?.size).toMatch(/^\d+ feed events$/);
    expect(Number.parseInt(replayed!.size, 10)).toBeGreaterThanOrEqual(2 * 30);
    expect(Number.isFinite(replayed!.value)).toBe(true);
  }, deadline(120_000));
});
