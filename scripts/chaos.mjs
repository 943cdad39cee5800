// `pnpm chaos [--quick]` / `npm run chaos -- --quick` from the repository root: build @opkit/bench and what it
// depends on when their sources changed (turbo caches the rest), then run the chaos suite (apps/bench/src/chaos:
// kill -9 of the operator, of the API server and of a leader, watch faults, malformed and slow requests,
// watchers that never read, a soak) with the arguments given; it exits 1 when an invariant failed. Ctrl+C
// stops it and every process it started. docs/reliability.md describes the scenarios and their figures.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

const main = join(ROOT, 'apps', 'bench', 'dist', 'chaos', 'main.js');
const build = spawnSync('turbo', ['run', 'build', '--filter=@opkit/bench...', '--output-logs=errors-only'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  process.stderr.write('[chaos] error: @opkit/bench did not build; run `npm test` to see why\n');
  process.exit(1);
}
const child = spawn(process.execPath, ['--expose-gc', main, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() } });
// Ctrl+C reaches the suite from the terminal itself; forward only what the terminal does not send to it.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
