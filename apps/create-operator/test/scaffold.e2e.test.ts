// The published shape, end to end: every publishable package is packed as it would be published
// (`pnpm pack`), each template is scaffolded by the built bin into a folder outside the repository
// (so no tsconfig, vitest config or node_modules of the repository leaks in), installed with npm from
// those tarballs, and its own `npm run check` runs there: manifest drift check, typecheck, and its
// tests against the embedded API server. This is what a user gets from `npm create operator`.
// The minimal template goes through the repository's one command instead, as a user of a fresh clone
// runs it: `npm run create -- <dir> --template minimal` with the machine's own (older) Node first on PATH.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const APP = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(APP, '..', '..');
const BIN = join(APP, 'dist', 'index.js');
/** The templates scaffolded with the bin itself (minimal goes through `npm run create`, below). */
const TEMPLATES = ['children', 'daemon-timer'] as const;
/** How long one step may run before it is stopped and the test fails with its output (well under the test's timeout). */
const STEP_DEADLINE_MS = 480_000;
/**
 * npm's install fails fast when the registry cannot be used: one retry after 2 to 10 s instead of two after
 * 10 to 60 s, a minute per request instead of five, and each failed request logged as it happens
 * (`loglevel=http`), so that the failures below are seen at once.
 */
const NPM_FAIL_FAST = { npm_config_fetch_retries: '1', npm_config_fetch_retry_mintimeout: '2000', npm_config_fetch_retry_maxtimeout: '10000', npm_config_fetch_timeout: '60000', npm_config_loglevel: 'http' };
/**
 * Failures of a request to the registry that no retry mends (its certificate is not trusted here, the host does
 * not resolve or refuses): the step is stopped as soon as one appears in its output, and the test fails with it.
 */
const REGISTRY_FAILURE = /\b(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT(?:_LOCALLY)?|UNABLE_TO_VERIFY_LEAF_SIGNATURE|CERT_HAS_EXPIRED|ERR_TLS_CERT_ALTNAME_INVALID|ENOTFOUND|ECONNREFUSED)\b|npm (?:error|ERR!) code (E401|E403)\b/;

interface Step { readonly status: number | null; readonly output: string; readonly seconds: number; readonly stopped?: string }

/**
 * Runs one step in a process group of its own, collecting its output (colours stripped: the assertions read
 * vitest's summary lines), in this process's environment plus `env` (or `env` alone, `inherit` false). It is stopped — with every process it started, such as the npm the scaffolder
 * runs — at the deadline, or (`installs`) as soon as its output shows a registry failure; the result then says why.
 */
function step(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}, installs = false, inherit = true): Promise<Step> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: inherit ? { ...process.env, ...env } : env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    let output = '';
    let stopped: string | undefined;
    const stop = (why: string): void => {
      if (stopped !== undefined) return;
      stopped = why;
      try {
        if (process.platform === 'win32') child.kill('SIGKILL');
        else process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => stop(`still running after ${STEP_DEADLINE_MS / 1000} s`), STEP_DEADLINE_MS);
    const take = (chunk: Buffer): void => {
      const text = chunk.toString().replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
      const failure = installs ? REGISTRY_FAILURE.exec(output.slice(-200) + text) : null;
      output += text;
      if (failure) stop(`the registry could not be used (${failure[1] ?? failure[2]}); check npm's registry, cafile and proxy settings`);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => {
      output += `\n${error.message}`;
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output, seconds: (performance.now() - started) / 1000, ...(stopped === undefined ? {} : { stopped }) });
    });
  });
}

function expectOk(what: string, result: Step): void {
  if (result.stopped !== undefined) throw new Error(`${what} was stopped after ${result.seconds.toFixed(0)} s: ${result.stopped}:\n${result.output.slice(-6000)}`);
  if (result.status !== 0) throw new Error(`${what} failed with exit code ${String(result.status)}:\n${result.output.slice(-6000)}`);
}

/** A Node older than 22.19 on this machine (the system's, beside the toolchain's), or undefined. */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/local/bin/node', '/usr/bin/node', ...(process.env.PATH ?? '').split(delimiter).map((d) => join(d, 'node'))]) {
    if (!existsSync(candidate) || candidate.includes('.toolchain') || !existsSync(join(dirname(candidate), 'npm'))) continue;
    const [major = 0, minor = 0] = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '').split('.').map(Number);
    if (major >= 18 && (major < 22 || (major === 22 && minor < 19))) return candidate;
  }
  return undefined;
}

/**
 * A user's shell: no variables of the package manager or test runner that runs this test, and PATH without
 * the repository's toolchain and tools — `first` (the machine's own Node) in front.
 */
function userShellEnv(first?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|TURBO_|VITEST|NODE_OPTIONS$|NODE_PATH$|INIT_CWD$|OPKIT_(BOOTSTRAP_REEXEC|MACHINE_NODE|CALLER_CWD)$)/i.test(key)) continue;
    env[key] = value;
  }
  const path = (process.env.PATH ?? '').split(delimiter).filter((d) => !d.includes('.toolchain') && !d.includes('node_modules'));
  env.PATH = [...(first === undefined ? [] : [first]), ...path].join(delimiter);
  return env;
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
  }, deadline(300_000));
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  }, deadline(300_000));

  it('npm run create -- <dir> --template minimal, from the repository with the machine\'s Node first on PATH, then npm run check', async () => {
    const old = olderNode();
    const shell = userShellEnv(old === undefined ? undefined : dirname(old));
    const dir = join(work, 'minimal-operator');
    // The one documented command. The packages are built already (turbo builds them before this test;
    // a build started here would rewrite dist/ under the tests of other packages running beside it).
    const create = await step('npm', ['run', 'create', '--', dir, '--template', 'minimal', '--yes', '--no-git'], ROOT,
      { ...shell, OPKIT_CREATE_SKIP_BUILD: '1', CI: '1', NO_COLOR: '1', ...NPM_FAIL_FAST }, true, false);
    expectOk('npm run create', create);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; engines: { node: string } };
    expect(manifest.dependencies['@opkit/core']).toMatch(new RegExp(`^file:${join(ROOT, '.packs')}/opkit-core-[0-9.]+\\.tgz$`));
    expect(manifest.engines.node).toBe('>=22.19');
    expect(create.output).toContain('Generating the manifests: npm run manifests');
    expect(create.output).toContain('Done. minimal-operator (template minimal)');
    if (old !== undefined) {
      // The machine's Node is too old for the project's scripts: the last lines say how to use the clone's.
      expect(create.output).toContain(`export PATH="${join(ROOT, '.toolchain', 'bin')}:$PATH"`);
      const tooOld = await step('npm', ['run', 'check'], dir, { ...shell, CI: '1', NO_COLOR: '1' }, false, false);
      expect(tooOld.status).not.toBe(0);
      expect(tooOld.output).toContain('Opkit needs Node >= 22.19; this is Node');
    }
    const check = await step('npm', ['run', 'check'], dir, { ...userShellEnv(join(ROOT, '.toolchain', 'bin')), CI: '1', NO_COLOR: '1' }, false, false);
    expectOk('npm run check', check);
    expect(check.output).toMatch(/Tests\s+\d+ passed \(\d+\)/);
    expect(check.output).not.toMatch(/Tests\s+\d+ failed/);
    process.stdout.write(`[e2e] minimal: npm run create ${create.seconds.toFixed(1)} s, npm run check ${check.seconds.toFixed(1)} s${old === undefined ? ' (no Node older than 22.19 on this machine: run with the Node on PATH)' : ` (machine Node ${old})`}\n`);
  }, 3 * STEP_DEADLINE_MS + 60_000);

  for (const template of TEMPLATES) {
    it(`scaffolds, installs and checks the ${template} template`, async () => {
      const dir = join(work, `${template}-operator`);
      // What a user runs, with npm as the package manager; the scaffolder installs and then
      // regenerates the manifests (npm run manifests) for the project's names.
      const scaffold = await step(process.execPath, [BIN, dir, '--template', template, '--yes', '--no-git'], work,
        { CREATE_OPERATOR_PKG_DIR: packs, CI: '1', npm_config_user_agent: 'npm/11.6.2 node/v24.11.1 linux x64 workspaces/false', npm_config_prefer_offline: 'true', ...NPM_FAIL_FAST }, true);
      expectOk('create-operator', scaffold);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      expect(manifest.dependencies['@opkit/core']).toMatch(/^file:.*opkit-core-.*\.tgz$/);
      expect(existsSync(join(dir, 'node_modules', '@opkit', 'core', 'dist', 'index.js'))).toBe(true);
      expect(existsSync(join(dir, 'package-lock.json'))).toBe(true);

      const check = await step('npm', ['run', 'check'], dir, { CI: '1', NO_COLOR: '1' });
      expectOk('npm run check', check);
      expect(check.output).toMatch(/Tests\s+\d+ passed \(\d+\)/);
      expect(check.output).not.toMatch(/Tests\s+\d+ failed/);
      process.stdout.write(`[e2e] ${template}: scaffold + npm install + manifests ${scaffold.seconds.toFixed(1)} s, npm run check ${check.seconds.toFixed(1)} s\n`);
    }, 2 * STEP_DEADLINE_MS + 60_000);
  }
});
