// Continuity: progress lives on the objects, so a restarted operator continues — a retry count
// goes on from the stored record and handlers that succeeded are not run again — and an Opkit
// operator in the `kopf` profile takes over objects that Kopf handled without creating them again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry, TemporaryError } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, progressOf, startHarness } from './harness.js';

// The diff-base Kopf writes for examples/obj.yaml (the bytes of Kopf's own examples).
const KOPF_DIFF_BASE = '{"spec":{"duration":"1m","field":"value","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}\n';
// A progress record as Kopf 1.44 writes it for a handler that succeeded.
const KOPF_SUCCESS = '{"started":"2026-11-20T10:00:00.000000+00:00","stopped":"2026-11-20T10:00:01.000000+00:00","purpose":"create","retries":1,"success":true,"failure":false}';

describe('continuity across restarts', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('continues a retrying handler from its stored retry count; succeeded handlers do not run again', async () => {
    const seen: { process: number; handler: string; retry: number }[] = [];
    let process = 1;
    const build = (): Registry => {
      const registry = new Registry();
      registry.on.create('kopfexamples', function first({ retry }) {
        seen.push({ process, handler: 'first', retry });
        return { done: true };
      });
      registry.on.create('kopfexamples', function flaky({ retry }) {
        seen.push({ process, handler: 'flaky', retry });
        if (retry < 2) throw new TemporaryError('not yet', { delay: 0.5 });
        return { finally: retry };
      });
      return registry;
    };
    const one = await h.run(build());
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => JSON.parse(progressOf(b, 'flaky') ?? '{}').retries === 1, 'the first failed attempt stored');
    await one.stop();
    process = 2;
    const two = await h.run(build());
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.flaky?.finally === 2, 'flaky to succeed');
    expect((body.status as any).first).toEqual({ done: true });
    expect(seen.filter((item) => item.handler === 'first')).toEqual([{ process: 1, handler: 'first', retry: 0 }]);
    expect(seen.filter((item) => item.handler === 'flaky')).toEqual([
      { process: 1, handler: 'flaky', retry: 0 },
      { process: 2, handler: 'flaky', retry: 1 },
      { process: 2, handler: 'flaky', retry: 2 },
    ]);
    await expect.poll(() => two.lines.some((line) => line.includes('Creation is processed: 2 succeeded; 0 failed.'))).toBe(true);
  });

  it('takes over an object Kopf handled: resume handlers run, creation does not', async () => {
    const calls: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { calls.push('create'); });
    registry.on.resume('kopfexamples', function resume_fn() { calls.push('resume'); });
    const object = kopfExample();
    object.metadata.annotations = { ...object.metadata.annotations, 'kopf.zalando.org/last-handled-configuration': KOPF_DIFF_BASE };
    await h.client.create(h.kex, object, { namespace: 'default' });
    const run = await h.run(registry, { settings: { persistence: { profile: 'kopf', consistencyTimeout: 2 } } });
    await expect.poll(() => run.lines.some((line) => line.includes('Resuming is processed: 1 succeeded; 0 failed.'))).toBe(true);
    expect(calls).toEqual(['resume']);
    const body = await h.get();
    expect(body.metadata.annotations?.['kopf.zalando.org/last-handled-configuration']).toBe(KOPF_DIFF_BASE);
    expect(body.metadata.finalizers).toBeUndefined();
  });

  it('continues a creation Kopf left half done: its succeeded handler is not run again', async () => {
    const calls: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() { calls.push('create_fn'); });
    registry.on.create('kopfexamples', function create_fn2() { calls.push('create_fn2'); return 'second'; });
    const object = kopfExample();
    object.metadata.annotations = { ...object.metadata.annotations, 'kopf.zalando.org/create_fn': KOPF_SUCCESS };
    await h.client.create(h.kex, object, { namespace: 'default' });
    const run = await h.run(registry, { settings: { persistence: { profile: 'kopf', consistencyTimeout: 2 } } });
    const body = await h.waitFor('kopf-example-1', (b) => b.metadata.annotations?.['kopf.zalando.org/last-handled-configuration'] !== undefined, 'the creation to complete');
    expect(calls).toEqual(['create_fn2']);
    expect(body.metadata.annotations?.['kopf.zalando.org/last-handled-configuration']).toBe(KOPF_DIFF_BASE);
    expect(body.metadata.annotations?.['kopf.zalando.org/create_fn']).toBeUndefined();
    expect(body.metadata.annotations?.['kopf.zalando.org/create_fn2']).toBeUndefined();
    expect((body.status as any).create_fn2).toBe('second');
    expect(run.lines.some((line) => line.includes('Creation is processed: 2 succeeded; 0 failed.'))).toBe(true);
  });
});
