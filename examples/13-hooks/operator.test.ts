// 13-hooks: startup activities run (one after three temporary failures) before anything is watched;
// a pod gets its background task; the cleanup activity runs on stop and stops the task; probes exist;
// the login handler connects an operator that is given nothing else.
import { fileURLToPath } from 'node:url';
import { createLogger, loadOperator, Operator } from '@opkit/core';
import { startTestEnv } from '@opkit/testing';
import { describe, expect, it, vi } from 'vitest';
import { deadline } from '@opkit/test-tools';

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
  }, deadline(30_000));

  it('logs in with the kubeconfig\'s cluster and user, for 30 s, and an operator with no other connection info uses it', async () => {
    process.env.OPKIT_EXAMPLE_LOGIN_DELAY = '0';
    process.env.OPKIT_EXAMPLE_TASK_PERIOD = '0.05';
    await using env = await startTestEnv();
    const { registry } = await loadOperator([operator]);
    expect(registry.activityHandlers('login').map((handler) => handler.id)).toEqual(['login_fn']);
    const saved = process.env.KUBECONFIG;
    process.env.KUBECONFIG = env.kubeconfigPath;
    const lines: string[] = [];
    const stop = new AbortController();
    try {
      // No client and no connection options: the login handler says where and how to connect.
      const op = new Operator({ registry, clusterwide: true, logger: createLogger({ format: 'plain', level: 'info', write: (line) => lines.push(line) }) });
      const running = op.run(stop.signal);
      await Promise.race([op.ready, running]);
      expect(lines).toContain('Logging in in 0s...');
      expect(lines).toContain('Initial authentication has finished.');
      await env.apply({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'logged-in', namespace: 'default' }, spec: { containers: [{ name: 'main', image: 'busybox' }] } });
      await vi.waitFor(() => expect(lines).toContain('[default/logged-in] Served by the background task.'), { timeout: deadline(15_000), interval: 20 });
      stop.abort();
      await running;
    } finally {
      stop.abort();
      if (saved === undefined) delete process.env.KUBECONFIG;
      else process.env.KUBECONFIG = saved;
      delete process.env.OPKIT_EXAMPLE_LOGIN_DELAY;
      delete process.env.OPKIT_EXAMPLE_TASK_PERIOD;
    }
  }, deadline(30_000));
});
