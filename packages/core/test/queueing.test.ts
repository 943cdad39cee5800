// Queueing across objects: at most `queueing.workerLimit` objects are processed at once, and an
// object waiting for a retry holds no slot — with one slot, a delayed object does not block others.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry, TemporaryError } from '../src/index.js';
import type { Harness } from './harness.js';
import { kopfExample, progressOf, startHarness } from './harness.js';

describe('processing: queueing across objects', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('processes at most workerLimit objects at once, and a delayed object holds no slot', async () => {
    let running = 0;
    let most = 0;
    const registry = new Registry();
    registry.on.create('kopfexamples', async function create_fn({ name }) {
      running++;
      most = Math.max(most, running);
      try {
        if (name === 'delayed') throw new TemporaryError('much later', { delay: 600 });
        await new Promise((resolve) => setTimeout(resolve, 20)); // overlap, were two allowed to run
        return name;
      } finally {
        running--;
      }
    });
    await h.run(registry, { settings: { queueing: { workerLimit: 1 }, persistence: { consistencyTimeout: 1 } } });
    await h.client.create(h.kex, kopfExample('delayed'), { namespace: 'default' });
    await h.waitFor('delayed', (b) => progressOf(b, 'create_fn') !== undefined, 'the delayed attempt stored');
    const names = ['one', 'two', 'three'];
    await Promise.all(names.map((name) => h.client.create(h.kex, kopfExample(name), { namespace: 'default' })));
    for (const name of names) await h.waitFor(name, (b) => (b.status as any)?.create_fn === name, `${name} to be handled`);
    expect(most).toBe(1);
    expect(JSON.parse(progressOf(await h.get('delayed'), 'create_fn') ?? '{}')).toMatchObject({ retries: 1, success: false });
  });
});
