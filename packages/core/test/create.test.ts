// Creation: one create handler returning a value — its result in the status, the diff-base with
// Kopf's exact bytes, no finalizer, no leftover progress, Kopf's log lines, and at most 2 PATCHes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';

const KOPF_DIFF_BASE = '{"spec":{"duration":"1m","field":"value","items":["item1","item2"]},"metadata":{"labels":{"somelabel":"somevalue"},"annotations":{"someannotation":"somevalue"}}}\n';

describe('processing: creation', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('delivers the result to the status and stores the diff-base as Kopf does, in at most 2 PATCHes', async () => {
    const registry = new Registry();
    const calls: unknown[] = [];
    registry.on.create('kopfexamples', function create_fn({ spec, logger }) {
      calls.push(spec);
      logger.info(`And here we are! Creating: ${JSON.stringify(spec)}`);
      return { message: 'hello world' };
    });
    const run = await h.run(registry, { settings: { persistence: { profile: 'kopf', consistencyTimeout: 2 } } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => (b.status as any)?.create_fn?.message === 'hello world'
      && b.metadata.annotations?.['kopf.zalando.org/last-handled-configuration'] !== undefined, 'the result and the diff-base');
    expect(body.metadata.annotations?.['kopf.zalando.org/last-handled-configuration']).toBe(KOPF_DIFF_BASE);
    expect(body.metadata.finalizers ?? []).toEqual([]);
    expect(Object.keys(body.metadata.annotations ?? {}).sort()).toEqual(['kopf.zalando.org/last-handled-configuration', 'someannotation']);
    await expect.poll(() => run.lines.some((line) => line.includes('Creation is processed: 1 succeeded; 0 failed.'))).toBe(true);
    expect(run.lines).toContain("[default/kopf-example-1] Handler 'create_fn' succeeded.");
    expect(run.lines.some((line) => line.startsWith('[default/kopf-example-1] Creation is in progress: {'))).toBe(true);
    expect(calls).toHaveLength(1);
    expect(h.patchCount('kopf-example-1')).toBeLessThanOrEqual(2);
    // The feed reports the same API cost, request by request.
    const patches = run.feed.filter((event) => event.type === 'api-request' && event.verb === 'patch' && event.name === 'kopf-example-1');
    expect(patches.map((event) => event.type === 'api-request' && `${event.resource} ${event.code}`)).toEqual(['kopfexamples/status 200', 'kopfexamples 200']);
    if (process.env.DEBUG_TEST) console.log(JSON.stringify(body, null, 1), h.patchCount('kopf-example-1'), run.lines.join('\n'));
    await run.stop();
  });

  it('serves handlers of equal query selectors and of different names of one resource from one watch', async () => {
    const registry = new Registry();
    const ran: string[] = [];
    registry.on.create({ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }, function by_query() { ran.push('by_query'); });
    registry.on.create({ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples' }, function by_equal_query() { ran.push('by_equal_query'); });
    registry.on.create('kex', function by_short_name() { ran.push('by_short_name'); });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await expect.poll(() => run.lines.some((line) => line.includes('Creation is processed: 3 succeeded; 0 failed.'))).toBe(true);
    expect(ran.sort()).toEqual(['by_equal_query', 'by_query', 'by_short_name']);
    expect(run.feed.filter((event) => event.type === 'watch' && event.phase === 'started' && event.resource === 'kopfexamples.kopf.dev/v1')).toHaveLength(1);
  });
});
