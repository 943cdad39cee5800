// Adds up the vitest JSON reports of every workspace package and prints the closing line
// `N passed, N failed` (plus `, N skipped`) that CI reads. Exits non-zero when anything failed,
// when a package with a `test` script left no report (it crashed or did not build) or ran zero tests
// (each counts as one failure, named), when a check
// named with `--failed-check NAME` failed (each counts as one failure), or when no test ran at all.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listWorkspacePackages, ROOT } from './workspace.mjs';

export function summarize(root = ROOT) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const problems = [];
  for (const pkg of listWorkspacePackages(root)) {
    if (!pkg.manifest.scripts?.test) continue;
    const report = join(root, pkg.dir, 'reports', 'vitest.json');
    if (!existsSync(report)) {
      problems.push(`${pkg.name}: no test report (its tests did not run; see the output above)`);
      failed += 1;
      continue;
    }
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    if ((json.numFailedTestSuites ?? 0) > 0 && (json.numFailedTests ?? 0) === 0) {
      problems.push(`${pkg.name}: ${json.numFailedTestSuites} test file(s) failed to load`);
      failed += json.numFailedTestSuites;
    } else if ((json.numPassedTests ?? 0) + (json.numFailedTests ?? 0) === 0) {
      // A package with a `test` script promises tests: none running means they were lost (a glob, a filter).
      problems.push(`${pkg.name}: ran no tests (it has a test script; add tests or remove the script)`);
      failed += 1;
    }
    const rows = `${String(json.numPassedTests ?? 0).padStart(5)} passed ${String(json.numFailedTests ?? 0).padStart(3)} failed`;
    process.stdout.write(`  ${pkg.name.padEnd(28)} ${rows}\n`);
  }
  return { passed, failed, skipped, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rootArg = process.argv.indexOf('--root');
  const { passed, skipped, problems, ...counts } = summarize(rootArg > 0 ? resolve(process.argv[rootArg + 1]) : ROOT);
  // Checks that are not tests (the layer check, lint, typecheck, build) count as failures of their own,
  // so that the closing line never reads "0 failed" on a run that failed.
  const failedChecks = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--failed-check' ? [arg] : []));
  let failed = counts.failed;
  for (const check of failedChecks) {
    if (check === 'build/typecheck/lint/test' && counts.failed > 0) continue; // already counted as failed tests
    problems.push(`${check} failed (see its output above)`);
    failed += 1;
  }
  for (const p of problems) process.stdout.write(`  ! ${p}\n`);
  if (passed + failed === 0) process.stdout.write('  ! no test ran\n');
  process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
