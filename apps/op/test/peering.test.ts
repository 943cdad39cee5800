// op's peering commands against the embedded API server: `op peering install` (and --print), op freeze /
// op resume errors and their effect on `/readyz` (unready while paused), and `op dev` on a cluster running with Kopf's --dev priority, so that an operator
// deployed there (here: an `op run` process) pauses while op dev runs and resumes when it quits.
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, OP, startDev } from './helpers/devProcess.js';
import type { DevProcess } from './helpers/devProcess.js';
import type { OpProcess } from './helpers/replicas.js';
import { startOp } from './helpers/replicas.js';
import { deadline } from '@opkit/test-tools';

/** A free loopback port (taken, then released for the child to bind). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Poll a URL until it answers `status`, within a deadline. */
async function waitForStatus(url: string, status: number, timeoutMs = deadline(30_000)): Promise<void> {
  let last = 'no answer';
  for (const giveUpAt = Date.now() + timeoutMs; Date.now() < giveUpAt;) {
    try {
      const answer = await fetch(url);
      last = `${answer.status} ${await answer.text()}`;
      if (answer.status === status) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => { setTimeout(resolve, 50); });
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms; last: ${last}`);
}

/** Run `op ARGS` asynchronously (the API server lives in this process). */
function op(args: readonly string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [OP, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('op peering, op freeze, op resume', () => {
  let server: ApiServer;
  let dir: string;
  let env: Record<string, string>;
  let client: KubeClient;
  const processes: OpProcess[] = [];
  let dev: DevProcess | undefined;

  beforeEach(async () => {
    server = await startApiServer();
    dir = makeProject("  logger.info(`Handled by ${process.env.POD_ID ?? 'op dev'}.`);");
    writeFileSync(join(dir, 'kubeconfig'), server.kubeconfig({ context: 'kind-dev', namespace: 'default' }));
    env = { KUBECONFIG: join(dir, 'kubeconfig') };
    client = await connect({ kubeconfig: join(dir, 'kubeconfig') });
  });
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((item) => item.stop('SIGKILL')));
    dev?.cleanup();
    dev = undefined;
    client.close();
    await server.close();
  });

  it('prints and installs the peering resources; freeze says what is missing', async () => {
    const printed = await op(['peering', 'install', '--print', '--name', 'team', '-n', 'ops'], env);
    expect(printed.status).toBe(0);
    const documents = parseAllDocuments(printed.stdout).map((document) => document.toJSON() as KubeObject);
    expect(documents.map((document) => `${document.kind}/${document.metadata.namespace ?? ''}/${document.metadata.name}`)).toEqual([
      'CustomResourceDefinition//clusterkopfpeerings.kopf.dev', 'CustomResourceDefinition//kopfpeerings.kopf.dev', 'ClusterKopfPeering//team', 'KopfPeering/ops/team',
    ]);

    const noCrd = await op(['freeze', '--lifetime', '60'], env);
    expect(noCrd.status).toBe(1);
    expect(noCrd.stderr).toBe('op freeze: error: The cluster serves no ClusterKopfPeering resource: install the peering CRDs first (op peering install, or kubectl apply -f peering.yaml).\n');

    const installed = await op(['peering', 'install'], env);
    expect(installed.stderr).toBe('');
    expect(installed.stdout).toBe(`op peering: installed the peering CRDs, ClusterKopfPeering 'default' and KopfPeering 'default' in default (on ${server.url})\n`);
    const again = await op(['peering', 'install'], env); // idempotent
    expect(again.status).toBe(0);

    const wrongName = await op(['freeze', '--lifetime', '60', '--peering', 'nope', '-n', 'default'], env);
    expect(wrongName.status).toBe(1);
    expect(wrongName.stderr).toBe("op freeze: error: KopfPeering 'nope' in 'default' does not exist: create it (op peering install --name nope -n default)\n");
    const bad = await op(['freeze'], env);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^op freeze: error: --lifetime is required/);
  });

  /** Apply the project's KopfExample CRD and wait until it is served. */
  async function installExampleCrd(): Promise<Resource> {
    const crds = await client.resolveOne({ group: 'apiextensions.k8s.io', plural: 'customresourcedefinitions' });
    const [crd] = parseAllDocuments(readFileSync(join(dir, 'deploy', 'crds', 'crd.yaml'), 'utf8')).map((document) => document.toJSON() as KubeObject);
    await client.create(crds, crd!);
    let kex: Resource | undefined;
    for (let attempt = 0; !(kex = (await client.resolve('kopfexamples.kopf.dev'))[0]); attempt++) {
      if (attempt > 600) throw new Error('the CRD is not served'); // 30 s of 50 ms pauses, and the requests' own time
      client.invalidateDiscovery();
      await new Promise((resolve) => { setTimeout(resolve, 50); });
    }
    return kex;
  }

  it('turns /readyz unready while op freeze pauses the operator, and ready again after op resume', async () => {
    expect((await op(['peering', 'install'], env)).status).toBe(0);
    await installExampleCrd();
    const port = await freePort();
    const deployed = startOp(['run', join(dir, 'src', 'operator.ts'), '-A', '--log-format', 'plain', '--liveness', `http://127.0.0.1:${port}/healthz`], 'deployed-0', env);
    processes.push(deployed);
    const readyz = `http://127.0.0.1:${port}/readyz`;
    await deployed.waitFor('op run: liveness at');
    await waitForStatus(readyz, 200).catch((error: Error) => { throw new Error(`${error.message}\n${deployed.lines.join('\n')}`); });
    expect((await op(['freeze', '--lifetime', '60', '--id', 'maintenance'], env)).status).toBe(0);
    await deployed.waitFor(/^Pausing operations in favour of \[<Peer maintenance: priority=100/);
    await waitForStatus(readyz, 503);
    expect((await op(['resume', '--id', 'maintenance'], env)).status).toBe(0);
    await waitForStatus(readyz, 200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('runs op dev on a cluster with priority 666: a deployed operator pauses meanwhile and resumes after', async () => {
    expect((await op(['peering', 'install'], env)).status).toBe(0);
    const kex = await installExampleCrd();
    const deployed = startOp(['run', join(dir, 'src', 'operator.ts'), '-A', '--log-format', 'plain'], 'deployed-0', env);
    processes.push(deployed);
    await client.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'before', namespace: 'default' }, spec: {} });
    await deployed.waitFor('[default/before] Handled by deployed-0.');

    dev = startDev(dir, ['--context', 'kind-dev', '--plain'], env);
    await deployed.waitFor(/^Pausing operations in favour of \[<Peer [^:]+: priority=666, lifetime=60, lastseen='[^']+'>\]\.$/);
    await client.create(kex, { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'during', namespace: 'default' }, spec: {} });
    for (const giveUpAt = Date.now() + deadline(30_000); !dev.stdout().includes('[default/during] Handled by op dev.');) {
      if (Date.now() > giveUpAt) throw new Error(`op dev did not handle the object:\n${dev.stdout()}`);
      await new Promise((resolve) => { setTimeout(resolve, 50); });
    }
    expect(dev.stdout()).toContain('op dev: on a cluster, the operator runs with peering priority 666 (--dev)');
    await dev.stop();
    await deployed.waitFor('Resuming operations after the pause. Conflicting operators with the same priority are gone.');
    expect(deployed.has('[default/during]')).toBe(false);
  });
});
