import { describe, expect, it } from 'vitest';
import { matchesFilters } from './filters.js';
import { ABSENT, PRESENT } from './markers.js';
import { Registry } from './registry.js';
import { prematchChangeHandlers, reduceToField, selectChangeHandlers } from './selection.js';
import type { ResourceHandler } from './types.js';

const body = {
  apiVersion: 'kopf.dev/v1', kind: 'KopfExample',
  metadata: { name: 'x', labels: { somelabel: 'somevalue', empty: '' }, annotations: { someannotation: 'somevalue' } },
  spec: { field: 'value' },
};

function handler(build: (registry: Registry) => ResourceHandler): ResourceHandler {
  return build(new Registry());
}

describe('matchesFilters', () => {
  it.each([
    [{ labels: { somelabel: 'somevalue' } }, true],
    [{ labels: { somelabel: 'other' } }, false],
    [{ labels: { somelabel: PRESENT } }, true],
    [{ labels: { empty: PRESENT } }, true], // an empty string counts as present
    [{ labels: { missing: ABSENT } }, true],
    [{ labels: { somelabel: ABSENT } }, false],
    [{ labels: { somelabel: (value: unknown, ctx: { spec?: Record<string, unknown> }) => value === 'somevalue' && ctx.spec?.field === 'value' } }, true],
    [{ annotations: { someannotation: 'somevalue' } }, true],
    [{ annotations: { someannotation: PRESENT, missing: ABSENT } }, true],
    [{ when: () => false }, false],
    [{ field: 'spec.field', value: 'value' }, true],
    [{ field: 'spec.field', value: 'else' }, false],
    [{ field: 'spec.missing' }, false], // field alone means PRESENT
    [{ field: 'spec.missing', value: ABSENT }, true],
  ])('%o matches: %s', (options, expected) => {
    const spy = handler((r) => r.on.event('kopfexamples', function spy() { return undefined; }, options as never));
    expect(matchesFilters(spy, { body })).toBe(expected);
  });

  it('matches a change when either the old or the new value matches, and checks old/new separately', () => {
    const create = handler((r) => r.on.update('x', function u() { return undefined; }, { field: 'spec.field', value: 'old' }));
    expect(matchesFilters(create, { body, change: { old: { spec: { field: 'old' } }, new: { spec: { field: 'new' } } } })).toBe(true);
    expect(matchesFilters(create, { body, change: { old: { spec: { field: 'a' } }, new: { spec: { field: 'b' } } } })).toBe(false);
    const update = handler((r) => r.on.update('x', function u() { return undefined; }, { field: 'spec.field', old: 'value', new: 'changed' }));
    expect(matchesFilters(update, { body, change: { old: { spec: { field: 'value' } }, new: { spec: { field: 'changed' } } } })).toBe(true);
    expect(matchesFilters(update, { body, change: { old: { spec: { field: 'changed' } }, new: { spec: { field: 'again' } } } })).toBe(false);
  });
});

describe('selectChangeHandlers', () => {
  const registry = new Registry();
  registry.on.create('x', function c() { return undefined; });
  registry.on.update('x', function u() { return undefined; });
  registry.on.delete('x', function d() { return undefined; });
  registry.on.resume('x', function r() { return undefined; });
  registry.on.resume('x', function rd() { return undefined; }, { deleted: true });
  registry.on.field('x', 'spec.field', function f() { return undefined; });
  registry.on.event('x', function e() { return undefined; });
  registry.on.daemon('x', function dm() { return undefined; });
  registry.on.timer('x', function tm() { return undefined; }, { interval: 1 });
  const all = registry.resourceHandlers();
  const ids = (cause: Partial<Parameters<typeof selectChangeHandlers>[1]>): string[] => selectChangeHandlers(all, {
    reason: 'create', initial: false, deleted: false, body, old: null, new: { spec: { field: 'value' } }, diff: [], ...cause,
  }).map((h) => h.id);

  it('selects by reason; field handlers fire on any cause that changes their field; spies, daemons and timers never', () => {
    expect(ids({ reason: 'create' })).toEqual(['c', 'f/spec.field']);
    expect(ids({ reason: 'update', old: { spec: { field: 'a' } }, new: { spec: { field: 'b' } } })).toEqual(['u', 'f/spec.field']);
    expect(ids({ reason: 'update', old: { spec: { field: 'a', x: 1 } }, new: { spec: { field: 'a', x: 2 } } })).toEqual(['u']);
    expect(ids({ reason: 'delete', deleted: true, old: { spec: { field: 'value' } } })).toEqual(['d']);
  });

  it('mixes resume handlers into initial causes, never into creation, and on deletion only with deleted: true', () => {
    expect(ids({ reason: 'resume', initial: true, old: { spec: { field: 'value' } } })).toEqual(['r', 'rd']);
    expect(ids({ reason: 'update', initial: true, old: { spec: { field: 'a' } }, new: { spec: { field: 'b' } } })).toEqual(['u', 'r', 'rd', 'f/spec.field']);
    expect(ids({ reason: 'create', initial: true })).toEqual(['c', 'f/spec.field']);
    expect(ids({ reason: 'delete', initial: true, deleted: true, old: { spec: { field: 'value' } } })).toEqual(['d', 'rd']);
  });

  it('pre-matches for stealth mode ignoring field changes', () => {
    const filtered = new Registry();
    filtered.on.create('x', function c() { return undefined; }, { labels: { app: 'db' } });
    expect(prematchChangeHandlers(filtered.resourceHandlers(), { body, old: null, new: {} })).toBe(false);
    expect(prematchChangeHandlers(all, { body, old: null, new: {} })).toBe(true);
    const background = new Registry();
    background.on.daemon('x', function dm() { return undefined; });
    background.on.timer('x', function tm() { return undefined; }, { interval: 1 });
    expect(prematchChangeHandlers(background.resourceHandlers(), { body, old: null, new: {} })).toBe(false);
  });
});

describe('reduceToField', () => {
  it('narrows values and diff items to the field', () => {
    const reduced = reduceToField(['spec', 'field'], { spec: { field: 'a' } }, { spec: { field: 'b' } }, [
      { op: 'change', path: ['spec', 'field'], old: 'a', new: 'b' },
      { op: 'add', path: ['spec', 'other'], old: null, new: 1 },
    ]);
    expect(reduced).toEqual({ old: 'a', new: 'b', diff: [{ op: 'change', path: [], old: 'a', new: 'b' }] });
    const fromParent = reduceToField(['spec', 'field'], null, { spec: { field: 'b' } }, [{ op: 'add', path: ['spec'], old: null, new: { field: 'b' } }]);
    expect(fromParent).toEqual({ old: null, new: 'b', diff: [{ op: 'add', path: [], old: null, new: 'b' }] });
  });
});
