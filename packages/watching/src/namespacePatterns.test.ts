import { describe, expect, it } from 'vitest';
import { WatchingError } from './errors.js';
import { NamespacePatterns, parseNamespacePattern } from './namespacePatterns.js';

describe('parseNamespacePattern', () => {
  it('matches plain names exactly and reports them as exact', () => {
    const p = parseNamespacePattern('default');
    expect(p.matches('default')).toBe(true);
    expect(p.matches('default2')).toBe(false);
    expect(p.exact).toBe('default');
  });

  it('supports * ? and [] globs anchored at both ends', () => {
    expect(parseNamespacePattern('team-*').matches('team-a')).toBe(true);
    expect(parseNamespacePattern('team-*').matches('my-team-a')).toBe(false);
    expect(parseNamespacePattern('ns-?').matches('ns-1')).toBe(true);
    expect(parseNamespacePattern('ns-?').matches('ns-12')).toBe(false);
    expect(parseNamespacePattern('ns-[ab]').matches('ns-b')).toBe(true);
    expect(parseNamespacePattern('ns-[!ab]').matches('ns-b')).toBe(false);
    expect(parseNamespacePattern('ns-[!ab]').matches('ns-c')).toBe(true);
    expect(parseNamespacePattern('a.b').matches('axb')).toBe(false);
    expect(parseNamespacePattern('team-*').exact).toBeUndefined();
  });

  it('evaluates comma lists left to right as Kopf does: later globs only re-include what the first matched', () => {
    const p = parseNamespacePattern('myapp-*, !*-pr-*, *pr-123');
    expect(p.matches('myapp-test')).toBe(true);
    expect(p.matches('myapp-pr-456')).toBe(false);
    expect(p.matches('myapp-pr-123')).toBe(true);
    expect(p.matches('otherapp-pr-123')).toBe(false);
    const open = parseNamespacePattern('!*-pr-*, *pr-123');
    expect(open.matches('anyapp-anything')).toBe(true);
    expect(open.matches('otherapp-pr-123')).toBe(true);
    expect(open.matches('myapp-pr-456')).toBe(false);
  });

  it('treats a leading negation as "everything except"', () => {
    const p = parseNamespacePattern('!kube-*,!default');
    expect(p.matches('team-a')).toBe(true);
    expect(p.matches('kube-system')).toBe(false);
    expect(p.matches('default')).toBe(false);
  });

  it('accepts regular expressions, matched in full', () => {
    const p = parseNamespacePattern(/team-\d+/);
    expect(p.matches('team-12')).toBe(true);
    expect(p.matches('xteam-12')).toBe(false);
  });

  it('rejects empty and malformed patterns with a clear error', () => {
    expect(() => parseNamespacePattern('')).toThrow(WatchingError);
    expect(() => parseNamespacePattern('ns-[ab')).toThrow(/unclosed "\["/);
  });
});

describe('NamespacePatterns', () => {
  it('serves a namespace when any pattern serves it', () => {
    const patterns = new NamespacePatterns(['default', 'team-*,!team-archive']);
    expect(patterns.matches('default')).toBe(true);
    expect(patterns.matches('team-a')).toBe(true);
    expect(patterns.matches('team-archive')).toBe(false);
    expect(patterns.exactNames).toBeUndefined();
  });

  it('lists exact names when no pattern needs namespace watching', () => {
    expect(new NamespacePatterns(['a', 'b', 'a']).exactNames).toEqual(['a', 'b']);
  });

  it('refuses an empty list (cluster-wide is expressed by omitting patterns)', () => {
    expect(() => new NamespacePatterns([])).toThrow(/non-empty list/);
  });
});
