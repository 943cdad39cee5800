// 99-all-at-once: startup activities (one retried), the create handlers (results in the status, one
// retried after an exception), events, an adopted labelled pod seen by the spy, the finalizer from
// the mandatory delete handler, update and field handlers, deletion, cleanup on stop.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import { describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

describe('example 99-all-at-once', () => {
  it('does everything at once', async () => {
    process.env.OPKIT_EXAMPLE_FAST = '1';
    await using env = await startTestEnv({ crds: [crd] });
    const saved = process.env.KUBECONFIG;
    process.env.KUBECONFIG = env.kubeconfigPath;
    try {
      // create_2's arbitrary error is retried after the default backoff; shortened for the test.
      const op = await env.run(operator, { settings: { execution: { defaultBackoff: 0.2 } } });
      expect(op.logs).toContain('Starting in 1s...');
      expect(op.logs).toContain('Starting retried...');
      await env.apply(obj);
      await op.waitForLog('[default/kopf-example-1] Creation is processed: 3 succeeded; 0 failed.', { timeout: deadline(20_000) });
      // The log line comes before the cycle's patch lands: wait for the stored outcome.
      const body = await env.waitFor(ref, (b) => b.status?.create_2 !== undefined && b.status?.opkit?.['last-handled-configuration'] !== undefined);
      expect(body.status['create_1']).toEqual({ 'job1-status': 100 });
      expect(body.status['create_2']).toEqual({ 'job2-status': 100 });
      expect(body.metadata.finalizers).toEqual(['opkit.dev/finalizer']);
      expect(op.logs.filter((line) => line.includes("Handler 'create_2' failed with an exception and will try again in 0.2 seconds: Whoops!"))).toHaveLength(1);
      await op.waitForLog('This pod is special for us.');
      const pods = await env.client.resolveOne({ group: '', version: 'v1', plural: 'pods' });
      const [pod] = (await env.client.listAll(pods, { namespace: 'default' })).items;
      expect(pod?.metadata.labels).toEqual({ somelabel: 'somevalue', application: 'kopf-example-10' });
      expect(pod?.metadata.generateName).toBe('kopf-example-1-');

      await env.patch(ref, { spec: { lst: ['a', 'b'] } });
      await op.waitForLog('[default/kopf-example-1] Handling the FIELD = null -> ["a","b"]');
      await op.waitForLog('[default/kopf-example-1] Updating is processed: 2 succeeded; 0 failed.');
      expect(op.logs).toContain('[default/kopf-example-1] Handling the diff');

      await env.delete(ref);
      await env.waitForGone(ref);
      await op.waitForLog('[default/kopf-example-1] Deletion is processed: 1 succeeded; 0 failed.');
      // Kopf's id for the delete handler (E2E_SUCCESS_COUNTS counts 'delete'), not the function's name.
      expect(op.logs).toContain("[default/kopf-example-1] Handler 'delete' succeeded.");
      await op.stop();
      expect(op.logs).toContain('Cleaning up in 3s...');
      const eventsResource = await env.client.resolveOne({ group: '', version: 'v1', plural: 'events' });
      const posted = (await env.client.listAll(eventsResource, { namespace: 'default' })).items.map((e) => `${String(e.type)}/${String(e.reason)} "${String(e.message)}"`);
      // The handler's two events; the object's log lines are Logging events beside them (on by default).
      expect(posted.filter((e) => !e.includes('/Logging ')).sort()).toEqual(['Normal/AnyReason ""', 'Warning/SomeReason "Cannot do something"']);
      expect(posted).toContain(`Normal/Logging "Handler 'create_1' succeeded."`);
    } finally {
      if (saved === undefined) delete process.env.KUBECONFIG;
      else process.env.KUBECONFIG = saved;
      delete process.env.OPKIT_EXAMPLE_FAST;
    }
  }, deadline(40_000));
});
