// `npm start`: Opkit's main job on a fresh machine with no cluster. It builds the `op` command and
// runs an example operator with `op run --embedded`: the embedded Kubernetes API server starts in
// the same process (state kept in .opkit/), the example CRD and object are applied, and the
// handlers' log lines show the operator working. The kubeconfig it writes lets kubectl look in.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './workspace.mjs';

const bin = join(ROOT, 'apps', 'op', 'dist', 'bin', 'op.js');
const stateDir = join(ROOT, '.opkit');
const kubeconfig = join(stateDir, 'kubeconfig');
const dataDir = join(stateDir, 'apiserver');
const example = join(ROOT, 'examples', '01-minimal', 'operator.ts');

process.stdout.write('[start] building the op command\n');
const build = spawnSync('turbo', ['run', 'build', '--filter=@opkit/cli...', '--output-logs=errors-only'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0 || !existsSync(bin)) {
  process.stderr.write('[start] error: the op command did not build; run `npm test` to see why\n');
  process.exit(1);
}
mkdirSync(dataDir, { recursive: true });
process.stdout.write(
  `[start] running ${relative(ROOT, example)} with \`op run --embedded\` (objects kept in ${relative(ROOT, dataDir)}/).\n` +
  `[start] In another terminal: export KUBECONFIG=${kubeconfig}; kubectl get kopfexamples -o yaml\n` +
  '[start] Press Ctrl+C to stop.\n\n',
);
const args = [
  bin, 'run', example, '--embedded', '--kubeconfig', kubeconfig, '--data-dir', dataDir,
  '--apply', join(ROOT, 'examples', 'crd.yaml'), '--apply', join(ROOT, 'examples', 'obj.yaml'),
  '-A', '--log-format', 'plain', ...process.argv.slice(2),
];
const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
// Ctrl+C reaches the child from the terminal itself (one SIGINT: a clean stop); forward only SIGTERM.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
