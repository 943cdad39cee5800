// Sub-handlers: a change handler registers children (ids `<parent>/<child>`), each with its own
// progress record; the parent is re-invoked every cycle until all children are finished, its record
// lists the children as `subrefs` meanwhile, and everything is purged when the cause is done.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry, subhandler, TemporaryError } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, startHarness } from './harness.js';

const PREFIX = '[default/kopf-example-1] ';

describe('processing: sub-handlers', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('runs each child with its own record and finishes the parent when all are done', async () => {
    const calls: string[] = [];
    const records: Record<string, string>[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ spec }) {
      calls.push('create_fn');
      for (const item of spec.items as string[]) {
        subhandler(function item_fn({ retry }) {
          calls.push(`${item}#${retry}`);
          if (item === 'item2' && retry === 0) throw new TemporaryError('item2 is not ready', { delay: 0.2 });
          return { handled: item };
        }, { id: item });
      }
    });
    // A spy sees every version of the object, our own patches included: it keeps the stored records.
    registry.on.event('kopfexamples', function watch_records({ body }) {
      const progress = (body.status as any)?.opkit?.progress ?? {};
      records.push(Object.fromEntries(Object.entries(progress).map(([key, record]) => [key, JSON.stringify(record)])));
    });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation');
    await expect.poll(() => run.lines.includes(`${PREFIX}Creation is processed: 1 succeeded; 0 failed.`)).toBe(true);

    // The parent runs in every cycle (asap: one child per cycle), the children once each until they succeed.
    expect(calls).toEqual(['create_fn', 'item1#0', 'create_fn', 'item2#0', 'create_fn', 'item2#1']);
    expect(body.status).toMatchObject({ 'create_fn/item1': { handled: 'item1' }, 'create_fn/item2': { handled: 'item2' } });
    expect(run.lines.filter((line) => line === `${PREFIX}Handler 'create_fn' has unfinished sub-handlers. Will retry soon.`)).toHaveLength(2);
    expect(run.lines).toContain(`${PREFIX}Handler 'create_fn/item1' succeeded.`);
    expect(run.lines.some((line) => line.startsWith(`${PREFIX}Handler 'create_fn/item2' failed temporarily: item2 is not ready`))).toBe(true);
    expect(run.lines).toContain(`${PREFIX}Handler 'create_fn' succeeded.`);

    // While in flight, the parent's record listed its children; each child had a record of its own (status.opkit.progress).
    const inFlight = records.find((item) => item['create_fn'] !== undefined && item['create_fn/item1'] !== undefined);
    expect(inFlight).toBeDefined();
    expect(JSON.parse(inFlight!['create_fn']!).subrefs).toEqual(['create_fn/item1', 'create_fn/item2']);
    expect(JSON.parse(inFlight!['create_fn/item1']!)).toMatchObject({ success: true, purpose: 'create' });
    // Done: no record is left, neither in the annotations nor in the status.
    expect(Object.keys(body.metadata.annotations ?? {}).filter((key) => key.startsWith('opkit.dev/create_fn'))).toEqual([]);
    expect((body.status as any)?.opkit?.progress ?? {}).toEqual({});
  });
});
