// transposeConfig: each key's values across the sets in order, sets lacking a key skipped, and the
// sources that merge errors name.
import { describe, expect, it } from 'vitest';
import { extractLabeledConfigs } from './extractLabeledConfigs.js';
import type { ConfigSet } from './extractLabeledConfigs.js';
import { transposeConfig } from './transposeConfig.js';

describe('transposeConfig', () => {
  const sets: ConfigSet[] = [
    { nodeSelectors: [{}], agent: { a: 1 }, logging: { level: 'info' } },
    { nodeSelectors: [{ matchLabels: { zone: 'a' } }], agent: { a: 2 } },
    { nodeSelectors: [{ matchLabels: { zone: 'b' } }], logging: null, agent: undefined },
    { nodeSelectors: [{}], 'odd key': 'x' },
  ];

  it('lists each key’s values in order, skipping sets without it, with null kept and undefined skipped', () => {
    const t = transposeConfig(sets, ['agent', 'logging', 'missing']);
    expect(t.agent).toEqual({ values: [{ a: 1 }, { a: 2 }], sources: ['configSets[0].agent', 'configSets[1].agent'] });
    expect(t.logging).toEqual({ values: [{ level: 'info' }, null], sources: ['configSets[0].logging', 'configSets[2].logging'] });
    expect(t.missing).toEqual({ values: [], sources: [] });
    expect(Object.keys(t)).toEqual(['agent', 'logging', 'missing']);
  });

  it('does not copy the values', () => {
    expect(transposeConfig(sets, ['agent']).agent.values[0]).toBe(sets[0]!['agent']);
  });

  it('names sources by their index in the full list when given `from`, and quotes odd keys', () => {
    const picked = extractLabeledConfigs(sets, { zone: 'b' });
    expect(transposeConfig(picked, ['logging'], { from: sets, name: 'spec.configSets' }).logging.sources).toEqual(['spec.configSets[0].logging', 'spec.configSets[2].logging']);
    expect(transposeConfig(picked, ['logging']).logging.sources).toEqual(['configSets[0].logging', 'configSets[1].logging']);
    expect(transposeConfig(sets, ['odd key'])['odd key'].sources).toEqual(['configSets[3]["odd key"]']);
  });

  it('rejects a set that is not a map', () => {
    expect(() => transposeConfig([{}, 'x' as never], ['a'])).toThrow('configSets[1]: expected a config set (a map)');
  });
});
