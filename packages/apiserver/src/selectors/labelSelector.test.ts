// Tests of label selector parsing, matching and formatting against kube's grammar and messages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SelectorError } from '../validation/errors.js';
import { newRequirement } from './labelRequirement.js';
import { labelSelectorFromObject, parseLabelSelector } from './labelSelector.js';

function parseError(text: string): SelectorError {
  try {
    parseLabelSelector(text);
  } catch (e) {
    if (e instanceof SelectorError) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('parseLabelSelector', () => {
  it('selects everything for empty or blank text', () => {
    for (const text of ['', '   ', '\t']) {
      const sel = parseLabelSelector(text);
      expect(sel.isEmpty()).toBe(true);
      expect(sel.matches(undefined)).toBe(true);
      expect(sel.matches({ a: 'b' })).toBe(true);
    }
  });

  it('matches equality with =, == and !=', () => {
    expect(parseLabelSelector('app=web').matches({ app: 'web' })).toBe(true);
    expect(parseLabelSelector('app=web').matches({ app: 'db' })).toBe(false);
    expect(parseLabelSelector('app=web').matches({})).toBe(false);
    expect(parseLabelSelector('app==web').matches({ app: 'web' })).toBe(true);
    expect(parseLabelSelector('app!=web').matches({ app: 'db' })).toBe(true);
    expect(parseLabelSelector('app!=web').matches({ app: 'web' })).toBe(false);
  });

  it('lets != and notin match objects without the key', () => {
    expect(parseLabelSelector('app!=web').matches({})).toBe(true);
    expect(parseLabelSelector('app!=web').matches(undefined)).toBe(true);
    expect(parseLabelSelector('app notin (web)').matches({ other: 'x' })).toBe(true);
  });

  it('matches set membership with in and notin', () => {
    const inSel = parseLabelSelector('tier in (front, back)');
    expect(inSel.matches({ tier: 'front' })).toBe(true);
    expect(inSel.matches({ tier: 'back' })).toBe(true);
    expect(inSel.matches({ tier: 'db' })).toBe(false);
    expect(inSel.matches({})).toBe(false);
    const notIn = parseLabelSelector('tier notin (front,back)');
    expect(notIn.matches({ tier: 'db' })).toBe(true);
    expect(notIn.matches({ tier: 'front' })).toBe(false);
  });

  it('matches existence and non-existence', () => {
    expect(parseLabelSelector('app').matches({ app: '' })).toBe(true);
    expect(parseLabelSelector('app').matches({})).toBe(false);
    expect(parseLabelSelector('!app').matches({})).toBe(true);
    expect(parseLabelSelector('!app').matches({ app: 'x' })).toBe(false);
  });

  it('treats commas as AND', () => {
    const sel = parseLabelSelector('app=web,tier in (a,b),!legacy');
    expect(sel.matches({ app: 'web', tier: 'a' })).toBe(true);
    expect(sel.matches({ app: 'web', tier: 'a', legacy: 'yes' })).toBe(false);
    expect(sel.matches({ app: 'web', tier: 'c' })).toBe(false);
  });

  it('compares integers with > and <', () => {
    expect(parseLabelSelector('gen>3').matches({ gen: '4' })).toBe(true);
    expect(parseLabelSelector('gen>3').matches({ gen: '3' })).toBe(false);
    expect(parseLabelSelector('gen<3').matches({ gen: '-1' })).toBe(true);
    expect(parseLabelSelector('gen<3').matches({ gen: 'x' })).toBe(false);
    expect(parseLabelSelector('gen<3').matches({})).toBe(false);
  });

  it('accepts empty values and keyword-like values', () => {
    expect(parseLabelSelector('a=').matches({ a: '' })).toBe(true);
    expect(parseLabelSelector('a in ()').matches({ a: '' })).toBe(true);
    expect(parseLabelSelector('a=in').matches({ a: 'in' })).toBe(true);
    expect(parseLabelSelector('a in (in,notin)').matches({ a: 'notin' })).toBe(true);
  });

  it('accepts prefixed keys and ignores whitespace around tokens', () => {
    const sel = parseLabelSelector('  example.com/app = web ,  app.kubernetes.io/name in ( x , y )  ');
    expect(sel.matches({ 'example.com/app': 'web', 'app.kubernetes.io/name': 'y' })).toBe(true);
  });

  it('formats requirements sorted by key with sorted values', () => {
    expect(parseLabelSelector('z=1,a in (c,b,b),!m,k').toString()).toBe('a in (b,c),k,!m,z=1');
    expect(parseLabelSelector('x==y,w!=v,g>2').toString()).toBe('g>2,w!=v,x==y');
  });

  it('rejects a missing operator value list with kube’s message', () => {
    expect(parseError('a in').message).toBe("unable to parse requirement: found '' expected: '('");
    expect(parseError('a in (b').message).toBe("unable to parse requirement: found '', expected: ',' or ')'");
  });

  it('rejects bad structure with kube’s messages', () => {
    expect(parseError('a=b c').message).toBe("found 'c', expected: ',' or 'end of string'");
    expect(parseError('a=b,').message).toBe("found '', expected: identifier after ','");
    expect(parseError(',a').message).toBe("found ',', expected: !, identifier, or 'end of string'");
    expect(parseError('a b').message).toBe("unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
    expect(parseError('!a=b').message).toBe("found '=', expected: ',' or 'end of string'");
    expect(parseError('a=(b)').message).toBe("unable to parse requirement: found '(', expected: identifier");
  });

  it('rejects invalid keys and values with field-error wording', () => {
    const bad = parseError('a@b=c');
    expect(bad.code).toBe('InvalidLabelSelector');
    expect(bad.message).toMatch(/^unable to parse requirement: <nil>: Invalid value: "a@b": name part must consist of alphanumeric characters/);
    expect(parseError('a=b@c').message).toMatch(/^unable to parse requirement: values\[0\]\[a\]: Invalid value: "b@c": a valid label must be an empty string/);
    expect(parseError(`a=${'x'.repeat(64)}`).message).toContain('must be no more than 63 characters');
    expect(parseError('a>b').message).toContain("for 'Gt', 'Lt' operators, the value must be an integer");
  });

  it('round-trips: parse(format(parse(x))) equals parse(x)', () => {
    const key = fc.stringMatching(/^[a-z0-9]([a-z0-9.-]{0,8}[a-z0-9])?$/).filter((k) => !k.includes('..') && k !== 'in' && k !== 'notin');
    const value = fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9_.-]{0,6}[A-Za-z0-9])?$/);
    const requirement = fc.oneof(
      fc.tuple(key, fc.constantFrom('=', '==', '!='), value).map(([k, op, v]) => `${k}${op}${v}`),
      fc.tuple(key, fc.constantFrom('in', 'notin'), fc.array(value, { minLength: 1, maxLength: 3 })).map(([k, op, vs]) => `${k} ${op} (${vs.join(',')})`),
      key,
      key.map((k) => `!${k}`),
    );
    fc.assert(
      fc.property(fc.array(requirement, { maxLength: 5 }), fc.dictionary(key, value), (reqs, labels) => {
        const first = parseLabelSelector(reqs.join(','));
        const second = parseLabelSelector(first.toString());
        expect(second.toString()).toBe(first.toString());
        expect(second.requirements).toEqual(first.requirements);
        expect(second.matches(labels)).toBe(first.matches(labels));
      }),
      { numRuns: 300 },
    );
  });
});

describe('labelSelectorFromObject', () => {
  it('selects nothing for null and everything for an empty selector', () => {
    expect(labelSelectorFromObject(null).matches({ a: 'b' })).toBe(false);
    expect(labelSelectorFromObject(undefined).isNothing()).toBe(true);
    expect(labelSelectorFromObject({}).matches({ a: 'b' })).toBe(true);
  });

  it('combines matchLabels and matchExpressions', () => {
    const sel = labelSelectorFromObject({
      matchLabels: { app: 'web' },
      matchExpressions: [
        { key: 'tier', operator: 'In', values: ['a', 'b'] },
        { key: 'legacy', operator: 'DoesNotExist' },
        { key: 'zone', operator: 'Exists' },
        { key: 'env', operator: 'NotIn', values: ['prod'] },
      ],
    });
    expect(sel.toString()).toBe('app=web,env notin (prod),!legacy,tier in (a,b),zone');
    expect(sel.matches({ app: 'web', tier: 'a', zone: 'z' })).toBe(true);
    expect(sel.matches({ app: 'web', tier: 'a', zone: 'z', env: 'prod' })).toBe(false);
  });

  it('rejects unknown operators and empty In values', () => {
    expect(() => labelSelectorFromObject({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] })).toThrow('"Gt" is not a valid label selector operator');
    expect(() => labelSelectorFromObject({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] })).toThrow(
      "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty",
    );
  });
});

describe('newRequirement', () => {
  it('requires exactly one value for equality', () => {
    expect(() => newRequirement('a', '=', ['x', 'y'])).toThrow('exact-match compatibility requires one single value');
    expect(() => newRequirement('a', 'exists', ['x'])).toThrow('values set must be empty for exists and does not exist');
    expect(newRequirement('a', 'in', ['b', 'a', 'b']).values).toEqual(['a', 'b']);
  });
});
