// servedSet alone: resources selected twice are served once with the handlers in order; entries are kept
// while their handlers stay, rebuilt when they change, and dropped when their resource goes.
import type { Resource } from '@opkit/kube';
import { describe, expect, it } from 'vitest';
import { servedSet } from './servedSet.js';

const resource = (plural: string): Resource => ({ group: 'x.dev', version: 'v1', plural, kind: plural, namespaced: true });

describe('servedSet', () => {
  it('serves each resource once, keeps unchanged entries and drops gone ones', () => {
    const handlers = [{ id: 'a', selector: 'one' }, { id: 'b', selector: 'two' }, { id: 'c', selector: 'one' }];
    const served = new Map<string, { plural: string; ids: string[] }>();
    let made = 0;
    const resolve = (entries: { selector: string; resources: Resource[] }[]) => servedSet(handlers, entries, served,
      (handler, selector) => handler.selector === selector,
      (r, hs) => { made++; return { plural: r.plural, ids: hs.map((h) => h.id) }; },
      (entry) => entry.ids.length);
    const first = resolve([{ selector: 'one', resources: [resource('foos')] }, { selector: 'two', resources: [resource('foos'), resource('bars')] }]);
    expect(first).toEqual([{ plural: 'foos', ids: ['a', 'b', 'c'] }, { plural: 'bars', ids: ['b'] }]);
    expect(made).toBe(2);
    const second = resolve([{ selector: 'one', resources: [resource('foos')] }, { selector: 'two', resources: [resource('foos')] }]);
    expect(second[0]).toBe(first[0]);
    expect(made).toBe(2);
    expect([...served.keys()]).toHaveLength(1);
    const third = resolve([{ selector: 'one', resources: [resource('foos')] }, { selector: 'two', resources: [] }]);
    expect(third).toEqual([{ plural: 'foos', ids: ['a', 'c'] }]);
    expect(made).toBe(3);
  });
});
