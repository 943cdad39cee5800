// Each template, freshly scaffolded, runs as generated: `npm run dev -- --until-settled` settles on the
// embedded API server with no KUBECONFIG set and a ~/.kube/config that points at another cluster (which
// does not exist: a handler reaching it would fail and the run would not settle). The children template
// must create its children there, through the operator's own client — checked on the objects op dev leaves
// in its store. The project is scaffolded without installing; its node_modules is the template's own
// workspace link to this repository's packages, and `op` is the repository's built CLI.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiServer } from '@opkit/apiserver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from './helpers.js';

const APP = fileURLToPath(new URL('..', import.meta.url));
const OP = join(APP, '..', 'op', 'dist', 'bin', 'op.js');
const TEMPLATES = ['minimal', 'children', 'daemon-timer'] as const;
/** How long op dev may take to settle (its own limit); the test's deadline is above it. */
const SETTLE = '150s';
const DEADLINE_MS = 200_000;

interface Run { readonly status: number | null; readonly output: string }

/** Runs a command in a process group of its own; stops the group (and fails) at the deadline. */
function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    let output = '';
    const timer = setTimeout(() => {
      output += `\n(stopped after ${DEADLINE_MS / 1000} s)`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, DEADLINE_MS);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => (output += `\n${error.message}`));
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

/** What is missing for these tests to run, or undefined. */
function missing(): string | undefined {
  if (!existsSync(BIN)) return `${BIN} is not built (pnpm --filter create-operator build)`;
  if (!existsSync(OP)) return `${OP} is not built (pnpm --filter @opkit/cli build)`;
  for (const template of TEMPLATES) {
    if (!existsSync(join(APP, 'templates', template, 'node_modules', '@opkit', 'core'))) return `templates/${template}/node_modules is not installed (pnpm install)`;
  }
  return undefined;
}

describe('npm run dev -- --until-settled on a fresh scaffold, with ~/.kube/config pointing elsewhere', () => {
  const why = missing();
  let work: string;
  let home: string;
  let bin: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'opkit-dev-settle-'));
    // A home whose kubeconfig names a cluster that is not there.
    home = join(work, 'home');
    mkdirSync(join(home, '.kube'), { recursive: true });
    writeFileSync(join(home, '.kube', 'config'), [
      'apiVersion: v1', 'kind: Config', 'current-context: elsewhere',
      'clusters: [{ name: elsewhere, cluster: { server: "https://elsewhere.invalid:6443" } }]',
      'users: [{ name: someone, user: { token: not-yours } }]',
      'contexts: [{ name: elsewhere, context: { cluster: elsewhere, user: someone } }]', '',
    ].join('\n'));
    // `op` as an installed project has it: the repository's built CLI, on this test's Node.
    bin = join(work, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'op'), `#!/bin/sh\nexec '${process.execPath}' '${OP}' "$@"\n`);
    chmodSync(join(bin, 'op'), 0o755);
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  for (const template of TEMPLATES) {
    it.skipIf(why !== undefined || process.platform === 'win32')(`${template}: settles on the embedded API server${why ? ` (skipped: ${why})` : ''}`, async () => {
      const dir = join(work, `${template}-operator`);
      const scaffold = await run(process.execPath, [BIN, dir, '--template', template, '--yes', '--no-install', '--no-git'], work, cleanEnv());
      expect(scaffold.status, scaffold.output).toBe(0);
      symlinkSync(join(APP, 'templates', template, 'node_modules'), join(dir, 'node_modules'), 'dir');

      const env = cleanEnv({ KUBECONFIG: undefined, HOME: home, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` });
      const dev = await run('npm', ['run', 'dev', '--', `--until-settled=${SETTLE}`, '--plain'], dir, env);
      expect(dev.status, dev.output).toBe(0);
      expect(dev.output).toContain('op dev: the embedded Kubernetes API server at http://127.0.0.1:');
      expect(dev.output).toContain('op dev: settled: every object is idle');
      expect(dev.output).not.toMatch(/elsewhere\.invalid|no Kubernetes credentials found|Will retry/);
      if (template !== 'children') return;

      // The children are in the embedded server's store, owned by the sample: created by the handlers.
      expect(dev.output).toContain('Created Deployment and Service hello.');
      const { scaffold: names } = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { opkit: { scaffold: { kind: string; group: string; version: string; plural: string } } }).opkit;
      const server = await startApiServer({ port: 0, dataDir: join(dir, '.opkit', 'apiserver') });
      try {
        const read = async (path: string): Promise<any> => {
          const response = await fetch(`${server.url}${path}`);
          expect(response.status, path).toBe(200);
          return response.json();
        };
        const owner = await read(`/apis/${names.group}/${names.version}/namespaces/default/${names.plural}/hello`);
        for (const path of ['/apis/apps/v1/namespaces/default/deployments/hello', '/api/v1/namespaces/default/services/hello']) {
          const child = await read(path);
          expect(child.metadata.ownerReferences, path).toEqual([expect.objectContaining({ kind: names.kind, name: 'hello', uid: owner.metadata.uid, controller: true })]);
        }
      } finally {
        await server.close();
      }
    }, DEADLINE_MS + 30_000);
  }
});
