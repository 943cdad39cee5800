// 01-minimal: the create handler's result lands in status.create_fn, the object keeps no finalizer
// and no progress annotations, and Kopf's log lines appear.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

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
});
