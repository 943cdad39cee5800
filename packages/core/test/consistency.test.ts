// The consistency gate, cycle by cycle (processObject fed with chosen events, against the embedded
// API server): after the operator's own patch, an event older than that patch must not run change
// handlers — that body lacks the records of what just succeeded, so a handler would run twice —
// until the patch comes back through the watch, or the consistency timeout passes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KubeObject } from '@opkit/kube';
import type { Clock } from '@opkit/tasks';
import { createLogger, objectLogger, Registry, resolveSettings } from '../src/index.js';
import { resourceStorages } from '@opkit/state';
import { newMemory } from '../src/processing/memory.js';
import { processObject } from '../src/processing/processObject.js';
import type { CycleEvent } from '../src/processing/processObject.js';
import type { Harness } from './harness.js';
import { kopfExample, startHarness } from './harness.js';

describe('processObject: the consistency gate', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('holds change handlers on events older than its own last patch, until the patch is seen or the timeout passes', async () => {
    let now = 1_000_000;
    const clock: Clock = { now: () => now, setTimeout: () => undefined, clearTimeout: () => undefined };
    const lines: string[] = [];
    const logger = createLogger({ format: 'plain', level: 'debug', write: (line) => lines.push(line) });
    const calls: string[] = [];
    const registry = new Registry();
    registry.on.create('kopfexamples', function first() { calls.push('first'); return 1; });
    registry.on.create('kopfexamples', function second() { calls.push('second'); return 2; });
    const deps = {
      client: h.client, clock, emit: () => undefined, settings: resolveSettings({ persistence: { consistencyTimeout: 5 } }),
      objectLogger: (body: KubeObject) => objectLogger(logger, body, h.kex), indices: {},
    };
    const input = {
      resource: h.kex,
      handlers: { change: registry.resourceHandlers(), spies: [], extraFields: [] },
      storage: resourceStorages({ profile: 'opkit', statusSubresource: true }),
      memory: newMemory({}, false),
      ref: { resource: 'kopfexamples.kopf.dev/v1', namespace: 'default', name: 'kopf-example-1' },
      signal: new AbortController().signal,
    };
    const cycle = (event: CycleEvent): ReturnType<typeof processObject> => processObject(deps, { ...input, event });

    const created = await h.client.create(h.kex, kopfExample(), { namespace: 'default' });
    await cycle({ type: 'ADDED', object: created, initial: false });
    expect(calls).toEqual(['first']);
    const patched = await h.get();
    expect(input.memory.expectedVersion).toBe(patched.metadata.resourceVersion);
    const requests = h.patchCount('kopf-example-1');
    expect(requests).toBe(1); // the status: result, records and diff-base in one merge patch

    // A late event older than our patch: nothing runs, nothing is sent, and the cycle asks to be woken at the timeout.
    const stale = await cycle({ type: 'MODIFIED', object: created, initial: false });
    expect(calls).toEqual(['first']);
    expect(h.patchCount('kopf-example-1')).toBe(requests);
    expect(stale.wakeIn).toBe(5);
    now += 2_000;
    expect((await cycle({ type: 'MODIFIED', object: created, initial: false })).wakeIn).toBe(3);
    expect(calls).toEqual(['first']);

    // Our own patch comes back: the gate opens and the next handler runs.
    await cycle({ type: 'MODIFIED', object: patched, initial: false });
    expect(calls).toEqual(['first', 'second']);
    expect(input.memory.expectedVersion).toBe((await h.get()).metadata.resourceVersion);

    // An older event again, once the timeout has passed: consistency is assumed (Kopf's rule) and the
    // handlers run on what that body says — the price of the timeout, which is why it waits at all.
    const stillOld = await cycle({ type: 'MODIFIED', object: patched, initial: false });
    expect(stillOld.wakeIn).toBe(5);
    now += 5_000;
    await cycle({ type: 'MODIFIED', object: patched, initial: false });
    expect(calls).toEqual(['first', 'second', 'second']);
    expect(lines.some((line) => line.includes('Creation is processed: 2 succeeded; 0 failed.'))).toBe(true);
  });
});
