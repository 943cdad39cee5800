// `npm start`: Opkit's main job as far as it exists. Until the operator runtime lands (`op run`,
// `op dev`), that is the embedded Kubernetes API server: build it, start it on loopback with its
// state in .opkit/, write a kubeconfig, and print the one kubectl line a newcomer needs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './workspace.mjs';

const bin = join(ROOT, 'packages', 'apiserver', 'dist', 'bin', 'opkit-apiserver.js');
const stateDir = join(ROOT, '.opkit');
const kubeconfig = join(stateDir, 'kubeconfig');
const dataDir = join(stateDir, 'apiserver');

process.stdout.write('[start] building @opkit/apiserver\n');
const build = spawnSync('turbo', ['run', 'build', '--filter=@opkit/apiserver', '--output-logs=errors-only'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0 || !existsSync(bin)) {
  process.stderr.write('[start] error: @opkit/apiserver did not build; run `npm test` to see why\n');
  process.exit(1);
}
mkdirSync(dataDir, { recursive: true });
rmSync(kubeconfig, { force: true });
const args = [bin, '--port', process.env.OPKIT_PORT ?? '0', '--kubeconfig', kubeconfig, '--data-dir', dataDir, ...process.argv.slice(2)];
const server = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
let announced = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && chunk.toString().includes('kubeconfig written') && existsSync(kubeconfig)) {
    announced = true;
    const path = kubeconfig;
    process.stdout.write(
      `\nThe embedded Kubernetes API server is running (state kept in ${relative(process.cwd(), dataDir)}/). In another terminal:\n\n` +
        `  export KUBECONFIG=${path}; kubectl get namespaces\n\n` +
        'Press Ctrl+C to stop it.\n',
    );
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
