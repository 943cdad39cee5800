// 01-minimal: the create handler's result lands in status.create_fn, the object keeps no finalizer
// and no progress annotations, and Kopf's log lines appear — also as Logging events (on by default, as
// in Kopf up to 1.43) that the real `kubectl describe` lists. Without kubectl (`KUBECTL`, else PATH) that
// test is skipped with the reason; with CI set it fails, naming kubectl.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadline, requireTool } from '@opkit/test-tools';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

describe('example 01-minimal', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('stores the returned message in the status, with no finalizer', async () => {
    const op = await env.run(operator);
    await env.apply(obj);
    const body = await env.waitFor(ref, (b) => b.status?.create_fn?.message === 'hello world'
      && b.status?.opkit?.['last-handled-configuration'] !== undefined);
    expect(body.metadata.finalizers).toBeUndefined();
    // The diff-base went to the status with the result (one write); no annotation, no progress records remain.
    expect(Object.keys(body.metadata.annotations ?? {}).filter((key) => key.startsWith('opkit.dev/'))).toEqual([]);
    expect(body.status.opkit.progress ?? {}).toEqual({});
    await op.waitForLog('[default/kopf-example-1] Creation is processed: 1 succeeded; 0 failed.');
    expect(op.logs).toContain('[default/kopf-example-1] And here we are! Creating: {"duration":"1m","field":"value","items":["item1","item2"]}');
    expect(op.logs).toContain("[default/kopf-example-1] Handler 'create_fn' succeeded.");
    await env.delete(ref);
    await env.waitForGone(ref);
    await op.waitForLog('[default/kopf-example-1] Deleted, really deleted, and we are notified.');
    expect(op.logs.filter((line) => line.includes("'create_fn' succeeded"))).toHaveLength(1);
  });

  describe('with kubectl', () => {
    const kubectl = requireTool('kubectl');

    it("shows the handler's log lines as Logging events in kubectl describe", async () => {
      const op = await env.run(operator); // the default settings: Logging events on
      const [created] = await env.apply(obj);
      await op.waitForLog('[default/kopf-example-1] Creation is processed: 1 succeeded; 0 failed.');
      const lines = [
        'And here we are! Creating: {"duration":"1m","field":"value","items":["item1","item2"]}',
        "Handler 'create_fn' succeeded.",
        'Creation is processed: 1 succeeded; 0 failed.',
      ];
      // Posted in the background: wait until the API server has them all.
      const eventsResource = await env.client.resolveOne({ group: '', version: 'v1', plural: 'events' });
      const logging = await vi.waitFor(async () => {
        const items = (await env.client.listAll(eventsResource, { namespace: 'default' })).items as Record<string, any>[];
        const found = items.filter((e) => e.reason === 'Logging' && e.involvedObject?.uid === created!.metadata.uid);
        if (!lines.every((line) => found.some((e) => e.message === line))) throw new Error('waiting for the Logging events');
        return found;
      }, { timeout: deadline(30_000), interval: 50 });
      for (const e of logging) expect(e).toMatchObject({ type: 'Normal', source: { component: 'opkit' } });

      const home = mkdtempSync(join(tmpdir(), 'opkit-kubectl-home-')); // kubectl's discovery cache
      try {
        const described = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
          execFile(kubectl.command, ['describe', 'kopfexamples.kopf.dev', 'kopf-example-1', '-n', 'default'],
            { env: { PATH: process.env.PATH, HOME: home, KUBECONFIG: env.kubeconfigPath }, timeout: deadline(60_000) },
            (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }));
        });
        expect(described.code, described.stderr).toBe(0);
        const section = described.stdout.slice(described.stdout.indexOf('\nEvents:'));
        for (const line of lines) {
          expect(section).toMatch(new RegExp(`Normal\\s+Logging\\s+.*opkit\\s+${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        }
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    });
  });
});
