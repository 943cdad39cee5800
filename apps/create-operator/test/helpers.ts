// Running the built create-operator bin (dist/index.js, as npm would) in a scratch directory outside
// the repository, with an environment stripped of what the test runner itself sets (pnpm's user
// agent, CI, colours), so every test states the environment it means.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadline } from '@opkit/test-tools';

/** The built bin. `turbo run test` builds it first; run `pnpm --filter create-operator build` by hand otherwise. */
export const BIN = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** The outcome of one run. */
export interface BinRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A scratch directory under the OS temp dir (outside any git work tree); removed by the returned function. */
export function scratch(prefix = 'create-operator-e2e-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment of a run: the test's own minus what would change create-operator's behaviour. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(env)) {
    if (/^npm_/i.test(key) || key === 'CI' || key === 'FORCE_COLOR' || key === 'CREATE_OPERATOR_PKG_DIR' || key.startsWith('GIT_')) delete env[key];
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * Run the bin with `args` in `cwd`, stdin empty and closed. A deadline guards against a hang (it
 * would fail the test, never pass it).
 */
export function runBin(args: readonly string[], options: { cwd: string; env?: Record<string, string | undefined>; node?: string }): BinRun {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm --filter create-operator build\` first`);
  const result = spawnSync(options.node ?? process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    input: '',
    encoding: 'utf8',
    timeout: deadline(60_000),
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file under `dir` (relative, sorted), without `.git`. */
export function treeOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string): void => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      const path = join(abs, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * A folder with fake package-manager executables that log their arguments and working directory to
 * `log` and exit with `exitCode` — to test the install step without a registry.
 */
export function fakePackageManagers(root: string, log: string, exitCodes: { install?: number; run?: number } = {}): string {
  const bin = join(root, 'fake-bin');
  mkdirSync(bin, { recursive: true });
  for (const name of ['npm', 'pnpm', 'yarn', 'bun']) {
    const script = [
      '#!/bin/sh',
      `echo "${name} $* (in $PWD)" >> '${log}'`,
      'case "$1" in',
      `  run) exit ${exitCodes.run ?? 0} ;;`,
      `  *) exit ${exitCodes.install ?? 0} ;;`,
      'esac',
      '',
    ].join('\n');
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}
