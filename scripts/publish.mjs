// Publishing every package: each publishable workspace package is packed as it will be published
// (`pnpm pack`, scripts/pack.mjs — it rewrites `workspace:*` to real versions), its tarball is checked
// (no workspace:, link: or file: dependency left, every file its exports, main, types and bin name is in
// it, a LICENSE), and then handed to `npm publish --provenance`. Versions already on the registry are
// skipped, so a re-run after a partial failure publishes the rest. The release workflow
// (.github/workflows/release.yml) runs it through changesets/action, which reads the `New tag:` lines.
//
//   node scripts/publish.mjs              publish (CI, with an npm token and an OIDC id-token for provenance)
//   node scripts/publish.mjs --dry-run    check and `npm publish --dry-run` every tarball; publishes nothing
//
// The packages must be built first (`npm run build`). Prints what it does; exits 1 on the first problem.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packAll } from './pack.mjs';

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

/** The files of a tarball (paths under `package/`) and its package.json. */
export function readTarball(file) {
  const files = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n').filter(Boolean).map((path) => path.replace(/^package\//, ''));
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }));
  return { files, manifest };
}

/** Every path a manifest promises: exports targets (`*` patterns as prefixes), main, module, types, bin. */
function promisedPaths(manifest) {
  const paths = [];
  const walk = (value) => {
    if (typeof value === 'string') paths.push(value);
    else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
  };
  walk(manifest.exports);
  for (const key of ['main', 'module', 'types', 'typings']) if (typeof manifest[key] === 'string') paths.push(manifest[key]);
  if (typeof manifest.bin === 'string') paths.push(manifest.bin);
  else walk(manifest.bin);
  return [...new Set(paths.map((path) => path.replace(/^\.\//, '')))];
}

/**
 * What would make a tarball a broken release, one sentence each; empty when it is publishable.
 *
 * @param {{ files: string[], manifest: Record<string, any> }} tarball as {@link readTarball} returns it
 */
export function tarballProblems({ files, manifest }) {
  const problems = [];
  const name = `${manifest.name ?? '?'}@${manifest.version ?? '?'}`;
  if (manifest.private === true) problems.push(`${name} is private`);
  if (typeof manifest.name !== 'string' || typeof manifest.version !== 'string') problems.push(`${name} has no name or version`);
  for (const field of DEPENDENCY_FIELDS) {
    for (const [dep, spec] of Object.entries(manifest[field] ?? {})) {
      if (/^(workspace|link|file|catalog):/.test(String(spec))) problems.push(`${name}: ${field}.${dep} is "${spec}", which npm cannot install from the registry`);
    }
  }
  const present = new Set(files);
  for (const path of promisedPaths(manifest)) {
    const star = path.indexOf('*');
    const found = star < 0 ? present.has(path) : files.some((file) => file.startsWith(path.slice(0, star)));
    if (!found) problems.push(`${name}: ${path} is named by package.json (exports, main, types or bin) but not in the tarball`);
  }
  if (!files.some((file) => /^LICEN[SC]E(\.|$)/i.test(file))) problems.push(`${name}: no LICENSE file`);
  return problems;
}

function npm(args) {
  const result = spawnSync('npm', args, { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function main(argv) {
  const dryRun = argv.includes('--dry-run');
  const dir = mkdtempSync(join(tmpdir(), 'opkit-publish-'));
  try {
    const { packages } = packAll(dir);
    const problems = packages.flatMap((pkg) => tarballProblems(readTarball(pkg.file)));
    if (problems.length > 0) {
      process.stderr.write(`[publish] not publishable:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
      return 1;
    }
    for (const { name, version, file } of packages) {
      if (dryRun) {
        const result = npm(['publish', file, '--dry-run', '--access', 'public', '--ignore-scripts']);
        if (result.status !== 0 || !result.output.includes(`${name}@${version}`)) {
          process.stderr.write(`[publish] npm publish --dry-run ${name}@${version} failed:\n${result.output}\n`);
          return 1;
        }
        process.stdout.write(`[publish] ${name}@${version}: publishable (dry run)\n`);
        continue;
      }
      if (npm(['view', `${name}@${version}`, 'version']).output.trim() === version) {
        process.stdout.write(`[publish] ${name}@${version} is on the registry already\n`);
        continue;
      }
      const result = spawnSync('npm', ['publish', file, '--access', 'public', '--provenance'], { stdio: 'inherit' });
      if (result.status !== 0) {
        process.stderr.write(`[publish] npm publish ${name}@${version} failed (see above); re-run to publish the rest\n`);
        return 1;
      }
      // changesets/action turns these lines into git tags and GitHub releases.
      process.stdout.write(`New tag: ${name}@${version}\n`);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`[publish] ${error.message}\n`);
    return 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main(process.argv.slice(2)));
