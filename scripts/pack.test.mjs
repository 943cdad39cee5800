// scripts/pack.mjs: which packages are published and what their tarballs are called, and that turbo
// builds them all before scripts/installed.test.mjs packs them (the end-to-end
// scaffold test in apps/create-operator packs them all and installs the tarballs with npm).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishablePackages, tarballName } from './pack.mjs';
import { listWorkspacePackages, ROOT } from './workspace.mjs';

describe('pack', () => {
  it('names tarballs as pnpm pack does', () => {
    expect(tarballName('@opkit/core', '0.1.0')).toBe('opkit-core-0.1.0.tgz');
    expect(tarballName('create-operator', '1.2.3')).toBe('create-operator-1.2.3.tgz');
  });

  it('packs every workspace package that is not private, and no private one', () => {
    const all = listWorkspacePackages();
    const published = publishablePackages().map((pkg) => pkg.name);
    expect(published).toContain('@opkit/core');
    expect(published).toContain('@opkit/cli');
    for (const pkg of all) expect(published.includes(pkg.name)).toBe(pkg.manifest.private !== true);
  });

  it('builds every publishable package before this folder\'s tests (installed.test.mjs packs them all)', () => {
    const turbo = JSON.parse(readFileSync(join(ROOT, 'scripts', 'turbo.json'), 'utf8'));
    const builds = publishablePackages().map((pkg) => `${pkg.name}#build`);
    expect(turbo.tasks.test.dependsOn).toEqual(expect.arrayContaining(builds));
  });
});
