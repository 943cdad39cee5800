import { describe, expect, it } from 'vitest';
import { indexEntries, OperatorIndex } from './indices.js';

describe('OperatorIndex', () => {
  it('collects the values of several objects under a key, and keeps one value per object and key', () => {
    const index = new OperatorIndex<string, string>();
    index.replace('uid-1', [['key1', 'valueA']]);
    index.replace('uid-2', [['key1', 'valueB']]);
    index.replace('uid-3', [['key2', 'valueC']]);
    expect(index.toJSON()).toEqual([['key1', ['valueA', 'valueB']], ['key2', ['valueC']]]);
    index.replace('uid-1', [['key1', 'valueA2']]);
    expect(index.get('key1')?.toArray()).toEqual(['valueA2', 'valueB']);
    expect(index.get('key1')?.size).toBe(2);
    expect(index.get('key1')?.has('valueB')).toBe(true);
    expect(index.get('nothing')).toBeUndefined();
  });

  it('replaces an object\'s values and removes the stores it leaves empty', () => {
    const index = new OperatorIndex<string, number>();
    index.replace('uid-1', [['a', 1], ['b', 1]]);
    index.replace('uid-2', [['b', 2]]);
    index.replace('uid-1', [['c', 1]]);
    expect([...index.keys()]).toEqual(['b', 'c']);
    expect(index.holds('uid-1')).toBe(true);
    index.remove('uid-1');
    index.remove('uid-1');
    expect(index.toJSON()).toEqual([['b', [2]]]);
    expect(index.holds('uid-1')).toBe(false);
    index.replace('uid-2', []);
    expect(index.size).toBe(0);
    expect(index.holds('uid-2')).toBe(false);
  });

  it('compares keys by value: tuples, objects in any key order, numbers and bigints, null', () => {
    const index = new OperatorIndex<unknown, string>();
    index.replace('uid-1', [[['default', 'pod-1'], 'x'], [{ b: 1, a: [2] }, 'y'], [null, 'z'], [7n, 'big'], ['7', 'text']]);
    expect(index.get(['default', 'pod-1'])?.toArray()).toEqual(['x']);
    expect(index.has(['default', 'pod-2'])).toBe(false);
    expect(index.get({ a: [2], b: 1 })?.toArray()).toEqual(['y']);
    expect(index.get(null)?.toArray()).toEqual(['z']);
    expect(index.get(7)?.toArray()).toEqual(['big']);
    expect(index.get('7')?.toArray()).toEqual(['text']);
    // The original keys come back from iteration.
    expect([...index.keys()]).toEqual([['default', 'pod-1'], { b: 1, a: [2] }, null, 7n, '7']);
    expect(() => index.replace('uid-2', [[new Date(0), 'x']])).toThrow(/An index key must be a string, number, bigint, boolean, null, or an array or plain object of them/);
  });

  it('is a ReadonlyMap of stores', () => {
    const index = new OperatorIndex<string, string>();
    index.replace('uid-1', [['k', 'v']]);
    const seen: string[] = [];
    index.forEach((store, key) => seen.push(`${key}=${[...store].join(',')}`));
    expect(seen).toEqual(['k=v']);
    expect([...index].map(([key, store]) => [key, [...store]])).toEqual([['k', ['v']]]);
    expect([...index.values()].map((store) => store.size)).toEqual([1]);
    expect(JSON.stringify(index.get('k'))).toBe('["v"]');
  });
});

describe('indexEntries', () => {
  it('reads an index function\'s result as Kopf does', () => {
    expect(indexEntries({ default: 'pod-1', other: null })).toEqual([['default', 'pod-1'], ['other', null]]);
    expect(indexEntries(new Map<unknown, unknown>([[['ns', 'name'], true]]))).toEqual([[['ns', 'name'], true]]);
    expect(indexEntries('pod-1')).toEqual([[null, 'pod-1']]);
    expect(indexEntries(['a', 'b'])).toEqual([[null, ['a', 'b']]]);
    expect(indexEntries(0)).toEqual([[null, 0]]);
    expect(indexEntries(undefined)).toBeUndefined();
    expect(indexEntries(null)).toBeUndefined();
  });
});
