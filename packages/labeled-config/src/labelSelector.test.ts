// Label selector semantics as kube-apiserver applies them: every operator, missing keys, ANDed
// requirements, the empty selector, and the validation errors with the field they name.
import { describe, expect, it } from 'vitest';
import { InvalidConfigError } from './errors.js';
import { compileLabelSelector, matchesLabelSelector } from './labelSelector.js';

describe('matchesLabelSelector', () => {
  const node = { zone: 'a', disk: 'ssd', 'node-role.kubernetes.io/compute': '' };

  it('matches matchLabels by exact value, an empty value included, and not a missing key', () => {
    expect(matchesLabelSelector({ matchLabels: { zone: 'a' } }, node)).toBe(true);
    expect(matchesLabelSelector({ matchLabels: { zone: 'b' } }, node)).toBe(false);
    expect(matchesLabelSelector({ matchLabels: { 'node-role.kubernetes.io/compute': '' } }, node)).toBe(true);
    expect(matchesLabelSelector({ matchLabels: { gpu: '' } }, node)).toBe(false);
  });

  it('In: the key is present with one of the values', () => {
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b', 'a'] }] }, node)).toBe(true);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }, node)).toBe(false);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'gpu', operator: 'In', values: ['a100'] }] }, node)).toBe(false);
  });

  it('NotIn: the key is absent, or present with none of the values', () => {
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['b'] }] }, node)).toBe(true);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, node)).toBe(false);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'gpu', operator: 'NotIn', values: ['a100'] }] }, node)).toBe(true);
  });

  it('Exists and DoesNotExist: whether the key is present, whatever its value', () => {
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'node-role.kubernetes.io/compute', operator: 'Exists' }] }, node)).toBe(true);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'gpu', operator: 'Exists' }] }, node)).toBe(false);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'gpu', operator: 'DoesNotExist', values: [] }] }, node)).toBe(true);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'disk', operator: 'DoesNotExist' }] }, node)).toBe(false);
  });

  it('ANDs every matchLabels pair and every requirement', () => {
    const selector = { matchLabels: { zone: 'a' }, matchExpressions: [{ key: 'disk', operator: 'In' as const, values: ['ssd'] }, { key: 'gpu', operator: 'DoesNotExist' as const }] };
    expect(matchesLabelSelector(selector, node)).toBe(true);
    expect(matchesLabelSelector(selector, { ...node, gpu: 'a100' })).toBe(false);
    expect(matchesLabelSelector(selector, { ...node, zone: 'b' })).toBe(false);
    expect(matchesLabelSelector(selector, { ...node, disk: 'hdd' })).toBe(false);
  });

  it('matches everything with an empty selector or empty matchLabels/matchExpressions', () => {
    expect(matchesLabelSelector({}, {})).toBe(true);
    expect(matchesLabelSelector({ matchLabels: {} }, node)).toBe(true);
    expect(matchesLabelSelector({ matchLabels: {}, matchExpressions: [] }, {})).toBe(true);
  });

  it('does not take inherited properties for labels', () => {
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'constructor', operator: 'Exists' }] }, {})).toBe(false);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'toString', operator: 'NotIn', values: ['x'] }] }, {})).toBe(true);
  });
});

describe('compileLabelSelector', () => {
  const problem = (selector: unknown): string => {
    try {
      compileLabelSelector(selector, 's');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidConfigError);
      return (error as Error).message;
    }
    throw new Error('expected an InvalidConfigError');
  };

  it('rejects an unknown operator, naming the field and the allowed ones', () => {
    expect(problem({ matchExpressions: [{ key: 'a', operator: 'In', values: ['x'] }, { key: 'b', operator: 'Foo' }] }))
      .toBe('s.matchExpressions[1].operator: "Foo" is not one of In, NotIn, Exists, DoesNotExist');
    expect(problem({ matchExpressions: [{ key: 'b', operator: 'in', values: ['x'] }] })).toBe('s.matchExpressions[0].operator: "in" is not one of In, NotIn, Exists, DoesNotExist');
    expect(problem({ matchExpressions: [{ key: 'b' }] })).toBe('s.matchExpressions[0].operator: required: expected one of In, NotIn, Exists, DoesNotExist');
    expect(problem({ matchExpressions: [{ operator: 'Exists' }] })).toBe('s.matchExpressions[0].key: expected a label key (a string), got nothing');
  });

  it('requires values for In and NotIn and forbids them for Exists and DoesNotExist', () => {
    expect(problem({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] })).toBe('s.matchExpressions[0].values: must be a non-empty list when operator is In');
    expect(problem({ matchExpressions: [{ key: 'a', operator: 'NotIn' }] })).toBe('s.matchExpressions[0].values: must be a non-empty list when operator is NotIn');
    expect(problem({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] })).toBe('s.matchExpressions[0].values: must be empty when operator is Exists');
    expect(problem({ matchExpressions: [{ key: 'a', operator: 'DoesNotExist', values: ['x'] }] })).toBe('s.matchExpressions[0].values: must be empty when operator is DoesNotExist');
  });

  it('validates label keys and values like the API server', () => {
    expect(problem({ matchLabels: { 'bad key': 'x' } })).toMatch(/^s\.matchLabels\["bad key"\]: "bad key" is not a valid label key: a label key name must be 1–63 characters/);
    expect(problem({ matchLabels: { 'Example.com/x': 'x' } })).toMatch(/^s\.matchLabels\["Example\.com\/x"\]: .*prefix must be a lowercase DNS subdomain/);
    expect(problem({ matchLabels: { zone: 'a b' } })).toMatch(/^s\.matchLabels\["zone"\]: "a b" is not a valid label value/);
    expect(problem({ matchLabels: { zone: 3 } })).toBe('s.matchLabels["zone"]: expected a label value (a string), got number 3');
    expect(problem({ matchExpressions: [{ key: 'x'.repeat(64), operator: 'Exists' }] })).toMatch(/^s\.matchExpressions\[0\]\.key: /);
    expect(problem({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['ok', '-bad'] }] })).toMatch(/^s\.matchExpressions\[0\]\.values\[1\]: "-bad" is not a valid label value/);
    expect(() => compileLabelSelector({ matchLabels: { 'example.com/role': 'db', 'a.b-c_d': '' } })).not.toThrow();
  });

  it('rejects malformed shapes and unknown fields (a typo would otherwise match everything)', () => {
    expect(problem(null)).toBe('s: expected a label selector {matchLabels, matchExpressions}, got null');
    expect(problem({ matchLabel: { zone: 'a' } })).toBe('s.matchLabel: unknown field: a label selector has matchLabels and matchExpressions');
    expect(problem({ matchLabels: ['zone'] })).toBe('s.matchLabels: expected a map of label keys to values, got a list');
    expect(problem({ matchExpressions: { key: 'a' } })).toBe('s.matchExpressions: expected a list of requirements, got a map');
    expect(problem({ matchExpressions: [{ key: 'a', operator: 'Exists', value: 'x' }] })).toBe('s.matchExpressions[0].value: unknown field: a requirement has key, operator and values');
    expect(problem({ matchExpressions: [{ key: 'a', operator: 'In', values: 'x' }] })).toBe('s.matchExpressions[0].values: expected a list of label values, got the string "x"');
  });
});
