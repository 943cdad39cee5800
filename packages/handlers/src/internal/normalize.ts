// Normalizing what users pass to `on.*`: how a selector reads in messages, and the filter options
// (labels, annotations, field/value, old/new, when) checked and frozen. Shared by resource and
// admission handlers so that both reject the same mistakes with the same words.
import { isTypedResource } from '@opkit/schema/identity';
import { HandlerRegistrationError } from '../errors.js';
import { parseFieldPath } from '../fields.js';
import { PRESENT } from '../markers.js';
import type { FilterOptions, HandlerFilters, Selector, ValueFilter } from '../types.js';

/**
 * A selector as messages show it: `'kopfexamples'`, `greetings.example.com` for a typed resource,
 * the query as JSON, or the predicate's name.
 *
 * @example
 * ```ts
 * describeSelector(Greeting); // 'greetings.example.com'
 * ```
 */
export function describeSelector(selector: Selector): string {
  if (isTypedResource(selector)) return `${selector.plural}.${selector.group}`;
  if (typeof selector === 'string') return `'${selector}'`;
  if (typeof selector === 'function') return `a selector function${selector.name ? ` ${selector.name}` : ''}`;
  if (typeof selector === 'symbol') return String(selector);
  return JSON.stringify(selector);
}

function checkMeta(name: 'labels' | 'annotations', filters: FilterOptions[typeof name], where: string): void {
  if (filters === undefined) return;
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) {
    throw new HandlerRegistrationError(`${where}: ${name} must be an object of { key: value | PRESENT | ABSENT | predicate }.`);
  }
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined) {
      throw new HandlerRegistrationError(`${where}: ${name}.${key} is ${String(value)}; use PRESENT, ABSENT, a string or a predicate.`);
    }
  }
}

/** The filter options with `old`/`new` (which only update and field handlers accept). */
export type FilterInputOptions = FilterOptions & { readonly old?: ValueFilter; readonly new?: ValueFilter };

/**
 * Check and normalize filter options. `oldNew` says whether `old`/`new` are allowed; `isField` that the
 * handler is a field handler (its field is not a value filter's).
 *
 * @throws HandlerRegistrationError naming the contradiction.
 */
export function buildFilters(options: FilterInputOptions, where: string, oldNew: boolean, isField = false): { filters: HandlerFilters; field: readonly string[] | undefined } {
  const hasValue = Object.hasOwn(options, 'value') && options.value !== undefined;
  const hasOld = Object.hasOwn(options, 'old') && options.old !== undefined;
  const hasNew = Object.hasOwn(options, 'new') && options.new !== undefined;
  if (hasValue && (hasOld || hasNew)) throw new HandlerRegistrationError(`${where}: value and old/new are mutually exclusive; use one of them.`);
  if ((hasOld || hasNew) && !oldNew) {
    throw new HandlerRegistrationError(`${where}: old/new filters apply only to on.update and on.field.`);
  }
  if (hasValue && options.field === undefined && !isField) {
    throw new HandlerRegistrationError(`${where}: a value filter needs a field, e.g. { field: 'spec.x', value: 'y' }.`);
  }
  checkMeta('labels', options.labels, where);
  checkMeta('annotations', options.annotations, where);
  if (options.when !== undefined && typeof options.when !== 'function') throw new HandlerRegistrationError(`${where}: when must be a function of the context.`);
  let field: readonly string[] | undefined;
  if (options.field !== undefined) {
    try {
      field = parseFieldPath(options.field);
    } catch (error) {
      throw new HandlerRegistrationError(`${where}: ${(error as Error).message}`);
    }
  }
  const impliedPresent = !hasValue && field !== undefined && !isField;
  const filters: HandlerFilters = Object.freeze({
    ...(options.labels ? { labels: options.labels } : {}),
    ...(options.annotations ? { annotations: options.annotations } : {}),
    ...(options.when ? { when: options.when } : {}),
    ...(field && !isField ? { valueField: field } : {}),
    ...(hasValue ? { value: options.value } : impliedPresent ? { value: PRESENT } : {}),
    hasValue: hasValue || impliedPresent,
    ...(hasOld ? { old: options.old } : {}),
    hasOld,
    ...(hasNew ? { new: options.new } : {}),
    hasNew,
  });
  return { filters, field };
}
