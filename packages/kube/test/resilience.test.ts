import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, KubeConfigError, KubeNetworkError, ServerError, UnauthorizedError } from '../src/index.js';
import type { Logger } from '@opkit/tasks';
import { configmaps, startHarness } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function kubeconfigWithUser(server: string, user: Record<string, unknown>, insecure = true): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': 'c',
    clusters: [{ name: 'c', cluster: { server, ...(insecure ? { 'insecure-skip-tls-verify': true } : {}) } }],
    users: [{ name: 'c', user }],
    contexts: [{ name: 'c', context: { cluster: 'c', user: 'c', namespace: 'default' } }],
  });
}

describe('retries', () => {
  it('waits at least Retry-After on 429 and then succeeds', async () => {
    // The wait the client chose is read from its own debug record, not from the wall clock.
    const retries: Record<string, unknown>[] = [];
    const logger: Logger = {
      debug: (message, fields) => { if (message === 'request failed; retrying') retries.push(fields ?? {}); },
      info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger,
    };
    h = await startHarness({}, { logger });
    h.server.faults.failNext(1, 429, { retryAfterSeconds: 1 });
    const list = await h.client.listAll(configmaps, { namespace: 'default' });
    expect(retries).toHaveLength(1);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(list.items).toEqual([]);
    expect(h.server.requests().map((r) => r.code)).toEqual([429, 200]);
  });

  it('retries 503 with backoff, and throws ServerError when retries are off', async () => {
    h = await startHarness();
    h.server.faults.failNext(3, 503, { retryAfterSeconds: 0 });
    await h.client.listAll(configmaps, { namespace: 'default' });
    expect(h.server.requests().map((r) => r.code)).toEqual([503, 503, 503, 200]);
    h.server.faults.failNext(1, 503);
    await expect(h.client.listAll(configmaps, { namespace: 'default', retry: false })).rejects.toBeInstanceOf(ServerError);
  });

  it('waits between attempts on the given clock, so a fake clock sees a long backoff without waiting for it', async () => {
    // A clock that records each wait and ends it at once: a 10-minute Retry-After costs no real time.
    const waits: number[] = [];
    const clock = {
      now: () => Date.now(),
      setTimeout: (fn: () => void, ms: number) => { waits.push(ms); return setImmediate(fn); },
      clearTimeout: (handle: unknown) => { clearImmediate(handle as NodeJS.Immediate); },
    };
    h = await startHarness({}, { clock, retry: { start: 20, max: 200, maxRetryAfter: 600_000 } });
    h.server.faults.failNext(2, 503, { retryAfterSeconds: 600 });
    await h.client.listAll(configmaps, { namespace: 'default' });
    expect(waits).toHaveLength(2);
    expect(waits.every((ms) => ms >= 600_000)).toBe(true);
    expect(h.server.requests().map((r) => r.code)).toEqual([503, 503, 200]);
  });

  it('times out a slow request and aborts at once on the signal', async () => {
    h = await startHarness();
    // Far longer than any test may take: a request that settles at all was cut short by the client.
    h.server.faults.set({ latencyMs: 10 * 60_000 });
    const timedOut = await h.client.get(configmaps, 'x', { namespace: 'default', timeoutMs: 100, retry: false }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(KubeNetworkError);
    expect((timedOut as KubeNetworkError).code).toBe('timeout');
    const controller = new AbortController();
    const pending = h.client.get(configmaps, 'x', { namespace: 'default', signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error('stop now')), 50);
    // Settled at all (with the abort's reason, not the server's 404): the client did not wait for the answer.
    expect(((await pending) as Error).message).toBe('stop now');
  });
});

describe('credentials', () => {
  it('re-reads a token file after a 401 and retries the request', async () => {
    h = await startHarness({ token: 'one' });
    const tokenPath = join(h.dir, 'token');
    writeFileSync(tokenPath, 'one\n');
    const path = join(h.dir, 'kc-token-file');
    writeFileSync(path, kubeconfigWithUser(h.server.url, { tokenFile: tokenPath }));
    const client = await connect({ kubeconfig: path });
    try {
      await client.listAll(configmaps, { namespace: 'default' });
      h.server.setToken('two');
      writeFileSync(tokenPath, 'two\n');
      await client.listAll(configmaps, { namespace: 'default' });
      const codes = h.server.requests().map((r) => r.code);
      expect(codes).toEqual([200, 401, 200]);
      h.server.faults.failNext(1, 401);
      await client.listAll(configmaps, { namespace: 'default' });
      h.server.setToken('three');
      await expect(client.listAll(configmaps, { namespace: 'default' })).rejects.toBeInstanceOf(UnauthorizedError);
    } finally {
      client.close();
    }
  });

  it('runs an exec credential plugin again after a 401 (plain http, no insecure flag needed)', async () => {
    h = await startHarness({ token: 'e1' });
    const tokenPath = join(h.dir, 'exec-token');
    writeFileSync(tokenPath, 'e1');
    const script = join(h.dir, 'plugin.mjs');
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';\nprocess.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: readFileSync(${JSON.stringify(tokenPath)}, 'utf8').trim() } }));\n`,
    );
    chmodSync(script, 0o755);
    const path = join(h.dir, 'kc-exec');
    writeFileSync(path, kubeconfigWithUser(h.server.url, { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [script], interactiveMode: 'Never' } }, false));
    const client = await connect({ kubeconfig: path });
    try {
      await client.listAll(configmaps, { namespace: 'default' });
      h.server.setToken('e2');
      writeFileSync(tokenPath, 'e2');
      await client.listAll(configmaps, { namespace: 'default' });
      expect(h.server.requests().map((r) => r.code)).toEqual([200, 401, 200]);
    } finally {
      client.close();
    }
  });

  it('says which sources it tried when it finds no credentials', async () => {
    const error = await connect({ env: {}, homeDir: '/nonexistent-home' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KubeConfigError);
    expect((error as KubeConfigError).tried.join('\n')).toMatch(/KUBECONFIG: not set[\s\S]*\.kube\/config[\s\S]*KUBERNETES_SERVICE_HOST/);
  });

  it('connects with explicit server options', async () => {
    h = await startHarness({ token: 'tok' });
    const client = await connect({ server: { url: h.server.url, token: 'tok', namespace: 'default' } });
    try {
      expect(client.info.namespace).toBe('default');
      await expect(client.listAll(configmaps)).resolves.toMatchObject({ items: [] });
    } finally {
      client.close();
    }
  });
});
