#!/usr/bin/env node
// Self-bootstrap for the Opkit repository.
//
// Why this exists: the machines that build Opkit (a newcomer's laptop, CI) may only have an old
// Node and npm. Opkit needs Node >= 22.19 and a pinned pnpm. This script, which runs on any
// Node >= 18 without dependencies, installs both from the npm registry into `.toolchain/`
// (git-ignored), installs the workspace's dependencies when they are missing or stale, and then
// runs the requested root task with that toolchain first on PATH.
//
// Usage: node scripts/bootstrap.mjs <task> [args...]
//   task: one of the keys of TASKS below (test, start, op, bench, chaos, build, create), or `exec -- <command...>`.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globalNpmrcOf, registrySettingsLines, writeSettingsBlock } from './registry-settings.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const TOOLCHAIN = join(ROOT, '.toolchain');
const TOOLCHAIN_BIN = join(TOOLCHAIN, 'bin');
const MIN_NODE = [22, 19, 0];
const NODE_SPEC = 'node@24';
const STAMP = join(ROOT, 'node_modules', '.opkit-install-stamp');

/** Root tasks: what `npm test` / `npm start` mean, run through the bootstrapped toolchain. */
const TASKS = {
  test: ['node', 'scripts/test-all.mjs'],
  start: ['node', 'scripts/start.mjs'],
  op: ['node', 'scripts/op.mjs'],
  bench: ['node', 'scripts/bench.mjs'],
  chaos: ['node', 'scripts/chaos.mjs'],
  docs: ['node', 'scripts/docs.mjs'],
  build: ['pnpm', 'exec', 'turbo', 'run', 'build'],
  create: ['node', 'scripts/create.mjs'],
};

function step(message) {
  process.stdout.write(`[bootstrap] ${message}\n`);
}

function fail(message, hint) {
  process.stderr.write(`[bootstrap] error: ${message}\n`);
  if (hint) process.stderr.write(`[bootstrap] try: ${hint}\n`);
  process.exit(1);
}

function parseVersion(text) {
  const m = /v?(\d+)\.(\d+)\.(\d+)/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function atLeast(version, min) {
  for (let i = 0; i < 3; i++) {
    if (version[i] !== min[i]) return version[i] > min[i];
  }
  return true;
}

function run(cmd, args, options = {}) {
  return spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
}

function capture(cmd, args, env) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', env });
  return r.status === 0 ? r.stdout.trim() : null;
}

function npmInstallGlobal(spec, what) {
  step(`installing ${what} (${spec}) into .toolchain/ from the npm registry`);
  mkdirSync(TOOLCHAIN, { recursive: true });
  const r = spawnSync('npm', ['install', '--global', '--prefix', TOOLCHAIN, '--no-audit', '--no-fund', '--loglevel=error', spec], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    const reason = output.split('\n').find((line) => /FetchError|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|E404|ERR!|npm error code/.test(line));
    const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|FetchError|network/i.test(output);
    fail(
      `could not install ${spec} with npm${r.error ? ` (${r.error.message})` : ''}${reason ? `: ${reason.replace(/^npm error\s*/, '').trim()}` : ''}`,
      offline
        ? `the npm registry (${registry()}) could not be reached: check your network or proxy settings (npm config get registry / proxy), then re-run`
        : `run \`npm install --global --prefix .toolchain ${spec}\` yourself to see the full error`,
    );
  }
}

function registry() {
  return capture('npm', ['config', 'get', 'registry']) ?? 'unknown registry';
}

/**
 * The machine's npm (still on the machine's Node here) may reach its registry through settings of its
 * global npmrc — a `cafile`, a proxy, a mirror — that npm and pnpm on the toolchain's Node do not read:
 * their global npmrc is the toolchain's (scripts/registry-settings.mjs). Copy them there, every time,
 * so every npm and pnpm started below (by turbo, by tests) sees them whatever its environment.
 *
 * @returns the machine npm's configuration (`npm config list --json`), or null when npm cannot tell
 */
function forwardRegistrySettings(localNode) {
  const json = capture('npm', ['config', 'list', '--json']);
  let config;
  try {
    config = json ? JSON.parse(json) : null;
  } catch {
    config = null;
  }
  if (!config) {
    step('could not read the npm configuration (npm config list --json): npm on the toolchain\'s Node gets no registry settings from it');
    return null;
  }
  const globalConfig = typeof config.globalconfig === 'string' && existsSync(config.globalconfig) ? readFileSync(config.globalconfig, 'utf8') : '';
  const target = globalNpmrcOf(localNode);
  if (relative(realpathSync(TOOLCHAIN), target).startsWith('..')) {
    step(`not writing registry settings to ${target}: it is outside .toolchain/`);
    return config;
  }
  if (writeSettingsBlock(target, registrySettingsLines(config, globalConfig))) {
    step(`registry settings of the machine's npm written to ${target}`);
  }
  return config;
}

/** Ensure we run on a Node that is new enough; otherwise install Node 24 and re-run this script with it. */
function ensureNode() {
  const current = parseVersion(process.version);
  if (current && atLeast(current, MIN_NODE)) return;
  const localNode = join(TOOLCHAIN_BIN, 'node');
  let local = existsSync(localNode) ? parseVersion(capture(localNode, ['--version']) ?? '') : null;
  if (!local || !atLeast(local, MIN_NODE)) {
    step(`Node ${process.version} is older than ${MIN_NODE.join('.')}`);
    npmInstallGlobal(NODE_SPEC, 'Node 24 LTS');
    local = parseVersion(capture(localNode, ['--version']) ?? '');
    if (!local || !atLeast(local, MIN_NODE)) {
      fail(`the installed ${localNode} does not run or is too old`, 'delete .toolchain/ and re-run');
    }
  }
  if (process.env.OPKIT_BOOTSTRAP_REEXEC === '1') {
    fail(`re-ran with ${localNode} but still got Node ${process.version}`, 'delete .toolchain/ and re-run');
  }
  step(`re-running with Node v${local.join('.')} from .toolchain/`);
  // OPKIT_MACHINE_NODE: the Node the user has, for tasks that tell them what their own shell needs (create).
  const env = { ...process.env, OPKIT_BOOTSTRAP_REEXEC: '1', OPKIT_MACHINE_NODE: process.env.OPKIT_MACHINE_NODE ?? process.version, PATH: `${TOOLCHAIN_BIN}:${process.env.PATH ?? ''}` };
  const config = forwardRegistrySettings(localNode);
  // Node programs other than npm and pnpm (fetch in a test, say) trust the same CA through this variable.
  const cafile = typeof config?.cafile === 'string' ? config.cafile : '';
  if (!env.NODE_EXTRA_CA_CERTS && cafile && existsSync(cafile)) env.NODE_EXTRA_CA_CERTS = cafile;
  const r = run(localNode, process.argv.slice(1), { env });
  process.exit(r.status ?? 1);
}

function pinnedPnpm() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const m = /^pnpm@(\d+\.\d+\.\d+)$/.exec(pkg.packageManager ?? '');
  if (!m) fail('package.json has no exact "packageManager": "pnpm@X.Y.Z" pin', 'restore the packageManager field');
  return m[1];
}

function ensurePnpm(env) {
  const version = pinnedPnpm();
  const pnpm = join(TOOLCHAIN_BIN, 'pnpm');
  if (existsSync(pnpm) && capture(pnpm, ['--version'], env) === version) return;
  npmInstallGlobal(`pnpm@${version}`, 'pnpm');
  if (capture(pnpm, ['--version'], env) !== version) fail(`.toolchain/bin/pnpm is not version ${version}`, 'delete .toolchain/ and re-run');
}

/** A fingerprint of everything that decides what `pnpm install` puts into node_modules. */
function installFingerprint() {
  const hash = createHash('sha256');
  hash.update(process.version);
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json']) {
    const path = join(ROOT, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

function ensureDependencies(env) {
  const fingerprint = installFingerprint();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === fingerprint) return;
  step(existsSync(join(ROOT, 'node_modules')) ? 'dependencies changed: pnpm install' : 'installing dependencies: pnpm install');
  const args = ['install', '--frozen-lockfile', '--reporter=append-only'];
  const r = run(join(TOOLCHAIN_BIN, 'pnpm'), args, { env });
  if (r.status !== 0) {
    fail(
      'pnpm install failed (see its output above)',
      'if the lockfile is out of date run `.toolchain/bin/pnpm install` and commit pnpm-lock.yaml; if the registry is unreachable check your network',
    );
  }
  writeFileSync(STAMP, fingerprint);
}

function main() {
  const [task, ...rest] = process.argv.slice(2);
  if (!task || (task !== 'exec' && !(task in TASKS))) {
    fail(`unknown task ${JSON.stringify(task ?? '')}`, `one of: ${[...Object.keys(TASKS), 'exec -- <command>'].join(', ')}`);
  }
  // Tasks run in the repository; the directory the user called from stays known (npm run sets INIT_CWD).
  process.env.OPKIT_CALLER_CWD ??= process.env.INIT_CWD ?? process.cwd();
  ensureNode();
  const env = {
    ...process.env,
    PATH: `${TOOLCHAIN_BIN}:${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    TURBO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
  };
  if (!existsSync(join(TOOLCHAIN_BIN, 'node'))) {
    // Running on a new-enough system Node: still expose `node` via PATH so tools agree.
    env.PATH = `${dirname(process.execPath)}:${env.PATH}`;
  }
  ensurePnpm(env);
  ensureDependencies(env);
  const command = task === 'exec' ? rest.filter((a, i) => !(i === 0 && a === '--')) : [...TASKS[task], ...rest];
  if (command.length === 0) fail('`exec` needs a command', 'node scripts/bootstrap.mjs exec -- pnpm --version');
  const [cmd, ...args] = command;
  // Ctrl+C reaches the task from the terminal (the whole process group gets it, and `npm run` forwards it
  // once more to this process): this process waits for the task to stop instead of dying at once and giving
  // the prompt back while the task is still shutting down. SIGTERM keeps its default.
  process.on('SIGINT', () => undefined);
  const r = run(cmd === 'pnpm' ? join(TOOLCHAIN_BIN, 'pnpm') : cmd === 'node' ? process.execPath : cmd, args, { env });
  if (r.error) fail(`could not start ${cmd}: ${r.error.message}`);
  process.exit(r.status ?? (r.signal ? 1 : 0));
}

main();
