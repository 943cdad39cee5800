// `npm test`: the layer check, then build, typecheck, lint and every package's tests through turbo,
// then the summary line. Run through scripts/bootstrap.mjs so the pinned toolchain is on PATH.
// While turbo runs, a line per finished task (with a test task's pass/fail counts) shows progress;
// `npm test -- --force` re-runs every task instead of replaying turbo's cache.
import { rmSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { listWorkspacePackages, ROOT } from './workspace.mjs';
import { createProgress, reportCounts, turboArgs } from './turbo-progress.mjs';

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
function runTurbo(title) {
  process.stdout.write(`\n== ${title}${args.includes('--force') ? ' (--force: no cache replays)' : ''}\n`);
  const dirs = new Map(packages.map((p) => [p.name, join(ROOT, p.dir)]));
  const progress = createProgress({
    write: (text) => process.stdout.write(text),
    counts: (name) => (dirs.has(name) ? reportCounts(dirs.get(name)) : undefined),
  });
  return new Promise((resolve) => {
    const child = spawn('turbo', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let idle;
    const feed = (stream) => {
      const lines = createInterface({ input: stream, crlfDelay: Infinity });
      lines.on('line', (line) => {
        progress.line(line);
        // A grouped block arrives in one piece: a pause in the output means the block is complete.
        clearTimeout(idle);
        idle = setTimeout(() => progress.idle(), 250);
      });
    };
    feed(child.stdout);
    feed(child.stderr);
    // Ctrl+C reaches turbo through the terminal's process group; wait for it to stop its tasks.
    process.on('SIGINT', () => undefined);
    child.on('error', (error) => {
      process.stderr.write(`[test] could not start turbo: ${error.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(idle);
      progress.end();
      resolve(code === 0);
    });
  });
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
