// Smoke test of the daemons benchmark: every scenario runs end to end at tiny sizes and yields its
// figures (the numbers themselves are measured by `pnpm bench daemons`, never asserted).
import { describe, expect, it } from 'vitest';
import { runDaemonsBench } from './daemonsScenarios.js';
import { deadline } from '@opkit/test-tools';

describe('runDaemonsBench', () => {
  it('runs every scenario at tiny sizes', async () => {
    const results = await runDaemonsBench({ objects: 50, seconds: 1, warmup: 0.2 });
    expect(results.map((r) => r.scenario)).toContain('@opkit/daemons alone: lateness p99');
    expect(results.map((r) => r.scenario)).toContain('whole operator: CPU share');
    const runs = results.filter((r) => r.unit === 'runs/s');
    expect(runs).toHaveLength(2);
    for (const r of runs) expect(r.value).toBeGreaterThan(0);
  }, deadline(60_000));
});
