// Builds the documentation site into docs/.vitepress/dist: the API reference of every published package (TypeDoc,
// from the TSDoc of the sources; a missing summary fails the build), a page per example, then VitePress, then a
// check of every internal link and anchor of the built pages. `node site/build.mjs --serve` serves the result.
import { spawnSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSite, renameIndexPages } from './check-links.mjs';
import { undocumentedExports } from './check-tsdoc.mjs';
import { publishedPackages, writeExamplePages, writeRepositoryPages } from './pages.mjs';

const site = dirname(fileURLToPath(import.meta.url));
const docs = dirname(site);
const root = dirname(docs);
const bin = (name) => join(docs, 'node_modules', '.bin', name);

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`docs: ${command.split('/').pop()} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(1);
  }
}

const serve = process.argv.includes('--serve');
// `--reuse-api` keeps the API pages of the previous build (when only the guides changed).
if (!(process.argv.includes('--reuse-api') && existsSync(join(docs, 'api', 'index.md')))) {
  rmSync(join(docs, 'api'), { recursive: true, force: true });
  process.stdout.write('docs: API reference (TypeDoc)\n');
  const entries = publishedPackages(root).flatMap((dir) => ['--entryPoints', relative(site, dir)]);
  run(bin('typedoc'), ['--options', 'typedoc.json', '--logLevel', 'Warn', ...entries], site);
  renameIndexPages(join(docs, 'api'));
  const missing = undocumentedExports(join(docs, '.vitepress', 'cache', 'typedoc.json'));
  if (missing.length) {
    for (const m of missing) process.stderr.write(`docs: ${m} has no TSDoc summary\n`);
    process.stderr.write(`docs: ${missing.length} exported symbol(s) without a TSDoc summary; every export is documented\n`);
    process.exit(1);
  }
}
process.stdout.write('docs: example and repository pages\n');
writeExamplePages(root, docs);
writeRepositoryPages(root, docs);
// Files the pages link to that are not pages (the Grafana dashboard) are served as they are.
copyFileSync(join(docs, 'grafana-dashboard.json'), join(docs, 'public', 'grafana-dashboard.json'));
process.stdout.write('docs: site (VitePress)\n');
run(bin('vitepress'), ['build', '.'], docs);
const dist = join(docs, '.vitepress', 'dist');
const problems = checkSite(dist, process.env.OPKIT_DOCS_BASE ?? '/');
if (problems.length) {
  for (const p of problems) process.stderr.write(`docs: ${p}\n`);
  process.stderr.write(`docs: ${problems.length} broken link(s) or anchor(s)\n`);
  process.exit(1);
}
process.stdout.write(`docs: built ${dist}\n`);
if (serve) {
  const child = spawn(bin('vitepress'), ['preview', '.', ...process.argv.slice(process.argv.indexOf('--serve') + 1)], { cwd: docs, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
