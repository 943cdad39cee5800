// Which config sets apply to a node: the any-selector rule, the empty selector, sets without
// selectors, the users' order, and errors that name the set and the field.
import { describe, expect, it } from 'vitest';
import { InvalidConfigError } from './errors.js';
import { extractLabeledConfigs } from './extractLabeledConfigs.js';
import type { ConfigSet } from './extractLabeledConfigs.js';

const sets: ConfigSet[] = [
  { nodeSelectors: [{}], id: 'everywhere' },
  { nodeSelectors: [{ matchLabels: { zone: 'a' } }, { matchLabels: { disk: 'ssd' } }], id: 'zone-a-or-ssd' },
  { nodeSelectors: [], id: 'no-selectors' },
  { id: 'selectors-missing' },
  { nodeSelectors: [{ matchExpressions: [{ key: 'gpu', operator: 'Exists' }] }], id: 'gpu' },
  { nodeSelectors: [{ matchLabels: {} }], id: 'empty-matchLabels' },
  { nodeSelectors: [{ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }], id: 'not-zone-a' },
];
const ids = (picked: ConfigSet[]): unknown[] => picked.map((s) => s.id);

describe('extractLabeledConfigs', () => {
  it('picks a set when any of its selectors matches, keeping the original order', () => {
    expect(ids(extractLabeledConfigs(sets, { zone: 'a' }))).toEqual(['everywhere', 'zone-a-or-ssd', 'empty-matchLabels']);
    expect(ids(extractLabeledConfigs(sets, { zone: 'b', disk: 'ssd' }))).toEqual(['everywhere', 'zone-a-or-ssd', 'empty-matchLabels', 'not-zone-a']);
    expect(ids(extractLabeledConfigs(sets, { zone: 'b', gpu: 'a100' }))).toEqual(['everywhere', 'gpu', 'empty-matchLabels', 'not-zone-a']);
  });

  it('treats a node without labels as having none: only empty selectors and absent-key requirements match', () => {
    expect(ids(extractLabeledConfigs(sets, undefined))).toEqual(['everywhere', 'empty-matchLabels', 'not-zone-a']);
    expect(ids(extractLabeledConfigs(sets, {}))).toEqual(['everywhere', 'empty-matchLabels', 'not-zone-a']);
  });

  it('never picks a set without selectors', () => {
    // A node that matches most selectors: the sets it matches, never the two without selectors.
    const picked = ids(extractLabeledConfigs(sets, { zone: 'a', disk: 'ssd', gpu: 'x' }));
    expect(picked).toEqual(['everywhere', 'zone-a-or-ssd', 'gpu', 'empty-matchLabels']);
  });

  it('returns the given set objects, in order, with repeated matches listed once per set', () => {
    const picked = extractLabeledConfigs(sets, { zone: 'a', disk: 'ssd' });
    expect(picked[1]).toBe(sets[1]);
    expect(picked.filter((s) => s === sets[1])).toHaveLength(1);
  });

  it('validates every selector, also of sets that a node would not reach, naming the set index and field', () => {
    const bad: ConfigSet[] = [
      { nodeSelectors: [{}] },
      { nodeSelectors: [{ matchLabels: { zone: 'a' } }] },
      { nodeSelectors: [{ matchExpressions: [{ key: 'a', operator: 'Exists' }, { key: 'b', operator: 'Foo' as never }] }] },
    ];
    expect(() => extractLabeledConfigs(bad, {})).toThrow(new InvalidConfigError(
      'configSets[2].nodeSelectors[0].matchExpressions[1].operator', '"Foo" is not one of In, NotIn, Exists, DoesNotExist'));
    expect(() => extractLabeledConfigs(bad, {})).toThrow('configSets[2].nodeSelectors[0].matchExpressions[1].operator: "Foo" is not one of In, NotIn, Exists, DoesNotExist');
    expect(() => extractLabeledConfigs([{ nodeSelectors: {} as never }], {}, { name: 'spec.configSets' })).toThrow('spec.configSets[0].nodeSelectors: expected a list of label selectors');
    expect(() => extractLabeledConfigs([null as never], {})).toThrow('configSets[0]: expected a config set (a map with nodeSelectors)');
    expect(() => extractLabeledConfigs([{ nodeSelectors: [{}, { matchExpressions: [{ key: 'a', operator: 'In' }] }] }], {}))
      .toThrow('configSets[0].nodeSelectors[1].matchExpressions[0].values: must be a non-empty list when operator is In');
  });
});
