// `pnpm chaos --quick` in `npm test`: the whole suite runs scaled down as a child process, exactly as CI and a
// contributor run it, and this test asserts what its JSON says about each invariant — never a timing or a
// memory size (those are figures for docs/reliability.md). It also proves the suite leaves no process behind:
// every process it started carries a marker in its environment, and none may be left once it exited.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { QUICK_CHAOS_SIZES, SCENARIOS } from './scenarios.js';
import type { ScenarioResult } from './scenarios.js';
import { deadline } from '@opkit/test-tools';

const main = fileURLToPath(new URL('../../dist/chaos/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'opkit-chaos-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Pids of the processes whose environment holds `marker` (Linux /proc; undefined elsewhere). */
function processesMarked(marker: string): number[] | undefined {
  if (!existsSync('/proc/self/environ')) return undefined;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return pids;
}

describe('pnpm chaos --quick', () => {
  it('runs every scenario, every invariant holds, and no process outlives it', async (ctx) => {
    if (!existsSync(main)) ctx.skip(`${main} is not built (pnpm --filter @opkit/bench build)`);
    const out = join(dir, 'chaos-quick.json');
    const marker = `OPKIT_CHAOS_TEST_RUN=${randomUUID()}`;
    const [key, value] = marker.split('=') as [string, string];
    let output = '';
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--expose-gc', main, '--quick', '--out', out], { env: { ...process.env, [key]: value }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (exitCode) => resolve(exitCode));
    });
    expect(existsSync(out), output).toBe(true);
    const report = JSON.parse(readFileSync(out, 'utf8')) as { mode: string; pass: boolean; scenarios: Record<string, ScenarioResult> };
    expect(report.mode).toBe('quick');
    expect(Object.keys(report.scenarios)).toEqual([...SCENARIOS]);
    for (const name of SCENARIOS) {
      const result = report.scenarios[name]!;
      expect({ name, failures: result.failures }).toEqual({ name, failures: [] });
      expect(result.pass, name).toBe(true);
    }
    expect(report.pass).toBe(true);
    expect(code, output).toBe(0);

    const figures = (name: string): Record<string, unknown> => report.scenarios[name]!.figures;
    const sizes = QUICK_CHAOS_SIZES;
    // Each scenario did what it names: the kills happened, the faults were injected, the requests were sent.
    expect(figures('operatorKill')).toMatchObject({ objects: sizes.operatorKill.objects, kills: sizes.operatorKill.kills, rerunsAfterStored: 0, updateRuns: sizes.operatorKill.objects });
    expect(figures('operatorKill').createRuns as number).toBeGreaterThanOrEqual(sizes.operatorKill.objects);
    expect(figures('apiserverKill')).toMatchObject({ kills: 3, writers: 32, lost: 0 });
    expect(figures('apiserverKill').acknowledgedWrites as number).toBeGreaterThan(3 * sizes.apiserverKill.writesPerRound);
    expect(figures('watchFaults')).toMatchObject({ createRuns: sizes.watchFaults.objects, updateRuns: sizes.watchFaults.objects });
    for (const fault of ['injected500s', 'droppedWatches', 'compactions']) expect(figures('watchFaults')[fault] as number, fault).toBeGreaterThan(0);
    expect(figures('malformed')).toMatchObject({ requests: sizes.malformed.requests, storedObjectsChanged: 0 });
    expect(figures('nonReadingWatches')).toMatchObject({ watches: sizes.nonReadingWatches.watches });
    if (figures('nonReadingWatches').kernelMeasured === true) expect((figures('nonReadingWatches').clientSocketStates as Record<string, number>).ESTABLISHED).toBeUndefined();
    expect(figures('slowClients').flood).toMatchObject({ healthzFailures: 0, closedByTheServer: sizes.slowClients.flood });
    expect(figures('leaderKill')).toMatchObject({ kills: sizes.leaderKill.kills, overlaps: 0 });
    expect(figures('leaderKill').takeoverMs).toHaveLength(sizes.leaderKill.kills);
    expect(figures('soak')).toMatchObject({ errors: 0 });

    const left = processesMarked(marker);
    if (left !== undefined) expect(left, 'processes started by the chaos run and still running').toEqual([]);
  }, deadline(1_800_000));
});
