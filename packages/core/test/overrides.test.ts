// Replacing parts by token: a progress storage and the event sink registered in `overrides` are
// the ones the operator uses.
import { StatusProgressStorage } from '@opkit/state';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SINK, events, PROGRESS_STORAGE, Registry, TemporaryError } from '../src/index.js';
import type { Harness } from './harness.js';
import { diffBaseOf, kopfExample, progressOf, startHarness } from './harness.js';

describe('overrides by token', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('uses the progress storage and the event sink registered by the user', async () => {
    const posted: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ body, retry }) {
      events.info(body, { reason: 'Tried', message: `attempt ${retry}` });
      if (retry === 0) throw new TemporaryError('again', { delay: 0.3 });
    });
    await h.run(registry, {
      overrides: (container) => {
        container.register(PROGRESS_STORAGE, { useValue: new StatusProgressStorage({ field: 'status.myop.progress' }) });
        container.register(EVENT_SINK, { useValue: { post: (_body, event) => posted.push(`${event.type}/${event.reason} ${event.message}`) } });
      },
    });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => (b.status as any)?.myop?.progress?.create_fn?.retries === 1, 'the record in status.myop.progress');
    expect(progressOf(await h.get(), 'create_fn')).toBeUndefined();
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation to finish');
    // The handler's own events, in order; the object's log lines go to the same sink as Logging events (by default).
    expect(posted.filter((line) => !/^\w+\/Logging /.test(line))).toEqual(['Normal/Tried attempt 0', 'Normal/Tried attempt 1']);
    expect(posted).toContain("Normal/Logging Handler 'create_fn' succeeded.");
  });

  it('posts log lines as Logging events by default, but not the spies\' lines', async () => {
    const posted: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function create_fn({ logger }) { logger.info('from the handler'); });
    registry.on.event('kopfexamples', function spy({ logger }) { logger.info('from the spy'); });
    await h.run(registry, {
      overrides: (container) => {
        container.register(EVENT_SINK, { useValue: { post: (_body, event) => posted.push(`${event.type}/${event.reason} ${event.message}`) } });
      },
    });
    await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await h.waitFor('kopf-example-1', (b) => diffBaseOf(b) !== undefined, 'the creation to finish');
    expect(posted).toContain('Normal/Logging from the handler');
    expect(posted).toContain("Normal/Logging Handler 'create_fn' succeeded.");
    expect(posted.some((line) => line.includes('from the spy'))).toBe(false);
  });
});
