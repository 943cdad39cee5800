// `npm test` must show progress while it runs: prove that turbo's grouped output (recorded from a real
// run, with a failed task) becomes one line per finished task, with a test task's counts and a failed
// task's output, and that `--force` reaches turbo.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_ARGS, createProgress, reportCounts, turboArgs } from './turbo-progress.mjs';

const RECORDED = `
   • turbo 2.11.11
   • Running build, typecheck, lint, test in 2 packages

@opkit/json:build: cache hit, replaying logs c808264b9f28fdb1
@opkit/json:build: > tsc -p tsconfig.build.json
@opkit/kube:build: cache miss, executing 1234
@opkit/kube:build: > tsc -p tsconfig.build.json
@opkit/kube:typecheck: cache miss, executing 09d5eded256f5067
@opkit/kube:typecheck: src/zz_bad.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.
@opkit/kube:typecheck:  ELIFECYCLE  Command failed with exit code 2.
@opkit/kube#typecheck:  WARNING  command finished with error, but continuing...
@opkit/json:test: cache miss, executing 5678
@opkit/json:test:  Tests  12 passed (12)
@opkit/kube#typecheck:  ERROR  command (/work/packages/kube) pnpm run typecheck exited (2)

 Tasks:    3 successful, 4 total
Failed:    @opkit/kube#typecheck`;

function run(lines) {
  const out = [];
  let t = 0;
  const progress = createProgress({ write: (text) => out.push(text), counts: (pkg) => (pkg === '@opkit/json' ? '12 passed, 0 failed' : undefined), now: () => (t += 1000) });
  for (const line of lines) progress.line(line);
  return { out: out.join(''), result: progress.end() };
}

describe('turbo progress', () => {
  it('writes one line per finished task, with a test task\'s counts, and the output of a failed task only', () => {
    const { out, result } = run(RECORDED.split('\n'));
    const taskLines = out.split('\n').filter((l) => /^\[\s*\d+s\] [✓✗]/.test(l));
    expect(taskLines.map((l) => l.replace(/^\[\s*\d+s\] /, '').replace(/\s+/g, ' ').trim())).toEqual([
      '✓ @opkit/json build (cached)',
      '✓ @opkit/kube build',
      '✗ @opkit/kube typecheck FAILED',
      '✓ @opkit/json test 12 passed, 0 failed',
    ]);
    expect(out).toContain("    src/zz_bad.ts(1,14): error TS2322");
    expect(out).not.toContain('> tsc -p tsconfig.build.json');
    expect(out).toContain('Failed:    @opkit/kube#typecheck');
    expect(result).toEqual({ finished: 4, failed: 1, cached: 1 });
  });

  it('marks a task failed when its failure line comes after its block was written', () => {
    const out = [];
    const progress = createProgress({ write: (text) => out.push(text), counts: () => undefined });
    progress.line('@opkit/kube:lint: error  Unexpected any');
    progress.idle();
    progress.line('@opkit/kube#lint:  WARNING  command finished with error, but continuing...');
    expect(progress.end()).toEqual({ finished: 1, failed: 1, cached: 0 });
    expect(out.join('')).toMatch(/✗ @opkit\/kube lint\s+FAILED\n {4}error {2}Unexpected any/);
  });

  it('is never silent for more than quietMs: a "still working" line while a long task runs, none while lines come', () => {
    const out = [];
    let t = 0;
    const progress = createProgress({ write: (text) => out.push(text), counts: () => undefined, now: () => t, quietMs: 15_000 });
    for (t = 1000; t <= 14_000; t += 1000) progress.tick();
    expect(out).toEqual([]);
    t = 15_000;
    progress.tick();
    expect(out).toEqual(['[  15s] … still working (0 tasks finished so far)\n']);
    t = 20_000;
    progress.line('@opkit/json:build: cache miss, executing 1');
    progress.idle();
    for (t = 21_000; t < 35_000; t += 1000) progress.tick();
    expect(out).toHaveLength(2); // the task line at 20 s restarted the quiet period
    t = 35_000;
    progress.tick();
    expect(out[2]).toBe('[  35s] … still working (1 task finished so far)\n');
  });

  it('with quiet and cachedLines: false, writes only the built tasks and failures, and counts the replays', () => {
    const out = [];
    const progress = createProgress({ write: (text) => out.push(text), counts: () => undefined, quiet: true, cachedLines: false });
    for (const line of RECORDED.split('\n')) progress.line(line);
    expect(progress.end()).toEqual({ finished: 4, failed: 1, cached: 1 });
    const text = out.join('');
    expect(text).not.toContain('@opkit/json build');
    expect(text).toMatch(/✓ @opkit\/kube build/);
    expect(text).toMatch(/✗ @opkit\/kube typecheck\s+FAILED/);
    expect(text).not.toContain('turbo 2.11.11');
    expect(BUILD_ARGS).toEqual(expect.arrayContaining(['run', 'build', '--filter=@opkit/cli...', '--log-order=grouped']));
  });

  it('passes --force to turbo so a second run re-runs every task, and refuses other arguments with the reason', () => {
    expect(turboArgs([])).not.toContain('--force');
    expect(turboArgs(['--force'])).toContain('--force');
    expect(turboArgs([])).toEqual(expect.arrayContaining(['run', 'build', 'typecheck', 'lint', 'test', '--log-order=grouped']));
    expect(() => turboArgs(['--filter=@opkit/json'])).toThrow(/only --force.*not --filter=@opkit\/json/);
  });

  it('puts the skipped tests of a package\'s report on its line, so a task that skipped tests does not read as all passed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'opkit-progress-'));
    try {
      expect(reportCounts(dir)).toBeUndefined();
      mkdirSync(join(dir, 'reports'));
      const write = (json) => writeFileSync(join(dir, 'reports', 'vitest.json'), JSON.stringify(json));
      write({ numPassedTests: 35, numFailedTests: 0, numPendingTests: 17, numTodoTests: 1 });
      expect(reportCounts(dir)).toBe('35 passed, 0 failed, 18 skipped');
      write({ numPassedTests: 52, numFailedTests: 0, numPendingTests: 0 });
      expect(reportCounts(dir)).toBe('52 passed, 0 failed');
      const out = [];
      const progress = createProgress({ write: (text) => out.push(text), counts: () => '35 passed, 0 failed, 17 skipped' });
      progress.line('@opkit/apiserver:test: cache miss, executing 1');
      progress.end();
      expect(out.join('')).toMatch(/✓ @opkit\/apiserver test\s+35 passed, 0 failed, 17 skipped\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
