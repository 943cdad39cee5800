// Resuming: objects found by a restarted operator's initial listing get their resume handlers, not
// the create handlers again; a change made while the operator was down is an update with the resume
// handlers mixed in; and resume handlers run once per object per process.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, startHarness } from './harness.js';

const PREFIX = '[default/kopf-example-1] ';

function operatorRegistry(calls: string[]): Registry {
  const registry = new Registry();
  registry.on.create('kopfexamples', function create_fn() { calls.push('create'); return 'created'; });
  registry.on.update('kopfexamples', function update_fn() { calls.push('update'); });
  registry.on.resume('kopfexamples', function resume_fn() { calls.push('resume'); });
  return registry;
}

describe('processing: resuming after a restart', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('runs resume handlers for listed objects, not create handlers, at no API cost', async () => {
    const calls: string[] = [];
    const one = await h.run(operatorRegistry(calls));
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation');
    await one.stop();
    expect(calls).toEqual(['create']);
    const before = h.patchCount('kopf-example-1');

    const two = await h.run(operatorRegistry(calls));
    await expect.poll(() => two.lines.includes(`${PREFIX}Resuming is processed: 1 succeeded; 0 failed.`)).toBe(true);
    expect(two.lines.some((line) => line.startsWith(`${PREFIX}Resuming is in progress: {`))).toBe(true);
    expect(calls).toEqual(['create', 'resume']);
    // Nothing changed and the handler returned nothing: the resume needs no request.
    expect(h.patchCount('kopf-example-1')).toBe(before);

    // Resume handlers run once per process: a later change is a plain update.
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'later' } }, { namespace: 'default' });
    await expect.poll(() => two.lines.includes(`${PREFIX}Updating is processed: 1 succeeded; 0 failed.`)).toBe(true);
    expect(calls).toEqual(['create', 'resume', 'update']);
  });

  it('mixes resume handlers into the update of a change made while the operator was down', async () => {
    const calls: string[] = [];
    const one = await h.run(operatorRegistry(calls));
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation');
    await one.stop();
    await h.client.patch(h.kex, 'kopf-example-1', { spec: { field: 'while-down' } }, { namespace: 'default' });

    const two = await h.run(operatorRegistry(calls));
    await expect.poll(() => two.lines.includes(`${PREFIX}Updating is processed: 2 succeeded; 0 failed.`)).toBe(true);
    expect(calls).toEqual(['create', 'update', 'resume']); // registration order
    const body = await h.waitFor('kopf-example-1', (b) => diffBaseOf(b)?.includes('while-down') === true, 'the new diff-base');
    expect(Object.keys(body.metadata.annotations ?? {}).filter((key) => key.startsWith('opkit.dev/'))).toEqual([]); // all in the status
    expect((body.status as any).opkit.progress ?? {}).toEqual({}); // no progress left
  });
});
