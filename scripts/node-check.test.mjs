// Importing any Opkit package on a Node older than it needs must stop with one clear sentence, not
// crash deep inside a dependency (Node 20 used to fail in undici with "Cannot read properties of
// undefined (reading 'bind')"). Every package carries the same src/requireNode.ts, imported first by
// its entry; this test keeps the copies identical and first, checks the version logic with faked
// version strings, and imports every built package under each older Node found on this machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishablePackages } from './pack.mjs';
import { ROOT } from './workspace.mjs';
import { deadline } from '@opkit/test-tools';

/** Publishable packages with an entry point (create-operator is a bin that checks Node its own way). */
const LIBRARIES = publishablePackages().filter((pkg) => pkg.manifest.exports?.['.'] !== undefined);
const CANONICAL = join(ROOT, 'packages', 'tasks', 'src', 'requireNode.ts');

/** Every `node` on PATH outside the repository's toolchain, with its version. */
function otherNodes() {
  const found = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const seen = new Set([realpathSync(process.execPath)]);
  const nodes = [];
  for (const path of found) {
    let real;
    try {
      real = realpathSync(path);
    } catch {
      continue;
    }
    if (seen.has(real) || real.startsWith(join(ROOT, '.toolchain'))) continue;
    seen.add(real);
    nodes.push({ path, version: execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim() });
  }
  return nodes;
}

describe('the Node version check', async () => {
  const { nodeVersionProblem, OPKIT_NODE } = await import(pathToFileURL(join(ROOT, 'packages', 'tasks', 'dist', 'requireNode.js')).href);

  it('names the Node Opkit needs and the one it found, for every version older than 22.19', () => {
    expect(OPKIT_NODE).toEqual([22, 19]);
    for (const version of ['20.20.2', 'v20.20.2', '18.0.0', '22.18.9', '22.0.0', '21.99.0']) {
      expect(nodeVersionProblem(version)).toBe(`Opkit needs Node >= 22.19; this is Node ${version.replace(/^v/, '')}.`);
    }
    for (const version of ['22.19.0', '22.20.1', '23.0.0', '24.11.1', '25.0.0-nightly', process.versions.node]) {
      expect(nodeVersionProblem(version)).toBeUndefined();
    }
  });

  it('is the same file in every package, imported first by each entry and agreeing with engines.node', () => {
    const canonical = readFileSync(CANONICAL, 'utf8');
    expect(LIBRARIES.length).toBeGreaterThanOrEqual(15);
    for (const pkg of LIBRARIES) {
      expect(readFileSync(join(ROOT, pkg.dir, 'src', 'requireNode.ts'), 'utf8'), `${pkg.dir}/src/requireNode.ts`).toBe(canonical);
      const entry = readFileSync(join(ROOT, pkg.dir, 'src', 'index.ts'), 'utf8');
      const firstImport = /^(?:import|export)\b.*$/m.exec(entry)?.[0];
      expect(firstImport, `${pkg.dir}/src/index.ts`).toBe("import './requireNode.js';");
      expect(pkg.manifest.engines?.node, `${pkg.name} engines.node`).toBe('>=22.19');
      expect(pkg.manifest.sideEffects, `${pkg.name} sideEffects`).toEqual(['./dist/requireNode.js']);
    }
  });

  /** Imports every package's built entry in one `node` process; returns each import's outcome. */
  function importAll(node, args = []) {
    const entries = LIBRARIES.map((pkg) => pathToFileURL(join(ROOT, pkg.dir, pkg.manifest.exports['.'].import)).href);
    const script = `const out = []; for (const entry of ${JSON.stringify(entries)}) { try { await import(entry); out.push('imported'); } catch (error) { out.push(String(error)); } } console.log(JSON.stringify(out));`;
    const result = spawnSync(node, [...args, '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  }

  it('stops the import of every package with that sentence under each older Node on this machine', () => {
    const old = otherNodes().filter((node) => nodeVersionProblem(node.version) !== undefined);
    // A machine without an older Node still runs the check: the current Node is told it is 20.20.2.
    const runs = old.length > 0 ? old.map((node) => ({ node: node.path, version: node.version, args: [] }))
      : [{ node: process.execPath, version: '20.20.2', args: ['--import', `data:text/javascript,Object.defineProperty(process.versions, 'node', { value: '20.20.2' });`] }];
    for (const { node, version, args } of runs) {
      expect(importAll(node, args), `under Node ${version}`).toEqual(LIBRARIES.map(() => `Error: Opkit needs Node >= 22.19; this is Node ${version}.`));
    }
  }, deadline(120_000));

  it('lets the import through on this Node', () => {
    expect(importAll(process.execPath)).toEqual(LIBRARIES.map(() => 'imported'));
  }, deadline(120_000));
});
