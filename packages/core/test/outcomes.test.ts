// Handler outcomes and lifecycles: PermanentError ends a handler at once; arbitrary errors follow
// the handler's `errors` mode (retry after `backoff`, stop, or ignore); `asap` runs one handler per
// cycle, the one with the fewest retries first, while `all-at-once` runs them together — which is
// also cheaper in requests.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PermanentError, Registry, TemporaryError } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, progressOf, startHarness } from './harness.js';

const PREFIX = '[default/kopf-example-1] ';

/** Whether a line starts with `text` (error lines go on with the error's fields and stack). */
function logged(lines: readonly string[], text: string): boolean {
  return lines.some((line) => line === text || line.startsWith(`${text} `));
}

function handled(body: { metadata: { annotations?: Record<string, string> } }): boolean {
  return diffBaseOf(body) !== undefined;
}

describe('processing: handler outcomes', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('stops a handler that raises PermanentError, counts it as failed and finishes the cause', async () => {
    let calls = 0;
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn() {
      calls++;
      throw new PermanentError('Fail once and for all.');
    });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', handled, 'the creation to finish');
    expect(calls).toBe(1);
    expect(logged(run.lines, `${PREFIX}Handler 'create_fn' failed permanently: Fail once and for all.`)).toBe(true);
    await expect.poll(() => run.lines.includes(`${PREFIX}Creation is processed: 0 succeeded; 1 failed.`)).toBe(true);
    expect((body.status as any)?.create_fn).toBeUndefined();
    expect(progressOf(body, 'create_fn')).toBeUndefined();
    expect(run.feed.some((e) => e.type === 'handler' && e.phase === 'failed' && e.id === 'create_fn' && e.message === 'Fail once and for all.')).toBe(true);
  });

  it('follows the errors mode of arbitrary errors: retry after backoff, stop now, or ignore', async () => {
    const attempts: Record<string, number[]> = { retrying: [], stopping: [], ignoring: [] };
    const registry = new Registry();
    registry.on.create('kopfexamples', function retrying({ retry }) {
      attempts.retrying!.push(retry);
      if (retry === 0) throw new Error('boom');
      return 'recovered';
    }, { errors: 'temporary', backoff: 0.2 });
    registry.on.create('kopfexamples', function stopping({ retry }) {
      attempts.stopping!.push(retry);
      throw new Error('bang');
    }, { errors: 'permanent' });
    registry.on.create('kopfexamples', function ignoring({ retry }) {
      attempts.ignoring!.push(retry);
      throw new Error('whatever');
    }, { errors: 'ignored' });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', handled, 'the creation to finish');
    expect(attempts).toEqual({ retrying: [0, 1], stopping: [0], ignoring: [0] });
    expect(logged(run.lines, `${PREFIX}Handler 'retrying' failed with an exception and will try again in 0.2 seconds: boom`)).toBe(true);
    expect(run.lines).toContain(`${PREFIX}Handler 'retrying' succeeded.`);
    expect(logged(run.lines, `${PREFIX}Handler 'stopping' failed with an exception and will stop now: bang`)).toBe(true);
    expect(logged(run.lines, `${PREFIX}Handler 'ignoring' failed with an exception. Will ignore.`)).toBe(true);
    await expect.poll(() => run.lines.includes(`${PREFIX}Creation is processed: 2 succeeded; 1 failed.`)).toBe(true);
    expect((body.status as any)?.retrying).toBe('recovered');
  });

  it('runs one handler per cycle in the asap lifecycle, the one with the fewest retries first', async () => {
    const order: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function first({ retry }) {
      order.push(`first#${retry}`);
      if (retry === 0) throw new TemporaryError('later', { delay: 0.2 });
      return 1;
    });
    registry.on.create('kopfexamples', function second({ retry }) { order.push(`second#${retry}`); return 2; });
    registry.on.create('kopfexamples', function third({ retry }) { order.push(`third#${retry}`); return 3; });
    const run = await h.run(registry);
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', handled, 'the creation to finish');
    expect(order).toEqual(['first#0', 'second#0', 'third#0', 'first#1']);
    expect(body.status).toMatchObject({ first: 1, second: 2, third: 3 });
    await expect.poll(() => run.lines.includes(`${PREFIX}Creation is processed: 3 succeeded; 0 failed.`)).toBe(true);
    // Four cycles with a handler, each in one request: the status (results, records and diff-base together).
    const patches = h.server.requests().filter((r) => r.verb === 'patch' && r.name === 'kopf-example-1');
    expect(patches.map((r) => r.subresource ?? 'object')).toEqual(['status', 'status', 'status', 'status']);
  });

  it('runs every handler in one cycle in the all-at-once lifecycle, in one request', async () => {
    const order: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function first() { order.push('first'); return 1; });
    registry.on.create('kopfexamples', function second() { order.push('second'); return 2; });
    registry.on.create('kopfexamples', function third() { order.push('third'); return 3; });
    const run = await h.run(registry, { settings: { execution: { lifecycle: 'all-at-once' }, persistence: { consistencyTimeout: 2 } } });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    const body = await h.waitFor('kopf-example-1', handled, 'the creation to finish');
    expect(order).toEqual(['first', 'second', 'third']);
    expect(body.status).toMatchObject({ first: 1, second: 2, third: 3 });
    await expect.poll(() => run.lines.includes(`${PREFIX}Creation is processed: 3 succeeded; 0 failed.`)).toBe(true);
    expect(h.patchCount('kopf-example-1')).toBe(1);
  });
});
