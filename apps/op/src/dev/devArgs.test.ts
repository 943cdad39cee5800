import { describe, expect, it } from 'vitest';
import { parseDevArgs, parseDuration } from './devArgs.js';

describe('parseDevArgs', () => {
  it('takes the entry, the target flags and the output mode', () => {
    const parsed = parseDevArgs(['examples/01-minimal/operator.ts', '--embedded=fresh', '--crds', 'examples/crd.yaml', '--samples', 'examples/obj.yaml', '--plain', '-n', 'a,b', '-n', 'c']);
    expect(parsed).toEqual({
      kind: 'run',
      options: expect.objectContaining({
        entry: 'examples/01-minimal/operator.ts', embedded: 'fresh', crds: 'examples/crd.yaml', samples: 'examples/obj.yaml',
        output: 'plain', namespaces: ['a', 'b', 'c'], stopGraceMs: 5000, untilSettled: undefined, persistence: 'opkit', level: 'info',
      }),
    });
  });

  it('reads --until-settled with and without a duration, and --stop-grace', () => {
    expect(parseDevArgs(['--until-settled'])).toMatchObject({ options: { untilSettled: 60 } });
    expect(parseDevArgs(['--until-settled=90s', '--stop-grace', '500ms'])).toMatchObject({ options: { untilSettled: 90, stopGraceMs: 500 } });
    expect(parseDevArgs(['--until-settled=2m', '--json', '--embedded'])).toMatchObject({ options: { untilSettled: 120, output: 'json', embedded: 'persist' } });
  });

  it('refuses contradictions and bad values with one clear message', () => {
    const cases: [string[], string][] = [
      [['--embedded', '--context', 'kind-x'], '--embedded and --context exclude each other'],
      [['--plain', '--json'], '--plain and --json exclude each other'],
      [['--embedded=stale'], '--embedded takes no value or =fresh; got "stale"'],
      [['--until-settled=soon'], '--until-settled takes a duration such as 60s or 2m; got "soon"'],
      [['--stop-grace', 'long'], '--stop-grace takes a duration such as 5s or 500ms; got "long"'],
      [['--persistence', 'etcd'], '--persistence must be opkit or kopf; got "etcd"'],
      [['a.ts', 'b.ts'], 'give one project folder or operator file; got 2: a.ts b.ts'],
      [['-v', '-q'], '-v/--verbose and -q/--quiet exclude each other'],
    ];
    for (const [argv, message] of cases) expect(parseDevArgs(argv), argv.join(' ')).toEqual({ kind: 'error', message });
    expect(parseDevArgs(['--frobnicate'])).toMatchObject({ kind: 'error', message: expect.stringContaining("Unknown option '--frobnicate'") });
    expect(parseDevArgs(['-h'])).toEqual({ kind: 'help' });
  });
});

describe('parseDuration', () => {
  it('reads seconds by default, ms, s and m', () => {
    expect([parseDuration('60'), parseDuration('1.5s'), parseDuration('500ms'), parseDuration('2m'), parseDuration('x')]).toEqual([60_000, 1500, 500, 120_000, undefined]);
  });
});
