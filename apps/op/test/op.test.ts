// `op` as a user runs it: a real process, an operator file outside any project that imports
// '@opkit/core', the embedded API server in the test, Ctrl+C, and the errors that exit with code 2.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deadline } from '@opkit/test-tools';

const OP = fileURLToPath(new URL('../dist/bin/op.js', import.meta.url));
const CRD = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const OBJ = fileURLToPath(new URL('../../../examples/obj.yaml', import.meta.url));

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('op', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'opkit-op-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  it('exits with 2 and one clear line for bad input', () => {
    const cases: [string[], RegExp][] = [
      [['run'], /^op run: error: no operator given/],
      [['run', 'x.ts', '--log-format', 'xml'], /^op run: error: --log-format must be plain, full or json; got "xml"/],
      [['run', join(dir, 'missing.ts'), '--embedded', '--kubeconfig', join(dir, 'kc')], /^op run: error: Cannot load .*missing\.ts: no such file\./m],
      [['frobnicate'], /^op: error: unknown command 'frobnicate'/],
    ];
    for (const [argv, message] of cases) {
      const result = spawnSync(process.execPath, [OP, ...argv], { encoding: 'utf8', cwd: dir, env: { ...process.env, KUBECONFIG: join(dir, 'none') } });
      expect(result.status, argv.join(' ')).toBe(2);
      expect(result.stderr, argv.join(' ')).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
  });

  it('says which cluster it cannot reach, and exits 2', () => {
    writeFileSync(join(dir, 'kubeconfig'), [
      'apiVersion: v1', 'kind: Config', 'current-context: x',
      'clusters: [{name: c, cluster: {server: "http://127.0.0.1:1", insecure-skip-tls-verify: true}}]',
      'users: [{name: u, user: {}}]', 'contexts: [{name: x, context: {cluster: c, user: u}}]',
    ].join('\n'));
    writeFileSync(join(dir, 'op.ts'), "import { on } from '@opkit/core';\non.create('kopfexamples', function create_fn() { return 1; });\n");
    const result = spawnSync(process.execPath, [OP, 'run', 'op.ts'], { encoding: 'utf8', cwd: dir, env: { ...process.env, KUBECONFIG: join(dir, 'kubeconfig') } });
    expect(result.stderr).toContain('op run: error: cannot reach the cluster at http://127.0.0.1:1');
    expect(result.status).toBe(2);
  }, deadline(120_000));

  it('refuses a handler on a resource the cluster does not serve', () => {
    writeFileSync(join(dir, 'op.ts'), "import { on } from '@opkit/core';\non.create('nosuchthings', function create_fn() { return 1; });\n");
    const result = spawnSync(process.execPath, [OP, 'run', 'op.ts', '--embedded', '--kubeconfig', join(dir, 'kc')], { encoding: 'utf8', cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("op run: error: no served resource matches 'nosuchthings': check the name, or apply its CRD first (e.g. --apply crd.yaml)");
  });

  it('names the closest served resource for a typo', () => {
    writeFileSync(join(dir, 'op.ts'), "import { on } from '@opkit/core';\non.create('configmpas', function create_fn() { return 1; });\n");
    const result = spawnSync(process.execPath, [OP, 'run', 'op.ts', '--embedded', '--kubeconfig', join(dir, 'kc')], { encoding: 'utf8', cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("op run: error: no served resource matches 'configmpas': did you mean 'configmaps'? (or apply its CRD first, e.g. --apply crd.yaml)");
  });

  it("prints the kubectl line with the operator's own resources", async () => {
    writeFileSync(join(dir, 'operator.ts'), "import { on } from '@opkit/core';\non.create('configmaps', function create_fn() { return 1; });\non.event('secrets', function watch_fn() { return 1; });\n");
    const kubeconfig = join(dir, 'kubeconfig');
    const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '--embedded', '--kubeconfig', kubeconfig, '--log-format', 'plain'], { cwd: dir });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    const exit = exited(child);
    try {
      await vi.waitFor(() => expect(stdout).toContain('kubectl get'), { timeout: deadline(30_000), interval: 50 });
      expect(stdout).toContain(`op run: to use it from another terminal: export KUBECONFIG=${kubeconfig}; kubectl get configmaps,secrets -A\n`);
      expect(stdout).not.toContain('kopfexamples');
    } finally {
      child.kill('SIGINT');
    }
    expect((await exit).code).toBe(0);
  });

  it('runs a .ts operator from outside any project with --embedded, and stops cleanly on SIGINT', async () => {
    writeFileSync(join(dir, 'operator.ts'), [
      "import { on } from '@opkit/core';",
      "on.create('kopfexamples', function create_fn({ spec }: { spec: Record<string, unknown> }) {",
      '  return { message: `hello ${String(spec.field)}` };',
      '});',
    ].join('\n'));
    const kubeconfig = join(dir, 'kubeconfig');
    const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '--embedded', '--kubeconfig', kubeconfig, '--apply', CRD, '--apply', OBJ, '--log-format', 'plain'], { cwd: dir });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    const exit = exited(child);
    try {
      await vi.waitFor(() => expect(stderr).toContain("[default/kopf-example-1] Handler 'create_fn' succeeded."), { timeout: deadline(30_000), interval: 50 });
      expect(stdout).toContain(`export KUBECONFIG=${kubeconfig}`);
      const client = await connect({ kubeconfig });
      try {
        const kex = await client.resolveOne('kopfexamples.kopf.dev');
        const body = await client.get(kex, 'kopf-example-1', { namespace: 'default' });
        expect((body.status as { create_fn?: unknown }).create_fn).toEqual({ message: 'hello value' });
      } finally {
        client.close();
      }
    } finally {
      child.kill('SIGINT');
    }
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(stderr).toContain('Signal SIGINT is received. Operator is stopping.');
    expect(readFileSync(kubeconfig, 'utf8')).toContain('insecure-skip-tls-verify: true');
  });

  it("with --embedded, handlers reach the embedded server through their client, whatever ~/.kube/config says", async () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, '.kube'), { recursive: true });
    writeFileSync(join(home, '.kube', 'config'), 'apiVersion: v1\nkind: Config\ncurrent-context: x\nclusters: [{ name: x, cluster: { server: "https://elsewhere.invalid:6443" } }]\nusers: [{ name: x, user: { token: t } }]\ncontexts: [{ name: x, context: { cluster: x, user: x } }]\n');
    writeFileSync(join(dir, 'operator.ts'), [
      "import { on } from '@opkit/core';",
      "on.create('kopfexamples', async function create_fn({ name, client }) {",
      "  const child = await client.createOrAdopt({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${name}-child` }, data: {} });",
      '  return { child: child.metadata.uid, server: client.info.server };',
      '});',
    ].join('\n'));
    const kubeconfig = join(dir, 'kubeconfig');
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
    delete env.KUBECONFIG;
    const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '--embedded', '--kubeconfig', kubeconfig, '--apply', CRD, '--apply', OBJ, '--log-format', 'plain'], { cwd: dir, env });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const exit = exited(child);
    try {
      await vi.waitFor(() => expect(output).toContain("[default/kopf-example-1] Handler 'create_fn' succeeded."), { timeout: deadline(30_000), interval: 50 });
      const server = /listens on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      const client = await connect({ kubeconfig });
      try {
        const kex = await client.resolveOne('kopfexamples.kopf.dev');
        const body = await client.get(kex, 'kopf-example-1', { namespace: 'default' });
        const configmaps = await client.resolveOne('configmaps');
        const made = await client.get(configmaps, 'kopf-example-1-child', { namespace: 'default' });
        expect((body.status as { create_fn?: unknown }).create_fn).toEqual({ child: made.metadata.uid, server });
        expect(made.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'KopfExample', name: 'kopf-example-1', uid: body.metadata.uid })]);
      } finally {
        client.close();
      }
    } finally {
      child.kill('SIGINT');
    }
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(output).not.toContain('elsewhere.invalid');
  });

  it('connects with what a login handler returns when there is no kubeconfig at all', async () => {
    const server = await startApiServer({ token: 'login-token' });
    const admin = await connect({ server: { url: server.url, token: 'login-token' } });
    try {
      await admin.create({ group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false },
        (await import('yaml')).parse(readFileSync(CRD, 'utf8')) as never);
      const kex = await vi.waitFor(() => admin.resolveOne('kopfexamples.kopf.dev'), { timeout: deadline(30_000), interval: 50 });
      writeFileSync(join(dir, 'operator.ts'), [
        "import { on } from '@opkit/core';",
        `on.login(function login_fn() { return { server: ${JSON.stringify(server.url)}, token: 'login-token' }; });`,
        "on.create('kopfexamples', function create_fn() { return 'logged in'; });",
      ].join('\n'));
      const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '-A', '--standalone', '--log-format', 'plain'],
        { cwd: dir, env: { ...process.env, KUBECONFIG: join(dir, 'none'), HOME: dir, KUBERNETES_SERVICE_HOST: '' } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      const exit = exited(child);
      try {
        await vi.waitFor(() => expect(stderr).toContain('Initial authentication has finished.'), { timeout: deadline(30_000), interval: 50 });
        await admin.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'kopf-example-1', namespace: 'default' }, spec: {} }, { namespace: 'default' });
        await vi.waitFor(async () => {
          const body = await admin.get(kex, 'kopf-example-1', { namespace: 'default' });
          expect((body.status as { create_fn?: unknown } | undefined)?.create_fn).toBe('logged in');
        }, { timeout: deadline(30_000), interval: 50 });
      } finally {
        child.kill('SIGINT');
      }
      expect((await exit).code, stderr).toBe(0);
    } finally {
      admin.close();
      await server.close();
    }
  }, deadline(120_000));

  it('serves /healthz with the probes and /readyz with --liveness', async () => {
    writeFileSync(join(dir, 'operator.ts'), [
      "import { on } from '@opkit/core';",
      "on.create('kopfexamples', function create_fn() { return { ok: true }; });",
      "on.probe(() => 'pong', { id: 'ping' });",
      "on.probe(({ memo }: { memo: Record<string, unknown> }) => Object.keys(memo).length, { id: 'memo_keys' });",
    ].join('\n'));
    const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '--embedded', '--kubeconfig', join(dir, 'kubeconfig'), '--apply', CRD,
      '--liveness', 'http://127.0.0.1:0/healthz', '--log-format', 'plain'], { cwd: dir });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    const exit = exited(child);
    try {
      const [liveness, readiness] = await vi.waitFor(() => {
        const match = /op run: liveness at (http:\/\/\S+), readiness at (http:\/\/\S+), metrics at /.exec(stdout);
        if (!match) throw new Error('not serving yet');
        return [match[1]!, match[2]!] as const;
      }, { timeout: deadline(30_000), interval: 50 });
      expect(readiness).toBe(liveness.replace('/healthz', '/readyz'));
      await vi.waitFor(async () => expect((await fetch(readiness)).status).toBe(200), { timeout: deadline(30_000), interval: 50 });
      const response = await fetch(liveness);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ping: 'pong', memo_keys: 0 });
      const metrics = await (await fetch(liveness.replace('/healthz', '/metrics'))).text();
      expect(metrics).toMatch(/^opkit_ready 1$/m);
      expect(metrics).toMatch(/^opkit_watch_synced\{resource="kopfexamples\.kopf\.dev\/v1"\} 1$/m);
      expect(metrics).toMatch(/^opkit_process_resident_memory_bytes \d+/m);
    } finally {
      child.kill('SIGTERM');
    }
    expect((await exit).code).toBe(0);
  });

  it('runs the API server alone with `op apiserver`', async () => {
    const child = spawn(process.execPath, [OP, 'apiserver', '--port', '0'], { cwd: dir });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    const exit = exited(child);
    try {
      const url = await vi.waitFor(() => {
        const match = /op apiserver listening on (http:\/\/\S+)/.exec(stdout);
        if (!match) throw new Error('not listening yet');
        return match[1]!;
      }, { timeout: deadline(30_000), interval: 50 });
      const version = await (await fetch(`${url}/version`)).json() as { major?: string };
      expect(version.major).toBe('1');
    } finally {
      child.kill('SIGTERM');
    }
    expect((await exit).code).toBe(0);
  });
});

describe('op run after kill -9', () => {
  let server: ApiServer;
  let client: KubeClient;
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opkit-op-kill-'));
    server = await startApiServer({ port: 0 });
    writeFileSync(join(dir, 'kubeconfig'), server.kubeconfig({ namespace: 'default' }));
    client = await connect({ kubeconfig: join(dir, 'kubeconfig') });
  });
  afterEach(async () => {
    client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('handles every object of a 500-object burst exactly once across a kill -9 and a restart', async () => {
    // The handler appends to a list on the object: a second run of it for the same object would show.
    writeFileSync(join(dir, 'operator.ts'), [
      "import { on } from '@opkit/core';",
      "on.create('kopfexamples', function create_fn({ status, patch }: { status: Record<string, any>; patch: { status: Record<string, any> } }) {",
      "  patch.status.log = [...(status.log ?? []), 'created'];",
      '  return { done: true };',
      '});',
    ].join('\n'));
    const crds = await client.resolveOne({ group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions' });
    const { parse } = await import('yaml');
    await client.create(crds, parse(readFileSync(CRD, 'utf8')));
    const kex = await vi.waitFor(() => client.resolveOne('kopfexamples.kopf.dev'), { timeout: deadline(30_000), interval: 50 });
    const start = (): { child: ChildProcess; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } => {
      const child = spawn(process.execPath, [OP, 'run', 'operator.ts', '-A', '--log-format', 'plain', '-q'], {
        cwd: dir, env: { ...process.env, KUBECONFIG: join(dir, 'kubeconfig') }, stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr.resume();
      return { child, exit: exited(child) };
    };
    const handled = async (): Promise<number> => (await client.listAll<Record<string, any>>(kex, { namespace: 'default' })).items
      .filter((item) => item.status?.create_fn?.done === true).length;

    const first = start();
    const names = Array.from({ length: 500 }, (_, i) => `burst-${String(i).padStart(3, '0')}`);
    let created = 0;
    const creating = (async () => {
      for (let i = 0; i < names.length; i += 25) {
        await Promise.all(names.slice(i, i + 25).map((name) => client.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name, namespace: 'default' }, spec: { n: name } }, { namespace: 'default' })));
        created += 25;
      }
    })();
    await vi.waitFor(async () => expect(await handled()).toBeGreaterThanOrEqual(100), { timeout: deadline(60_000), interval: 100 });
    first.child.kill('SIGKILL');
    expect((await first.exit).signal).toBe('SIGKILL');
    const atKill = await handled();
    const createdAtKill = created;
    await creating;

    const second = start();
    try {
      await vi.waitFor(async () => expect(await handled()).toBe(500), { timeout: deadline(120_000), interval: 200 });
    } finally {
      second.child.kill('SIGINT');
    }
    expect(await second.exit).toEqual({ code: 0, signal: null });
    const items = (await client.listAll<Record<string, any>>(kex, { namespace: 'default' })).items;
    expect(items).toHaveLength(500);
    const duplicates = items.filter((item) => (item.status.log as string[]).length !== 1).map((item) => item.metadata.name);
    expect(duplicates).toEqual([]);
    expect(items.filter((item) => (item.metadata.finalizers ?? []).length > 0)).toEqual([]);
    const leftovers = items.filter((item) => Object.keys(item.metadata.annotations ?? {}).some((key) => key === 'opkit.dev/create_fn'));
    expect(leftovers).toEqual([]);
    const patches = server.requests().filter((record) => record.verb === 'patch').length;
    process.stdout.write(`kill -9 after ${atKill} of ${createdAtKill} created objects were handled; ${patches} PATCH requests for 500 objects\n`);
  }, deadline(240_000));
});
