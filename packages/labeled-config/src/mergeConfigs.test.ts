// mergeConfigs: later wins for scalars, maps merge, lists replace or concatenate, inputs stay
// untouched, and a type conflict names both sources and the path inside them.
import { describe, expect, it } from 'vitest';
import { MergeConflictError } from './errors.js';
import { mergeConfigs } from './mergeConfigs.js';
import { transposeConfig } from './transposeConfig.js';

describe('mergeConfigs', () => {
  it('merges maps deeply, later values winning for scalars, keys in first-seen order', () => {
    const merged = mergeConfigs([
      { log: { level: 'info', format: 'json' }, cache: 1, name: 'base' },
      { log: { level: 'debug' }, extra: true },
      { cache: 3, log: { sink: 'stderr' } },
    ]);
    expect(merged).toEqual({ log: { level: 'debug', format: 'json', sink: 'stderr' }, cache: 3, name: 'base', extra: true });
    expect(Object.keys(merged as object)).toEqual(['log', 'cache', 'name', 'extra']);
  });

  it('replaces lists by default and concatenates them with lists: concat', () => {
    const values = [{ peers: ['a', 'b'], nested: { tags: [1] } }, { peers: ['c'], nested: { tags: [2, 3] } }];
    expect(mergeConfigs(values)).toEqual({ peers: ['c'], nested: { tags: [2, 3] } });
    expect(mergeConfigs(values, { lists: 'concat' })).toEqual({ peers: ['a', 'b', 'c'], nested: { tags: [1, 2, 3] } });
  });

  it('lets null and scalars replace each other, skips undefined, and returns undefined for nothing', () => {
    expect(mergeConfigs([{ a: 'x' }, { a: null }])).toEqual({ a: null });
    expect(mergeConfigs([{ a: null }, { a: 5 }])).toEqual({ a: 5 });
    expect(mergeConfigs([{ a: 1 }, undefined, { b: undefined }])).toEqual({ a: 1 });
    expect(mergeConfigs([])).toBeUndefined();
    expect(mergeConfigs(['x', 'y'])).toBe('y');
    expect(mergeConfigs([1, 10n])).toBe(10n);
  });

  it('never modifies its inputs and shares no maps or lists with them', () => {
    const first = { log: { level: 'info' }, peers: ['a'] };
    const second = { log: { level: 'debug' }, peers: ['b'] };
    const merged = mergeConfigs<typeof first>([first, second], { lists: 'concat' })!;
    expect(first).toEqual({ log: { level: 'info' }, peers: ['a'] });
    expect(second).toEqual({ log: { level: 'debug' }, peers: ['b'] });
    expect(merged.log).not.toBe(first.log);
    merged.peers.push('z');
    expect(first.peers).toEqual(['a']);
    const single = mergeConfigs<typeof first>([first])!;
    expect(single).toEqual(first);
    expect(single.log).not.toBe(first.log);
  });

  it('keeps a __proto__ key as data', () => {
    const merged = mergeConfigs<Record<string, unknown>>([JSON.parse('{"__proto__": {"polluted": 1}}'), { a: 1 }])!;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('names both sources and the path when a map meets a list', () => {
    const t = transposeConfig([{ config: { foo: { a: 1 } } }, { config: { foo: ['x'] } }], ['config']);
    let caught: unknown;
    try {
      mergeConfigs(t.config);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MergeConflictError);
    expect((caught as MergeConflictError).earlier).toEqual({ source: 'configSets[0].config.foo', type: 'a map' });
    expect((caught as MergeConflictError).later).toEqual({ source: 'configSets[1].config.foo', type: 'a list' });
    expect((caught as Error).message).toMatch(/^cannot merge configSets\[1\]\.config\.foo \(a list\) over configSets\[0\]\.config\.foo \(a map\): /);
  });

  it('names the set that last wrote the conflicting place, with given or default sources', () => {
    const values = [{ a: { b: 1 } }, { a: { b: 2 } }, { c: 1 }, { a: { b: 'two' } }];
    expect(() => mergeConfigs(values, { sources: ['base', 'zone-a', 'ssd', 'gpu'] })).toThrow('cannot merge gpu.a.b (a string) over zone-a.a.b (a number)');
    expect(() => mergeConfigs(values)).toThrow('cannot merge values[3].a.b (a string) over values[1].a.b (a number)');
    expect(() => mergeConfigs([{ a: 1 }, { a: { b: 1 } }])).toThrow('cannot merge values[1].a (a map) over values[0].a (a number)');
    expect(() => mergeConfigs([{ a: [1] }, { a: 'x' }])).toThrow('cannot merge values[1].a (a string) over values[0].a (a list)');
    expect(() => mergeConfigs([{ a: null }, { a: [1] }])).toThrow('cannot merge values[1].a (a list) over values[0].a (null)');
    expect(() => mergeConfigs([{ 'a b': true }, { 'a b': 'yes' }])).toThrow('cannot merge values[1]["a b"] (a string) over values[0]["a b"] (a boolean)');
    expect(() => mergeConfigs([{}, []])).toThrow('cannot merge values[1] (a list) over values[0] (a map)');
  });

  it('rejects bad options', () => {
    expect(() => mergeConfigs([1], { lists: 'append' as never })).toThrow('options.lists: "append" is not one of replace, concat');
    expect(() => mergeConfigs([1, 2], { sources: ['a'] })).toThrow('options.sources: expected one source per value (2), got 1');
  });
});
