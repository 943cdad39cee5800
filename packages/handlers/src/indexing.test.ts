// createIndexer: index handlers run in the operator's scope (their events.* reach the operator's sink),
// each attempt reported on the feed with kind `index` and logged on the object's spy logger (a success
// at debug, failures in Kopf's wording), on the given clock.
import type { KubeObject, Resource } from '@opkit/kube';
import type { LogFields, Logger } from '@opkit/tasks';
import { systemClock } from '@opkit/tasks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TemporaryError } from './errors.js';
import { events } from './events.js';
import type { FeedEventInput } from './feed.js';
import { createIndexer } from './indexing.js';
import { OperatorIndex } from './indices.js';
import { Registry } from './registry.js';
import type { HandlerPatch } from './types.js';

const resource: Resource = { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true };
const body: KubeObject = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'a', namespace: 'ns', uid: 'uid-a' }, spec: { field: 'x' } };

function plainPatch(): HandlerPatch {
  const labels = {};
  const annotations = {};
  const metadata = { labels, annotations };
  return { spec: {}, status: {}, metadata, meta: metadata, labels, annotations, fns: [] };
}

describe('createIndexer', () => {
  let controller: AbortController;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    controller = new AbortController();
  });
  afterEach(() => {
    controller.abort();
    vi.useRealTimers();
  });

  it('reports each attempt on the feed and the logger, retries after a TemporaryError, and posts events through the sink', async () => {
    const registry = new Registry();
    let attempts = 0;
    const byField = registry.on.index('kopfexamples', ({ spec, body: seen }) => {
      events.info(seen, { reason: 'Indexing', message: `attempt ${attempts}` });
      if (attempts++ === 0) throw new TemporaryError('not yet', { delay: 30 });
      return { [String(spec.field)]: 1 };
    }, { id: 'byField' });
    const feed: FeedEventInput[] = [];
    const lines: [string, string][] = [];
    const spies: (boolean | undefined)[] = [];
    const posted: string[] = [];
    const log = (level: string) => (message: string, _fields?: LogFields) => { lines.push([level, message]); };
    const logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), child: () => logger } as Logger;
    const index = new OperatorIndex();
    const indexer = createIndexer({
      indices: { byField: index }, memo: {}, signal: controller.signal, defaultBackoff: 60, clock: systemClock, patch: plainPatch,
      emit: (event) => { feed.push(event); },
      events: { post: (_body, event) => { posted.push(event.message); } },
      objectLogger: (_body, _resource, options) => { spies.push(options?.spy); return logger; },
    });
    indexer.offer(resource, [byField], { type: 'ADDED', object: body });
    await indexer.drain();
    await vi.advanceTimersByTimeAsync(30_000);
    await indexer.drain();
    expect(index.toJSON()).toEqual([['x', [1]]]);
    const ref = { resource: 'kopfexamples.kopf.dev/v1', namespace: 'ns', name: 'a', uid: 'uid-a' };
    expect(feed).toEqual([
      { type: 'handler', phase: 'started', id: 'byField', kind: 'index', retry: 0, ...ref },
      { type: 'handler', phase: 'retrying', id: 'byField', kind: 'index', retry: 0, durationMs: 0, delay: 30, message: 'not yet', outcome: 'temporary', ...ref },
      { type: 'handler', phase: 'started', id: 'byField', kind: 'index', retry: 1, ...ref },
      { type: 'handler', phase: 'succeeded', id: 'byField', kind: 'index', retry: 1, durationMs: 0, outcome: 'success', ...ref },
    ]);
    expect(lines).toEqual([
      ['debug', "Indexer 'byField' is invoked."], ['error', "Indexer 'byField' failed temporarily: not yet"],
      ['debug', "Indexer 'byField' is invoked."], ['debug', "Indexer 'byField' succeeded."],
    ]);
    expect(spies.every((spy) => spy === true)).toBe(true);
    expect(posted).toEqual(['attempt 0', 'attempt 1']);
  });
});
