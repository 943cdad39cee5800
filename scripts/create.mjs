// `npm run create -- <dir> [create-operator options]` from the repository root: scaffold an operator
// project outside the repository with the @opkit packages of this clone, before they are on the npm
// registry. Run through scripts/bootstrap.mjs, so it works on a machine whose own Node is older than
// Opkit needs (the bootstrapped Node 24 and pnpm are first on PATH here). It builds create-operator and
// every package its templates use (turbo replays what did not change), packs those packages as they
// would be published into .packs/ (scripts/pack.mjs: `pnpm pack` writes real versions where the
// workspace says `workspace:*`), and runs the built scaffolder with CREATE_OPERATOR_PKG_DIR pointing
// there: the new project's package.json names the tarballs, and the scaffolder installs them with npm
// and generates the project's manifests. Its `npm run check` then passes with Node >= 22.19 on PATH;
// when the machine's own Node is older, the last lines say how to put this clone's Node first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { packAll } from './pack.mjs';
import { listWorkspacePackages, ROOT } from './workspace.mjs';

const BIN = join(ROOT, 'apps', 'create-operator', 'dist', 'index.js');
/** Where the tarballs go; the new project's package.json points at them (`file:` dependencies). */
export const PACKS = join(ROOT, '.packs');

const USAGE = `Usage: npm run create -- <dir> [create-operator options]
  Scaffolds an operator project in <dir>, which must be outside this repository, with the @opkit
  packages built and packed from this clone; then: cd <dir> && npm run check.
  Example: npm run create -- ../my-operator --template children
  The create-operator options (npm run create -- --help lists them all): --template minimal|children|daemon-timer,
  --kind, --group, --api-version, --plural, --scope, --watch, --no-git, --yes, …
`;

function say(text) {
  process.stdout.write(`[create] ${text}\n`);
}

function fail(text, code = 1) {
  process.stderr.write(`[create] error: ${text}\n`);
  process.exit(code);
}

/** The @opkit packages the templates depend on, with every @opkit package those depend on, by name. */
export function packagesForTemplates(root = ROOT) {
  const manifests = new Map(listWorkspacePackages(root).map((pkg) => [pkg.name, pkg.manifest]));
  const needed = new Set();
  const visit = (name) => {
    if (needed.has(name) || !manifests.has(name)) return;
    needed.add(name);
    const manifest = manifests.get(name);
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const dep of Object.keys(manifest[field] ?? {})) visit(dep);
    }
  };
  const templates = join(root, 'apps', 'create-operator', 'templates');
  for (const template of listWorkspacePackages(root).filter((pkg) => join(root, pkg.dir).startsWith(`${templates}/`))) {
    for (const field of ['dependencies', 'devDependencies']) {
      for (const [dep, spec] of Object.entries(template.manifest[field] ?? {})) if (String(spec).startsWith('workspace:')) visit(dep);
    }
  }
  return [...needed].sort();
}

/** Whether `path` is the repository or inside it. */
export function insideRepository(path, root = ROOT) {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The environment for the scaffolder and the npm it runs: ours, without what `npm run` set for this
 * repository (its package, its lifecycle, the machine npm's prefix, local prefix and Node headers), so the
 * project's npm works for the project on this Node; the user agent stays (it names the package manager).
 */
export function scaffolderEnv(env = process.env) {
  const out = {};
  const dropped = /^(npm_package_|npm_lifecycle_|npm_command$|npm_execpath$|npm_node_execpath$|npm_config_(local_prefix|prefix|global_prefix|nodedir|node_gyp|npm_version)$)/;
  for (const [key, value] of Object.entries(env)) if (!dropped.test(key)) out[key] = value;
  out.CREATE_OPERATOR_PKG_DIR = PACKS;
  return out;
}

function olderThanOpkitNeeds(version) {
  const [major = 0, minor = 0] = String(version).replace(/^v/, '').split('.').map(Number);
  return major < 22 || (major === 22 && minor < 19);
}

function main(argv) {
  const [dir] = argv;
  if (dir === '--help' || dir === '-h') {
    process.stdout.write(USAGE);
    if (existsSync(BIN)) {
      process.stdout.write('\ncreate-operator --help:\n\n');
      spawnSync(process.execPath, [BIN, '--help'], { stdio: 'inherit' });
    }
    return 0;
  }
  if (dir === undefined || dir.startsWith('-')) {
    process.stderr.write(USAGE);
    fail('give the directory to create first, outside this repository (e.g. ../my-operator)', 2);
  }
  const cwd = process.env.OPKIT_CALLER_CWD ?? process.env.INIT_CWD ?? process.cwd();
  const target = resolve(cwd, dir);
  if (insideRepository(target)) {
    fail(`${target} is inside this repository: its tsconfig, lint and test settings and node_modules would mix with the project's. Give a directory outside it, e.g. ${relative(cwd, resolve(ROOT, '..', 'my-operator')) || '../my-operator'}`, 2);
  }

  const packages = packagesForTemplates();
  say(`building create-operator and the ${packages.length} @opkit packages its templates use (turbo; the first build takes a few minutes)`);
  if (process.env.OPKIT_CREATE_SKIP_BUILD === '1') {
    say('OPKIT_CREATE_SKIP_BUILD=1: not building (the packages must be built already)');
  } else {
    const filters = ['create-operator', ...packages].map((name) => `--filter=${name}`);
    const build = spawnSync('turbo', ['run', 'build', ...filters, '--output-logs=errors-only'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (build.status !== 0) fail('the build failed (its errors are above); `npm run build` shows it again');
  }

  say(`packing them into ${relative(cwd, PACKS) || PACKS} (pnpm pack, as they would be published)`);
  try {
    packAll(PACKS, ROOT, packages);
  } catch (error) {
    fail(error.message);
  }

  say(`running create-operator ${argv.join(' ')}`);
  const scaffold = spawnSync(process.execPath, [BIN, ...argv], { cwd, env: scaffolderEnv(), stdio: 'inherit' });
  if (scaffold.error) fail(`could not start create-operator: ${scaffold.error.message}`);
  const code = scaffold.status ?? 1;

  const machineNode = process.env.OPKIT_MACHINE_NODE;
  if (code === 0 && machineNode !== undefined && olderThanOpkitNeeds(machineNode)) {
    const toolchain = join(ROOT, '.toolchain', 'bin');
    process.stdout.write(
      [
        '',
        `The project needs Node >= 22.19 for its scripts (npm run dev, npm test, npm run check): its engines say so,`,
        `and on an older Node op stops with "Opkit needs Node >= 22.19". This machine's node is ${machineNode};`,
        `put this clone's Node 24 first on PATH in the shell where you use the project:`,
        `  export PATH="${toolchain}:$PATH"`,
        '',
      ].join('\n'),
    );
  }
  if (code === 0) say(`the project's @opkit dependencies are the tarballs in ${PACKS}: keep this clone until the packages are on the npm registry`);
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main(process.argv.slice(2)));
