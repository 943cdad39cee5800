// Running `op dev` as a user does — a real process in a project folder — and reading its JSON lines.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJson } from '@opkit/json';
import { vi } from 'vitest';
import { deadline } from '@opkit/test-tools';

export const OP = fileURLToPath(new URL('../../dist/bin/op.js', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../../../examples/', import.meta.url));

/** A project folder with the example CRD and sample, and an operator whose create handler has the given body. */
export function makeProject(handler: string, extra = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-dev-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'deploy', 'crds'), { recursive: true });
  mkdirSync(join(dir, 'samples'));
  cpSync(join(EXAMPLES, 'crd.yaml'), join(dir, 'deploy', 'crds', 'crd.yaml'));
  cpSync(join(EXAMPLES, 'obj.yaml'), join(dir, 'samples', 'obj.yaml'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "widgets", "type": "module", "private": true }\n');
  writeOperator(dir, handler, extra);
  return dir;
}

/** Rewrite the project's operator. */
export function writeOperator(dir: string, handler: string, extra = ''): void {
  writeFileSync(join(dir, 'src', 'operator.ts'), [
    "import { on, PermanentError, TemporaryError } from '@opkit/core';",
    '',
    "on.create('kopfexamples', async function create_fn({ logger, signal, spec, patch }) {",
    handler,
    '});',
    extra,
  ].join('\n'));
}

/** A running `op dev`. */
export interface DevProcess {
  readonly child: ChildProcess;
  readonly records: Record<string, any>[];
  stdout: () => string;
  stderr: () => string;
  /** The first record matching, waiting for it up to `timeout` ms. */
  waitFor: (predicate: (record: Record<string, any>) => boolean, timeout?: number) => Promise<Record<string, any>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  cleanup: () => void;
}

/** Start `op dev ARGS` in `dir` (stdout parsed as JSON lines when `--json` is given). */
export function startDev(dir: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): DevProcess {
  const child = spawn(process.execPath, [OP, 'dev', ...args], {
    cwd: dir, env: { ...process.env, KUBECONFIG: join(dir, 'no-kubeconfig'), ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const records: Record<string, any>[] = [];
  let out = '';
  let err = '';
  let pending = '';
  const json = args.includes('--json');
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    out += text;
    if (!json) return;
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) records.push(parseJson(line) as Record<string, any>);
  });
  child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      err += `could not start op dev: ${error.message}\n`;
      resolve({ code: null, signal: null });
    });
  });
  return {
    child, records, exited,
    stdout: () => out,
    stderr: () => err,
    waitFor: (predicate, timeout = deadline(30_000)) => vi.waitFor(() => {
      const found = records.find(predicate);
      if (!found) throw new Error(`no such record yet (${records.length} records; stderr: ${err.slice(-300)})`);
      return found;
    }, { timeout, interval: 25 }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      return exited;
    },
    cleanup: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Matches a dev.gen record. */
export const gen = (number: number, phase: string) => (record: Record<string, any>): boolean => record.type === 'dev.gen' && record.gen === number && record.phase === phase;
