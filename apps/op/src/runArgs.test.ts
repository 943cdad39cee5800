import { describe, expect, it } from 'vitest';
import { parseRunArgs } from './runArgs.js';

describe('parseRunArgs', () => {
  it('parses files, modules, namespaces (repeated and comma lists), levels and formats', () => {
    const parsed = parseRunArgs(['a.ts', 'b.js', '-m', 'pkg', '-n', 'default', '-n', 'team-*,!team-x', '-v', '--log-format', 'json', '--persistence', 'kopf', '--standalone']);
    expect(parsed).toEqual({
      kind: 'run',
      options: {
        files: ['a.ts', 'b.js'], modules: ['pkg'], namespaces: ['default', 'team-*', '!team-x'], clusterwide: false, standalone: true,
        level: 'debug', logFormat: 'json', embedded: false, persistence: 'kopf', kubeconfig: undefined, dataDir: undefined, apply: [],
      },
    });
    expect(parseRunArgs(['a.ts', '-A', '-q'])).toMatchObject({ kind: 'run', options: { clusterwide: true, level: 'warn', logFormat: 'full', persistence: 'opkit' } });
    expect(parseRunArgs(['a.ts', '--embedded', '--kubeconfig', 'k', '--data-dir', 'd', '--apply', 'crd.yaml'])).toMatchObject({ kind: 'run', options: { embedded: true, kubeconfig: 'k', dataDir: 'd', apply: ['crd.yaml'] } });
    expect(parseRunArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseRunArgs(['a.ts', '--liveness', 'http://0.0.0.0:8080/healthz'])).toMatchObject({ kind: 'run', options: { liveness: 'http://0.0.0.0:8080/healthz' } });
    expect(parseRunArgs(['a.ts'])).not.toHaveProperty('options.liveness');
    expect(parseRunArgs(['a.ts', '--metrics', 'http://0.0.0.0:9090/metrics'])).toMatchObject({ kind: 'run', options: { metrics: 'http://0.0.0.0:9090/metrics' } });
  });

  it.each([
    [[], 'no operator given: name a .ts or .js file (or -m MODULE)'],
    [['a.ts', '-n', 'x', '-A'], '-n/--namespace and -A/--all-namespaces exclude each other'],
    [['a.ts', '--log-format', 'xml'], '--log-format must be plain, full or json; got "xml"'],
    [['a.ts', '--persistence', 'etcd'], '--persistence must be opkit or kopf; got "etcd"'],
    [['a.ts', '-q', '-v'], '-q/--quiet and --verbose exclude each other'],
    [['a.ts', '--kubeconfig', 'k'], '--kubeconfig works only with --embedded'],
    [['a.ts', '--embedded', '--data-dir', ''], '--data-dir must not be empty'],
    [['a.ts', '--liveness', 'https://0.0.0.0:8080/healthz'], '--liveness: The liveness URL "https://0.0.0.0:8080/healthz" uses https; only http is supported (expected http://HOST:PORT/PATH, e.g. http://0.0.0.0:8080/healthz).'],
    [['a.ts', '--metrics', 'ftp://x/metrics'], '--metrics: The metrics URL "ftp://x/metrics" uses ftp; only http is supported (expected http://HOST:PORT/PATH, e.g. http://0.0.0.0:9090/metrics).'],
    [['a.ts', '--liveness', ':8080'], '--liveness: The liveness URL ":8080" is not a URL; expected http://HOST:PORT/PATH, e.g. http://0.0.0.0:8080/healthz.'],
  ])('rejects %j: %s', (argv, message) => {
    expect(parseRunArgs(argv)).toEqual({ kind: 'error', message });
  });

  it('names an unknown flag', () => {
    const parsed = parseRunArgs(['a.ts', '--priority', '5']);
    expect(parsed.kind).toBe('error');
    expect((parsed as { message: string }).message).toMatch(/Unknown option '--priority'/);
  });
});
