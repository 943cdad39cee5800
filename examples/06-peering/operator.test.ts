// 06-peering: several `op run` processes of one operator on one embedded API server. Two at the same
// priority both pause; when one exits the other resumes and handles what was created meanwhile; a
// `--dev` one pauses the other until it exits; `op freeze` / `op resume` do the same by hand.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const OP = join(dirname(fileURLToPath(import.meta.resolve('@opkit/cli'))), 'bin', 'op.js');
const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const PEER = String.raw`<Peer [^:]+: priority=\d+, lifetime=\d+, lastseen='\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{6})?\+00:00'>`;

interface Proc {
  readonly child: ChildProcess;
  readonly lines: string[];
  /** Wait until `count` lines match (default 1), or fail naming the pattern and showing the output. */
  waitFor(pattern: RegExp | string, count?: number): Promise<string>;
  stop(): Promise<void>;
}

describe('example 06-peering', () => {
  let env: TestEnv;
  const procs: Proc[] = [];
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => {
    await Promise.all(procs.splice(0).map((proc) => proc.stop()));
    await env.dispose();
  });

  function op(args: readonly string[], id: string): Proc {
    const child = spawn(process.execPath, [OP, ...args], { env: { ...process.env, KUBECONFIG: env.kubeconfigPath, POD_ID: id } });
    const lines: string[] = [];
    let rest = '';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stderr.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
    const proc: Proc = {
      child, lines,
      async waitFor(pattern, count = 1) {
        const matches = (line: string): boolean => (typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line));
        for (const giveUpAt = Date.now() + deadline(30_000); ;) {
          const found = lines.filter(matches);
          if (found.length >= count) return found[count - 1]!;
          if (Date.now() > giveUpAt) throw new Error(`${id} logged ${found.length} of ${count} lines matching ${String(pattern)}; it logged:\n${lines.join('\n')}`);
          await new Promise((resolve) => { setTimeout(resolve, 25); });
        }
      },
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        await exited;
      },
    };
    procs.push(proc);
    return proc;
  }
  const run = (id: string, ...more: string[]): Proc => op(['run', operator, '-A', '--log-format', 'plain', ...more], id);
  // Asynchronously: the API server runs in this process.
  const cli = (...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> => new Promise((resolve) => {
    const child = spawn(process.execPath, [OP, ...args], { env: { ...process.env, KUBECONFIG: env.kubeconfigPath } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
  const create = (name: string): Promise<unknown> => env.apply({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { field: 'value' } });
  const handled = (name: string, by: string): string => `[default/${name}] Handled by ${by}.`;

  it('pauses same-priority operators, a --dev one\'s peers, and frozen ones; they resume and catch up', async () => {
    const install = await cli('peering', 'install');
    expect(install.stderr).toBe('');
    expect(install.status).toBe(0);

    // Two at the same priority: both warn and pause.
    const a = run('op-a');
    const b = run('op-b');
    for (const [me, other] of [[a, 'op-b'], [b, 'op-a']] as const) {
      await me.waitFor(new RegExp(`^Possibly conflicting operators with the same priority: \\[<Peer ${other}: priority=0, lifetime=60, lastseen='[^']+'>\\]\\.$`));
      await me.waitFor(new RegExp(`^Pausing all operators, including self: \\[${PEER}(, ${PEER})*\\]$`));
    }
    expect(a.lines).not.toContain('Default peering object is not found, falling back to the standalone mode.');
    await create('created-while-both-paused');
    await b.stop();
    const RESUMING = 'Resuming operations after the pause. Conflicting operators with the same priority are gone.';
    await a.waitFor(RESUMING);
    await a.waitFor(handled('created-while-both-paused', 'op-a'));
    expect(b.lines.some((line) => line.includes('created-while-both-paused'))).toBe(false);

    // A --dev operator (priority 666) pauses A until it exits.
    const dev = run('op-dev', '--dev');
    await a.waitFor(new RegExp(`^Pausing operations in favour of \\[<Peer op-dev: priority=666, lifetime=60, lastseen='[^']+'>\\]\\.$`));
    await a.waitFor('Pausing the watches.');
    expect(dev.lines.some((line) => line.includes('Pausing'))).toBe(false);
    await create('created-for-dev');
    await dev.waitFor(handled('created-for-dev', 'op-dev'));
    await dev.stop();
    await a.waitFor(RESUMING, 2);
    await create('created-after-dev');
    await a.waitFor(handled('created-after-dev', 'op-a'));

    // The same by hand: op freeze pauses A, op resume resumes it, and it handles what was created meanwhile.
    const freeze = await cli('freeze', '--lifetime', '600', '--priority', '100', '--id', 'admin', '--message', 'maintenance');
    expect(freeze.stdout).toBe("op freeze: froze the operators of ClusterKopfPeering 'default' cluster-wide for 600 s (priority 100, as admin)\n");
    expect(freeze.status).toBe(0);
    await a.waitFor(new RegExp(`^Pausing operations in favour of \\[<Peer admin: priority=100, lifetime=600, lastseen='[^']+'>\\]\\.$`));
    await create('created-while-frozen');
    const resume = await cli('resume', '--id', 'admin');
    expect(resume.status).toBe(0);
    expect(resume.stdout).toBe("op resume: resumed the operators of ClusterKopfPeering 'default' cluster-wide (removed the record of admin)\n");
    await a.waitFor(RESUMING, 3);
    await a.waitFor(handled('created-while-frozen', 'op-a'));
    expect(a.lines.filter((line) => line.includes("Handler 'create_fn' succeeded."))).toHaveLength(3);
  });
});
