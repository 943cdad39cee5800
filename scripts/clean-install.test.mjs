// A clean install and the first build must be quiet: pnpm warns "Failed to create bin … ENOENT" for a
// workspace bin whose target does not exist before the build (it links the bins of workspace packages
// into the packages that depend on them at install time), and turbo warns "no output files found" for a task whose
// declared outputs its script never writes. Both are checked here from the files alone, for every
// workspace package, so that a new package or script cannot bring the warnings back.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listWorkspacePackages, ROOT } from './workspace.mjs';

const packages = listWorkspacePackages();
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean));
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const rootTurbo = readJson(join(ROOT, 'turbo.json'));

/** The outputs turbo uses for a package's task: the package's turbo.json, else `pkg#task` in the root, else the root task. */
function declaredOutputs(pkg, task) {
  const own = join(ROOT, pkg.dir, 'turbo.json');
  const fromPackage = existsSync(own) ? readJson(own).tasks?.[task]?.outputs : undefined;
  return fromPackage ?? rootTurbo.tasks[`${pkg.name}#${task}`]?.outputs ?? rootTurbo.tasks[task]?.outputs ?? [];
}

/** What a task's script writes, as turbo output globs (only the forms this repository uses). */
function producedOutputs(script) {
  if (/\bvitest run\b/.test(script)) return /--outputFile\.json=reports\//.test(script) ? ['reports/**'] : [];
  if (/--noEmit\b/.test(script) || /^eslint\b/.test(script)) return [];
  if (/^(tsc|rolldown)\b/.test(script)) return ['dist/**'];
  // The documentation site (docs/site/build.mjs): the built site and the pages it generates into docs/.
  if (script === 'node site/build.mjs') return ['.vitepress/dist/**', 'api/**', 'bench.md', 'examples/**'];
  return undefined; // unknown: the test names it
}

describe('a clean install and build', () => {
  it('links every workspace bin that other packages depend on: its target is a committed file, there before any build', () => {
    const depended = new Set(packages.flatMap((pkg) => Object.keys({ ...pkg.manifest.dependencies, ...pkg.manifest.devDependencies })));
    const bins = packages.filter((pkg) => depended.has(pkg.name)).flatMap((pkg) => {
      const bin = typeof pkg.manifest.bin === 'string' ? { [pkg.name]: pkg.manifest.bin } : pkg.manifest.bin ?? {};
      return Object.entries(bin).map(([name, target]) => ({ name, file: normalize(join(pkg.dir, target)) }));
    });
    expect(bins.map((bin) => bin.name)).toContain('op');
    const missing = bins.filter((bin) => !tracked.has(bin.file)).map((bin) => `${bin.name} → ${bin.file}`);
    expect(missing, 'bin targets that do not exist in a fresh clone (point them at a committed shim that imports dist/)').toEqual([]);
  });

  it('declares for each turbo task exactly the outputs its script writes', () => {
    const mismatches = [];
    let checked = 0;
    for (const pkg of packages) {
      for (const task of ['build', 'typecheck', 'lint', 'test']) {
        const script = pkg.manifest.scripts?.[task];
        if (script === undefined || pkg.dir === '.') continue;
        const produced = producedOutputs(script);
        const declared = declaredOutputs(pkg, task);
        checked++;
        if (produced === undefined) mismatches.push(`${pkg.name}#${task}: cannot tell what "${script}" writes`);
        else if (JSON.stringify([...declared].sort()) !== JSON.stringify(produced)) {
          mismatches.push(`${pkg.name}#${task}: "${script}" writes ${JSON.stringify(produced)}, turbo expects ${JSON.stringify(declared)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
  });
});
