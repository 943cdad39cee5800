// Login handlers, as in Kopf: with an on.login handler the operator needs no other connection info —
// it connects with what the handler returns ("Initial authentication"), and when the API server
// answers 401 (the token was rotated) it calls the handlers again ("Re-authentication") and goes on
// with the new credentials.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient, Resource } from '@opkit/kube';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, Operator, OperatorError, Registry } from '../src/index.js';
import type { ConnectionInfo } from '../src/index.js';
import { CRDS, FAST, kopfExample, kopfExampleCrd } from './harness.js';
import { deadline } from '@opkit/test-tools';

describe('login handlers', () => {
  let server: ApiServer;
  let admin: KubeClient;
  let kex: Resource;
  let dir: string;
  let tokenFile: string;
  const stops: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    server = await startApiServer({ token: 'first-token' });
    dir = mkdtempSync(join(tmpdir(), 'opkit-login-'));
    tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, 'first-token');
    // The test's own client re-reads its token file after a 401, so it follows the rotation too.
    admin = await connect({ server: { url: server.url, tokenFile }, retry: { start: 20, max: 200, attempts: 10 } });
    await admin.create(CRDS, kopfExampleCrd());
    kex = await vi.waitFor(() => admin.resolveOne('kopfexamples.kopf.dev'), { timeout: deadline(30_000), interval: 50 });
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    admin.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(registry: Registry): Promise<{ lines: string[]; done: Promise<void> }> {
    const lines: string[] = [];
    const controller = new AbortController();
    const logger = createLogger({ format: 'plain', level: 'debug', write: (line) => lines.push(line) });
    // No client and no connection options: only the login handler says where and how to connect.
    const op = new Operator({ registry, logger, clusterwide: true, settings: FAST, connect: { env: {}, homeDir: dir, retry: { start: 20, max: 200, attempts: 10 } } });
    const done = op.run(controller.signal);
    stops.push(async () => { controller.abort(); await done.catch(() => undefined); });
    return { lines, done };
  }

  it('connects with what the login handler returns, and logs in again after a 401', async () => {
    let token = 'first-token';
    const logins: string[] = [];
    const handled: string[] = [];
    const registry = new Registry();
    registry.on.login(function login_fn(): ConnectionInfo {
      logins.push(token);
      return { server: server.url, token, defaultNamespace: 'default', expiration: new Date(Date.now() + 3_600_000) };
    });
    registry.on.create('kopfexamples', function create_fn({ name }) { handled.push(name!); return 'done'; });
    const { lines } = await start(registry);

    await admin.create(kex, kopfExample('before'), { namespace: 'default' });
    await vi.waitFor(() => expect(handled).toContain('before'), { timeout: deadline(15_000), interval: 20 });
    expect(logins).toEqual(['first-token']);
    expect(lines).toContain('Initial authentication has been initiated.');
    expect(lines).toContain("Activity 'login_fn' succeeded.");
    expect(lines).toContain('Initial authentication has finished.');

    // The token is rotated: the operator's next request gets a 401, and it logs in again.
    server.setToken('second-token');
    writeFileSync(tokenFile, 'second-token');
    token = 'second-token';
    await admin.create(kex, kopfExample('after'), { namespace: 'default' });
    await vi.waitFor(async () => {
      const body = await admin.get(kex, 'after', { namespace: 'default' });
      expect((body.status as Record<string, unknown> | undefined)?.create_fn).toBe('done');
    }, { timeout: deadline(15_000), interval: 50 });
    expect(logins).toEqual(['first-token', 'second-token']);
    expect(lines).toContain('Re-authentication has been initiated.');
    expect(lines).toContain('Re-authentication has finished.');
  });

  it('fails to start when no login handler returns credentials', async () => {
    const registry = new Registry();
    registry.on.login(function login_fn() { return undefined; });
    registry.on.create('kopfexamples', function create_fn() { return undefined; });
    const { lines, done } = await start(registry);
    await expect(done).rejects.toThrow(OperatorError);
    await expect(done).rejects.toThrow(/no login handler returned a ConnectionInfo/);
    expect(lines).toContain('Initial authentication has failed: no credentials were retrieved from the login handlers.');
  });
});
