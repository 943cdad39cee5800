// `pnpm bench [--quick]` / `npm run bench -- --quick` from the repository root: build @opkit/bench and what it
// depends on when their sources changed (turbo caches the rest), then run the benchmark (issue 14's six
// scenarios by default, or a named in-process suite) with the arguments given. Ctrl+C stops it and every
// process it started.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

const main = join(ROOT, 'apps', 'bench', 'dist', 'main.js');
const build = spawnSync('turbo', ['run', 'build', '--filter=@opkit/bench...', '--output-logs=errors-only'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  process.stderr.write('[bench] error: @opkit/bench did not build; run `npm test` to see why\n');
  process.exit(1);
}
const child = spawn(process.execPath, ['--expose-gc', main, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() } });
// Ctrl+C reaches the benchmark from the terminal itself; forward only what the terminal does not send to it.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
