// Why this file exists: operators are scoped with Kopf's namespace patterns — globs (`*`, `?`,
// `[…]`), negations (`!…`) and comma lists evaluated left to right, exactly as Kopf evaluates them
// (kopf/_cogs/structs/references.py: match_namespace) — and the same rules must hold
// wherever a namespace is tested, so they are parsed once here.

import { WatchingError } from './errors.js';

/** One parsed pattern: a comma list of (possibly negated) globs, or a user regexp. */
export interface NamespacePattern {
  /** The text as given (or the regexp's source). */
  source: string;
  /** Decide whether the pattern serves a namespace. */
  matches(name: string): boolean;
  /** The namespace name when the pattern is a plain name (no glob, no negation, no list). */
  exact: string | undefined;
}

function globToRegExp(glob: string, whole: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) throw new WatchingError('pattern', `namespace pattern "${whole}" has an unclosed "[": expected e.g. "ns-[abc]"`);
      let body = glob.slice(i + 1, end);
      if (body.startsWith('!')) body = `^${body.slice(1)}`;
      out += `[${body.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else out += c.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/**
 * Parse one pattern, with Kopf's semantics. A comma list is evaluated left to right: the first glob
 * decides the initial match (a list that starts with a negation starts with an implied `*`); a
 * negated glob that matches excludes; a later inclusive glob re-includes a namespace excluded before —
 * but only one the first glob had matched (so `myapp-*,!*-pr-*,*-pr-123` serves `myapp-pr-123` and
 * not `otherapp-pr-123`).
 *
 * @example
 * ```ts
 * parseNamespacePattern('myapp-*,!*-pr-*,*-pr-123').matches('myapp-pr-123'); // true
 * ```
 */
export function parseNamespacePattern(pattern: string | RegExp): NamespacePattern {
  if (pattern instanceof RegExp) {
    const anchored = new RegExp(`^(?:${pattern.source})$`, pattern.flags.replace(/[gy]/g, ''));
    return { source: pattern.source, matches: (name) => anchored.test(name), exact: undefined };
  }
  if (typeof pattern !== 'string' || !pattern.trim()) {
    throw new WatchingError('pattern', `a namespace pattern must be a non-empty string like "default", "myapp-*" or "!kube-*"; got ${JSON.stringify(pattern)}`);
  }
  const globs = pattern
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (globs[0]?.startsWith('!')) globs.unshift('*');
  const [first, ...rest] = globs.map((p) => (p.startsWith('!') ? { negated: true, re: globToRegExp(p.slice(1), pattern) } : { negated: false, re: globToRegExp(p, pattern) }));
  const trimmed = pattern.trim();
  const exact = /^[^*?[\]!,]+$/.test(trimmed) ? trimmed : undefined;
  return {
    source: pattern,
    exact,
    matches: (name) => {
      const firstMatch = first!.re.test(name);
      let included = firstMatch;
      for (const glob of rest) {
        if (glob.negated) included = included && !glob.re.test(name);
        else included = included || (firstMatch && glob.re.test(name));
      }
      return included;
    },
  };
}

/**
 * A set of patterns (as given with repeated `-n`): a namespace is served when any pattern serves it.
 *
 * @example
 * ```ts
 * const patterns = new NamespacePatterns(['default', 'team-*']);
 * patterns.matches('team-a'); // true
 * patterns.exactNames; // undefined (a glob needs the namespaces watched)
 * ```
 */
export class NamespacePatterns {
  readonly patterns: readonly NamespacePattern[];

  constructor(patterns: readonly (string | RegExp)[]) {
    if (!Array.isArray(patterns) || patterns.length === 0) {
      throw new WatchingError('pattern', 'namespace patterns must be a non-empty list such as ["default"] (omit them for cluster-wide mode)');
    }
    this.patterns = patterns.map(parseNamespacePattern);
  }

  /** Whether any pattern serves the namespace. */
  matches(name: string): boolean {
    return this.patterns.some((p) => p.matches(name));
  }

  /** The namespace names when every pattern is a plain name (no namespace watching needed); else undefined. */
  get exactNames(): string[] | undefined {
    const names = this.patterns.map((p) => p.exact);
    return names.every((n): n is string => n !== undefined) ? [...new Set(names)] : undefined;
  }
}
