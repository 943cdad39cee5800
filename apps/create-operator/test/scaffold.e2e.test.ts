// The published shape, end to end: every publishable package is packed as it would be published
// (`pnpm pack`), each template is scaffolded by the built bin into a folder outside the repository
// (so no tsconfig, vitest config or node_modules of the repository leaks in), installed with npm from
// those tarballs, and its own `npm run check` runs there: manifest drift check, typecheck, and its
// tests against the embedded API server. This is what a user gets from `npm create operator`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(APP, '..', '..');
const BIN = join(APP, 'dist', 'index.js');
const TEMPLATES = ['minimal', 'children', 'daemon-timer'] as const;
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
 * vitest's summary lines). It is stopped — with every process it started, such as the npm the scaffolder
 * runs — at the deadline, or (`installs`) as soon as its output shows a registry failure; the result then says why.
 */
function step(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}, installs = false): Promise<Step> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
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
