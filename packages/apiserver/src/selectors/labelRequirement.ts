// One label requirement (`key op values`): its checks and messages as `labels.NewRequirement` has
// them, how it matches a labels map (missing keys satisfy `!=` and `notin`; `gt`/`lt` compare
// integers) and its canonical text. Selectors are lists of these, ANDed.

import { SelectorError } from '../validation/errors.js';
import { goBadValue, goQuote } from '../validation/goFormat.js';
import { isQualifiedName, isValidLabelValue } from '../validation/names.js';

/** A label requirement operator, named like `selection.Operator`. */
export type LabelOperator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

/** One requirement of a label selector (all of them must hold). */
export interface LabelRequirement {
  readonly key: string;
  readonly operator: LabelOperator;
  /** Sorted, de-duplicated values (empty for exists / does-not-exist). */
  readonly values: readonly string[];
}

/**
 * Whether one requirement holds for `labels`.
 *
 * @example
 * requirementMatches({ key: 'a', operator: '!=', values: ['x'] }, {}); // true
 */
export function requirementMatches(r: LabelRequirement, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const value = has ? labels[r.key] : undefined;
  switch (r.operator) {
    case '=':
    case '==':
    case 'in':
      return has && r.values.includes(value ?? '');
    case '!=':
    case 'notin':
      return !has || !r.values.includes(value ?? '');
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || !/^[+-]?\d+$/.test(value ?? '')) return false;
      const actual = BigInt(value ?? '0');
      const limit = BigInt(r.values[0] ?? '0');
      return r.operator === 'gt' ? actual > limit : actual < limit;
    }
  }
}

/**
 * kube's text form of one requirement: `k=v`, `k in (a,b)`, `!k`, `k>1`.
 *
 * @example
 * formatRequirement({ key: 'tier', operator: 'in', values: ['a', 'b'] }); // 'tier in (a,b)'
 */
export function formatRequirement(r: LabelRequirement): string {
  switch (r.operator) {
    case 'exists':
      return r.key;
    case '!':
      return `!${r.key}`;
    case 'in':
    case 'notin':
      return `${r.key} ${r.operator} (${r.values.join(',')})`;
    case 'gt':
      return `${r.key}>${r.values[0] ?? ''}`;
    case 'lt':
      return `${r.key}<${r.values[0] ?? ''}`;
    default:
      return `${r.key}${r.operator}${r.values[0] ?? ''}`;
  }
}

/**
 * Checks a requirement like `labels.NewRequirement` and returns it with sorted unique values.
 * Throws `SelectorError` with kube's field-error wording when it is invalid.
 *
 * @example
 * newRequirement('app', 'in', ['web', 'api']);
 */
export function newRequirement(key: string, operator: LabelOperator, values: readonly string[], keyPath = 'key'): LabelRequirement {
  const errs: string[] = [];
  const keyErrs = isQualifiedName(key);
  if (keyErrs.length > 0) errs.push(`${keyPath}: Invalid value: ${goQuote(key)}: ${keyErrs.join('; ')}`);
  const vals = [...new Set(values)].sort();
  const shownVals = `[]string{${vals.map((v) => goQuote(v)).join(', ')}}`;
  switch (operator) {
    case 'in':
    case 'notin':
      if (vals.length === 0) errs.push(`values: Invalid value: ${shownVals}: for 'in', 'notin' operators, values set can't be empty`);
      break;
    case '=':
    case '==':
    case '!=':
      if (vals.length !== 1) errs.push(`values: Invalid value: ${shownVals}: exact-match compatibility requires one single value`);
      break;
    case 'exists':
    case '!':
      if (vals.length !== 0) errs.push(`values: Invalid value: ${shownVals}: values set must be empty for exists and does not exist`);
      break;
    case 'gt':
    case 'lt':
      if (vals.length !== 1) errs.push(`values: Invalid value: ${shownVals}: for 'Gt', 'Lt' operators, exactly one value is required`);
      vals.forEach((v, i) => {
        if (!/^[+-]?\d+$/.test(v) || BigInt(v) > 2n ** 63n - 1n || BigInt(v) < -(2n ** 63n)) {
          errs.push(`values[${i}]: Invalid value: ${goQuote(v)}: for 'Gt', 'Lt' operators, the value must be an integer`);
        }
      });
      break;
  }
  vals.forEach((v, i) => {
    const valueErrs = isValidLabelValue(v);
    if (valueErrs.length > 0) errs.push(`values[${i}][${key}]: Invalid value: ${goBadValue(v)}: ${valueErrs.join('; ')}`);
  });
  if (errs.length > 0) throw new SelectorError('InvalidLabelSelector', errs.length === 1 ? (errs[0] ?? '') : `[${errs.join(', ')}]`);
  return { key, operator, values: vals };
}
