// Handler results that cannot be stored exactly: an int64 bigint keeps every digit; a wider bigint (which
// the API server rounds to float64), a circular object, a Date, a function or a result too large for the server fails that handler once and for all, with the path and
// type in the message — never "succeeded", never re-run (the invocations are counted).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const PREFIX = '[default/kopf-example-1] ';

describe('processing: unstorable results', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('stores a bigint exactly and fails the handlers whose results cannot be stored, without re-running them', async () => {
    const calls: Record<string, number> = { big: 0, wide: 0, circular: 0, dated: 0, huge: 0 };
    const registry = new Registry();
    registry.on.create('kopfexamples', function big() { calls.big!++; return { value: 9223372036854775807n }; });
    registry.on.create('kopfexamples', function wide() { calls.wide!++; return { value: 12345678901234567890123n }; });
    registry.on.create('kopfexamples', function circular() {
      calls.circular!++;
      const result: Record<string, unknown> = { name: 'loop' };
      result.self = result;
      return result;
    });
    registry.on.create('kopfexamples', function dated() { calls.dated!++; return { items: [1, 2, { when: new Date(0) }] }; });
    registry.on.create('kopfexamples', function huge() { calls.huge!++; return { data: 'x'.repeat(4 * 1024 * 1024) }; });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });

    await expect.poll(() => run.lines.includes(`${PREFIX}Creation is processed: 1 succeeded; 4 failed.`), { timeout: deadline(15_000) }).toBe(true);
    expect(calls).toEqual({ big: 1, wide: 1, circular: 1, dated: 1, huge: 1 });
    for (const [id, what] of [['wide', 'result.value is a bigint beyond int64 (an API server would store 1.2345678901234568e+22)'], ['circular', 'result.self is a circular reference to result'], ['dated', 'result.items[2].when is a Date'],
      ['huge', 'result is 4.0 MiB of JSON (at most 1.0 MiB is stored)']]) {
      expect(run.lines.some((line) => line.startsWith(`${PREFIX}Handler '${id}' failed permanently: Handler '${id}' returned a result that cannot be stored: ${what}.`))).toBe(true);
      expect(run.lines.some((line) => line.startsWith(`${PREFIX}Handler '${id}' succeeded.`))).toBe(false);
      expect(run.feed.some((e) => e.type === 'handler' && e.id === id && e.phase === 'failed')).toBe(true);
    }
    // The server's own bytes keep every digit.
    const raw = await (await fetch(`${h.server.url}/apis/kopf.dev/v1/namespaces/default/kopfexamples/kopf-example-1`)).text();
    expect(raw).toContain('"big":{"value":9223372036854775807}');
    const status = (await h.get()).status as Record<string, unknown>;
    expect(Object.keys(status).filter((key) => key in calls)).toEqual(['big']);
  });

  it('stops a timer whose result cannot be stored, while a good timer goes on', async () => {
    let bad = 0;
    let good = 0;
    const registry = new Registry();
    registry.on.timer('kopfexamples', function bad_timer() { bad++; return { fn: () => 1 }; }, { interval: 0.05 });
    registry.on.timer('kopfexamples', function good_timer() { good++; return { good }; }, { interval: 0.05 });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await expect.poll(() => good >= 6, { timeout: deadline(15_000) }).toBe(true);
    expect(bad).toBe(1);
    expect(run.feed.some((e) => e.type === 'handler' && e.id === 'bad_timer' && e.phase === 'failed'
      && e.message === "Timer 'bad_timer' returned a result that cannot be stored: result.fn is a function.")).toBe(true);
  });
});
