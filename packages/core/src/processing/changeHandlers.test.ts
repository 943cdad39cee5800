// One cycle of change handlers with a clock that moves between its readings: whether a retry is due is
// decided once per cycle, so the "is in progress" line and the handler's run never disagree.
import { buildResourceHandler, createIndices } from '@opkit/handlers';
import { Patch, resourceStorages } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { runChangeHandlers } from './changeHandlers.js';
import { newMemory } from './memory.js';

const START = Date.parse('2030-01-01T00:00:00Z');
const resource = { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true };

/** A clock that moves 10 µs on every reading, as a busy machine's clock moves between two lines. */
function creepingClock(): Clock {
  let micros = START * 1000;
  const read = (): number => (micros += 10);
  return { now: () => read() / 1000, nowMicros: read, setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };
}

/** A body whose handler `fn` failed once and is due again `afterMicros` after START. */
function retriedBody(afterMicros: number): Record<string, unknown> {
  const at = (micros: number): string => `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 19)}.${String(micros % 1_000_000).padStart(6, '0')}+00:00`;
  const record = { started: at(START * 1000), delayed: at(START * 1000 + afterMicros), purpose: 'create', retries: 1, success: false, failure: false, message: 'again' };
  return {
    apiVersion: 'kopf.dev/v1', kind: 'KopfExample',
    metadata: { name: 'x', namespace: 'default', uid: 'u', resourceVersion: '1', annotations: { 'kopf.zalando.org/fn': JSON.stringify(record) } },
    spec: { field: 1 },
  };
}

describe('runChangeHandlers on a retry that falls due during the cycle', () => {
  it('logs "is in progress" exactly when it runs the handler, wherever the retry falls', async () => {
    const outcomes = new Set<string>();
    // The retry's time swept across the cycle's first clock readings in 5 µs steps.
    for (let after = 0; after <= 400; after += 5) {
      const lines: string[] = [];
      let invoked = 0;
      const say = (message: string): void => { lines.push(message); };
      const logger: Logger = { debug: say, info: say, warn: say, error: say, child: () => logger };
      const handler = buildResourceHandler('create', 'kopfexamples', function fn() { invoked++; }, {});
      const storages = resourceStorages({ profile: 'kopf', statusSubresource: false });
      const body = retriedBody(after);
      const result = await runChangeHandlers(
        { settings: resolveSettings(), clock: creepingClock(), emit: () => {}, logger, progressStorage: storages.progressStorage, diffBaseStorage: storages.diffBaseStorage, indices: createIndices([]) },
        {
          resource, body: body as never, patch: new Patch(), memory: newMemory({}, false), owned: [handler], current: null, filterContext: {}, ref: { name: 'x', namespace: 'default' } as never,
          cause: { reason: 'create', initial: false, old: null, new: null, diff: [], deleted: false } as never, signal: new AbortController().signal,
        },
      );
      const said = lines.some((line) => line.startsWith('Creation is in progress: '));
      expect({ after, said, invoked }).toEqual({ after, said: invoked === 1, invoked });
      if (invoked === 0) expect(result.delays.length).toBe(1);
      outcomes.add(invoked === 1 ? 'ran' : 'waited');
    }
    // The sweep covered both sides: retries already due when the cycle began, and retries not yet due.
    expect([...outcomes].sort()).toEqual(['ran', 'waited']);
  });
});
