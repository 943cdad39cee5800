// planPatchRequests and fnsJsonPatches: how a cycle's patch becomes requests — the status part to
// /status, the object part merged or folded into the fns' JSON patch, and fns split by subresource.
import { describe, expect, it } from 'vitest';
import { blockDeletion } from './finalizers.js';
import { Patch } from './patch.js';
import { fnsJsonPatches, planPatchRequests } from './patchRequests.js';

const FINALIZER = 'opkit.dev/finalizer';
const body = { metadata: { name: 'x', resourceVersion: '3' }, spec: {}, status: {} };

describe('planPatchRequests', () => {
  it('sends the status part to /status and the object part as a merge patch', () => {
    const patch = new Patch({ status: { a: 1 }, metadata: { annotations: { k: 'v' } } });
    expect(planPatchRequests(patch, { statusSubresource: true })).toEqual({ status: { status: { a: 1 } }, main: { metadata: { annotations: { k: 'v' } } } });
    expect(planPatchRequests(patch, { statusSubresource: false })).toEqual({ status: undefined, main: { status: { a: 1 }, metadata: { annotations: { k: 'v' } } } });
  });

  it('folds the object part into the fns\' JSON patch when there are fns and a status subresource', () => {
    const patch = new Patch({ metadata: { annotations: { k: 'v' } } }, { fns: [blockDeletion(FINALIZER)] });
    expect(planPatchRequests(patch, { statusSubresource: true })).toEqual({ status: undefined, folded: { metadata: { annotations: { k: 'v' } } } });
    expect(planPatchRequests(patch, { statusSubresource: false }).main).toEqual({ metadata: { annotations: { k: 'v' } } });
    expect(planPatchRequests(new Patch({ status: {} }), { statusSubresource: true })).toEqual({ status: undefined });
  });
});

describe('fnsJsonPatches', () => {
  it('computes the fns (with a folded object part) against the freshest body, split by subresource', () => {
    const statusFn = (target: Record<string, any>): void => { target.status.done = true; };
    const patch = new Patch({}, { fns: [blockDeletion(FINALIZER), statusFn] });
    const ops = fnsJsonPatches(patch, body, { statusSubresource: true, folded: { metadata: { annotations: { k: 'v' } } } });
    expect(ops.main).toEqual([
      { op: 'add', path: '/metadata/annotations', value: { k: 'v' } },
      { op: 'add', path: '/metadata/finalizers', value: [FINALIZER] },
    ]);
    expect(ops.status).toEqual([{ op: 'add', path: '/status/done', value: true }]);
    expect(fnsJsonPatches(patch, body, { statusSubresource: false }).status).toEqual([]);
  });
});
