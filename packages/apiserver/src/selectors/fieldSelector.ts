// Field selectors (`?fieldSelector=`): `field=value`, `field==value`, `field!=value`, comma means AND,
// and `\`, `,`, `=` in values are backslash-escaped — apimachinery's fields parser and messages. Which
// fields a resource supports is the caller's knowledge (`FieldSupport`); others are a 400.

import { SelectorError } from '../validation/errors.js';

/** What a resource lets clients select on. */
export interface FieldSupport {
  /** Whether `field` (e.g. `metadata.name`, `involvedObject.uid`) is a supported field label. */
  supportsField(field: string): boolean;
}

/** One term of a field selector. */
export interface FieldRequirement {
  readonly field: string;
  readonly operator: '=' | '==' | '!=';
  readonly value: string;
}

/** A parsed field selector. */
export interface FieldSelector {
  /** The terms, sorted like kube sorts them. */
  readonly requirements: readonly FieldRequirement[];
  /** Whether the object's fields (see `objectFields`) satisfy every term; a missing field is `""`. */
  matches(fields: Record<string, string>): boolean;
  /** Whether there are no terms (selects everything). */
  isEmpty(): boolean;
  /** The value a term requires for `field` with `=`/`==`, if any (e.g. for a `metadata.name` fast path). */
  requiresExactMatch(field: string): string | undefined;
  /** Canonical text, values re-escaped. */
  toString(): string;
}

/** Splits on commas that are not backslash-escaped. */
function splitTerms(text: string): string[] {
  if (text.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '\\') i++;
    else if (ch === ',') {
      terms.push(text.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(text.slice(start));
  return terms;
}

function splitTerm(term: string): [string, FieldRequirement['operator'], string] | undefined {
  for (let i = 0; i < term.length; i++) {
    if (term.charAt(i) === '\\') {
      i++;
      continue;
    }
    for (const op of ['!=', '==', '='] as const) {
      if (term.startsWith(op, i)) return [term.slice(0, i), op, term.slice(i + op.length)];
    }
  }
  return undefined;
}

/**
 * Removes the backslash escapes of a field selector value; an unknown escape or an unescaped `,`/`=`
 * is an error (kube's wording).
 *
 * @example
 * unescapeFieldValue('a\\,b'); // 'a,b'
 */
export function unescapeFieldValue(value: string): string {
  let out = '';
  let slash = false;
  for (const ch of value) {
    if (slash) {
      if (ch === '\\' || ch === ',' || ch === '=') out += ch;
      else throw new SelectorError('InvalidFieldSelector', `invalid field selector: invalid escape sequence: \\${ch}`);
      slash = false;
      continue;
    }
    if (ch === '\\') slash = true;
    else if (ch === ',' || ch === '=') throw new SelectorError('InvalidFieldSelector', `invalid field selector: unescaped character in value: ${ch}`);
    else out += ch;
  }
  if (slash) throw new SelectorError('InvalidFieldSelector', 'invalid field selector: invalid escape sequence: \\');
  return out;
}

/**
 * Escapes `\`, `,` and `=` for use in a field selector value.
 *
 * @example
 * escapeFieldValue('a=b'); // 'a\\=b'
 */
export function escapeFieldValue(value: string): string {
  return value.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/**
 * Parses a field selector and checks every field against `resource`. Throws `SelectorError`:
 * `InvalidFieldSelector` for bad syntax, `UnsupportedFieldLabel` (`field label not supported: x`)
 * for a field the resource does not have; answer both with 400.
 *
 * @example
 * const sel = parseFieldSelector('metadata.name=w1', { supportsField: (f) => f === 'metadata.name' });
 * sel.matches({ 'metadata.name': 'w1' }); // true
 */
export function parseFieldSelector(text: string, resource: FieldSupport): FieldSelector {
  const terms = splitTerms(text).sort();
  const requirements: FieldRequirement[] = [];
  for (const term of terms) {
    if (term === '') continue;
    const split = splitTerm(term);
    if (split === undefined) throw new SelectorError('InvalidFieldSelector', `invalid selector: '${text}'; can't understand '${term}'`);
    const [field, operator, raw] = split;
    const value = unescapeFieldValue(raw);
    requirements.push({ field, operator, value });
  }
  for (const r of requirements) {
    if (!resource.supportsField(r.field)) throw new SelectorError('UnsupportedFieldLabel', `field label not supported: ${r.field}`);
  }
  return {
    requirements,
    matches: (fields) => requirements.every((r) => ((fields[r.field] ?? '') === r.value) === (r.operator !== '!=')),
    isEmpty: () => requirements.length === 0,
    requiresExactMatch: (field) => requirements.find((r) => r.field === field && r.operator !== '!=')?.value,
    toString: () => requirements.map((r) => `${r.field}${r.operator === '!=' ? '!=' : '='}${escapeFieldValue(r.value)}`).join(','),
  };
}
