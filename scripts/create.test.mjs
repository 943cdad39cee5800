// scripts/create.mjs (`npm run create -- <dir>`): which packages it packs for the templates, that it refuses
// a directory inside the repository before building anything, and the environment it gives the scaffolder.
// The whole command — build, pack, scaffold, npm install, npm run check — runs in apps/create-operator's
// scaffold end-to-end test.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { insideRepository, packagesForTemplates, PACKS, scaffolderEnv } from './create.mjs';
import { publishablePackages } from './pack.mjs';
import { ROOT } from './workspace.mjs';

describe('npm run create', () => {
  it('packs the @opkit packages the templates use and those they depend on, all publishable', () => {
    const packages = packagesForTemplates();
    expect(packages).toEqual(expect.arrayContaining(['@opkit/core', '@opkit/cli', '@opkit/schema', '@opkit/manifests', '@opkit/testing', '@opkit/kube', '@opkit/json']));
    const publishable = new Set(publishablePackages().map((pkg) => pkg.name));
    for (const name of packages) expect(publishable.has(name), name).toBe(true);
    expect(packages).not.toContain('create-operator');
  });

  it('knows what lies inside the repository', () => {
    expect(insideRepository(ROOT)).toBe(true);
    expect(insideRepository(join(ROOT, 'my-operator'))).toBe(true);
    expect(insideRepository(join(ROOT, '..', 'my-operator'))).toBe(false);
    expect(insideRepository(`${ROOT}-my-operator`)).toBe(false);
    expect(insideRepository('/elsewhere/my-operator')).toBe(false);
  });

  it('gives the scaffolder the tarballs, and none of the npm run variables that describe this repository', () => {
    const env = scaffolderEnv({
      PATH: '/bin', npm_config_user_agent: 'npm/11.6.2 node/v20.20.2 linux x64 workspaces/false', npm_config_registry: 'https://registry.example.org/',
      npm_config_local_prefix: ROOT, npm_config_prefix: '/usr', npm_config_nodedir: '/usr', npm_package_name: 'opkit', npm_lifecycle_event: 'create',
    });
    expect(env).toEqual({
      PATH: '/bin', npm_config_user_agent: 'npm/11.6.2 node/v20.20.2 linux x64 workspaces/false', npm_config_registry: 'https://registry.example.org/',
      CREATE_OPERATOR_PKG_DIR: PACKS,
    });
  });

  it('asks for a directory, and refuses one inside the repository, before building anything', () => {
    const script = join(ROOT, 'scripts', 'create.mjs');
    const none = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, OPKIT_CALLER_CWD: ROOT } });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Usage: npm run create -- <dir> [create-operator options]');
    const inside = spawnSync(process.execPath, [script, 'my-operator', '--yes'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, OPKIT_CALLER_CWD: ROOT } });
    expect(inside.status).toBe(2);
    expect(inside.stderr).toContain(`[create] error: ${join(ROOT, 'my-operator')} is inside this repository`);
    expect(inside.stdout).not.toContain('building');
  });
});
