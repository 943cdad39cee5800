// 09-testing: how to test an operator with @opkit/testing — the Opkit counterpart of Kopf's
// KopfRunner, with no cluster: start an embedded API server, run the operator in this process,
// act on objects, assert on what the operator logged and did.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import { describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));

describe('example 09-testing', () => {
  it('runs the operator through a resource life cycle', async () => {
    // `await using` disposes the environment (operator, client, server) when the test ends.
    await using env = await startTestEnv({ crds: [crd] });
    const op = await env.run(operator);

    await env.apply(obj);
    await op.waitForLog('[default/kopf-example-1] Something was logged here.');
    await env.delete({ apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' });
    await op.waitForLog('[default/kopf-example-1] Deleted, really deleted, and we are notified.');
    await op.stop();

    expect(op.logs.some((line) => line.startsWith('[default/kopf-example-1] Creation is in progress:'))).toBe(true);
    expect(op.logs).toContain('[default/kopf-example-1] Something was logged here.');
    // The feed says the same in a structured form.
    expect(op.feed.some((event) => event.type === 'handler' && event.phase === 'succeeded' && event.id === 'create_fn')).toBe(true);
  });
});
