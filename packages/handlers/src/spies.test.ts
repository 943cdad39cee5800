// runSpies: every matching spy is invoked once per event; a success is logged at debug and its result
// delivered, a failure logged in Kopf's wording ("Will ignore.") and dropped; both reach the feed as
// handlers of kind `event`; a spy whose filters do not match is not invoked at all.
import type { KubeObject, Resource } from '@opkit/kube';
import type { Logger } from '@opkit/tasks';
import { systemClock } from '@opkit/tasks';
import { describe, expect, it } from 'vitest';
import type { FeedEventInput } from './feed.js';
import { Registry } from './registry.js';
import { runSpies } from './spies.js';
import type { HandlerPatch } from './types.js';

const resource: Resource = { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true };
const body: KubeObject = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'a', namespace: 'ns', uid: 'uid-a', labels: { watch: 'yes' } }, spec: {} };

function plainPatch(): HandlerPatch {
  const labels = {};
  const annotations = {};
  const metadata = { labels, annotations };
  return { spec: {}, status: {}, metadata, meta: metadata, labels, annotations, fns: [] };
}

describe('runSpies', () => {
  it('delivers the results of the spies that succeeded, logs and drops failures, skips non-matching spies', async () => {
    const registry = new Registry();
    const calls: string[] = [];
    const ok = registry.on.event('kopfexamples', function seen({ type }) { calls.push(`seen:${String(type)}`); return { type }; });
    const bad = registry.on.event('kopfexamples', function broken() { calls.push('broken'); throw new Error('boom'); });
    const other = registry.on.event('kopfexamples', function elsewhere() { calls.push('elsewhere'); }, { labels: { watch: 'no' } });
    const lines: [string, string][] = [];
    const log = (level: string) => (message: string) => { lines.push([level, message]); };
    const logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), child: () => logger } as unknown as Logger;
    const feed: FeedEventInput[] = [];
    const delivered: Map<string, unknown>[] = [];
    await runSpies({ clock: systemClock, logger, emit: (event) => { feed.push(event); }, indices: {} }, {
      spies: [ok, bad, other], resource, event: { type: 'ADDED', object: body }, patch: plainPatch(), memo: {},
      ref: { resource: 'kopfexamples.kopf.dev', namespace: 'ns', name: 'a' }, signal: new AbortController().signal,
      deliver: (results) => { delivered.push(new Map([...results].map(([id, outcome]) => [id, outcome.result]))); },
    });
    expect(calls).toEqual(['seen:ADDED', 'broken']);
    expect(delivered).toEqual([new Map([['seen', { type: 'ADDED' }]])]);
    expect(lines).toEqual([
      ['debug', "Handler 'seen' is invoked."], ['debug', "Handler 'seen' succeeded."],
      ['debug', "Handler 'broken' is invoked."], ['error', "Handler 'broken' failed with an exception. Will ignore."],
    ]);
    expect(feed.map((event) => [event.type, (event as { phase?: string }).phase, (event as { id?: string }).id, (event as { outcome?: string }).outcome]))
      .toEqual([['handler', 'started', 'seen', undefined], ['handler', 'succeeded', 'seen', 'success'], ['handler', 'started', 'broken', undefined], ['handler', 'failed', 'broken', 'ignored']]);
  });

  it('delivers nothing when no spy succeeded', async () => {
    const registry = new Registry();
    const bad = registry.on.event('kopfexamples', function broken() { throw new Error('boom'); });
    const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, child: () => logger } as unknown as Logger;
    let deliveries = 0;
    await runSpies({ clock: systemClock, logger, emit: () => {}, indices: {} }, {
      spies: [bad], resource, event: { type: null, object: body }, patch: plainPatch(), memo: {},
      ref: { resource: 'kopfexamples.kopf.dev', namespace: 'ns', name: 'a' }, signal: new AbortController().signal,
      deliver: () => { deliveries += 1; },
    });
    expect(deliveries).toBe(0);
  });
});
