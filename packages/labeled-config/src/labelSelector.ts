// Kubernetes label selectors (metav1.LabelSelector) as config sets use them in `nodeSelectors`:
// validated field by field with the API server's rules, then matched against a set of labels with its
// semantics. A selector's requirements are ANDed; `{}` matches everything.

import { InvalidConfigError } from './errors.js';

/** The operators of a `matchExpressions` requirement. */
export type LabelSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

/** The operators, in the order error messages list them. */
export const LABEL_SELECTOR_OPERATORS: readonly LabelSelectorOperator[] = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

/** One `matchExpressions` entry: a key, an operator and (for In/NotIn) the values. */
export interface LabelSelectorRequirement {
  key: string;
  operator: LabelSelectorOperator;
  /** Non-empty for `In` and `NotIn`; absent or empty for `Exists` and `DoesNotExist`. */
  values?: readonly string[];
}

/**
 * A Kubernetes label selector. Every `matchLabels` pair and every `matchExpressions` requirement
 * must hold; an empty selector matches every set of labels.
 *
 * @example
 * const selector: LabelSelector = { matchLabels: { 'node-role.kubernetes.io/compute': '' }, matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] };
 */
export interface LabelSelector {
  matchLabels?: Readonly<Record<string, string>>;
  matchExpressions?: readonly LabelSelectorRequirement[];
}

/** Labels of an object (a Node's `metadata.labels`). */
export type Labels = Readonly<Record<string, string>>;

/** A validated selector: a predicate over labels. */
export type LabelMatcher = (labels: Labels) => boolean;

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Why `key` is not a valid label key (a qualified name: optional DNS-subdomain prefix, `/`, name), or undefined. */
function labelKeyProblem(key: string): string | undefined {
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && (prefix.length === 0 || prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) {
    return 'a label key prefix must be a lowercase DNS subdomain of at most 253 characters (e.g. example.com)';
  }
  if (name.length === 0 || name.length > 63 || !NAME.test(name)) {
    return 'a label key name must be 1–63 characters of [A-Za-z0-9-_.], beginning and ending with a letter or digit';
  }
  return undefined;
}

function isLabelValue(value: string): boolean {
  return value === '' || (value.length <= 63 && NAME.test(value));
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function checkKey(path: string, key: unknown): string {
  if (typeof key !== 'string') throw new InvalidConfigError(path, `expected a label key (a string), got ${describe(key)}`);
  const problem = labelKeyProblem(key);
  if (problem) throw new InvalidConfigError(path, `${JSON.stringify(key)} is not a valid label key: ${problem}`);
  return key;
}

function checkValue(path: string, value: unknown): string {
  if (typeof value !== 'string') throw new InvalidConfigError(path, `expected a label value (a string), got ${describe(value)}`);
  if (!isLabelValue(value)) {
    throw new InvalidConfigError(path, `${JSON.stringify(value)} is not a valid label value: at most 63 characters of [A-Za-z0-9-_.], beginning and ending with a letter or digit, or empty`);
  }
  return value;
}

function compileRequirement(path: string, raw: unknown): LabelMatcher {
  if (!isRecord(raw)) throw new InvalidConfigError(path, `expected a requirement {key, operator, values}, got ${describe(raw)}`);
  for (const field of Object.keys(raw)) {
    if (field !== 'key' && field !== 'operator' && field !== 'values') throw new InvalidConfigError(`${path}.${field}`, 'unknown field: a requirement has key, operator and values');
  }
  const key = checkKey(`${path}.key`, raw['key']);
  const operator = raw['operator'];
  if (operator === undefined) throw new InvalidConfigError(`${path}.operator`, `required: expected one of ${LABEL_SELECTOR_OPERATORS.join(', ')}`);
  if (typeof operator !== 'string' || !(LABEL_SELECTOR_OPERATORS as readonly string[]).includes(operator)) {
    const shown = typeof operator === 'string' ? JSON.stringify(operator) : describe(operator);
    throw new InvalidConfigError(`${path}.operator`, `${shown} is not one of ${LABEL_SELECTOR_OPERATORS.join(', ')}`);
  }
  const rawValues = raw['values'] ?? [];
  if (!Array.isArray(rawValues)) throw new InvalidConfigError(`${path}.values`, `expected a list of label values, got ${describe(rawValues)}`);
  const values = new Set(rawValues.map((value, i) => checkValue(`${path}.values[${i}]`, value)));
  switch (operator as LabelSelectorOperator) {
    case 'In':
    case 'NotIn':
      if (values.size === 0) throw new InvalidConfigError(`${path}.values`, `must be a non-empty list when operator is ${operator}`);
      return operator === 'In'
        ? (labels) => Object.hasOwn(labels, key) && values.has(labels[key]!)
        : (labels) => !Object.hasOwn(labels, key) || !values.has(labels[key]!);
    case 'Exists':
    case 'DoesNotExist':
      if (values.size > 0) throw new InvalidConfigError(`${path}.values`, `must be empty when operator is ${operator}`);
      return operator === 'Exists' ? (labels) => Object.hasOwn(labels, key) : (labels) => !Object.hasOwn(labels, key);
  }
}

/**
 * Validates a label selector as the API server would and compiles it into a predicate. `path` names the
 * selector in error messages.
 *
 * @throws InvalidConfigError naming the field, e.g. `sel.matchExpressions[1].operator: "Foo" is not one of In, NotIn, Exists, DoesNotExist`
 * @example
 * const matches = compileLabelSelector({ matchExpressions: [{ key: 'gpu', operator: 'Exists' }] });
 * matches({ gpu: 'a100' }); // true
 */
export function compileLabelSelector(selector: unknown, path = 'selector'): LabelMatcher {
  if (!isRecord(selector)) throw new InvalidConfigError(path, `expected a label selector {matchLabels, matchExpressions}, got ${describe(selector)}`);
  for (const field of Object.keys(selector)) {
    if (field !== 'matchLabels' && field !== 'matchExpressions') {
      throw new InvalidConfigError(`${path}.${field}`, 'unknown field: a label selector has matchLabels and matchExpressions');
    }
  }
  const matchers: LabelMatcher[] = [];
  const matchLabels = selector['matchLabels'] ?? {};
  if (!isRecord(matchLabels)) throw new InvalidConfigError(`${path}.matchLabels`, `expected a map of label keys to values, got ${describe(matchLabels)}`);
  for (const [key, value] of Object.entries(matchLabels)) {
    checkKey(`${path}.matchLabels[${JSON.stringify(key)}]`, key);
    const wanted = checkValue(`${path}.matchLabels[${JSON.stringify(key)}]`, value);
    matchers.push((labels) => Object.hasOwn(labels, key) && labels[key] === wanted);
  }
  const expressions = selector['matchExpressions'] ?? [];
  if (!Array.isArray(expressions)) throw new InvalidConfigError(`${path}.matchExpressions`, `expected a list of requirements, got ${describe(expressions)}`);
  expressions.forEach((raw, i) => matchers.push(compileRequirement(`${path}.matchExpressions[${i}]`, raw)));
  return (labels) => matchers.every((matches) => matches(labels));
}

/**
 * Whether `labels` satisfy `selector` (validated first).
 *
 * @throws InvalidConfigError when the selector is malformed
 * @example
 * matchesLabelSelector({ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, {}); // true: NotIn holds for a missing key
 */
export function matchesLabelSelector(selector: LabelSelector, labels: Labels = {}): boolean {
  return compileLabelSelector(selector)(labels);
}
