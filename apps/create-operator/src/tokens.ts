// Renaming without a template language. A template is a real project written with its own names
// (Kind `Greeting`, plural `greetings`, group `example.com`, version `v1alpha1`, project
// `greeting-operator`); rendering replaces each of those names, in every casing the code uses
// (`Greeting`, `greeting`, `GREETING`, `webApp`, `web-app`, …), with the new project's — in one pass,
// longest name first, and only at word boundaries that respect case, so `greetingName` becomes
// `zebraName` while `congreeting` or `registry.example.company` stay as they are.
import { pluralOf, pluralWords, splitWords } from './names.js';
import type { Scope } from './templates.js';

/** The names a project is written with. */
export interface ProjectIdentity {
  /** The project (and directory) name, e.g. `greeting-operator`. */
  readonly projectName: string;
  readonly kind: string;
  readonly plural: string;
  readonly group: string;
  readonly version: string;
  readonly scope: Scope;
}

/** One replacement: `from` becomes `to` where `before` and `after` (regex lookarounds) hold. */
export interface Token {
  readonly from: string;
  readonly to: string;
  /** A lookbehind, e.g. `(?<![A-Za-z0-9])`. */
  readonly before: string;
  /** A lookahead, e.g. `(?![a-z])`. */
  readonly after: string;
}

/** The spellings of a multi-word name, by style. */
type Style = 'pascal' | 'camel' | 'lower' | 'upper' | 'kebab' | 'snake' | 'screaming' | 'spaced' | 'title';

/** A one-word name's camel, kebab, snake and spaced spellings equal its lowercase one: listed first, lowercase wins. */
const STYLE_ORDER: readonly Style[] = ['pascal', 'lower', 'upper', 'camel', 'kebab', 'snake', 'screaming', 'spaced', 'title'];

function capitalize(word: string): string {
  return word === '' ? word : word[0]!.toUpperCase() + word.slice(1);
}

function spellings(words: readonly string[]): Record<Style, string> {
  const lower = words.map((w) => w.toLowerCase());
  return {
    pascal: words.map(capitalize).join(''),
    camel: lower[0] + words.slice(1).map(capitalize).join(''),
    lower: lower.join(''),
    upper: lower.join('').toUpperCase(),
    kebab: lower.join('-'),
    snake: lower.join('_'),
    screaming: lower.join('_').toUpperCase(),
    spaced: lower.join(' '),
    title: words.map(capitalize).join(' '),
  };
}

/** Lookarounds per style: a capitalised name may follow a lowercase letter (camelCase), a lowercase one may not. */
function boundaries(style: Style): { before: string; after: string } {
  switch (style) {
    case 'pascal':
    case 'title':
      return { before: '(?<![A-Z])', after: '(?![a-z])' };
    case 'upper':
    case 'screaming':
      return { before: '(?<![A-Za-z0-9])', after: '(?![A-Za-z])' };
    default:
      return { before: '(?<![A-Za-z0-9])', after: '(?![a-z])' };
  }
}

/** The words of a plural: the Kind's words with the last pluralized, unless the plural was chosen freely. */
function wordsOfPlural(kind: string, plural: string): string[] {
  if (pluralOf(kind) === plural) return pluralWords(kind);
  return plural.split(/[^A-Za-z0-9]+/).filter((w) => w !== '').map(capitalize);
}

function nameTokens(fromWords: readonly string[], toWords: readonly string[]): Token[] {
  const from = spellings(fromWords);
  const to = spellings(toWords);
  const seen = new Set<string>();
  const tokens: Token[] = [];
  for (const style of STYLE_ORDER) {
    // A one-word name has fewer distinct spellings (camel = lower, title = pascal, …): keep each once.
    if (seen.has(from[style])) continue;
    seen.add(from[style]);
    tokens.push({ from: from[style], to: to[style], ...boundaries(style) });
  }
  return tokens;
}

/** A DNS name (group, CRD name) is whole when no name character continues it; a file extension may follow. */
const DOMAIN = {
  before: '(?<![A-Za-z0-9-])',
  after: '(?![A-Za-z0-9-]|\\.(?!(?:ya?ml|json|md|ts|js|txt)(?![A-Za-z0-9]))[A-Za-z0-9])',
};
const WORD = { before: '(?<![A-Za-z0-9])', after: '(?![A-Za-z0-9])' };
const PROJECT = { before: '(?<![A-Za-z0-9])', after: '(?![a-z0-9])' };

/**
 * The replacements that turn a project written as `from` into one written as `to`, longest first.
 * When two names share a spelling (an uncountable plural), the first listed wins: the CRD name, the
 * project name, the group, the version, the Kind's spellings, then the plural's.
 */
export function buildTokens(from: ProjectIdentity, to: ProjectIdentity): Token[] {
  const all: Token[] = [
    { from: `${from.plural}.${from.group}`, to: `${to.plural}.${to.group}`, ...DOMAIN },
    { from: from.projectName, to: to.projectName, ...PROJECT },
    { from: from.group, to: to.group, ...DOMAIN },
    { from: from.version, to: to.version, ...WORD },
    ...nameTokens(splitWords(from.kind), splitWords(to.kind)),
    ...nameTokens(wordsOfPlural(from.kind, from.plural), wordsOfPlural(to.kind, to.plural)),
  ];
  if (from.scope !== to.scope) {
    // Only a scope *declaration* (`scope: Namespaced`, `"scope": "Namespaced"`) changes; the word elsewhere is prose.
    all.push({ from: from.scope, to: to.scope, before: `(?<=\\bscope["']?\\s*:\\s*["']?)`, after: '(?![A-Za-z0-9])' });
  }
  const unique = new Map<string, Token>();
  for (const token of all) if (!unique.has(token.from)) unique.set(token.from, token);
  return [...unique.values()].sort((a, b) => b.from.length - a.from.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A function that applies `tokens` to a text in one pass (a replaced name is never replaced again). */
export function compileTokens(tokens: readonly Token[]): (text: string) => string {
  if (tokens.length === 0) return (text) => text;
  const pattern = new RegExp(tokens.map((t) => `${t.before}(${escapeRegExp(t.from)})${t.after}`).join('|'), 'g');
  return (text) =>
    text.replace(pattern, (...groups: unknown[]) => {
      for (let i = 0; i < tokens.length; i += 1) if (groups[i + 1] !== undefined) return tokens[i]!.to;
      return groups[0] as string;
    });
}

/** The names in `identity` that must not survive a rename away from it: Kind, its lowercase, plural, group, project name, version. */
export function identityNames(identity: ProjectIdentity): string[] {
  return [identity.kind, identity.kind.toLowerCase(), identity.plural, identity.group, identity.projectName, identity.version];
}
