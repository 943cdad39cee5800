// Smoke test of `bench watch-memory` at tiny sizes: the scenarios run end to end against a server child and
// report their figures with the counts that hold on any machine (every never-reading watch still open after
// the replay, the server answering /healthz). The sizes and times themselves are measured by the benchmark,
// never asserted. The stuck scenario (which waits for the server's unresponsive timeout) is left to the
// benchmark: it runs as long as the sockets take to fill.
import { describe, expect, it } from 'vitest';
import { runWatchMemoryBench } from './watchMemoryScenarios.js';
import { deadline } from '@opkit/test-tools';

describe('runWatchMemoryBench', () => {
  it('runs the replay, large and stop scenarios at tiny sizes', async () => {
    const results = await runWatchMemoryBench({ objects: 100, largeObjects: 50 }, ['replay', 'replay-large-objects', 'large', 'stop']);
    const replay = ['replay: server RSS before the watches', 'replay: server RSS growth (peak − before)', 'replay: time until every reader had every ADDED', 'replay: never-reading watches still open at the end'];
    expect(results.map((r) => r.scenario)).toEqual([
      ...replay, // small objects
      ...replay, // 40 KB objects
      'large: server RSS growth (peak − before)',
      'large: /healthz status after the replay',
      'opkit-apiserver: SIGTERM to exit, one watch open',
    ]);
    const value = (scenario: string, size: RegExp): number | undefined => results.find((r) => r.scenario === scenario && size.test(r.size))?.value;
    expect(value('replay: never-reading watches still open at the end', /~300 B/)).toBe(20);
    expect(value('replay: never-reading watches still open at the end', /40 KB/)).toBe(20);
    expect(value('large: /healthz status after the replay', /500 ConfigMaps/)).toBe(200);
    expect(results.find((r) => r.unit === 'MiB' && r.scenario.includes('before'))?.value).toBeGreaterThan(0);
  }, deadline(300_000));
});
