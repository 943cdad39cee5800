// @opkit/testing against itself: the environment starts fast, applies manifests, waits with clear
// errors, runs an operator in-process with its logs and feed captured, counts requests, and leaves
// nothing running after dispose.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestEnv } from '../src/index.js';
import { deadline } from '@opkit/test-tools';

const crd = fileURLToPath(new URL('../../../examples/crd.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'x', namespace: 'default' };
const object = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'x' }, spec: { field: 'value' } };

describe('startTestEnv', () => {
  it('applies manifests (YAML text or objects), waits for conditions and for deletion', async () => {
    await using env = await startTestEnv({ crds: [crd], namespaces: ['other'] });
    const [stored] = await env.apply('apiVersion: kopf.dev/v1\nkind: KopfExample\nmetadata:\n  name: x\nspec:\n  field: value\n---\n');
    expect(stored!.metadata.namespace).toBe('default');
    await env.apply({ ...object, spec: { field: 'changed' } }); // exists: updated
    const body = await env.waitFor(ref, (b) => b.spec.field === 'changed');
    expect(body.metadata.uid).toBe(stored!.metadata.uid);
    await env.apply(object, { namespace: 'other' });
    await env.delete(ref);
    await env.waitForGone(ref);
    expect((await env.get({ ...ref, namespace: 'other' })).metadata.namespace).toBe('other');
  });

  it('says what it waited for and what it saw when a wait times out', async () => {
    await using env = await startTestEnv({ crds: [crd] });
    await env.apply(object);
    await expect(env.waitFor(ref, (b) => b.spec.field === 'never', { timeout: 200, what: 'have spec.field never' }))
      .rejects.toThrow(/Timed out after 200 ms waiting for KopfExample default\/x to have spec.field never. Last seen: \{.*"field":"value"/);
    await expect(env.waitForGone(ref, { timeout: 100 })).rejects.toThrow(/to be gone/);
    await expect(env.waitFor({ ...ref, name: 'absent' }, () => true, { timeout: 100 })).rejects.toThrow(/Last seen: not found/);
  });

  it('runs an operator with its logs and feed captured, and counts its requests', async () => {
    const started = performance.now();
    await using env = await startTestEnv({ crds: [crd] });
    const op = await env.run((registry) => {
      registry.on.create('kopfexamples', function create_fn({ logger }) {
        logger.info('created here');
        return { ok: true };
      });
    });
    const startup = performance.now() - started;
    await env.apply(object);
    await env.waitFor(ref, (b) => b.status?.create_fn?.ok === true);
    await op.waitForLog('[default/x] created here');
    const succeeded = await op.waitForFeed((event) => event.type === 'handler' && event.phase === 'succeeded');
    expect(succeeded).toMatchObject({ v: 1, id: 'create_fn', name: 'x', namespace: 'default' });
    await expect(op.waitForLog('never logged', { timeout: 100 })).rejects.toThrow(/Timed out after 100 ms waiting for a log line "never logged"/);
    expect(env.requests({ verb: 'patch', name: 'x' }).length).toBeGreaterThanOrEqual(1);
    expect(env.requests({ verb: 'patch', name: 'x' }).length).toBeLessThanOrEqual(2);
    await op.stop();
    await op.stop(); // idempotent
    expect(op.feed.at(-1)).toMatchObject({ type: 'operator', phase: 'stopped' });
    process.stdout.write(`startTestEnv() to a running operator: ${startup.toFixed(0)} ms\n`);
  });

  it('leaves no sockets or timers behind after dispose', async () => {
    const before = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap').length;
    for (let i = 0; i < 3; i++) {
      const env = await startTestEnv({ crds: [crd] });
      const op = await env.run((registry) => { registry.on.create('kopfexamples', function noop() { return undefined; }); });
      await env.apply(object);
      await op.waitForLog('Creation is processed');
      await env.dispose();
      await env.dispose(); // idempotent
    }
    await expect.poll(() => process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap').length, { timeout: deadline(30_000) }).toBeLessThanOrEqual(before);
  });
});
