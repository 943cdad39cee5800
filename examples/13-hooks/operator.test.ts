// 13-hooks: startup activities run (one after three temporary failures) before anything is watched;
// a pod gets its background task; the cleanup activity runs on stop and stops the task; probes exist.
import { fileURLToPath } from 'node:url';
import { loadOperator } from '@opkit/core';
import { startTestEnv } from '@opkit/testing';
import { describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));

describe('example 13-hooks', () => {
  it('starts up, serves pods in the background, cleans up on stop', async () => {
    process.env.OPKIT_EXAMPLE_TASK_PERIOD = '0.05';
    await using env = await startTestEnv();
    const op = await env.run(operator);
    // Ready means every startup activity succeeded first.
    expect(op.logs.filter((line) => line.includes("Activity 'startup_fn_retried' failed temporarily: Going to succeed in"))).toEqual([
      "Activity 'startup_fn_retried' failed temporarily: Going to succeed in 3s",
      "Activity 'startup_fn_retried' failed temporarily: Going to succeed in 2s",
      "Activity 'startup_fn_retried' failed temporarily: Going to succeed in 1s",
    ]);
    expect(op.logs).toContain('Starting retried...');
    expect(op.logs).toContain('Initialising the task-lock...');
    await env.apply({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'served', namespace: 'default' }, spec: { containers: [{ name: 'main', image: 'busybox' }] } });
    await op.waitForLog('[default/served] Served by the background task.');
    await op.stop();
    expect(op.logs).toContain('Cleaning up...');
    expect(op.logs).toContain('All pod-tasks are requested to stop...');
    const { registry } = await loadOperator([operator]);
    expect(registry.activityHandlers('probe').map((probe) => probe.id)).toEqual(['tasks_count', 'monitored_objects']);
    delete process.env.OPKIT_EXAMPLE_TASK_PERIOD;
  }, 30_000);
});
