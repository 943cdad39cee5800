// The closing line is what CI reads: prove it adds up every package and treats a missing report
// or zero tests as a failure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, 'test-summary.mjs');
let root;

function workspace(packages) {
  root = mkdtempSync(join(tmpdir(), 'opkit-summary-'));
  mkdirSync(join(root, 'scripts'));
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
  for (const [name, report] of Object.entries(packages)) {
    const dir = join(root, 'packages', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `@opkit/${name}`, scripts: { test: 'vitest run' } }));
    if (report) {
      mkdirSync(join(dir, 'reports'));
      writeFileSync(join(dir, 'reports', 'vitest.json'), JSON.stringify(report));
    }
  }
}

function run(...extra) {
  const r = spawnSync(process.execPath, [script, '--root', root, ...extra], { encoding: 'utf8' });
  return { status: r.status, last: r.stdout.trim().split('\n').at(-1), stdout: r.stdout };
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('test-summary', () => {
  it('adds up all packages into the closing line and exits 0', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 0 }, b: { numPassedTests: 4, numFailedTests: 0, numPendingTests: 1 } });
    expect(run()).toMatchObject({ status: 0, last: '7 passed, 0 failed, 1 skipped' });
  });

  it('fails when a test failed', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 2 } });
    expect(run()).toMatchObject({ status: 1, last: '3 passed, 2 failed' });
  });

  it('counts a package whose tests left no report as a failure and names it', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 0 }, b: undefined });
    const result = run();
    expect(result).toMatchObject({ status: 1, last: '3 passed, 1 failed' });
    expect(result.stdout).toContain('@opkit/b: no test report');
  });

  it('counts a failed check that is not a test (the layer check) so the closing line never reads 0 failed', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 0 } });
    const result = run('--failed-check', 'layer check');
    expect(result).toMatchObject({ status: 1, last: '3 passed, 1 failed' });
    expect(result.stdout).toContain('layer check failed');
  });

  it('does not count a failed turbo run twice when its failure was a failed test', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 2 } });
    expect(run('--failed-check', 'build/typecheck/lint/test')).toMatchObject({ status: 1, last: '3 passed, 2 failed' });
  });

  it('fails when no test ran at all', () => {
    workspace({ a: { numPassedTests: 0, numFailedTests: 0 } });
    const result = run();
    expect(result.status).toBe(1);
    expect(result.last).toMatch(/^0 passed, [1-9]\d* failed$/);
  });

  it('fails and names a package with a test script that ran zero tests, even when the others passed', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 0 }, b: { numPassedTests: 0, numFailedTests: 0, numPendingTests: 2 } });
    const result = run();
    expect(result).toMatchObject({ status: 1, last: '3 passed, 1 failed, 2 skipped' });
    expect(result.stdout).toContain('@opkit/b: ran no tests');
  });
});
