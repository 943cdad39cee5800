// reconcileBackground on fake time: each attempt of a timer or daemon is reported on the feed and logged
// in Kopf's wording, its result delivered into a patch that goes to the embedder's `write` against the
// object's latest body; a failing write is logged, a cancelled daemon is not a failure, and a daemon that
// ends wakes its object.
import type { FeedEventInput, HandlerPatch } from '@opkit/handlers';
import { events, Registry } from '@opkit/handlers';
import type { KubeObject, Resource } from '@opkit/kube';
import { systemClock } from '@opkit/tasks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, body, lines, settle } from '../test/fakes.js';
import type { AttemptPatch, AttemptTarget, BackgroundDeps, BackgroundMemory } from './background.js';
import { reconcileBackground } from './background.js';
import { Daemons } from './daemons.js';

const resource: Resource = { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true };
const ref = { resource: 'kopfexamples.kopf.dev/v1', namespace: 'default', name: 'kopf-example-1', uid: 'uid-1' };

/** A patch that says whether anything was written to it. */
function testPatch(): AttemptPatch {
  const labels = {};
  const annotations = {};
  const metadata = { labels, annotations };
  const patch: HandlerPatch = { spec: {}, status: {}, metadata, meta: metadata, labels, annotations, fns: [] };
  return Object.defineProperty(patch, 'isEmpty', { get: () => Object.keys(patch.status).length + Object.keys(patch.spec).length === 0 }) as AttemptPatch;
}

describe('reconcileBackground', () => {
  beforeEach(() => { vi.useFakeTimers({ now: 0 }); });
  afterEach(() => { vi.useRealTimers(); });

  function make(write: (target: AttemptTarget<BackgroundMemory>, patch: AttemptPatch) => Promise<void>) {
    const feed: FeedEventInput[] = [];
    const log = lines();
    const woken: string[] = [];
    const posted: string[] = [];
    const daemons = new Daemons({ exitTimeout: 1 });
    const deps: BackgroundDeps = {
      daemons, defaultBackoff: 60, clock: systemClock, indices: {}, patch: testPatch,
      emit: (event) => { feed.push(event); },
      events: { post: (_body, event) => { posted.push(event.message); } },
      objectLogger: () => log,
      wake: (key) => { woken.push(key); },
      deliver: (id, result, patch) => { patch.status[id] = result; },
      write,
    };
    const input = (object: KubeObject, handlers: ReturnType<Registry['resourceHandlers']>) => ({
      key: 'uid-1', resource, body: object, ref, memory: { memo: {} }, handlers, changed: true, deleting: false, context: {},
    });
    return { feed, log, woken, posted, daemons, deps, input };
  }

  it('a timer: started and succeeded on the feed, its result written against the latest body, events posted in scope', async () => {
    const registry = new Registry();
    registry.on.timer('kopfexamples', function tick({ body: seen }) { events.info(seen, { reason: 'Tick', message: 'ticked' }); return 'ticked'; }, { interval: 10 });
    const writes: [string | undefined, unknown][] = [];
    const { feed, log, posted, daemons, deps, input } = make(async (target, patch) => { writes.push([(target.latest().spec as { field?: string } | undefined)?.field, patch.status]); });
    const result = reconcileBackground(deps, input(body({ field: 'first' }), registry.resourceHandlers()));
    expect(result.running).toBe(1);
    reconcileBackground(deps, input(body({ field: 'second' }), registry.resourceHandlers()));
    await settle();
    expect(writes).toEqual([['second', { tick: 'ticked' }]]);
    expect(feed.filter((e) => e.type === 'handler')).toEqual([
      { type: 'handler', phase: 'started', id: 'tick', kind: 'timer', retry: 0, latenessMs: 0, ...ref },
      { type: 'handler', phase: 'succeeded', id: 'tick', kind: 'timer', retry: 0, durationMs: 0, outcome: 'success', ...ref },
    ]);
    expect(log.lines).toContain("info Timer 'tick' succeeded.");
    expect(posted).toEqual(['ticked']);
    await advance(10);
    expect(writes).toHaveLength(2);
    await daemons.stop();
  });

  it('a timer builds no per-run feed event while nobody reads the feed; its runs get fresh contexts over one shared base', async () => {
    const registry = new Registry();
    const seen: Record<string, unknown>[] = [];
    registry.on.timer('kopfexamples', function tick(context) { seen.push(context as unknown as Record<string, unknown>); return 'ticked'; }, { interval: 10 });
    const writes: unknown[] = [];
    const { feed, log, daemons, deps, input } = make(async (_target, patch) => { writes.push(patch.status); });
    let reading = false;
    reconcileBackground({ ...deps, observed: () => reading }, input(body(), registry.resourceHandlers()));
    await settle();
    // Unread: no handler event, but the run happened, was logged and wrote its result.
    expect(feed.filter((e) => e.type === 'handler')).toEqual([]);
    expect(log.lines).toContain("info Timer 'tick' succeeded.");
    expect(writes).toEqual([{ tick: 'ticked' }]);
    reading = true;
    await advance(10);
    expect(feed.filter((e) => e.type === 'handler').map((e) => e.type === 'handler' && e.phase)).toEqual(['started', 'succeeded']);
    expect(seen).toHaveLength(2);
    const [first, second] = seen as [Record<string, unknown>, Record<string, unknown>];
    expect(second).not.toBe(first);
    expect(second.patch).not.toBe(first.patch);
    expect(second.started).not.toEqual(first.started);
    // What every run of the task shares is the same: one client, one signal, one stop flag per task.
    expect(second.client).toBe(first.client);
    expect(second.signal).toBe(first.signal);
    expect(second.stopped).toBe(first.stopped);
    expect([first.name, first.namespace, first.uid, first.id]).toEqual(['kopf-example-1', 'default', 'uid-1', 'tick']);
    await daemons.stop();
  });

  it('a write that fails is logged; a daemon that returns is reported stopped and wakes its object', async () => {
    const registry = new Registry();
    registry.on.daemon('kopfexamples', function once({ patch }) { patch.status.once = 'done'; });
    const { feed, log, woken, daemons, deps, input } = make(() => Promise.reject(new Error('conflict')));
    reconcileBackground(deps, input(body(), registry.resourceHandlers()));
    await settle();
    expect(log.lines).toContain("error Daemon 'once' could not store its patch: conflict");
    expect(feed.filter((e) => e.type === 'daemon').map((e) => e.type === 'daemon' && e.phase)).toContain('stopped');
    expect(woken).toEqual(['uid-1']);
    await daemons.stop();
  });

  it('a daemon cancelled by the stop is not a failure: reported as cancelled, its patch dropped', async () => {
    const registry = new Registry();
    registry.on.daemon('kopfexamples', async function watcher({ patch, signal }) {
      patch.status.partial = true;
      await new Promise((_resolve, reject) => { signal.addEventListener('abort', () => reject(signal.reason as Error)); });
    });
    const writes: unknown[] = [];
    const { feed, log, daemons, deps, input } = make(async (_target, patch) => { writes.push(patch.status); });
    reconcileBackground(deps, input(body(), registry.resourceHandlers()));
    await settle();
    const stopping = daemons.stop();
    await advance(1);
    await stopping;
    expect(writes).toEqual([]);
    expect(feed).toContainEqual(expect.objectContaining({ type: 'handler', id: 'watcher', phase: 'succeeded', message: 'cancelled', outcome: 'cancelled' }));
    // Kopf's line when it cancels the task: a warning, word for word.
    expect(log.lines).toContain("warn Daemon 'watcher' is cancelled. Will escalate.");
  });
});
