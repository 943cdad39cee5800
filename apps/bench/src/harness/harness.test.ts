// The harness end to end at a tiny N over real processes (an API server child, each operator in its own
// child): every key of results/latest.json is filled, the counts equal N and the ratios are finite numbers.
// It checks the shape and the correctness of the counting, never the timings (those are `pnpm bench`'s).
import { describe, expect, it } from 'vitest';
import { medianRestart, renderHarnessTable, RESTARTS, runHarness } from './harness.js';
import { liveChildCount } from './processes.js';
import { deadline } from '@opkit/test-tools';

const N = 50;

function expectFinitePositive(values: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) {
    expect(typeof values[key], key).toBe('number');
    expect(Number.isFinite(values[key]) && (values[key] as number) > 0, `${key} = ${String(values[key])}`).toBe(true);
  }
}

describe('medianRestart', () => {
  it('takes the median of each timing, and the counts of the restart with the median CPU', () => {
    const run = (cpuSeconds: number, idleSeconds: number, resumed: number) => ({
      objects: 3, resumed, readySeconds: idleSeconds / 2, allResumedSeconds: idleSeconds, idleSeconds, requests: { [`watch ${cpuSeconds}`]: 1 }, cpuSeconds,
    });
    expect(medianRestart([run(3, 1.0, 3), run(1, 9.0, 3), run(2, 2.0, 2)])).toEqual({
      objects: 3, resumed: 2, readySeconds: 1, allResumedSeconds: 2, idleSeconds: 2, requests: { 'watch 2': 1 }, cpuSeconds: 2, restarts: 3,
    });
  });
});

describe('runHarness', () => {
  it('measures every scenario for opkit and raw at N = 50 and leaves no process behind', async () => {
    const result = await runHarness({ objects: N, updateRate: 100, updateSeconds: 0.5, timerSeconds: 1, watchers: 10, concurrency: 8 });
    expect(liveChildCount()).toBe(0);
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['date', 'machine', 'createStorm', 'idleMemory', 'updateLatency', 'restart', 'timers', 'apiserver', 'targets']));
    expect(result.machine.cores).toBeGreaterThan(0);
    expect(result.machine.node).toBe(process.version);

    for (const impl of ['opkit', 'raw'] as const) {
      const storm = result.createStorm[impl];
      expect(storm.objects).toBe(N);
      expect(storm.handled).toBe(N);
      expect(storm.handlerRuns).toBe(N);
      // Each object is written at least once by the operator (its status), and only the operator's requests count.
      expect(storm.requests[`create benchwidgets`]).toBeUndefined();
      expect(storm.writesPerObject).toBeGreaterThanOrEqual(1);
      expect(storm.requestsPerObject.patch).toBeGreaterThanOrEqual(1);
      expectFinitePositive({ ...storm }, ['seconds', 'createSeconds', 'objectsPerSecond', 'operatorCpuSeconds', 'serverCpuSeconds', 'operatorPeakRssMiB']);

      expectFinitePositive({ ...result.idleMemory[impl] }, ['rssMiB', 'heapUsedMiB', 'peakRssMiB']);
      expect(result.idleMemory[impl].objects).toBe(N);

      const update = result.updateLatency[impl];
      expect(update.changes).toBe(N);
      expect(update.handled).toBe(N);
      expect(update.p99Ms).toBeGreaterThanOrEqual(update.p50Ms);
      expect(update.maxMs).toBeGreaterThanOrEqual(update.p99Ms);
      expectFinitePositive({ ...update }, ['changesPerSecond', 'p50Ms', 'writesPerChange']);

      const restart = result.restart[impl];
      expect(restart.restarts).toBe(RESTARTS);
      expect(restart.resumed).toBe(N);
      expect(restart.idleSeconds).toBeGreaterThanOrEqual(restart.allResumedSeconds);
      expect(restart.idleSeconds).toBeGreaterThanOrEqual(restart.readySeconds);
      // The initial state is read by a list, or streamed by a watch (WatchList, as Opkit's operator does).
      expect((restart.requests[`list benchwidgets`] ?? 0) + (restart.requests[`watch benchwidgets`] ?? 0)).toBeGreaterThanOrEqual(1);
      expectFinitePositive({ ...restart }, ['readySeconds', 'allResumedSeconds', 'idleSeconds', 'cpuSeconds']);

      const timers = result.timers[impl];
      expect(timers.objects).toBe(N);
      expect(Number.isFinite(timers.latenessP99Ms)).toBe(true);
      expectFinitePositive({ ...timers }, ['setupSeconds', 'seconds', 'runsPerSecond', 'cpuPercent']);
    }
    for (const scenario of ['createStorm', 'idleMemory', 'updateLatency', 'restart', 'timers'] as const) {
      const ratio = result[scenario].ratio;
      expect(Object.keys(ratio).length, scenario).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(ratio)) expect(Number.isFinite(value) && value >= 0, `${scenario}.${key}`).toBe(true);
    }
    expect(result.createStorm.ratio.objectsPerSecond).toBeCloseTo(result.createStorm.opkit.objectsPerSecond / result.createStorm.raw.objectsPerSecond, 2);

    expect(result.apiserver.watchEventsPerWatcher).toBe(N);
    expectFinitePositive({ ...result.apiserver }, ['createsPerSecond', 'watchEventsPerSecond']);
    expect(result.apiserver.createBound).toMatch(/API server|load generator|machine/);
    expect(Object.keys(result.targets)).toEqual(['createStormRate', 'createStormCpu', 'createStormWrites', 'restartTime', 'restartCpu', 'timersCpu', 'timersLateness', 'idleMemory', 'updateLatency']);
    expect(result.kopf).toBeUndefined();
    expect(result.createStorm.kopf).toBeUndefined();

    const table = renderHarnessTable(result).split('\n');
    expect(table[0]).toMatch(/^scenario\s+figure\s+opkit\s+raw\s+opkit\/raw$/);
    expect(table.some((line) => line.startsWith('create storm (50)') && line.includes('objects/s'))).toBe(true);
  }, deadline(180_000));
});
