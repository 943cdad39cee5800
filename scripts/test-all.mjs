// `npm test`: the layer check, then build, typecheck, lint and every package's tests through turbo,
// then the summary line. Run through scripts/bootstrap.mjs so the pinned toolchain is on PATH.
// While turbo runs, a line per finished task (with a test task's pass/fail counts) shows progress;
// `npm test -- --force` re-runs every task instead of replaying turbo's cache.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { listWorkspacePackages, ROOT } from './workspace.mjs';
import { reportCounts, runTurboWithProgress, turboArgs } from './turbo-progress.mjs';

let args;
try {
  args = turboArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`[test] error: ${error.message}\n`);
  process.exit(2);
}

function stage(title, cmd, stageArgs) {
  process.stdout.write(`\n== ${title}\n`);
  const r = spawnSync(cmd, stageArgs, { cwd: ROOT, stdio: 'inherit' });
  return r.status === 0;
}

/** Runs turbo with its grouped output turned into one progress line per finished task. */
async function runTurbo(title) {
  process.stdout.write(`\n== ${title}${args.includes('--force') ? ' (--force: no cache replays)' : ''}\n`);
  const dirs = new Map(packages.map((p) => [p.name, join(ROOT, p.dir)]));
  const { ok } = await runTurboWithProgress(args, {
    cwd: ROOT,
    write: (text) => process.stdout.write(text),
    counts: (name) => (dirs.has(name) ? reportCounts(dirs.get(name)) : undefined),
  });
  return ok;
}

const packages = listWorkspacePackages();
for (const pkg of packages) rmSync(join(ROOT, pkg.dir, 'reports'), { recursive: true, force: true });

const failures = [];
if (!stage('layers (import rules of docs/architecture.md)', process.execPath, ['scripts/check-layers.mjs'])) failures.push('layer check');
if (!(await runTurbo('build, typecheck, lint, test'))) failures.push('build/typecheck/lint/test');
process.stdout.write('\n== summary\n');
const summaryArgs = ['scripts/test-summary.mjs', ...failures.flatMap((f) => ['--failed-check', f])];
const summary = spawnSync(process.execPath, summaryArgs, { cwd: ROOT, stdio: 'inherit' });
process.exit(failures.length || summary.status !== 0 ? 1 : 0);
