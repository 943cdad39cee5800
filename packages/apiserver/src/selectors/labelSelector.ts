// Label selectors (`?labelSelector=`): parsing with kube's grammar and error messages, matching
// against an object's labels, and formatting back to kube's canonical text (requirements sorted by
// key, set values sorted). Used by list, watch (including selector transitions) and deletecollection.

import { SelectorError } from '../validation/errors.js';
import { goQuote } from '../validation/goFormat.js';
import { parseLabelRequirements } from './labelParser.js';
import type { LabelOperator, LabelRequirement } from './labelRequirement.js';
import { formatRequirement, newRequirement, requirementMatches } from './labelRequirement.js';

export type { LabelOperator, LabelRequirement } from './labelRequirement.js';

/** A parsed label selector. */
export interface LabelSelector {
  /** The requirements, sorted by key. */
  readonly requirements: readonly LabelRequirement[];
  /** Whether the labels satisfy every requirement (a missing labels map is an empty one). */
  matches(labels: Record<string, string> | undefined | null): boolean;
  /** Whether the selector selects everything (no requirements). */
  isEmpty(): boolean;
  /** Whether the selector selects nothing (`labelSelectorFromObject(null)`). */
  isNothing(): boolean;
  /** kube's canonical text form (parses back to an equal selector). */
  toString(): string;
}

function makeSelector(requirements: LabelRequirement[], nothing = false): LabelSelector {
  const sorted = [...requirements].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    requirements: sorted,
    matches(labels) {
      if (nothing) return false;
      const ls = labels ?? {};
      return sorted.every((r) => requirementMatches(r, ls));
    },
    isEmpty: () => !nothing && sorted.length === 0,
    isNothing: () => nothing,
    toString: () => sorted.map(formatRequirement).join(','),
  };
}

/**
 * Parses label selector text (`app=web,tier in (a,b),!legacy`). Empty text selects everything.
 * Throws `SelectorError` (code `InvalidLabelSelector`) with kube's message; answer it with 400.
 *
 * @example
 * const sel = parseLabelSelector('app=web,tier notin (db)');
 * sel.matches({ app: 'web' }); // true
 */
export function parseLabelSelector(text: string): LabelSelector {
  return makeSelector(parseLabelRequirements(text));
}

/** A `matchExpressions` entry of a `metav1.LabelSelector`. */
export interface LabelSelectorRequirementObject {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | string;
  values?: string[];
}

/** A `metav1.LabelSelector` object (as found in Deployments, webhooks, owner queries). */
export interface LabelSelectorObject {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirementObject[];
}

/**
 * Converts a `metav1.LabelSelector` object like `LabelSelectorAsSelector`: null or undefined selects
 * nothing, an empty object selects everything. Throws `SelectorError` for bad operators or values.
 *
 * @example
 * labelSelectorFromObject({ matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] }).toString();
 * // 'app in (web)'
 */
export function labelSelectorFromObject(selector: LabelSelectorObject | null | undefined): LabelSelector {
  if (selector === null || selector === undefined) return makeSelector([], true);
  const requirements: LabelRequirement[] = [];
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) requirements.push(newRequirement(key, '=', [value]));
  const ops: Record<string, LabelOperator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };
  for (const expr of selector.matchExpressions ?? []) {
    const op = ops[expr.operator];
    if (op === undefined) throw new SelectorError('InvalidLabelSelector', `${goQuote(String(expr.operator))} is not a valid label selector operator`);
    requirements.push(newRequirement(expr.key, op, expr.values ?? []));
  }
  return makeSelector(requirements);
}

/**
 * A selector from already-checked requirements (e.g. built by hand).
 *
 * @example
 * labelSelectorOf([{ key: 'a', operator: 'exists', values: [] }]).matches({ a: '' }); // true
 */
export function labelSelectorOf(requirements: readonly LabelRequirement[]): LabelSelector {
  return makeSelector([...requirements]);
}
