// connect() without options inside an operator's work returns the operator's connection (runWithClient),
// and outside it searches KUBECONFIG as always — with a KUBECONFIG that names another server, so that
// the two cannot be confused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ambientClient, connect, runWithClient } from '../src/index.js';
import type { RequestRecord } from '../src/index.js';
import type { Harness } from './harness.js';
import { configmaps, startHarness } from './harness.js';

const ELSEWHERE = 'https://elsewhere.invalid:6443';

describe('connect() inside an operator', () => {
  let h: Harness;
  let dir: string;
  let saved: string | undefined;
  beforeEach(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'opkit-kube-ambient-'));
    writeFileSync(join(dir, 'kubeconfig'), `apiVersion: v1\nkind: Config\ncurrent-context: x\nclusters: [{ name: x, cluster: { server: "${ELSEWHERE}" } }]\nusers: [{ name: x, user: {} }]\ncontexts: [{ name: x, context: { cluster: x, user: x } }]\n`);
    saved = process.env.KUBECONFIG;
    process.env.KUBECONFIG = join(dir, 'kubeconfig');
  });
  afterEach(async () => {
    if (saved === undefined) delete process.env.KUBECONFIG;
    else process.env.KUBECONFIG = saved;
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("returns the operator's connection, whose close() leaves it open, through awaits and timers", async () => {
    const seen: RequestRecord[] = [];
    const stop = h.client.observeRequests((record) => seen.push(record));
    expect(ambientClient()).toBeUndefined();
    await runWithClient(h.client, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(ambientClient()).toBe(h.client);
      const inside = await connect();
      expect(inside).not.toBe(h.client);
      expect(inside.info).toEqual(h.client.info);
      expect(inside.discovery).toBe(h.client.discovery);
      inside.close(); // a no-op: the connection is the operator's
      await inside.create(configmaps, { metadata: { name: 'from-inside' }, data: {} }, { namespace: 'default' });
      // With any option, it connects anew (here: where KUBECONFIG points).
      const explicit = await connect({ env: process.env });
      expect(explicit.info.server).toBe(ELSEWHERE);
      explicit.close();
    });
    stop();
    // The request went through the operator's client (its observers saw it), to the operator's server.
    expect(seen.some((record) => record.verb === 'create' && record.name === 'from-inside' && record.code === 201)).toBe(true);
    expect((await h.client.get(configmaps, 'from-inside', { namespace: 'default' })).metadata.name).toBe('from-inside');
  });

  it('searches KUBECONFIG as before outside any operator', async () => {
    const outside = await connect();
    expect(outside.info.server).toBe(ELSEWHERE);
    outside.close();
  });
});
