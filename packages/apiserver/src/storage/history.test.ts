// Unit tests of the watch history: ordered replay per storage key and exact expiry after eviction or compaction.
import { describe, expect, it } from 'vitest';
import { WatchHistory } from './history.js';
import type { StoreEvent } from './history.js';

const ev = (rv: number, storageKey = '/configmaps'): StoreEvent => ({ rv, storageKey, type: 'ADDED', object: { metadata: { name: `o${rv}` } } });

describe('WatchHistory', () => {
  it('replays the events of one storage key after an RV, in order', () => {
    const h = new WatchHistory(10);
    for (let rv = 1; rv <= 6; rv++) h.push(ev(rv, rv % 2 === 0 ? '/secrets' : '/configmaps'));
    expect(h.since('/configmaps', 2)).toEqual([ev(3), ev(5)]);
    expect(h.since('/secrets', 0)).toEqual([ev(2, '/secrets'), ev(4, '/secrets'), ev(6, '/secrets')]);
    expect(h.since('/secrets', 6)).toEqual([]);
  });

  it('expires only resumes that need evicted events of the same key', () => {
    const h = new WatchHistory(3);
    h.push(ev(1, '/a'));
    for (let rv = 2; rv <= 5; rv++) h.push(ev(rv, '/b'));
    expect(h.since('/a', 0)).toBe('expired');
    expect(h.since('/a', 1)).toEqual([]);
    expect(h.since('/b', 1)).toBe('expired');
    expect(h.since('/b', 2)).toEqual([ev(3, '/b'), ev(4, '/b'), ev(5, '/b')]);
    expect(h.length).toBe(3);
  });

  it('compacts everything: resumes older than the mark expire, the mark itself still resumes', () => {
    const h = new WatchHistory(10);
    h.push(ev(1));
    h.compactAll(7);
    expect(h.since('/configmaps', 6)).toBe('expired');
    expect(h.since('/configmaps', 7)).toEqual([]);
    expect(h.oldestResumable('/other')).toBe(7);
  });
});