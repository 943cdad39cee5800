// `npm start`: Opkit's main job on a fresh machine with no cluster. It builds the `op` command and
// runs `op dev` on an example operator on the embedded Kubernetes API server: in a terminal, the live
// UI (every object, handler, retry and log line; each save of examples/01-minimal/operator.ts reloads
// it; the kubectl line to look in is on screen; ? shows the keys); piped or in CI, plain log lines.
// The objects are kept in examples/01-minimal/.opkit/. Extra arguments go to `op dev`
// (e.g. `npm start -- --until-settled` ends once every object is idle).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

const bin = join(ROOT, 'apps', 'op', 'dist', 'bin', 'op.js');

process.stdout.write('[start] building the op command\n');
const build = spawnSync('turbo', ['run', 'build', '--filter=@opkit/cli...', '--output-logs=errors-only'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0 || !existsSync(bin)) {
  process.stderr.write('[start] error: the op command did not build; run `npm test` to see why\n');
  process.exit(1);
}
process.stdout.write('[start] op dev examples/01-minimal --embedded (Ctrl+C to stop)\n');
const child = spawn(process.execPath, [bin, 'dev', join('examples', '01-minimal'), '--embedded', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
// Ctrl+C reaches op dev from the terminal itself (the first stops gracefully); forward only SIGTERM.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
