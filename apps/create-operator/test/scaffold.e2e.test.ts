// The published shape, end to end: every publishable package is packed as it would be published
// (`pnpm pack`), each template is scaffolded by the built bin into a folder outside the repository
// (so no tsconfig, vitest config or node_modules of the repository leaks in), installed with npm from
// those tarballs, and its own `npm run check` runs there: manifest drift check, typecheck, and its
// tests against the embedded API server. This is what a user gets from `npm create operator`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(APP, '..', '..');
const BIN = join(APP, 'dist', 'index.js');
const TEMPLATES = ['minimal', 'children', 'daemon-timer'] as const;

interface Step { readonly status: number | null; readonly output: string; readonly seconds: number }

function step(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Step {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  // Colours stripped: the assertions read vitest's summary lines.
  const output = `${result.stdout}${result.stderr}`.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  return { status: result.status, output, seconds: (performance.now() - started) / 1000 };
}

function expectOk(what: string, result: Step): void {
  if (result.status !== 0) throw new Error(`${what} failed with exit code ${String(result.status)}:\n${result.output.slice(-6000)}`);
}

describe('npm create operator, from packed tarballs, outside the repository', () => {
  let work: string;
  let packs: string;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'opkit-scaffold-'));
    packs = join(work, 'packs');
    const { packAll } = await import(join(ROOT, 'scripts', 'pack.mjs')) as { packAll: (dest: string) => { packages: { name: string }[] } };
    const packed = packAll(packs);
    expect(packed.packages.map((p) => p.name)).toEqual(expect.arrayContaining(['@opkit/core', '@opkit/cli', '@opkit/schema', '@opkit/manifests', '@opkit/testing', 'create-operator']));
  }, 300_000);
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  }, 300_000);

  for (const template of TEMPLATES) {
    it(`scaffolds, installs and checks the ${template} template`, () => {
      const dir = join(work, `${template}-operator`);
      // What a user runs, with npm as the package manager; the scaffolder installs and then
      // regenerates the manifests (npm run manifests) for the project's names.
      const scaffold = step(process.execPath, [BIN, dir, '--template', template, '--yes', '--no-git'], work,
        { CREATE_OPERATOR_PKG_DIR: packs, CI: '1', npm_config_user_agent: 'npm/11.6.2 node/v24.11.1 linux x64 workspaces/false', npm_config_prefer_offline: 'true' });
      expectOk('create-operator', scaffold);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      expect(manifest.dependencies['@opkit/core']).toMatch(/^file:.*opkit-core-.*\.tgz$/);
      expect(existsSync(join(dir, 'node_modules', '@opkit', 'core', 'dist', 'index.js'))).toBe(true);
      expect(existsSync(join(dir, 'package-lock.json'))).toBe(true);

      const check = step('npm', ['run', 'check'], dir, { CI: '1', NO_COLOR: '1' });
      expectOk('npm run check', check);
      expect(check.output).toMatch(/Tests\s+\d+ passed \(\d+\)/);
      expect(check.output).not.toMatch(/Tests\s+\d+ failed/);
      process.stdout.write(`[e2e] ${template}: scaffold + npm install + manifests ${scaffold.seconds.toFixed(1)} s, npm run check ${check.seconds.toFixed(1)} s\n`);
    }, 600_000);
  }
});
