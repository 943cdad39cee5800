// finishCause: the end of a cause's cycle — records stored while handlers are pending; records
// purged, the diff-base stored and Kopf's "processed" line once all are finished; only the diff-base
// when no handler was selected. Also HandlerStates.due, which picks the handlers of a cycle.
import { describe, expect, it } from 'vitest';
import { detectChangingCause } from './causes.js';
import { AnnotationsDiffBaseStorage } from './diffBaseStorage.js';
import { finishCause } from './finishCause.js';
import { HandlerStates } from './handlerStates.js';
import { Patch } from './patch.js';
import { AnnotationsProgressStorage } from './progressStorage.js';

const progressStorage = new AnnotationsProgressStorage({ profile: 'kopf' });
const diffBaseStorage = new AnnotationsDiffBaseStorage({ profile: 'kopf' });
const body = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'x', namespace: 'default' }, spec: { field: 'a' } };
const cause = detectChangingCause({ event: 'ADDED', body, diffBase: null, essence: diffBaseStorage.build({ body }), profile: 'kopf' });
const clock = (): number => Date.UTC(2020, 0, 1);
const states = (): HandlerStates => HandlerStates.fromScratch({ clock, purpose: 'create' }).withHandlers(['a', 'b']);
const annotations = (patch: Patch): Record<string, unknown> => (patch.asMergePatch().metadata as { annotations: Record<string, unknown> }).annotations;

describe('finishCause', () => {
  it('stores the records and reports the delays while some handler is pending', () => {
    const patch = new Patch();
    const pending = states().withOutcomes({ a: { final: true }, b: { final: false, delay: 60 } });
    expect(finishCause({ body, patch, progressStorage, diffBaseStorage, cause, states: pending, ownedHandlerIds: ['a', 'b'] }))
      .toEqual({ done: false, delays: [60] });
    expect(Object.keys(annotations(patch)).sort()).toEqual(['kopf.zalando.org/a', 'kopf.zalando.org/b']);
  });

  it('purges the records, stores the diff-base and says so once every handler is finished', () => {
    const patch = new Patch();
    const finished = states().withOutcomes({ a: { final: true }, b: { final: true, error: new Error('no') } });
    expect(finishCause({ body, patch, progressStorage, diffBaseStorage, cause, states: finished, ownedHandlerIds: ['a', 'b'] }))
      .toEqual({ done: true, delays: [], message: 'Creation is processed: 1 succeeded; 1 failed.' });
    expect(annotations(patch)).toEqual({ 'kopf.zalando.org/last-handled-configuration': '{"spec":{"field":"a"}}\n' });
  });

  it('only remembers the change when no handler was selected, and nothing when nothing changed', () => {
    const patch = new Patch();
    expect(finishCause({ body, patch, progressStorage, diffBaseStorage, cause, ownedHandlerIds: [] })).toEqual({ done: true, delays: [], message: undefined });
    expect(Object.keys(annotations(patch))).toEqual(['kopf.zalando.org/last-handled-configuration']);
    const unchanged = new Patch();
    finishCause({ body, patch: unchanged, progressStorage, diffBaseStorage, cause: { ...cause, old: cause.new, diff: [], reason: 'resume' }, ownedHandlerIds: [] });
    expect(unchanged.isEmpty).toBe(true);
  });
});

describe('HandlerStates.due', () => {
  it('runs the due handler with the fewest retries (asap), or all due ones', () => {
    const retried = states().withOutcomes({ a: { final: false, delay: 0 } });
    expect(retried.due(['a', 'b'])).toEqual(['b']);
    expect(retried.due(['a', 'b'], 'all-at-once')).toEqual(['a', 'b']);
    expect(states().due(['a', 'b'])).toEqual(['a']);
    expect(retried.withOutcomes({ b: { final: true } }).due(['a', 'b'])).toEqual(['a']);
    expect(states().withOutcomes({ a: { final: false, delay: 60 } }).due(['a'])).toEqual([]);
  });
});
