// `npm start`: Opkit's main job on a fresh machine with no cluster. It builds the `op` command and
// runs `op dev` on an example operator on the embedded Kubernetes API server: in a terminal, the live
// UI (every object, handler, retry and log line; each save of examples/01-minimal/operator.ts reloads
// it; the kubectl line to look in is on screen; ? shows the keys); piped or in CI, plain log lines.
// The objects are kept in examples/01-minimal/.opkit/. Extra arguments go to `op dev`
// (e.g. `npm start -- --until-settled` ends once every object is idle).
//
// The API server listens on port 6445 every time (scripts/start-port.mjs), or on a free port when that one
// is taken (said in the output); OPKIT_PORT chooses the port. A second `npm start` while one runs is refused
// by op dev (the data directory is locked) before it writes anything.
//
// For this script's own tests: OPKIT_START_PROJECT runs another project folder than examples/01-minimal,
// and OPKIT_START_BUILD=0 skips the build (turbo has built `op` before the tests run).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './workspace.mjs';
import { choosePort } from './start-port.mjs';
import { BUILD_ARGS, runTurboWithProgress } from './turbo-progress.mjs';

const bin = join(ROOT, 'apps', 'op', 'dist', 'bin', 'op.js');
const project = process.env.OPKIT_START_PROJECT ? resolve(process.env.OPKIT_START_PROJECT) : join('examples', '01-minimal');

if (process.env.OPKIT_START_BUILD !== '0') {
  // The first build takes minutes on a small machine: a line per package built (a replay from turbo's cache
  // gets none), a "still working" line after 15 s without one, and a failed package's whole output.
  process.stdout.write('[start] building the op command (a line per package; the first build takes a few minutes)\n');
  const build = await runTurboWithProgress(BUILD_ARGS, { cwd: ROOT, write: (text) => process.stdout.write(`[start] ${text}`), quiet: true, cachedLines: false });
  if (build.ok) process.stdout.write(`[start] built ${build.finished} packages${build.cached > 0 ? ` (${build.cached} unchanged, from turbo's cache)` : ''}\n`);
  if (!build.ok || !existsSync(bin)) {
    process.stderr.write('[start] error: the op command did not build; run `npm test` to see why\n');
    process.exit(1);
  }
}
let port;
try {
  port = await choosePort(process.env);
} catch (error) {
  process.stderr.write(`[start] error: ${error.message}\n`);
  process.exit(2);
}
process.stdout.write(`[start] ${port.message}\n`);
process.stdout.write(`[start] op dev ${project} --embedded (Ctrl+C to stop)\n`);
const child = spawn(process.execPath, [bin, 'dev', project, '--embedded', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, OPKIT_PORT: String(port.port) },
});
// Ctrl+C reaches op dev from the terminal itself (the first stops gracefully); forward only SIGTERM.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
