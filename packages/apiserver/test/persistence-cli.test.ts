// The `opkit-apiserver` command as users run it: the built bin as a child process — the ready line,
// the kubeconfig it writes, --token, --faults, --audit-log and /metrics seen from another process,
// clean exit on SIGTERM/SIGINT, and exit 2 with the usage for bad flags.
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const BIN = fileURLToPath(new URL('../dist/bin/opkit-apiserver.js', import.meta.url));
let dir: string;
const children = new Set<ChildProcess>();

function run(args: string[], as: { uid?: number; gid?: number; nodeFlags?: string[] } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { nodeFlags = [], ...ids } = as;
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeFlags, BIN, ...args], { timeout: deadline(60_000), ...ids }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

function start(args: string[]): Promise<{ child: ChildProcess; url: string; stdout: () => string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 60 s: ${out}`)), deadline(60_000));
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^opkit-apiserver listening on (http:\/\/\S+)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, stdout: () => out });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready: ${out}`));
    });
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build the package first (pnpm --filter @opkit/apiserver build)`);
  dir = await mkdtemp(join(tmpdir(), 'opkit-cli-'));
});

afterAll(async () => {
  await Promise.all([...children].map((c) => stop(c, 'SIGKILL')));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('opkit-apiserver', { timeout: deadline(120_000) }, () => {
  it('prints the usage for --help and exits 0', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: opkit-apiserver [options]');
  });

  it('exits 2 with what was wrong and the usage for bad flags', async () => {
    for (const [args, message] of [
      [['--port', 'abc'], '--port must be an integer from 0 to 65535, got "abc"'],
      [['--faults', 'explode=1'], 'unknown key "explode"'],
      [['--nope'], "Unknown option '--nope'"],
    ] as const) {
      const result = await run([...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('Usage: opkit-apiserver');
    }
  });

  it('exits 1 at once naming the path and the reason when --data-dir cannot be a writable directory', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const expected = 'expected a directory this process can write, or a path where one can be created';
    for (const [dataDir, reason] of [
      [join(file, 'data'), `${file} is a file, not a directory`],
      [file, `${file} exists and is not a directory`],
      // mkdir answers ENOENT under /proc although /proc exists: Node's recursive mkdir loops forever on it.
      ['/proc/opkit-data', '/proc/opkit-data cannot be created here (the file system refuses new directories)'],
    ] as const) {
      const result = await run(['--port', '0', '--data-dir', dataDir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`opkit-apiserver: cannot use the data directory ${dataDir}: ${reason}; ${expected}\n`);
    }
  });

  it('exits 1 with "permission denied" for a --data-dir in a directory it may not write', async () => {
    // Root writes through permission bits, so as root the bin runs as nobody (65534) for this check — where
    // nobody can reach the repository and Node; where it cannot (a checkout under /root), Node's permission
    // model denies the writes instead (reads allowed, writes nowhere), which the server reports the same way.
    const readOnly = join(dir, 'read-only');
    mkdirSync(readOnly);
    mkdirSync(join(readOnly, 'existing'));
    chmodSync(dir, 0o755);
    chmodSync(readOnly, 0o555);
    chmodSync(join(readOnly, 'existing'), 0o555);
    const nobody = { uid: 65534, gid: 65534 };
    const nobodyRuns = process.getuid?.() === 0 && (await run(['--help'], nobody)).code === 0;
    const as = process.getuid?.() !== 0 ? {} : nobodyRuns ? nobody : { nodeFlags: ['--permission', '--allow-fs-read=*'] };
    const expected = 'expected a directory this process can write, or a path where one can be created';
    const created = await run(['--port', '0', '--data-dir', join(readOnly, 'data')], as);
    expect(created.code).toBe(1);
    expect(created.stderr).toBe(`opkit-apiserver: cannot use the data directory ${join(readOnly, 'data')}: permission denied on ${join(readOnly, 'data')}; ${expected}\n`);
    const existing = await run(['--port', '0', '--data-dir', join(readOnly, 'existing')], as);
    expect(existing.code).toBe(1);
    expect(existing.stderr).toBe(`opkit-apiserver: cannot use the data directory ${join(readOnly, 'existing')}: permission denied on ${join(readOnly, 'existing', 'LOCK')}; ${expected}\n`);
    chmodSync(readOnly, 0o755);
    chmodSync(join(readOnly, 'existing'), 0o755);
  });

  it('on a non-loopback --host without --token or rbac: requires a generated token (file printed, 0600), serves https, prints the address bound', async () => {
    const kubeconfig = join(dir, 'exposed-kubeconfig');
    const dataDir = join(dir, 'exposed-data');
    const child = spawn(process.execPath, [BIN, '--host', '0.0.0.0', '--port', '0', '--kubeconfig', kubeconfig, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let out = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    const giveUpAt = Date.now() + deadline(60_000);
    while (!/stored in (\S+) \(mode 0600\)/.test(out)) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${out}`);
      if (Date.now() > giveUpAt) throw new Error(`no token line within 60 s: ${out}`);
      await new Promise((resolve) => child.stdout?.once('data', resolve));
    }
    const listening = /^opkit-apiserver listening on https:\/\/0\.0\.0\.0:(\d+) \(from this machine: (https:\/\/127\.0\.0\.1:\1)\)$/m.exec(out);
    expect(listening, out).not.toBeNull();
    const tokenFile = /stored in (\S+) \(mode 0600\)/.exec(out)![1]!;
    expect(tokenFile).toBe(join(dataDir, 'admin-token'));
    expect((statSync(tokenFile).mode & 0o777).toString(8)).toBe('600');
    const token = readFileSync(tokenFile, 'utf8').trim();
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(kubeconfig, 'utf8')).toContain(token);
    const get = (headers: Record<string, string>): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = httpsRequest(`${listening![2]}/api/v1/namespaces`, { headers, rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await get({})).toBe(401);
    expect(await get({ authorization: `Bearer ${token}` })).toBe(200);
    expect(await stop(child, 'SIGTERM')).toBe(0);
  });

  it('writes the kubeconfig, enforces --token, knows --user tokens, logs audit events and serves /metrics; SIGTERM exits 0', async () => {
    const kubeconfig = join(dir, 'kubeconfig');
    const audit = join(dir, 'audit.jsonl');
    const server = await start(['--kubeconfig', kubeconfig, '--token', 's3cret', '--user', 'op-t0ken=system:serviceaccount:ops:op', '--audit-log', audit, '--bookmark-interval', '5']);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const config = readFileSync(kubeconfig, 'utf8');
    expect(config).toContain(server.url);
    expect(config).toContain('insecure-skip-tls-verify: true');
    expect(config).toContain('s3cret');

    expect((await fetch(`${server.url}/api/v1/namespaces`)).status).toBe(401);
    const auth = { authorization: 'Bearer s3cret' };
    const list = await fetch(`${server.url}/api/v1/namespaces`, { headers: auth });
    expect(list.status).toBe(200);
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: auth })).text();
    expect(metrics).toMatch(/^apiserver_request_total\{verb="LIST",group="",version="v1",resource="namespaces",.*code="200"\} 1$/m);
    expect(metrics).toMatch(/^opkit_apiserver_resource_version \d+$/m);
    expect((await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, { headers: { authorization: 'Bearer op-t0ken' } })).status).toBe(200);

    expect(await stop(server.child, 'SIGTERM')).toBe(0);
    const events = readFileSync(audit, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    const lists = events.filter((e) => e.verb === 'list' && e.objectRef?.resource === 'namespaces');
    expect(lists.map((e) => e.responseStatus.code)).toContain(200);
    expect(lists.find((e) => e.responseStatus.code === 200)).toMatchObject({ kind: 'Event', apiVersion: 'audit.k8s.io/v1', stage: 'ResponseComplete', requestURI: '/api/v1/namespaces', user: { username: 'opkit:token' } });
    expect(events.find((e) => e.objectRef?.resource === 'configmaps')).toMatchObject({
      verb: 'list', user: { username: 'system:serviceaccount:ops:op', groups: ['system:serviceaccounts', 'system:serviceaccounts:ops', 'system:authenticated'] }, objectRef: { namespace: 'default' },
    });
  });

  it('stops on SIGTERM while watches are open, ending them rather than waiting for them', async () => {
    const server = await start([]);
    // A watch's own timeout is 30 to 60 minutes: a server that waited for its watches would never exit
    // within the test's timeout. (How long the stop takes is measured by `pnpm bench watch-memory`.)
    const watch = await fetch(`${server.url}/api/v1/namespaces/default/configmaps?watch=true&allowWatchBookmarks=true`);
    expect(watch.status).toBe(200);
    const body = watch.text(); // resolves when the server ends the stream
    expect(await stop(server.child, 'SIGTERM')).toBe(0);
    await expect(body).resolves.toBeTypeOf('string');
  });

  it('applies --faults and stops on SIGINT with exit 0', async () => {
    const server = await start(['--faults', 'error-rate=1,error-code=429,retry-after=3']);
    const response = await fetch(`${server.url}/api/v1/namespaces`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await stop(server.child, 'SIGINT')).toBe(0);
  });
});
