// `npm start` as a user runs it: the real start script and `op dev` on a temp copy of examples/01-minimal,
// stopped with Ctrl+C delivered the way a terminal delivers it (SIGINT to the whole process group). Proves
// that Ctrl+C leaves no LOCK behind, that a second start is refused without touching the running one's
// files (its kubeconfig keeps working with kubectl), and how the port is chosen.
// Without kubectl (`KUBECTL`, else PATH) the test that uses it is skipped with the reason; with CI set it fails,
// naming kubectl (.ci/run installs it).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choosePort, DEFAULT_PORT } from './start-port.mjs';
import { ROOT } from './workspace.mjs';

const script = join(import.meta.dirname, 'start.mjs');
const started = [];
let dir;

/** A copy of examples/01-minimal (its operator, its CRD and sample beside it) in a temp folder. */
function project() {
  dir = mkdtempSync(join(tmpdir(), 'opkit-start-'));
  const copy = join(dir, 'examples', '01-minimal');
  mkdirSync(copy, { recursive: true });
  for (const file of ['operator.ts', 'package.json']) cpSync(join(ROOT, 'examples', '01-minimal', file), join(copy, file));
  for (const file of ['crd.yaml', 'obj.yaml']) cpSync(join(ROOT, 'examples', file), join(dir, 'examples', file));
  return copy;
}

/** Runs the start script in a process group of its own, as a terminal runs `npm start`. */
function start(folder) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, OPKIT_START_PROJECT: folder, OPKIT_START_BUILD: '0', OPKIT_PORT: '0', CI: 'true' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const run = { child, exited, output: () => output };
  started.push(run);
  return run;
}

/**
 * Every file under `folder` with its contents and modification time, but the running server's own journal
 * (it keeps writing it while its operator works).
 */
function snapshot(folder) {
  const files = {};
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!/^apiserver\/(journal|snapshot)\.ndjson$/.test(relative(folder, path))) {
        files[relative(folder, path)] = { mtimeMs: statSync(path).mtimeMs, text: readFileSync(path, 'utf8') };
      }
    }
  };
  walk(folder);
  return files;
}

/** kubectl, found once: the test that drives it is skipped (failed under CI) without it (useTool). */
const kubectlTool = findTool('kubectl');

function kubectl(kubeconfig, ...args) {
  return spawnSync(kubectlTool.command, ['--kubeconfig', kubeconfig, ...args], { encoding: 'utf8', timeout: deadline(30_000) });
}

afterEach(async () => {
  for (const run of started.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      try {
        process.kill(-run.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await run.exited;
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('npm start', () => {
  it('stops on Ctrl+C to the whole process group and removes the data directory\'s LOCK', async () => {
    const folder = project();
    const first = start(folder);
    await vi.waitFor(() => expect(first.output()).toContain('applied 1 sample object'), { timeout: deadline(60_000), interval: 50 });
    const lock = join(folder, '.opkit', 'apiserver', 'LOCK');
    expect(existsSync(lock)).toBe(true);
    process.kill(-first.child.pid, 'SIGINT');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(join(folder, '.opkit', 'apiserver', 'journal.ndjson'))).toBe(true);
  }, deadline(120_000));

  it('refuses a second start while one runs, leaving the running one\'s files untouched and its kubeconfig working', async (ctx) => {
    useTool(ctx, kubectlTool);
    const folder = project();
    const first = start(folder);
    await vi.waitFor(() => expect(first.output()).toContain('applied 1 sample object'), { timeout: deadline(60_000), interval: 50 });
    const kubeconfig = join(folder, '.opkit', 'kubeconfig');
    expect(kubectl(kubeconfig, 'get', 'ns', 'default', '-o', 'name').stdout.trim()).toBe('namespace/default');
    const before = snapshot(join(folder, '.opkit'));
    expect(Object.keys(before).sort()).toEqual(['apiserver/LOCK', 'apiserver/serviceaccount-signing.key', 'dev.json', 'kubeconfig']);

    const second = start(folder);
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toMatch(/data directory .* is in use by process/);
    expect(snapshot(join(folder, '.opkit'))).toEqual(before);
    const after = kubectl(kubeconfig, 'get', 'kopfexamples', '-o', 'name');
    expect(after.stderr).toBe('');
    expect(after.stdout.trim()).toBe('kopfexample.kopf.dev/kopf-example-1');

    process.kill(-first.child.pid, 'SIGINT');
    expect((await first.exited).code).toBe(0);
    expect(existsSync(join(folder, '.opkit', 'apiserver', 'LOCK'))).toBe(false);
  }, deadline(120_000));
});

describe('the port of npm start', () => {
  const listening = [];
  afterEach(async () => {
    await Promise.all(listening.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it(`asks for the stable port ${DEFAULT_PORT} first, and falls back to a free port, saying so, when it is taken`, async () => {
    const taken = createServer();
    listening.push(taken);
    await new Promise((resolve) => taken.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const port = taken.address().port;
    expect(await choosePort({}, port)).toEqual({ port: 0, message: expect.stringMatching(new RegExp(`port ${port} is in use.*free port.*OPKIT_PORT`)) });
    await new Promise((resolve) => taken.close(resolve));
    listening.length = 0;
    expect(await choosePort({}, port)).toEqual({ port, message: expect.stringContaining(`port ${port}`) });
  });

  it('takes OPKIT_PORT as it is, and refuses one that is not a port', async () => {
    expect((await choosePort({ OPKIT_PORT: '0' })).port).toBe(0);
    expect((await choosePort({ OPKIT_PORT: '7001' })).port).toBe(7001);
    await expect(choosePort({ OPKIT_PORT: 'http' })).rejects.toThrow(/OPKIT_PORT must be a port number from 0 to 65535.*"http"/);
  });
});
