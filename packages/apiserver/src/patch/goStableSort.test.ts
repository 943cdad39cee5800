// Go's stable sort and %v formatting, the two Go behaviours strategic merge patch leans on for
// exact list order and error text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { goSliceStable } from './goStableSort.js';
import { goValueText } from './goFormat.js';

describe('goSliceStable', () => {
  it('sorts stably like any stable sort when the comparator is a strict weak order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ key: fc.integer({ min: 0, max: 5 }), id: fc.nat() }), { maxLength: 120 }), (items) => {
        const expected = [...items].sort((a, b) => a.key - b.key);
        expect(goSliceStable([...items], (a, b) => (a as { key: number }).key < (b as { key: number }).key)).toEqual(expected);
      }),
    );
  });

  it('reverses a list under a comparator that always answers true, as Go does', () => {
    expect(goSliceStable(['a', 'b', 'c', 'd'], () => true)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('handles lists longer than one insertion-sort block (symMerge path)', () => {
    const items = Array.from({ length: 57 }, (_, i) => (i * 37) % 57);
    expect(goSliceStable([...items], (a, b) => (a as number) < (b as number))).toEqual([...items].sort((a, b) => a - b));
  });
});

describe('goValueText', () => {
  it('prints decoded JSON as Go %v does', () => {
    expect(goValueText({ name: 'a', ports: [80, 443], on: true, x: null })).toBe('map[name:a on:true ports:[80 443] x:<nil>]');
    expect(goValueText([{ b: 1, a: 'x' }, 'y'])).toBe('[map[a:x b:1] y]');
    expect(goValueText(1.5)).toBe('1.5');
    expect(goValueText(1234567.5)).toBe('1.2345675e+06');
    expect(goValueText(0.00001)).toBe('1e-05');
    expect(goValueText(123456789)).toBe('123456789');
  });
});
