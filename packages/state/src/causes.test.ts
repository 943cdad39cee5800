// Table-driven check of cause detection against every row of reference §3.4 (Kopf's precedence),
// plus the superseded-cause bookkeeping that follows (a deletion arriving mid-creation).
import { describe, expect, it } from 'vitest';
import type { CauseReason, DetectCauseInput } from './causes.js';
import { detectCause, detectChangingCause, startCause } from './causes.js';
import { essence } from './diffBaseStorage.js';
import { Patch } from './patch.js';
import { SmartProgressStorage } from './progressStorage.js';
import { exampleObject } from '../test/fixtures.js';

const FINALIZER = 'kopf.zalando.org/KopfFinalizerMarker';

interface Row {
  readonly name: string;
  readonly event: DetectCauseInput['event'];
  readonly body: Record<string, unknown>;
  readonly stored: 'none' | 'same' | 'older';
  readonly initial: boolean;
  readonly expected: CauseReason;
  readonly expectedInitial?: boolean;
}

function object(options: { deleting?: boolean; finalizers?: string[]; field?: string } = {}): Record<string, unknown> {
  const body = exampleObject();
  const metadata = body.metadata as Record<string, unknown>;
  if (options.deleting) metadata.deletionTimestamp = '2026-11-22T04:00:00Z';
  if (options.finalizers) metadata.finalizers = options.finalizers;
  if (options.field) (body.spec as Record<string, unknown>).field = options.field;
  return body;
}

const rows: Row[] = [
  // 1. A DELETED watch event is GONE, whatever else holds.
  { name: 'DELETED event', event: { type: 'DELETED' }, body: object({ deleting: true, finalizers: [FINALIZER] }), stored: 'same', initial: false, expected: 'gone' },
  { name: 'DELETED event of an object never handled', event: 'DELETED', body: object(), stored: 'none', initial: true, expected: 'gone' },
  // 2. Being deleted while our finalizer is already gone: FREE.
  { name: 'deletion with the finalizer already gone', event: { type: 'MODIFIED' }, body: object({ deleting: true }), stored: 'same', initial: false, expected: 'free' },
  { name: 'deletion with only other controllers\' finalizers', event: 'MODIFIED', body: object({ deleting: true, finalizers: ['example.com/other'] }), stored: 'older', initial: false, expected: 'free' },
  // 3. Being deleted with our finalizer: DELETE, even mid-creation (no diff-base yet) or with a diff.
  { name: 'deletion with our finalizer', event: 'MODIFIED', body: object({ deleting: true, finalizers: ['example.com/other', FINALIZER] }), stored: 'same', initial: false, expected: 'delete' },
  { name: 'deletion mid-creation (no diff-base yet)', event: 'MODIFIED', body: object({ deleting: true, finalizers: [FINALIZER] }), stored: 'none', initial: false, expected: 'delete' },
  { name: 'deletion found at startup with a pending change', event: null, body: object({ deleting: true, finalizers: [FINALIZER], field: 'changed' }), stored: 'same', initial: true, expected: 'delete', expectedInitial: true },
  // 4. No diff-base: CREATE, never mixed with resume.
  { name: 'new object', event: 'ADDED', body: object(), stored: 'none', initial: false, expected: 'create', expectedInitial: false },
  { name: 'unhandled object in the initial listing', event: null, body: object(), stored: 'none', initial: true, expected: 'create', expectedInitial: false },
  { name: 'spec change mid-creation stays a creation', event: 'MODIFIED', body: object({ field: 'changed' }), stored: 'none', initial: false, expected: 'create' },
  // 5. No diff and initial: RESUME (after a restart, nothing changed while the operator was down).
  { name: 'restart, unchanged object', event: null, body: object(), stored: 'same', initial: true, expected: 'resume', expectedInitial: true },
  // 6. No diff: NOOP (our own annotation and status patches are not part of the essence).
  { name: 'own progress annotation and status patch', event: 'MODIFIED', body: object(), stored: 'same', initial: false, expected: 'noop' },
  { name: 'restart listing after being fully handled once', event: null, body: object(), stored: 'same', initial: false, expected: 'noop' },
  // 7. Otherwise UPDATE; after a restart with a change, resume handlers are mixed in (initial stays true).
  { name: 'spec change', event: 'MODIFIED', body: object({ field: 'changed' }), stored: 'same', initial: false, expected: 'update', expectedInitial: false },
  { name: 'restart, object changed while the operator was down', event: null, body: object({ field: 'changed' }), stored: 'same', initial: true, expected: 'update', expectedInitial: true },
  { name: 'diff-base from an older spec on an ADDED event', event: 'ADDED', body: object(), stored: 'older', initial: false, expected: 'update' },
];

function diffBaseFor(row: Row): Record<string, unknown> | null {
  if (row.stored === 'none') return null;
  const base = essence(exampleObject(), { profile: 'kopf' });
  if (row.stored === 'older') (base.spec as Record<string, unknown>).field = 'older';
  return base;
}

describe('detectCause', () => {
  it.each(rows)('$name → $expected', (row) => {
    const input: DetectCauseInput = { event: row.event, body: row.body, diffBase: diffBaseFor(row), initial: row.initial, profile: 'kopf' };
    expect(detectCause(input)).toBe(row.expected);
    const cause = detectChangingCause(input);
    expect(cause.reason).toBe(row.expected);
    if (row.expectedInitial !== undefined) expect(cause.initial).toBe(row.expectedInitial);
  });

  it('gives handlers old, new and diff of the essences', () => {
    const cause = detectChangingCause({ event: 'MODIFIED', body: object({ field: 'changed' }), diffBase: diffBaseFor(rows[13]!), profile: 'kopf' });
    expect(cause.diff).toEqual([{ op: 'change', path: ['spec', 'field'], old: 'value', new: 'changed' }]);
    expect((cause.old?.spec as Record<string, unknown>).field).toBe('value');
    expect((cause.new?.spec as Record<string, unknown>).field).toBe('changed');
    expect(cause.deleted).toBe(false);
  });

  it('uses the profile\'s finalizer: an opkit operator does not own Kopf\'s finalizer', () => {
    const body = object({ deleting: true, finalizers: [FINALIZER] });
    expect(detectCause({ event: 'MODIFIED', body, diffBase: null })).toBe('free');
    expect(detectCause({ event: 'MODIFIED', body, diffBase: null, finalizer: FINALIZER })).toBe('delete');
  });

  it('honours a given essence and diff, and clears both with a progress storage', () => {
    const storage = new SmartProgressStorage({ profile: 'kopf' });
    const withProgress = { spec: { a: 1 }, metadata: { annotations: { 'kopf.zalando.org/x': '{}' } } };
    expect(detectCause({ event: 'MODIFIED', body: {}, diffBase: { spec: { a: 1 } }, essence: withProgress, progressStorage: storage })).toBe('noop');
    expect(detectCause({ event: 'MODIFIED', body: {}, diffBase: { spec: { a: 1 } }, essence: withProgress })).toBe('update');
    expect(detectCause({ event: 'MODIFIED', body: {}, diffBase: { spec: { a: 1 } }, essence: { spec: { a: 2 } }, diff: [] })).toBe('noop');
  });
});

describe('startCause', () => {
  const storage = new SmartProgressStorage({ profile: 'kopf' });
  const clock = (): number => Date.UTC(2026, 10, 22, 4, 0, 0);

  it('reports and purges a creation superseded by a deletion', () => {
    const body = object({ deleting: true, finalizers: [FINALIZER] });
    const annotations = (body.metadata as { annotations: Record<string, string> }).annotations;
    annotations['kopf.zalando.org/create_fn'] = '{"started":"2026-11-22T03:59:00.000000+00:00","purpose":"create","retries":1,"success":false,"failure":false}';
    annotations['kopf.zalando.org/create_other'] = '{"started":"2026-11-22T03:59:00.000000+00:00","stopped":"2026-11-22T03:59:01.000000+00:00","purpose":"create","retries":1,"success":true,"failure":false}';
    const patch = new Patch();
    const { states, superseded } = startCause({
      body, patch, storage, reason: 'delete', clock,
      ownedHandlerIds: ['create_fn', 'create_other', 'delete_fn'], causeHandlerIds: ['delete_fn'],
    });
    expect(superseded.map((item) => item.message)).toEqual(['Creation is superseded by deletion: 1 succeeded; 0 failed; 1 left to the moment.']);
    expect(patch.annotations['kopf.zalando.org/create_fn']).toBeNull();
    expect(patch.annotations['kopf.zalando.org/create_other']).toBeNull();
    expect(states.purpose).toBe('delete');
    expect(states.get('delete_fn')?.active).toBe(true);
    expect(states.done).toBe(false);
  });

  it('re-purposes resume records the update reuses, without purging them', () => {
    const body = object({ field: 'changed' });
    (body.metadata as { annotations: Record<string, string> }).annotations['kopf.zalando.org/resume_fn'] =
      '{"started":"2026-11-22T03:59:00.000000+00:00","purpose":"resume","retries":0,"success":false,"failure":false}';
    const patch = new Patch();
    const { states, superseded } = startCause({
      body, patch, storage, reason: 'update', clock, ownedHandlerIds: ['resume_fn', 'update_fn'], causeHandlerIds: ['update_fn', 'resume_fn'],
    });
    expect(superseded.map((item) => item.message)).toEqual(['Resuming is superseded by updating: 0 succeeded; 0 failed; 1 left to the moment.']);
    expect(states.get('resume_fn')?.purpose).toBe('update');
    expect(patch.isEmpty).toBe(true);
  });
});
