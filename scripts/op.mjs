// `pnpm op …` / `npm run op -- …` from the repository root: build the `op` command when its sources
// changed (turbo caches the rest), then run it in the directory the user called it from.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

const bin = join(ROOT, 'apps', 'op', 'dist', 'bin', 'op.js');
const build = spawnSync('turbo', ['run', 'build', '--filter=@opkit/cli...', '--output-logs=errors-only'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  process.stderr.write('[op] error: the op command did not build; run `npm test` to see why\n');
  process.exit(1);
}
const child = spawn(process.execPath, [bin, ...process.argv.slice(2)], { cwd: process.env.INIT_CWD ?? process.cwd(), stdio: 'inherit' });
// Ctrl+C reaches the child from the terminal itself; forward only what the terminal does not send to it.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
