// Adds up the vitest JSON reports of every workspace package (or of those named with `--package NAME`) and prints the closing line
// `N passed, N failed` (plus `, N skipped`) that CI reads, always last. Above it, it names every skipped test
// (package, file, full name, and the reason the test recorded in `meta.skipReason`), so a test that did not run
// cannot hide in a count. Exits non-zero when anything failed, when a package with a `test` script left no report
// (it crashed or did not build) or ran zero tests without naming why (each counts as one failure, named; a package whose
// every test was skipped with its reason is reported as skipped), when a test file failed
// outside its tests (it did not load, or a hook failed: each such file counts as one failure, named), when a check
// named with `--failed-check NAME` failed (each counts as one failure), or when no test ran at all.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { listWorkspacePackages, ROOT } from './workspace.mjs';

/** Statuses of vitest's JSON report (`assertionResults[].status`) that mean the test did not run. */
const NOT_RUN = new Set(['skipped', 'pending', 'todo']);

/**
 * What a package's report says beyond its counts: the tests that did not run, and the files that failed outside
 * their tests (a file that did not load has no tests at all; a failed hook leaves its tests passed or skipped).
 * @param {any} json the report
 * @param {string} dir the package's folder, to name files relative to it
 */
export function readReport(json, dir) {
  const skipped = [];
  const brokenFiles = [];
  for (const file of json.testResults ?? []) {
    const name = relative(dir, file.name ?? '') || String(file.name);
    const tests = file.assertionResults ?? [];
    for (const test of tests) {
      if (!NOT_RUN.has(test.status)) continue;
      const title = [...(test.ancestorTitles ?? []), test.title].filter(Boolean).join(' › ');
      skipped.push({ file: name, title, reason: test.meta?.skipReason ?? (test.status === 'todo' ? 'todo' : undefined) });
    }
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      const message = String(file.message ?? '').trim().split('\n')[0] || 'no message (a hook failed? see its output above)';
      brokenFiles.push({ file: name, loaded: tests.length > 0, message });
    }
  }
  return { skipped, brokenFiles };
}

/**
 * Adds up the reports of the packages with a `test` script (only those named in `only`, when given).
 * @param {string} [root] the workspace root
 * @param {(text: string) => void} [write] where each package's row goes
 * @param {string[]} [only] package names to summarize (all when empty)
 */
export function summarize(root = ROOT, write = (text) => process.stdout.write(text), only = []) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const problems = [];
  const skippedTests = [];
  for (const pkg of listWorkspacePackages(root)) {
    if (!pkg.manifest.scripts?.test || (only.length && !only.includes(pkg.name))) continue;
    const report = join(root, pkg.dir, 'reports', 'vitest.json');
    if (!existsSync(report)) {
      problems.push(`${pkg.name}: no test report (its tests did not run; see the output above)`);
      failed += 1;
      continue;
    }
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const pkgSkipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    skipped += pkgSkipped;
    const { skipped: notRun, brokenFiles } = readReport(json, realpathSync(join(root, pkg.dir)));
    skippedTests.push(...notRun.map((t) => ({ pkg: pkg.name, ...t })));
    if (Array.isArray(json.testResults)) {
      // Each file that failed outside its tests is one failure, named; numFailedTestSuites would also count every
      // describe block of a file whose test failed.
      for (const broken of brokenFiles) {
        problems.push(`${pkg.name}: ${broken.file} ${broken.loaded ? 'failed outside its tests' : 'failed to load'}: ${broken.message}`);
        failed += 1;
      }
    } else if ((json.numFailedTestSuites ?? 0) > 0 && (json.numFailedTests ?? 0) === 0) {
      // A report without per-file results: only the suite count tells.
      problems.push(`${pkg.name}: ${json.numFailedTestSuites} test suite(s) failed outside their tests`);
      failed += json.numFailedTestSuites;
    }
    // Every test skipped, each with the reason it recorded (a tool this machine lacks), is a named skip, not a loss.
    const allSkippedWithReasons = pkgSkipped > 0 && notRun.length === pkgSkipped && notRun.every((t) => t.reason);
    if ((json.numPassedTests ?? 0) + (json.numFailedTests ?? 0) === 0 && brokenFiles.length === 0 && !allSkippedWithReasons) {
      // A package with a `test` script promises tests: none running means they were lost (a glob, a filter).
      problems.push(`${pkg.name}: ran no tests (it has a test script; add tests or remove the script)`);
      failed += 1;
    }
    const rows = `${String(json.numPassedTests ?? 0).padStart(5)} passed ${String(json.numFailedTests ?? 0).padStart(3)} failed` +
      (pkgSkipped ? ` ${String(pkgSkipped).padStart(3)} skipped` : '');
    write(`  ${pkg.name.padEnd(28)} ${rows}\n`);
  }
  return { passed, failed, skipped, problems, skippedTests };
}

/**
 * The lines naming the skipped tests: `- package file › describe › test — reason`.
 * @param {{ pkg: string, file: string, title: string, reason?: string }[]} tests
 */
export function skippedLines(tests) {
  if (!tests.length) return [];
  return [`  skipped (${tests.length}):`, ...tests.map((t) => `  - ${t.pkg} ${t.file} › ${t.title}${t.reason ? ` — ${t.reason}` : ' (no reason given)'}`)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rootArg = process.argv.indexOf('--root');
  // `--package NAME` (repeatable) summarizes only those packages: after running one package's tests by hand.
  const only = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--package' ? [arg] : []));
  const { passed, skipped, problems, skippedTests, ...counts } = summarize(rootArg > 0 ? resolve(process.argv[rootArg + 1]) : ROOT, undefined, only);
  // Checks that are not tests (the layer check, lint, typecheck, build) count as failures of their own,
  // so that the closing line never reads "0 failed" on a run that failed.
  const failedChecks = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--failed-check' ? [arg] : []));
  let failed = counts.failed;
  for (const check of failedChecks) {
    if (check === 'build/typecheck/lint/test' && counts.failed > 0) continue; // already counted as failed tests
    problems.push(`${check} failed (see its output above)`);
    failed += 1;
  }
  for (const line of skippedLines(skippedTests)) process.stdout.write(`${line}\n`);
  for (const p of problems) process.stdout.write(`  ! ${p}\n`);
  if (passed + failed === 0) process.stdout.write('  ! no test ran\n');
  process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
