// 10-builtins: a pod gets the finalizer and the diff-base, is killed after the delay, and its
// deletion handler releases it; a pod deleted before its time has its killer cancelled; a pod found at
// startup, handled by an earlier run, gets its killer from the resume handler, which is `pod_in_sight` too.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const operator = fileURLToPath(new URL('operator.ts', import.meta.url));

function pod(name: string) {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'main', image: 'busybox' }] } };
}

describe('example 10-builtins', () => {
  let env: TestEnv;
  const saved = { ...process.env };
  beforeEach(async () => {
    env = await startTestEnv();
    process.env.KUBECONFIG = env.kubeconfigPath; // the pod killer connects like any client would
  });
  afterEach(async () => {
    process.env.KUBECONFIG = saved.KUBECONFIG;
    process.env.OPKIT_EXAMPLE_KILL_DELAY = saved.OPKIT_EXAMPLE_KILL_DELAY;
    if (saved.KUBECONFIG === undefined) delete process.env.KUBECONFIG;
    if (saved.OPKIT_EXAMPLE_KILL_DELAY === undefined) delete process.env.OPKIT_EXAMPLE_KILL_DELAY;
    await env.dispose();
  });

  it('kills a pod after the delay, and cancels the killer of a pod deleted earlier', async () => {
    const op = await env.run(operator);
    process.env.OPKIT_EXAMPLE_KILL_DELAY = '0.2';
    await env.apply(pod('victim'));
    const held = await env.waitFor({ apiVersion: 'v1', kind: 'Pod', name: 'victim', namespace: 'default' },
      (body) => (body.metadata.finalizers ?? []).includes('opkit.dev/finalizer'));
    expect(held.metadata.finalizers).toEqual(['opkit.dev/finalizer']);
    await op.waitForLog('[default/victim] === Pod killing happens NOW!');
    await env.waitForGone({ apiVersion: 'v1', kind: 'Pod', name: 'victim', namespace: 'default' });

    process.env.OPKIT_EXAMPLE_KILL_DELAY = '60';
    await env.apply(pod('survivor'));
    await op.waitForLog('[default/survivor] === Pod killing happens in 60s.');
    await env.delete({ apiVersion: 'v1', kind: 'Pod', name: 'survivor', namespace: 'default' });
    await op.waitForLog('[default/survivor] === Pod killing is cancelled!');
    await env.waitForGone({ apiVersion: 'v1', kind: 'Pod', name: 'survivor', namespace: 'default' });
    expect(op.logs.some((line) => line.includes('[default/survivor] === Pod killing happens NOW!'))).toBe(false);
    // Created while running: the create handler, under Kopf's id.
    expect(op.feed.some((e) => e.type === 'handler' && e.kind === 'create' && e.id === 'pod_in_sight' && e.phase === 'succeeded')).toBe(true);
  });

  it("resumes a pod found at startup with pod_in_sight, Kopf's id for both the resume and the create handler", async () => {
    // An earlier run handled the pod: its diff-base is stored, so this start finds it unchanged (a resume, not a create).
    const earlier = await env.run((registry) => { registry.on.create('pods', function earlier_run() { return undefined; }); });
    await env.apply(pod('resumed'));
    const ref = { apiVersion: 'v1', kind: 'Pod', name: 'resumed', namespace: 'default' };
    // Pods have a status subresource: the default profile keeps the diff-base in the status (one write per object).
    await env.waitFor(ref, (body) => (body.status as { opkit?: Record<string, unknown> } | undefined)?.opkit?.['last-handled-configuration'] !== undefined);
    await earlier.stop();

    process.env.OPKIT_EXAMPLE_KILL_DELAY = '0.2';
    const op = await env.run(operator);
    await op.waitForLog('[default/resumed] === Pod killing happens NOW!');
    await env.waitForGone(ref);
    const ran = op.feed.filter((e) => e.type === 'handler' && e.phase === 'succeeded' && e.id === 'pod_in_sight').map((e) => e.type === 'handler' && e.kind);
    expect(ran[0]).toBe('resume');
    expect(ran).not.toContain('create');
    expect(op.logs).toContain("[default/resumed] Handler 'pod_in_sight' succeeded.");
  });
});
