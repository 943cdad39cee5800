// applyPatch against the embedded API server: how many requests a cycle's patch takes, how the
// object part rides in the guarded JSON patch of the fns, how a conflict keeps everything for the
// next cycle, and how fns that edit the status go to /status.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockDeletion, Patch } from '@opkit/state';
import { systemClock } from '@opkit/tasks';
import type { KubeObject } from '@opkit/kube';
import { applyPatch } from '../src/processing/applyPatch.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';

const REF = { resource: 'kopfexamples.kopf.dev/v1', namespace: 'default', name: 'kopf-example-1' };
const FINALIZER = 'opkit.dev/finalizer';

describe('applyPatch', () => {
  let h: Harness;
  const deps = (): Parameters<typeof applyPatch>[0] => ({ client: h.client, clock: systemClock, emit: () => undefined });
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('sends the status part, then the object part together with the fns in one guarded JSON patch', async () => {
    const body = await h.client.create<KubeObject>(h.kex, kopfExample(), { namespace: 'default' });
    const patch = new Patch({ status: { create_fn: 'done' }, metadata: { annotations: { 'opkit.dev/x': 'y' } } }, { fns: [blockDeletion(FINALIZER)] });
    const result = await applyPatch(deps(), h.kex, body, patch, REF);
    expect(result).toMatchObject({ gone: false, failedFns: [] });
    const after = await h.get();
    expect(after.status).toEqual({ create_fn: 'done' });
    expect(after.metadata.annotations?.['opkit.dev/x']).toBe('y');
    expect(after.metadata.finalizers).toEqual([FINALIZER]);
    expect(result.resourceVersion).toBe(after.metadata.resourceVersion);
    const requests = h.server.requests().filter((r) => r.verb === 'patch');
    expect(requests.map((r) => r.subresource ?? 'object')).toEqual(['status', 'object']);
  });

  it('keeps the object part and the fns for the next cycle when the guarded patch meets a newer version', async () => {
    const stale = await h.client.create<KubeObject>(h.kex, kopfExample(), { namespace: 'default' });
    await h.client.patch(h.kex, 'kopf-example-1', { metadata: { labels: { someone: 'else' } } }, { namespace: 'default' });
    const fn = blockDeletion(FINALIZER);
    const patch = new Patch({ metadata: { annotations: { 'opkit.dev/x': 'y' } } }, { fns: [fn] });
    const result = await applyPatch(deps(), h.kex, stale, patch, REF);
    expect(result.failedFns).toEqual([fn]);
    expect(result.unsentMain).toEqual({ metadata: { annotations: { 'opkit.dev/x': 'y' } } });
    const untouched = await h.get();
    expect(untouched.metadata.annotations?.['opkit.dev/x']).toBeUndefined();
    expect(untouched.metadata.finalizers).toBeUndefined();

    // The next cycle, with the fresh body, sends what was kept.
    const retry = new Patch(result.unsentMain, { fns: result.failedFns });
    expect(await applyPatch(deps(), h.kex, untouched, retry, REF)).toMatchObject({ failedFns: [] });
    const after = await h.get();
    expect(after.metadata.annotations?.['opkit.dev/x']).toBe('y');
    expect(after.metadata.finalizers).toEqual([FINALIZER]);
    expect(after.metadata.labels).toEqual({ somelabel: 'somevalue', someone: 'else' });
  });

  it('sends the fns\' changes to the status as a guarded JSON patch of /status', async () => {
    const body = await h.client.create<KubeObject>(h.kex, kopfExample(), { namespace: 'default' });
    const patch = new Patch(undefined, { fns: [(target) => { target.status = { counted: 1 }; }] });
    await applyPatch(deps(), h.kex, body, patch, REF);
    expect((await h.get()).status).toEqual({ counted: 1 });
    expect(h.server.requests().filter((r) => r.verb === 'patch').map((r) => r.subresource ?? 'object')).toEqual(['status']);
  });

  it('reports a deleted object as gone', async () => {
    const body = await h.client.create<KubeObject>(h.kex, kopfExample(), { namespace: 'default' });
    await h.client.delete(h.kex, 'kopf-example-1', { namespace: 'default' });
    const patch = new Patch({ status: { x: 1 } }, { fns: [blockDeletion(FINALIZER)] });
    expect(await applyPatch(deps(), h.kex, body, patch, REF)).toMatchObject({ gone: true, failedFns: [] });
  });
});
