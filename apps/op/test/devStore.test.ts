// The view model of op dev, driven by recorded sessions (`op dev --json` output) and a synthetic one
// of 10,000 objects: what each object shows at each point of a reload mid-handler, a forced stop and
// a build error, and that records of kinds this version does not know are tolerated.
import { describe, expect, it } from 'vitest';
import { DevStore } from '../src/index.js';
import type { DevRecord } from '../src/index.js';
import { readStoredState } from '../src/dev/model/progress.js';
import { compileFilter } from '../src/dev/model/store.js';
import { settlement } from '../src/dev/settle.js';
import { indexOf, recorded, replay, syntheticEvents, syntheticObject, syntheticSession } from './helpers/devFeeds.js';

const genPhase = (gen: number, phase: string) => (record: Record<string, any>): boolean => record.type === 'dev.gen' && record.gen === gen && record.phase === phase;
const only = (store: DevStore) => {
  const [entry] = store.ordered();
  if (!entry || store.objects.size !== 1) throw new Error(`expected one object, got ${store.objects.size}`);
  return entry;
};

describe('DevStore', () => {
  it('replays a reload mid-handler: handling while gen 1 drains, idle after, two generations', () => {
    const records = recorded('reload-mid-handler');
    const store = new DevStore();
    replay(store, records, indexOf(records, genPhase(1, 'stopping')) + 1);
    expect(only(store).state).toMatchObject({ kind: 'handling', handler: 'create_fn' });
    expect(store.counts().handling).toBe(1);
    expect(store.currentGen).toBe(1);
    expect(store.loadingGen).toBe(2);

    replay(store, records, indexOf(records, genPhase(2, 'ready')) + 1, indexOf(records, genPhase(1, 'stopping')) + 1);
    const gen1 = store.gens.get(1)!;
    expect(gen1).toMatchObject({ phase: 'stopped', graceful: true, forced: false });
    expect(gen1.stopMs).toBeGreaterThan(1000); // it waited for the handler
    expect(store.currentGen).toBe(2);
    expect(only(store).state).toEqual({ kind: 'idle' });
    expect(only(store).interrupted).toBeUndefined();
    expect(store.handlers.get('create_fn')).toMatchObject({ successes: 1, failures: 0, running: 0 });
    expect(store.logsOf(only(store).key).map((line) => line.message)).toContain("Handler 'create_fn' succeeded.");
    expect(settlement(store)).toEqual({ kind: 'settled' });
  });

  it('replays a forced stop: the running handler is marked interrupted, and runs again in gen 2', () => {
    const records = recorded('forced-stop');
    const store = new DevStore();
    replay(store, records, indexOf(records, genPhase(1, 'stopped')) + 1);
    const gen1 = store.gens.get(1)!;
    expect(gen1).toMatchObject({ forced: true, graceful: false, signal: 'SIGTERM' });
    expect(gen1.interrupted?.map((item) => item.id)).toEqual(['create_fn']);
    expect(only(store).interrupted).toEqual({ gen: 1, handlers: ['create_fn'] });
    expect(only(store).state.kind).not.toBe('handling');

    replay(store, records, records.length, indexOf(records, genPhase(1, 'stopped')) + 1);
    expect(only(store).interrupted).toBeUndefined();
    expect(only(store).state).toEqual({ kind: 'idle' });
    expect(only(store).outcomes.get('create_fn')).toMatchObject({ phase: 'succeeded', gen: 2 });
  });

  it('replays a build error: shown with its code frame while gen 1 keeps running, gone when gen 2 starts', () => {
    const records = recorded('build-error');
    const store = new DevStore();
    const failed = indexOf(records, (record) => record.type === 'dev.build-error');
    replay(store, records, failed + 1);
    expect(store.buildError).toMatchObject({ gen: 2, message: expect.stringContaining("Expected ',', got ';'"), location: { line: 4, column: 26 } });
    expect(store.buildError?.location?.frame).toContain("> 4 |   return { message: 'v1' ;");
    expect(store.currentGen).toBe(1);
    expect(store.gens.get(1)?.phase).toBe('ready');
    expect(settlement(store).kind).toBe('settled'); // gen 1 still serves everything

    replay(store, records, indexOf(records, genPhase(2, 'started')) + 1, failed + 1);
    expect(store.buildError).toBeUndefined();
    expect(store.currentGen).toBe(2);
  });

  it('holds 10,000 objects: counts, sorted order, filters, and a busy feed applied quickly', () => {
    const store = replay(new DevStore(), syntheticSession(10_000));
    expect(store.objects.size).toBe(10_000);
    expect(store.counts()).toMatchObject({ retrying: 104, idle: 9896 });
    const names = store.ordered().slice(0, 3).map((entry) => `${entry.namespace}/${entry.name}`);
    expect(names).toEqual(['team-0/widget-00000', 'team-0/widget-00010', 'team-0/widget-00020']);
    expect(store.filtered('state:retrying')).toHaveLength(104);
    expect(store.filtered('team-3 !widget-00003')).toHaveLength(999);
    expect(store.filtered('/widget-0999[0-9]/')).toHaveLength(10);
    const events = syntheticEvents(10_000, 20_000);
    const started = performance.now();
    replay(store, events);
    const perEvent = (performance.now() - started) / events.length;
    expect(store.handlers.get('update_fn')).toMatchObject({ successes: 5000, running: 0 });
    expect(store.counts().handling).toBe(0);
    console.log(`DevStore: ${events.length} feed events over 10,000 objects applied at ${(perEvent * 1000).toFixed(1)} µs each`);
  });

  it('tolerates feed entries it does not know and shows daemons and timers as marks', () => {
    const store = replay(new DevStore(), syntheticSession(3));
    const ref = { resource: 'kopfexamples.kopf.dev/v1', namespace: 'team-1', name: 'widget-00001', uid: 'uid-1' };
    const records = [
      { v: 1, ts: 1, gen: 1, type: 'daemon', phase: 'started', kind: 'daemon', id: 'monitor', ...ref },
      { v: 1, ts: 2, gen: 1, type: 'handler', phase: 'started', kind: 'timer', id: 'tick', retry: 0, ...ref },
      { v: 1, ts: 3, gen: 1, type: 'handler', phase: 'succeeded', kind: 'timer', id: 'tick', retry: 0, durationMs: 4, ...ref },
      { v: 1, ts: 4, gen: 1, type: 'peering', peers: [] },
      { v: 2, ts: 5, gen: 1, type: 'something-new', with: { fields: 1n } },
      { v: 1, ts: 6, type: 'dev.from-the-future' },
    ] as unknown as DevRecord[];
    expect(() => replay(store, records)).not.toThrow();
    const entry = store.find(ref)!;
    expect([...entry.runtime.keys()]).toEqual(['monitor', 'tick']);
    expect(entry.state).toEqual({ kind: 'idle' }); // background handlers never make an object "handling"
    expect(store.handlers.get('monitor')).toMatchObject({ kind: 'daemon', active: 1 });
    expect(Object.fromEntries(store.unknown)).toEqual({ peering: 1, 'something-new': 1, 'dev.from-the-future': 1 });
  });

  it('keeps a permanent failure for the rest of its cause, and forgets it when a new change is handled', () => {
    const store = replay(new DevStore(), syntheticSession(1));
    const ref = { resource: 'kopfexamples.kopf.dev/v1', namespace: 'team-0', name: 'widget-00000', uid: 'uid-0' };
    const feed = (ts: number, event: Record<string, unknown>): void => store.apply({ v: 1, ts, gen: 1, ...ref, ...event } as unknown as DevRecord);
    feed(1, { type: 'cause', reason: 'update' });
    feed(2, { type: 'handler', phase: 'started', id: 'update_fn', kind: 'update', retry: 0 });
    feed(3, { type: 'handler', phase: 'failed', id: 'update_fn', kind: 'update', retry: 0, durationMs: 1, message: 'the spec is wrong' });
    feed(4, { type: 'cause', reason: 'update' }); // the next cycle of the same cause: other handlers run
    feed(5, { type: 'handler', phase: 'started', id: 'other_fn', kind: 'update', retry: 0 });
    feed(6, { type: 'handler', phase: 'succeeded', id: 'other_fn', kind: 'update', retry: 0, durationMs: 1 });
    expect(only(store).state).toEqual({ kind: 'failed', handler: 'update_fn', message: 'the spec is wrong' });
    feed(7, { type: 'cause', reason: 'update' }); // a new change: the failed handler runs again
    feed(8, { type: 'handler', phase: 'started', id: 'update_fn', kind: 'update', retry: 0 });
    expect(only(store).state).toMatchObject({ kind: 'handling', handler: 'update_fn' });
    feed(9, { type: 'handler', phase: 'failed', id: 'update_fn', kind: 'update', retry: 0, durationMs: 1, message: 'still wrong' });
    feed(10, { type: 'cause', reason: 'delete' }); // another reason: the update's failure is history
    expect(only(store).state.kind).not.toBe('failed');
  });

  it('takes an object without a diff-base for pending until the operator says what it handles', () => {
    const store = new DevStore();
    const body = syntheticObject(0);
    delete body.metadata.annotations['opkit.dev/last-handled-configuration'];
    store.apply({ v: 1, ts: 1, type: 'dev.object', event: 'ADDED', resource: 'kopfexamples.kopf.dev/v1', kind: 'KopfExample', object: body } as unknown as DevRecord);
    expect(only(store).state).toEqual({ kind: 'pending', reason: 'new' });
    store.apply({ v: 1, ts: 2, type: 'dev.registry', gen: 1, handlers: [{ id: 'watch_fn', kind: 'event', selector: 'kopfexamples', resources: ['kopfexamples.kopf.dev/v1'] }], files: [], resources: [], unserved: [] } as unknown as DevRecord);
    expect(only(store).state).toEqual({ kind: 'idle' }); // only a spy: nothing will store a diff-base
  });

  it('marks objects pending until the running generation has seen their version', () => {
    const store = replay(new DevStore(), syntheticSession(1));
    const changed = syntheticObject(0);
    changed.spec.size = 99;
    changed.metadata.resourceVersion = '100';
    store.apply({ v: 1, ts: 10, type: 'dev.object', event: 'MODIFIED', resource: 'kopfexamples.kopf.dev/v1', kind: 'KopfExample', object: changed } as unknown as DevRecord);
    expect(only(store).state).toEqual({ kind: 'pending', reason: 'changed' });
    expect(only(store).stored?.pending.map((item) => item.path.join('.'))).toEqual(['spec.size']);
    store.apply({ v: 1, ts: 11, gen: 1, type: 'object-seen', event: 'MODIFIED', resourceVersion: '100', resource: 'kopfexamples.kopf.dev/v1', namespace: 'team-0', name: 'widget-00000', uid: 'uid-0' } as unknown as DevRecord);
    expect(only(store).state).toEqual({ kind: 'idle' });
  });
});

describe('readStoredState', () => {
  it('reads progress records by handler id, in both profiles, and the pending diff', () => {
    const body = syntheticObject(5, { retrying: true }) as any;
    body.metadata.annotations['kopf.zalando.org/other_fn.sub'] = '{"retries":1,"success":false}';
    const state = readStoredState(body, ['create_fn', 'other_fn/sub']);
    expect(state.progress.map((record) => [record.id, record.retries, record.location])).toEqual([
      ['create_fn', 3, 'opkit.dev/create_fn'], ['other_fn/sub', 1, 'kopf.zalando.org/other_fn.sub'],
    ]);
    expect(state.diffBase).toBeNull();
  });
});

describe('compileFilter', () => {
  it('matches words, regexes, fields and negations', () => {
    const store = replay(new DevStore(), syntheticSession(200));
    const count = (text: string): number => store.ordered().filter(compileFilter(text)).length;
    expect(count('widget-0019')).toBe(10);
    expect(count('ns:team-1')).toBe(20);
    expect(count('kind:kopfexample state:idle')).toBe(197); // widget-00000, -00097 and -00194 are retrying
    expect(count('handler:create_fn')).toBe(3);
    expect(count('!state:idle')).toBe(3);
  });
});
