// Checks the handler-state bookkeeping with a fake clock: due times, done, retries, what is stored
// (exact bytes) and purged, sub-handler records, counters of superseded purposes, results delivery.
import { describe, expect, it } from 'vitest';
import { HandlerState } from './handlerState.js';
import { HandlerStates } from './handlerStates.js';
import { deliverResults, subhandlersPendingOutcome } from './handlerState.js';
import { Patch } from './patch.js';
import { applyMergePatch } from './diff.js';
import { AnnotationsProgressStorage, SmartProgressStorage } from './progressStorage.js';
import { CorruptedStateError, InvalidStateArgumentError } from './errors.js';

function fakeClock(start = Date.UTC(2026, 10, 22, 4, 0, 0)): { clock: () => number; advance: (seconds: number) => void } {
  let now = start;
  return { clock: () => now, advance: (seconds) => { now += seconds * 1000; } };
}

const storage = new AnnotationsProgressStorage({ profile: 'kopf' });
const emptyBody = { metadata: { name: 'n', annotations: {} } };

describe('HandlerStates', () => {
  it('stamps records to the microsecond from a clock with fractions, and records Kopf\'s parent of unfinished sub-handlers', () => {
    const at = (Date.UTC(2026, 10, 22, 4, 0, 0) * 1000 + 123) / 1000; // epoch ms, the microseconds in the fraction
    const states = HandlerStates.fromStorage({ body: emptyBody, storage, handlerIds: ['create_fn'], clock: () => at })
      .withPurpose('create').withHandlers(['create_fn'])
      .withOutcomes({ create_fn: subhandlersPendingOutcome({ delay: 1.5, subrefs: ['create_fn/b', 'create_fn/a'] }) });
    const patch = new Patch();
    states.store({ body: emptyBody, patch, storage });
    expect((patch.asMergePatch() as any).metadata.annotations['kopf.zalando.org/create_fn']).toBe(
      '{"started":"2026-11-22T04:00:00.000123+00:00","delayed":"2026-11-22T04:00:01.500123+00:00","purpose":"create",'
      + '"retries":1,"success":false,"failure":false,"message":"None","subrefs":["create_fn/a","create_fn/b"]}');
    // Read back and written again: every digit kept, nothing stored when nothing changed.
    const body = applyMergePatch(emptyBody, patch.asMergePatch());
    const again = new Patch();
    HandlerStates.fromStorage({ body, storage, handlerIds: ['create_fn'], clock: () => at + 5 }).store({ body, patch: again, storage });
    expect(again.asMergePatch()).toEqual({});
    expect(HandlerStates.fromStorage({ body, storage, handlerIds: ['create_fn'] }).get('create_fn')?.delayed).toBe(Date.UTC(2026, 10, 22, 4, 0, 1, 500) * 1000 + 123);
  });

  it('starts new handlers due now and not done', () => {
    const { clock } = fakeClock();
    const states = HandlerStates.fromStorage({ body: emptyBody, storage, handlerIds: ['create_fn'], clock })
      .withPurpose('create').withHandlers(['create_fn']);
    expect(states.done).toBe(false);
    expect(states.delays).toEqual([0]);
    expect(states.awakened).toEqual(['create_fn']);
    expect(states.get('create_fn')?.started).toBe(Date.UTC(2026, 10, 22, 4, 0, 0) * 1000);
  });

  it('records a temporary failure with a due time, stores Kopf\'s bytes, and sleeps until then', () => {
    const { clock, advance } = fakeClock();
    let states = HandlerStates.fromScratch({ purpose: 'create', clock }).withHandlers(['create_fn']);
    states = states.withOutcomes({ create_fn: { final: false, delay: 60, error: new Error('Expected recoverable error.') } });
    const patch = new Patch();
    states.store({ body: emptyBody, patch, storage });
    expect(patch.annotations['kopf.zalando.org/create_fn']).toBe(
      '{"started":"2026-11-22T04:00:00.000000+00:00","delayed":"2026-11-22T04:01:00.000000+00:00","purpose":"create","retries":1,"success":false,"failure":false,"message":"Expected recoverable error."}',
    );
    advance(30);
    expect(states.delays).toEqual([30]);
    expect(states.delay).toBe(30);
    expect(states.awakened).toEqual([]);
    advance(31);
    expect(states.awakened).toEqual(['create_fn']);
    expect(states.get('create_fn')?.runtime(states.now())).toBe(61);
  });

  it('continues from the stored records after a restart and stores only what changed', () => {
    const { clock, advance } = fakeClock();
    let states = HandlerStates.fromScratch({ purpose: 'create', clock }).withHandlers(['a', 'b'])
      .withOutcomes({ a: { final: true }, b: { final: false, delay: 10, error: 'not yet' } });
    const patch = new Patch();
    states.store({ body: emptyBody, patch, storage });
    const stored = applyMergePatch(emptyBody, patch.asMergePatch());

    advance(20);
    let restarted = HandlerStates.fromStorage({ body: stored, storage, handlerIds: ['a', 'b'], clock }).withPurpose('create').withHandlers(['a', 'b']);
    expect(restarted.done).toBe(false);
    expect(restarted.awakened).toEqual(['b']);
    expect(restarted.get('a')?.success).toBe(true);
    const unchanged = new Patch();
    restarted.store({ body: stored, patch: unchanged, storage });
    expect(unchanged.isEmpty).toBe(true);

    restarted = restarted.withOutcomes({ b: { final: true, result: { ok: 1 } } });
    expect(restarted.done).toBe(true);
    expect(restarted.get('b')?.retries).toBe(2);
    expect(restarted.counts).toEqual({ success: 2, failure: 0, running: 0 });
    states = restarted;
    const next = new Patch();
    states.store({ body: stored, patch: next, storage });
    expect(Object.keys(next.annotations)).toEqual(['kopf.zalando.org/b']);
  });

  it('marks final failures, keeps the message, and counts them', () => {
    const { clock } = fakeClock();
    const states = HandlerStates.fromScratch({ purpose: 'create', clock }).withHandlers(['x'])
      .withOutcomes(new Map([['x', { final: true, error: new Error('Fail once and for all.') }]]));
    expect(states.get('x')?.failure).toBe(true);
    expect(states.get('x')?.message).toBe('Fail once and for all.');
    expect(states.done).toBe(true);
    expect(states.counts).toEqual({ success: 0, failure: 1, running: 0 });
    expect(states.withoutSuccesses().ids).toEqual(['x']);
  });

  it('purges owned handlers, every held state and all sub-handler records when done', () => {
    const { clock } = fakeClock();
    const states = HandlerStates.fromScratch({ purpose: 'create', clock }).withHandlers(['create_fn'])
      .withOutcomes({ create_fn: { final: true, subrefs: ['create_fn/item2', 'create_fn/item1'] } });
    expect(states.get('create_fn')?.forStorage().subrefs).toEqual(['create_fn/item1', 'create_fn/item2']);
    const body = { metadata: { annotations: {
      'kopf.zalando.org/create_fn': '{}', 'kopf.zalando.org/create_fn.item1': '{}', 'kopf.zalando.org/create_fn.item2': '{}',
      'kopf.zalando.org/other_operator_fn': '{}',
    } } };
    const patch = new Patch();
    states.purge({ body, patch, storage, handlerIds: ['create_fn', 'delete_fn'] });
    expect(patch.asMergePatch()).toEqual({ metadata: { annotations: {
      'kopf.zalando.org/create_fn': null, 'kopf.zalando.org/create_fn.item1': null, 'kopf.zalando.org/create_fn.item2': null,
    } } });
  });

  it('counts records of other purposes as extras (superseded causes)', () => {
    const { clock } = fakeClock();
    const states = new HandlerStates([
      ['c1', new HandlerState({ purpose: 'create', success: true })],
      ['c2', new HandlerState({ purpose: 'create' })],
      ['d1', new HandlerState({ purpose: 'delete', active: true })],
      ['legacy', new HandlerState({ purpose: null })],
    ], { purpose: 'delete', clock });
    expect(states.extras).toEqual(new Map([['create', { success: 1, failure: 0, running: 1 }]]));
    expect(states.counts).toEqual({ success: 0, failure: 0, running: 2 });
    expect(states.withPurpose('delete', ['c1', 'c2']).extras.size).toBe(0);
  });

  it('rejects outcomes for handlers without a state and corrupted timestamps', () => {
    expect(() => HandlerStates.fromScratch().withOutcomes({ ghost: { final: true } })).toThrow(InvalidStateArgumentError);
    expect(() => HandlerState.fromStorage({ started: 'soon' }, { now: 0 })).toThrow(CorruptedStateError);
  });

  it('treats a record without started as started now, and an empty purpose as none', () => {
    const state = HandlerState.fromStorage({ purpose: '', retries: 2 }, { now: 42 });
    expect(state.started).toBe(42);
    expect(state.purpose).toBeNull();
    expect(state.retries).toBe(2);
  });
});

describe('continuing what Kopf left behind', () => {
  it('reads v1-only keys and the legacy status, continues, and purges every copy', () => {
    const id = 'create_fn/a_sub_handler_with_a_fairly_long_name';
    const smart = new SmartProgressStorage({ profile: 'kopf' });
    const [v2, v1] = smart.storages[0] instanceof AnnotationsProgressStorage ? smart.storages[0].keys(id) : [];
    expect(v2).toBe('kopf.zalando.org/create_fn.a_sub_handler_with_a_fairly_long_name');
    expect(v1).toBe('kopf.zalando.org/create_fn.a_sub_handler_with_a_fairly_l-rO84ww'); // computed with Kopf's rules in CPython
    const kopfBody = {
      metadata: { annotations: { [v1!]: '{"started": "2020-02-14T16:58:25.396364", "retries": 2, "delayed": "2020-02-14T17:00:00.000000"}' } },
      status: { kopf: { progress: { other_fn: { started: '2020-02-14T16:58:25.396364', success: true, retries: 1 } } } },
    };
    const { clock } = fakeClock(Date.UTC(2020, 1, 14, 17, 0, 1));
    let states = HandlerStates.fromStorage({ body: kopfBody, storage: smart, handlerIds: [id, 'other_fn'], clock })
      .withPurpose('create').withHandlers([id, 'other_fn']);
    expect(states.get(id)?.retries).toBe(2);
    expect(states.get('other_fn')?.success).toBe(true);
    expect(states.awakened).toEqual([id]);
    states = states.withOutcomes({ [id]: { final: true } });
    expect(states.done).toBe(true);
    const patch = new Patch();
    states.purge({ body: kopfBody, patch, storage: smart, handlerIds: [id, 'other_fn'] });
    expect(patch.asMergePatch()).toEqual({
      metadata: { annotations: { [v1!]: null } },
      status: { kopf: { progress: { other_fn: null } } },
    });
  });
});

describe('deliverResults', () => {
  it('merges mappings into status[id], sets other values, skips errors and empty results', () => {
    const patch = new Patch();
    patch.status.create_fn = { children: ['uid-1'] };
    deliverResults({ patch, outcomes: {
      create_fn: { final: true, result: { message: 'hello world' } },
      'fn/spec.field': { final: true, result: 42 },
      failed: { final: true, result: { x: 1 }, error: new Error('no') },
      nothing: { final: true, result: null },
    } });
    expect(patch.asMergePatch()).toEqual({ status: { create_fn: { children: ['uid-1'], message: 'hello world' }, 'fn/spec.field': 42 } });
  });
});
