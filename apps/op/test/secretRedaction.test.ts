// A Secret's values never reach what `op` prints: `op run -v` and `op run -d` (debug lines with the body and
// the diff, and the fields a handler logs), `op dev --plain -v`, and `op dev --json` (the operator's feed and
// op dev's own object records). The keys stay, so a reader still sees what the Secret holds and what changed.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '@opkit/kube';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevProcess } from './helpers/devProcess.js';
import { makeProject, startDev } from './helpers/devProcess.js';
import { deadline } from '@opkit/test-tools';

const OP = fileURLToPath(new URL('../dist/bin/op.js', import.meta.url));
const SECRETS = { group: '', version: 'v1', plural: 'secrets', kind: 'Secret', namespaced: true } as const;
const VALUE = 'c2VjcmV0LXZhbHVlLTE='; // base64 of secret-value-1
const NEXT = 'c2VjcmV0LXZhbHVlLTI='; // base64 of secret-value-2
const CLEAR = 'clear-text-token-3';
/** Anything that would show a value in clear: the base64 forms and the decoded texts. */
const LEAKS = [VALUE, NEXT, CLEAR, Buffer.from(CLEAR).toString('base64'), 'secret-value-1', 'secret-value-2'];

const APPLIED = JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds', namespace: 'default' }, stringData: { token: CLEAR } });
const SECRET_YAML = [
  'apiVersion: v1',
  'kind: Secret',
  'metadata:',
  '  name: creds',
  '  namespace: default',
  '  annotations:',
  `    kubectl.kubernetes.io/last-applied-configuration: '${APPLIED}'`,
  'type: Opaque',
  'data:',
  `  password: ${VALUE}`,
  'stringData:',
  `  token: ${CLEAR}`,
  '',
].join('\n');

/** Handlers on Secrets that log the body and the diff as fields, as a handler author might. */
const SECRET_HANDLERS = [
  "on.create('secrets', function create_secret({ body, logger }) { logger.info('Secret seen.', { secret: body }); });",
  "on.update('secrets', function update_secret({ body, diff, logger }) { logger.info('Secret changed.', { diff, secret: body }); });",
].join('\n');

function expectNoLeak(output: string, what: string): void {
  for (const leak of LEAKS) expect(output, `${what} shows ${leak}`).not.toContain(leak);
  expect(output, `${what} names the key`).toContain('password');
  expect(output, `${what} names the key`).toContain('token');
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('op run: Secret values in debug output', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'opkit-redact-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  for (const [flag, format] of [['-v', 'plain'], ['-d', 'json']] as const) {
    it(`${flag} --log-format ${format}: the body and diff debug lines and logged fields show keys, never values`, async () => {
      writeFileSync(join(dir, 'operator.ts'), `import { on } from '@opkit/core';\n${SECRET_HANDLERS}\n`);
      writeFileSync(join(dir, 'secret.yaml'), SECRET_YAML);
      const kubeconfig = join(dir, 'kubeconfig');
      const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '--embedded', '--kubeconfig', kubeconfig, '--apply', 'secret.yaml', '--log-format', format, flag], { cwd: dir });
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
      child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
      const exit = exited(child);
      try {
        await vi.waitFor(() => expect(output).toMatch(/Handler 'create_secret' succeeded/), { timeout: deadline(60_000), interval: 50 });
        const client = await connect({ kubeconfig });
        try {
          await client.patch(SECRETS, 'creds', { data: { password: NEXT } }, { namespace: 'default', type: 'merge' });
        } finally {
          client.close();
        }
        await vi.waitFor(() => expect(output).toMatch(/Handler 'update_secret' succeeded/), { timeout: deadline(60_000), interval: 50 });
      } finally {
        child.kill('SIGINT');
      }
      expect(await exit).toEqual({ code: 0, signal: null });
      expectNoLeak(output, `op run ${flag}`);
      expect(output).toContain('Creation is in progress');
      expect(output).toContain('Updating diff');
      expect(output).toContain('Secret changed.');
      expect(output).toContain('<redacted>');
    });
  }
});

describe('op dev: Secret values in --plain -v and --json', () => {
  let dev: DevProcess | undefined;
  afterEach(() => {
    dev?.cleanup();
    dev = undefined;
  });

  const project = (): string => {
    const dir = makeProject("  return { message: 'ok' };", SECRET_HANDLERS);
    writeFileSync(join(dir, 'samples', 'secret.yaml'), SECRET_YAML);
    return dir;
  };

  it('--plain -v prints the debug lines with the keys, never the values', async () => {
    dev = startDev(project(), ['--embedded=fresh', '--plain', '-v', `--until-settled=${Math.round(deadline(60_000) / 1000)}s`]);
    expect(await dev.exited).toEqual({ code: 0, signal: null });
    const output = `${dev.stdout()}\n${dev.stderr()}`;
    expect(output).toContain("Handler 'create_secret' succeeded.");
    expect(output).toMatch(/\[default\/creds\] Creation is in progress/);
    expectNoLeak(output, 'op dev --plain -v');
  });

  it('--json prints the feed and the Secret objects with the keys, never the values', async () => {
    dev = startDev(project(), ['--embedded=fresh', '--json', `--until-settled=${Math.round(deadline(60_000) / 1000)}s`]);
    expect(await dev.exited).toEqual({ code: 0, signal: null });
    expectNoLeak(`${dev.stdout()}\n${dev.stderr()}`, 'op dev --json');
    const object = dev.records.find((record) => record.type === 'dev.object' && record.kind === 'Secret');
    expect(object?.object?.data).toEqual({ password: '<redacted>', token: '<redacted>' });
    expect(dev.records.some((record) => record.type === 'log' && String(record.message).startsWith('Creation is in progress') && record.object?.name === 'creds')).toBe(true);
  });
});
