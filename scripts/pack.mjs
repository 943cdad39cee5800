// Packs every publishable workspace package into one folder of tarballs, exactly as they would be
// published: `pnpm pack` rewrites `workspace:*` dependencies to real versions (`npm pack` keeps them,
// and installing such a tarball fails with "Unsupported URL Type workspace:"). The tarballs let a
// project outside the repository install Opkit before it is on the registry:
//
//   node scripts/bootstrap.mjs build && node scripts/bootstrap.mjs exec -- node scripts/pack.mjs .packs
//   npm install ./.packs/opkit-core-0.1.0.tgz …   (or: CREATE_OPERATOR_PKG_DIR=.packs npm create operator …)
//
// Packages must be built first (the tarballs hold dist/). Prints one JSON object: { dir, packages: [{ name, version, file }] }.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listWorkspacePackages, ROOT } from './workspace.mjs';

/** Workspace packages that are published: not private, with a version. */
export function publishablePackages(root = ROOT) {
  return listWorkspacePackages(root).filter((pkg) => pkg.manifest.private !== true && typeof pkg.manifest.version === 'string');
}

/** The file name `pnpm pack` gives a package's tarball (`@opkit/core@0.1.0` → `opkit-core-0.1.0.tgz`). */
export function tarballName(name, version) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * Pack every publishable package (or those of `only`, by name) into `dest` (emptied of old tarballs first).
 *
 * @returns {{ dir: string, packages: { name: string, version: string, file: string }[] }}
 */
export function packAll(dest, root = ROOT, only = undefined) {
  const dir = resolve(dest);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) if (file.endsWith('.tgz')) rmSync(join(dir, file));
  const packages = [];
  const selected = publishablePackages(root).filter((pkg) => only === undefined || only.includes(pkg.name));
  for (const name of only ?? []) {
    if (!selected.some((pkg) => pkg.name === name)) throw new Error(`${name} is not a publishable package of this workspace`);
  }
  for (const pkg of selected) {
    const main = pkg.manifest.exports?.['.']?.import ?? pkg.manifest.bin;
    if (typeof main === 'string' && !existsSync(join(root, pkg.dir, main))) {
      throw new Error(`${pkg.name} is not built (${main} is missing): run \`npm run build\` first.`);
    }
    const result = spawnSync('pnpm', ['pack', '--pack-destination', dir], { cwd: join(root, pkg.dir), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pnpm pack failed in ${pkg.dir}:\n${result.stderr || result.stdout}`);
    const file = join(dir, tarballName(pkg.name, pkg.manifest.version));
    if (!existsSync(file)) throw new Error(`pnpm pack in ${pkg.dir} did not write ${file}.`);
    packages.push({ name: pkg.name, version: pkg.manifest.version, file });
  }
  return { dir, packages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dest = process.argv[2];
  if (!dest) {
    process.stderr.write('Usage: node scripts/pack.mjs <destination folder>\n');
    process.exit(2);
  }
  try {
    process.stdout.write(`${JSON.stringify(packAll(dest), null, 2)}\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
