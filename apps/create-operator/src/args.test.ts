// The command line: every flag form, and errors that say what was expected.
import { describe, expect, it } from 'vitest';
import { hasConfigFlag, parseArgs, UsageError } from './args.js';

describe('parseArgs', () => {
  it('reads positionals and every flag form', () => {
    expect(parseArgs(['my-op', 'children', '--kind', 'Cache', '--group=c.example.org', '-t', 'children', '-y', '--no-git', '--install', '--dry-run'])).toEqual({
      positionals: ['my-op', 'children'],
      values: { kind: 'Cache', group: 'c.example.org', template: 'children', yes: true, git: false, install: true, dryRun: true },
    });
    expect(parseArgs(['-tminimal', '--api-version', 'v2', '--opkit-version', '^0.2.0', '--no-interactive']).values).toEqual({
      template: 'minimal', apiVersion: 'v2', opkitVersion: '^0.2.0', interactive: false,
    });
  });

  it('takes everything after -- as positionals', () => {
    expect(parseArgs(['--', '--weird-dir']).positionals).toEqual(['--weird-dir']);
  });

  it.each([
    [['--templat', 'x'], /unknown option '--templat' \(did you mean --template\?\)/],
    [['--frobnicate'], /unknown option '--frobnicate'\nRun 'create-operator --help'/],
    [['-x'], /unknown option '-x'/],
    [['--no-yes'], /unknown option '--no-yes'/],
    [['--kind'], /option '--kind' needs a value, like --kind Memcached/],
    [['--kind', '--yes'], /option '--kind' needs a value/],
    [['--yes=no'], /option '--yes' takes no value/],
    [['--install=false'], /takes no value \(got 'false'\): use --install or --no-install/],
    [['a', 'b', 'c'], /too many arguments: 'a' 'b' 'c'; expected at most \[dir\] \[template\]/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe('hasConfigFlag', () => {
  it.each([['--template', 'minimal'], ['--kind', 'A'], ['--group', 'a.b'], ['--api-version', 'v1'], ['--plural', 'as'], ['--scope', 'Cluster'],
    ['--watch', 'all'], ['--pm', 'npm'], ['--install'], ['--no-install'], ['--git'], ['--no-git']])('counts %s', (...argv) => {
    expect(hasConfigFlag(parseArgs(argv).values)).toBe(true);
  });
  it.each([[['--overwrite']], [['--dry-run']], [['--json']], [['--opkit-version', '1']], [['my-dir']]])('does not count %j', (argv) => {
    expect(hasConfigFlag(parseArgs(argv).values)).toBe(false);
  });
});
