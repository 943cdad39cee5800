// `npm run docs` from the repository root: build the packages the API reference is generated from (turbo caches
// what did not change), then the documentation site into docs/.vitepress/dist — TypeDoc, the example pages,
// VitePress, and the check of every internal link and anchor. `npm run docs -- --serve [--port N]` then serves it.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './workspace.mjs';

const build = spawnSync('turbo', ['run', 'build', '--filter=@opkit/docs^...', '--output-logs=errors-only'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  process.stderr.write('[docs] error: the packages did not build; run `npm test` to see why\n');
  process.exit(1);
}
const child = spawn(process.execPath, [join(ROOT, 'docs', 'site', 'build.mjs'), ...process.argv.slice(2)], { cwd: join(ROOT, 'docs'), stdio: 'inherit' });
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
