// `npm test`: the layer check, then build, typecheck, lint and every package's tests through turbo,
// then the summary line. Run through scripts/bootstrap.mjs so the pinned toolchain is on PATH.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { listWorkspacePackages, ROOT } from './workspace.mjs';

function stage(title, cmd, args) {
  process.stdout.write(`\n== ${title}\n`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  return r.status === 0;
}

for (const pkg of listWorkspacePackages()) rmSync(join(ROOT, pkg.dir, 'reports'), { recursive: true, force: true });

const failures = [];
if (!stage('layers (import rules of docs/architecture.md)', process.execPath, ['scripts/check-layers.mjs'])) failures.push('layer check');
// Three tasks at a time: the integration suites each run an API server and time real requests, and the
// machines have two cores; more parallel tasks only make every suite slower and flakier.
const turboArgs = ['run', 'build', 'typecheck', 'lint', 'test', '--continue', '--output-logs=errors-only', '--concurrency=3'];
if (process.env.CI) turboArgs.push('--log-order=grouped');
if (!stage('build, typecheck, lint, test', 'turbo', turboArgs)) failures.push('build/typecheck/lint/test');
process.stdout.write('\n== summary\n');
const summaryArgs = ['scripts/test-summary.mjs', ...failures.flatMap((f) => ['--failed-check', f])];
const summary = spawnSync(process.execPath, summaryArgs, { cwd: ROOT, stdio: 'inherit' });
process.exit(failures.length || summary.status !== 0 ? 1 : 0);
