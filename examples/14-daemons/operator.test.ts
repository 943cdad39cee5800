// 14-daemons: both daemons fail three times (the sync one says so in the status after each attempt),
// then ping; the sync one ends on its own with `Accompanying is finished.`; the finalizer stays while
// a daemon lives; on deletion the async one is cancelled after its backoff and the object goes.
// Durations run at a tenth of the original (OPKIT_EXAMPLE_TIME_SCALE=0.1).
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };
const FINALIZER = 'opkit.dev/finalizer';

type KubeObject = Awaited<ReturnType<TestEnv['get']>> & { status?: Record<string, any> };

/** Every version of the KopfExamples in `default`, as a watch delivers them. */
async function history(env: TestEnv): Promise<{ readonly bodies: KubeObject[]; close(): void }> {
  const bodies: KubeObject[] = [];
  const controller = new AbortController();
  const stream = await env.client.watch(await env.resourceOf('kopf.dev/v1', 'KopfExample'), { namespace: 'default', signal: controller.signal });
  void (async () => {
    for await (const event of stream) if (event.type === 'ADDED' || event.type === 'MODIFIED') bodies.push(event.object);
  })().catch(() => undefined);
  return { bodies, close: () => controller.abort() };
}

describe('example 14-daemons', () => {
  let env: TestEnv;
  beforeEach(async () => {
    process.env.OPKIT_EXAMPLE_TIME_SCALE = '0.1';
    env = await startTestEnv({ crds: [crd] });
  });
  afterEach(async () => {
    await env.dispose();
    delete process.env.OPKIT_EXAMPLE_TIME_SCALE;
  });

  it('accompanies the object with two daemons, holds the finalizer while they live, and cancels them on deletion', async () => {
    const op = await env.run(operator);
    const seen = await history(env);
    await env.apply(obj);
    await op.waitForLog("[default/kopf-example-1] => Ping from a sync daemon: field='value', retry=3");
    await op.waitForLog("[default/kopf-example-1] => Ping from an async daemon: field='value'");
    expect((await env.get(ref)).metadata.finalizers).toEqual([FINALIZER]);
    for (const id of ['background_sync', 'background_async']) {
      expect(op.logs.filter((line) => line === `[default/kopf-example-1] Daemon '${id}' failed temporarily: Simulated failure.`)).toHaveLength(3);
    }

    // The sync daemon runs for 30 (scaled: 3) seconds, pinging every 5 (0.5), then ends on its own.
    const finished = await env.waitFor(ref, (b) => b.status?.message === 'Accompanying is finished.', { timeout: deadline(30_000) });
    await op.waitForLog("[default/kopf-example-1] Daemon 'background_sync' has exited on its own and will not be retried or restarted.");
    const pings = op.logs.filter((line) => line.includes('=> Ping from a sync daemon'));
    // 7 on an idle machine (at 0, 5, …, 30 s, scaled); fewer when waits end late, as they do under load.
    expect(pings.length).toBeGreaterThanOrEqual(1);
    expect(pings.length).toBeLessThanOrEqual(7);
    expect(finished.metadata.finalizers).toEqual([FINALIZER]); // the async daemon still runs

    await env.delete(ref);
    await env.waitForGone(ref, { timeout: deadline(30_000) });
    // The log below shows the cancellation backoff (1 s, scaled) between the graceful and the forced signal;
    // how long the deletion takes is measured by apps/bench (`bench timing`), not asserted here.
    seen.close();
    const async = op.logs.filter((line) => line.includes("Daemon 'background_async'") && !/failed temporarily|is invoked/.test(line));
    expect(async).toEqual([
      "[default/kopf-example-1] Daemon 'background_async' is signalled to exit gracefully.",
      "[default/kopf-example-1] Daemon 'background_async' is signalled to exit by force.",
      "[default/kopf-example-1] Daemon 'background_async' is cancelled. Will escalate.",
      "[default/kopf-example-1] Daemon 'background_async' has exited on request and will not be retried or restarted.",
    ]);
    const messages = seen.bodies.map((b) => b.status?.message as unknown).filter((m, i, all) => m !== undefined && m !== all[i - 1]);
    expect(messages).toEqual(['Failed 1 times.', 'Failed 2 times.', 'Failed 3 times.', 'Accompanying is finished.']);
    // The finalizer was on the object in every version since the first daemon attempt was stored.
    expect(seen.bodies.filter((b) => b.status?.message !== undefined).every((b) => b.metadata.finalizers?.includes(FINALIZER))).toBe(true);
  }, deadline(60_000));
});
