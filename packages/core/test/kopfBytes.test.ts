// The bytes a Kopf operator finds after Opkit handled an object in the kopf profile: progress timestamps
// to the microsecond (Kopf's `isoformat(timespec='microseconds')`), the parent record of unfinished
// sub-handlers with Kopf's `message` ("None"), and the diff-base in the annotation only — no
// `status.kopf.last-handled-configuration`, which Kopf never writes and so would never update.
// packages/state/test/kopf-vectors.json pins the same records as the real Kopf writes them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry, subhandler, TemporaryError } from '../src/index.js';
import type { Clock } from '../src/index.js';
import type { Harness } from './harness.js';
import { FAST, kopfExample, startHarness } from './harness.js';

const PREFIX = 'kopf.zalando.org';
const STAMP = /"(?:started|stopped|delayed)":"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00)"/g;

/** The real time, with microseconds that always end in 456 (a millisecond clock would give 000). */
const microClock: Clock = {
  now: () => Date.now(),
  nowMicros: () => Date.now() * 1000 + 456,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('kopf profile: the bytes in flight', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness({ status: true }); });
  afterEach(async () => { await h.close(); });

  it('writes Kopf\'s parent record, microsecond timestamps, and no status copy of the diff-base', async () => {
    const records: Record<string, string>[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ spec }) {
      for (const item of spec.items as string[]) {
        subhandler(function item_fn({ retry }) {
          if (item === 'item2' && retry === 0) throw new TemporaryError('item2 is not ready', { delay: 0.2 });
          return { handled: item };
        }, { id: item });
      }
    });
    // A spy sees every version of the object, our own patches included: it keeps the stored records.
    registry.on.event('kopfexamples', function watch_records({ body }) {
      const annotations = body.metadata.annotations ?? {};
      records.push(Object.fromEntries(Object.entries(annotations).filter(([key]) => key.startsWith(`${PREFIX}/create_fn`))));
    });
    await h.run(registry, { clock: microClock, settings: { ...FAST, persistence: { ...FAST.persistence, profile: 'kopf' } } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', (b) => b.metadata.annotations?.[`${PREFIX}/last-handled-configuration`] !== undefined, 'the creation');

    // The parent's record while its sub-handlers were unfinished, field for field in Kopf's order and form.
    const parents = records.map((item) => item[`${PREFIX}/create_fn`]).filter((text): text is string => text !== undefined);
    expect(parents.length).toBeGreaterThan(0);
    const ts = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}456\\+00:00';
    expect(parents[0]).toMatch(new RegExp(`^\\{"started":"${ts}","delayed":"${ts}","purpose":"create","retries":1,"success":false,"failure":false,`
      + '"message":"None","subrefs":\\["create_fn/item1","create_fn/item2"\\]\\}$'));

    // Every timestamp of every record has the clock's microseconds.
    const stamps = records.flatMap((item) => Object.values(item)).flatMap((text) => [...text.matchAll(STAMP)].map((match) => match[1]!));
    expect(stamps.length).toBeGreaterThan(3);
    for (const stamp of stamps) expect(stamp).toMatch(/\.\d{3}456\+00:00$/);

    // The diff-base is in Kopf's annotation only; the status holds the results and nothing of Opkit's.
    const status = body.status as Record<string, any>;
    expect(status).toMatchObject({ 'create_fn/item1': { handled: 'item1' }, 'create_fn/item2': { handled: 'item2' } });
    expect(status.kopf?.['last-handled-configuration']).toBeUndefined();
    expect(status.kopf?.['last-handled-configuration-replaces']).toBeUndefined();
    expect(JSON.stringify(status)).not.toContain('last-handled-configuration');
  });
});
