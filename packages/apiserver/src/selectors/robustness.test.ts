// Fuzz-style properties: selector parsers given arbitrary text either parse or throw SelectorError —
// never another exception — so that bad query strings always become 400s, not 500s.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SelectorError } from '../validation/errors.js';
import { parseFieldSelector } from './fieldSelector.js';
import { labelSelectorFromObject, parseLabelSelector } from './labelSelector.js';

const selectorText = fc.oneof(
  fc.string(),
  fc.array(fc.constantFrom('a', 'b', '=', '==', '!=', '!', ',', '(', ')', ' ', 'in', 'notin', '<', '>', '1', '/', '.', '-', '_', '\\', 'x.y/z'), { maxLength: 12 }).map((p) => p.join('')),
);

function onlySelectorErrors(run: () => unknown): void {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(SelectorError);
  }
}

describe('selector robustness', () => {
  it('parseLabelSelector only ever throws SelectorError', () => {
    fc.assert(
      fc.property(selectorText, fc.dictionary(fc.string(), fc.string()), (text, labels) => {
        onlySelectorErrors(() => {
          const sel = parseLabelSelector(text);
          sel.matches(labels);
          // Whatever parses formats to text that parses to the same selector.
          expect(parseLabelSelector(sel.toString()).toString()).toBe(sel.toString());
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('parseFieldSelector only ever throws SelectorError', () => {
    fc.assert(
      fc.property(selectorText, (text) => {
        onlySelectorErrors(() => parseFieldSelector(text, { supportsField: (f) => f.length % 2 === 0 }).matches({}));
      }),
      { numRuns: 1000 },
    );
  });

  it('labelSelectorFromObject only ever throws SelectorError', () => {
    const expr = fc.record({ key: fc.string(), operator: fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', ''), values: fc.array(fc.string(), { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }), fc.array(expr, { maxLength: 3 }), (matchLabels, matchExpressions) => {
        onlySelectorErrors(() => labelSelectorFromObject({ matchLabels, matchExpressions }).matches({}));
      }),
      { numRuns: 500 },
    );
  });
});
