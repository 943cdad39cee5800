// 03-exceptions: one handler succeeds after three temporary failures, three fail for good; the
// cause ends with "1 succeeded; 3 failed", no results in the status, no progress left behind.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadline } from '@opkit/test-tools';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));
const crd = fileURLToPath(new URL('../crd.yaml', import.meta.url));
const obj = fileURLToPath(new URL('../obj.yaml', import.meta.url));
const ref = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', name: 'kopf-example-1', namespace: 'default' };

describe('example 03-exceptions', () => {
  let env: TestEnv;
  beforeEach(async () => { env = await startTestEnv({ crds: [crd] }); });
  afterEach(async () => { await env.dispose(); });

  it('retries, gives up where it must, and ends with 1 succeeded; 3 failed', async () => {
    const op = await env.run(operator);
    await env.apply(obj);
    await op.waitForLog('[default/kopf-example-1] Creation is processed: 1 succeeded; 3 failed.', { timeout: deadline(30_000) });
    // Lines that start with the text (the dumped bodies of later cycles quote the stored messages too).
    const count = (text: string): number => op.logs.filter((line) => line.startsWith(`[default/kopf-example-1] ${text}`)).length;
    expect(count("Handler 'instant_failure_with_only_a_message' failed permanently: Fail once and for all.")).toBe(1);
    expect(count("Handler 'eventual_success_with_a_few_messages' failed temporarily: Expected recoverable error.")).toBe(3);
    expect(count("Handler 'eventual_success_with_a_few_messages' succeeded.")).toBe(1);
    expect(count("Handler 'eventual_failure_with_tracebacks' failed with an exception and will try again in 1 seconds: An error that is supposed to be recoverable.")).toBe(2);
    expect(count("Handler 'eventual_failure_with_tracebacks' failed with an exception and will stop now (it would exceed 3 retries on the next attempt): An error that is supposed to be recoverable.")).toBe(1);
    expect(count("Handler 'instant_failure_with_traceback' failed with an exception and will stop now: An error that is supposed to be recoverable.")).toBe(1);
    const body = await env.waitFor(ref, (b) => b.status?.opkit?.['last-handled-configuration'] !== undefined);
    expect(Object.keys(body.metadata.annotations ?? {}).filter((key) => key.startsWith('opkit.dev/'))).toEqual([]);
    expect(body.status.opkit.progress ?? {}).toEqual({});
    expect(Object.keys(body.status ?? {}).filter((key) => key !== 'opkit')).toEqual([]);
    expect(body.metadata.finalizers).toBeUndefined();
  });
});
