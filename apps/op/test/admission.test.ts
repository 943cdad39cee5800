// `op run` with admission handlers, as a user runs it: with --embedded they are served with no
// configuration and kubectl sees their verdicts; against another API server on this machine
// `--webhook-server loopback` serves them and Ctrl+C leaves only the persistent webhooks; with no
// webhook server configured for a cluster that is not the embedded one, startup fails saying what to set.
// Without kubectl (`KUBECTL`, else PATH) the tests that drive it are skipped with the reason; with CI set they
// fail, naming kubectl (.ci/run installs it).
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { deadline, findTool, requireTool, useTool } from '@opkit/test-tools';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const OP = fileURLToPath(new URL('../dist/bin/op.js', import.meta.url));
const CRD = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
/** kubectl, found once: the tests that drive it are skipped (failed under CI) without it (useTool). */
const kubectlTool = findTool('kubectl');
const KUBECTL = kubectlTool.command;

const OPERATOR = [
  "import { AdmissionError, on } from '@opkit/core';",
  "on.validate('kopfexamples', function validate1({ spec }: { spec: Record<string, unknown> }) {",
  "  if (spec.field === 'wrong') throw new AdmissionError(\"Meh! I don't like it. Change the field.\", { code: 400 });",
  '});',
  "on.validate('kopfexamples', function keeper() { return undefined; }, { persistent: true });",
].join('\n');

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

function kubectl(kubeconfig: string, home: string, args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(KUBECTL, args, { env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: kubeconfig }, timeout: deadline(60_000) },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }));
    if (input !== undefined) child.stdin!.end(input);
    else child.stdin!.end();
  });
}

const BAD = JSON.stringify({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'bad', namespace: 'default' }, spec: { field: 'wrong' } });

describe('op run with admission handlers', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'opkit-op-admission-'));
    writeFileSync(join(dir, 'operator.ts'), OPERATOR);
  });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  it('serves them with no configuration under --embedded: kubectl apply of a bad object is rejected with the message', async (ctx) => {
    useTool(ctx, kubectlTool);
    const kubeconfig = join(dir, 'kubeconfig');
    const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '--embedded', '--kubeconfig', kubeconfig, '--apply', CRD, '--log-format', 'plain'], { cwd: dir });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.stdout.resume();
    const exit = exited(child);
    try {
      await vi.waitFor(() => expect(stderr).toMatch(/Admission webhook server is listening at https:\/\/127\.0\.0\.1:\d+ for 2 handler\(s\)\./), { timeout: deadline(30_000), interval: 50 });
      await vi.waitFor(async () => expect((await kubectl(kubeconfig, dir, ['get', 'validatingwebhookconfiguration', 'auto.opkit.dev', '-o', 'name'])).stdout).toContain('auto.opkit.dev'), { timeout: deadline(30_000), interval: 100 });
      const bad = await kubectl(kubeconfig, dir, ['apply', '-f', '-'], BAD);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toContain(`admission webhook "validate1.auto.opkit.dev" denied the request: Meh! I don't like it. Change the field.`);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exit).toEqual({ code: 0, signal: null });
  }, deadline(120_000));

  describe('against another API server on this machine', () => {
    let server: ApiServer | undefined;
    let kubeconfig: string;
    requireTool(kubectlTool); // the CRD goes in with kubectl: each test is skipped (failed under CI) without it
    beforeEach(async () => {
      server = await startApiServer();
      kubeconfig = join(dir, 'kubeconfig');
      writeFileSync(kubeconfig, server.kubeconfig({ namespace: 'default' }));
      expect((await kubectl(kubeconfig, dir, ['apply', '-f', CRD])).code).toBe(0);
    });
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    it('with --webhook-server loopback: rejects the bad object, and after Ctrl+C only the persistent webhook remains', async () => {
      const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '-A', '--webhook-server', 'loopback', '--log-format', 'plain'], { cwd: dir, env: { ...process.env, KUBECONFIG: kubeconfig } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      child.stdout.resume();
      const exit = exited(child);
      try {
        await vi.waitFor(() => expect(stderr).toContain('Admission webhook server is listening'), { timeout: deadline(30_000), interval: 50 });
        await vi.waitFor(async () => expect((await kubectl(kubeconfig, dir, ['apply', '-f', '-'], BAD)).stderr).toContain('admission webhook "validate1.auto.opkit.dev" denied the request'), { timeout: deadline(30_000), interval: 200 });
      } finally {
        child.kill('SIGINT');
      }
      expect(await exit).toEqual({ code: 0, signal: null });
      const names = await kubectl(kubeconfig, dir, ['get', 'validatingwebhookconfiguration', 'auto.opkit.dev', '-o', 'jsonpath={.webhooks[*].name}']);
      expect(names.stdout).toBe('keeper.auto.opkit.dev');
    }, deadline(120_000));

    it('without a webhook server configured: exits 2 at startup saying what to configure', async () => {
      // Not spawnSync: the API server runs in this process and must keep answering.
      const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '-A', '--log-format', 'plain'], { cwd: dir, env: { ...process.env, KUBECONFIG: kubeconfig } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      child.stdout.resume();
      const status = (await exited(child)).code;
      const result = { status, stderr };
      expect(result.stderr).toContain(`op run: error: There are 2 admission handler(s) (validate1, keeper) but no webhook server is configured, and the API server at ${server!.url} is not the embedded one`);
      expect(result.stderr).toContain('--webhook-server');
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.status).toBe(2);
    }, deadline(120_000));
  });
});
