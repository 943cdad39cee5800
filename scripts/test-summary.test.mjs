// The closing line is what CI reads: prove it adds up every package, treats a missing report, zero tests or a
// file that failed outside its tests as a failure (once per file), and names every skipped test with its reason
// above the closing line, which stays last.
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

/** A vitest JSON report's file entry (the shape vitest 5 writes) for `file` under package `name`. */
function fileResult(name, file, tests, { status, message = '' } = {}) {
  return {
    name: join(root, 'packages', name, file),
    status: status ?? (tests.some((t) => t.status === 'failed') ? 'failed' : 'passed'),
    message,
    assertionResults: tests.map(({ path, status: testStatus, reason }) => ({
      ancestorTitles: path.slice(0, -1), title: path.at(-1), fullName: path.join(' '), status: testStatus,
      failureMessages: [], meta: reason ? { skipReason: reason } : {},
    })),
  };
}

/** Writes a package's report after `workspace` made the folders (its file paths need the root). */
function report(name, json) {
  mkdirSync(join(root, 'packages', name, 'reports'), { recursive: true });
  writeFileSync(join(root, 'packages', name, 'reports', 'vitest.json'), JSON.stringify(json));
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

  it('does not count a package whose every test was skipped with its reason as lost, and names each skip', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 0 }, kubectl: {} });
    const why = 'kubectl is missing: no kubectl on PATH (and KUBECTL is not set)';
    report('kubectl', {
      numPassedTests: 0, numFailedTests: 0, numPendingTests: 2, numTodoTests: 0, numFailedTestSuites: 0,
      testResults: [fileResult('kubectl', 'test/get.test.ts', [
        { path: ['kubectl', 'get'], status: 'skipped', reason: why },
        { path: ['kubectl', 'apply'], status: 'skipped', reason: why },
      ])],
    });
    const result = run();
    expect(result).toMatchObject({ status: 0, last: '3 passed, 0 failed, 2 skipped' });
    expect(result.stdout).not.toContain('ran no tests');
    expect(result.stdout).toContain(`- @opkit/kubectl test/get.test.ts › kubectl › apply — ${why}`);
  });

  it('still counts a package as lost when one of its skips gives no reason', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 0 }, b: {} });
    report('b', {
      numPassedTests: 0, numFailedTests: 0, numPendingTests: 2, numTodoTests: 0, numFailedTestSuites: 0,
      testResults: [fileResult('b', 'test/b.test.ts', [
        { path: ['b', 'one'], status: 'skipped', reason: 'python3 is missing' },
        { path: ['b', 'two'], status: 'skipped' },
      ])],
    });
    const result = run();
    expect(result).toMatchObject({ status: 1, last: '3 passed, 1 failed, 2 skipped' });
    expect(result.stdout).toContain('@opkit/b: ran no tests');
  });

  it('names each skipped test (package, file, describe › test) with its reason, and ends with the count', () => {
    workspace({ apiserver: {}, json: { numPassedTests: 2, numFailedTests: 0 } });
    const why = 'kubectl is missing: no kubectl on PATH (and KUBECTL is not set)';
    report('apiserver', {
      numPassedTests: 1, numFailedTests: 0, numPendingTests: 3, numTodoTests: 0, numFailedTestSuites: 0,
      testResults: [
        fileResult('apiserver', 'test/conformance/conformance.test.ts', [
          { path: ['conformance with client-node', 'watch'], status: 'passed' },
          { path: ['conformance with kubectl', 'watch'], status: 'skipped', reason: why },
          { path: ['conformance with kubectl', 'watch-expired'], status: 'skipped', reason: why },
        ]),
        fileResult('apiserver', 'test/other.test.ts', [{ path: ['other', 'skipped without a word'], status: 'skipped' }]),
      ],
    });
    const result = run();
    expect(result).toMatchObject({ status: 0, last: '3 passed, 0 failed, 3 skipped' });
    const lines = result.stdout.split('\n');
    expect(lines).toContain(`  - @opkit/apiserver test/conformance/conformance.test.ts › conformance with kubectl › watch — ${why}`);
    expect(lines).toContain(`  - @opkit/apiserver test/conformance/conformance.test.ts › conformance with kubectl › watch-expired — ${why}`);
    expect(lines).toContain('  - @opkit/apiserver test/other.test.ts › other › skipped without a word (no reason given)');
    expect(lines).toContain('  skipped (3):');
    expect(result.stdout).not.toContain('client-node › watch');
    expect(result.stdout).toMatch(/@opkit\/apiserver\s+1 passed\s+0 failed\s+3 skipped/);
  });

  it('counts one failure for a failed test, not one per describe block vitest marks failed around it', () => {
    workspace({ scripts: {} });
    report('scripts', {
      numPassedTests: 4, numFailedTests: 1, numFailedTestSuites: 3,
      testResults: [fileResult('scripts', 'a.test.mjs', [
        { path: ['outer', 'inner', 'breaks'], status: 'failed' }, ...[1, 2, 3, 4].map((i) => ({ path: ['outer', `ok ${i}`], status: 'passed' })),
      ])],
    });
    const result = run();
    expect(result).toMatchObject({ status: 1, last: '4 passed, 1 failed' });
    expect(result.stdout).not.toContain('failed to load');
  });

  it('counts and names each file that failed to load, or failed outside its tests (a hook), once', () => {
    workspace({ scripts: {} });
    report('scripts', {
      numPassedTests: 2, numFailedTests: 1, numPendingTests: 2, numFailedTestSuites: 5,
      testResults: [
        fileResult('scripts', 'loads.test.mjs', [{ path: ['x', 'breaks'], status: 'failed' }, { path: ['x', 'works'], status: 'passed' }]),
        fileResult('scripts', 'broken.test.mjs', [], { status: 'failed', message: "Cannot find module './gone.mjs'\nmore" }),
        fileResult('scripts', 'hooked.test.mjs', [{ path: ['h', 'a'], status: 'skipped' }, { path: ['h', 'b'], status: 'skipped' }], { status: 'failed' }),
        fileResult('scripts', 'fine.test.mjs', [{ path: ['f', 'ok'], status: 'passed' }]),
      ],
    });
    const result = run();
    expect(result).toMatchObject({ status: 1, last: '2 passed, 3 failed, 2 skipped' });
    expect(result.stdout).toContain("  ! @opkit/scripts: broken.test.mjs failed to load: Cannot find module './gone.mjs'\n");
    expect(result.stdout).toContain('  ! @opkit/scripts: hooked.test.mjs failed outside its tests: no message (a hook failed? see its output above)');
    expect(result.stdout).not.toContain('loads.test.mjs failed');
  });

  it('summarizes only the packages named with --package (one package\'s tests run by hand)', () => {
    workspace({ a: { numPassedTests: 3, numFailedTests: 0, numPendingTests: 2 }, b: undefined });
    const result = run('--package', '@opkit/a');
    expect(result).toMatchObject({ status: 0, last: '3 passed, 0 failed, 2 skipped' });
    expect(result.stdout).not.toContain('@opkit/b');
  });
});
