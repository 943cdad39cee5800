import { describe, expect, it } from 'vitest';
import { parseRunArgs, peeringSettingsOf } from './runArgs.js';
import type { RunCliParse } from './runArgs.js';

describe('parseRunArgs', () => {
  it('parses files, modules, namespaces (repeated and comma lists), levels and formats', () => {
    const parsed = parseRunArgs(['a.ts', 'b.js', '-m', 'pkg', '-n', 'default', '-n', 'team-*,!team-x', '-v', '--log-format', 'json', '--persistence', 'kopf', '--standalone']);
    expect(parsed).toEqual({
      kind: 'run',
      options: {
        files: ['a.ts', 'b.js'], modules: ['pkg'], namespaces: ['default', 'team-*', '!team-x'], clusterwide: false, standalone: true,
        level: 'debug', logFormat: 'json', embedded: false, persistence: 'kopf', kubeconfig: undefined, dataDir: undefined, apply: [],
        peering: undefined, priority: undefined, leaderElect: false, sharding: false, leaseName: undefined, leaseNamespace: undefined,
        leaseDuration: undefined, renewDeadline: undefined, retryPeriod: undefined,
      },
    });
    expect(parseRunArgs(['a.ts', '-A', '-q'])).toMatchObject({ kind: 'run', options: { clusterwide: true, level: 'warn', logFormat: 'full', persistence: 'opkit' } });
    expect(parseRunArgs(['a.ts', '--embedded', '--kubeconfig', 'k', '--data-dir', 'd', '--apply', 'crd.yaml'])).toMatchObject({ kind: 'run', options: { embedded: true, kubeconfig: 'k', dataDir: 'd', apply: ['crd.yaml'] } });
    expect(parseRunArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseRunArgs(['a.ts', '--liveness', 'http://0.0.0.0:8080/healthz'])).toMatchObject({ kind: 'run', options: { liveness: 'http://0.0.0.0:8080/healthz' } });
    expect(parseRunArgs(['a.ts'])).not.toHaveProperty('options.liveness');
    expect(parseRunArgs(['a.ts', '--metrics', 'http://0.0.0.0:9090/metrics'])).toMatchObject({ kind: 'run', options: { metrics: 'http://0.0.0.0:9090/metrics' } });
  });

  it('parses the peering and replica flags into settings.peering', () => {
    const dev = parseRunArgs(['a.ts', '--dev', '-P', 'team']);
    expect(dev).toMatchObject({ kind: 'run', options: { priority: 666, peering: 'team', standalone: false } });
    expect(peeringSettingsOf((dev as Extract<RunCliParse, { kind: 'run' }>).options, 'me')).toEqual({ identity: 'me', standalone: false, name: 'team', mandatory: true, priority: 666 });
    expect(parseRunArgs(['a.ts', '--priority=-5'])).toMatchObject({ options: { priority: -5 } });
    const elect = parseRunArgs(['a.ts', '--leader-elect', '--lease-name', 'my-op', '--lease-namespace', 'ops', '--lease-duration', '4', '--renew-deadline', '3', '--retry-period', '0.5']);
    expect(peeringSettingsOf((elect as Extract<RunCliParse, { kind: 'run' }>).options, 'pod-1')).toEqual({
      identity: 'pod-1', standalone: false, leaderElection: true, leaseName: 'my-op', leaseNamespace: 'ops', leaseDuration: 4, renewDeadline: 3, retryPeriod: 0.5,
    });
    expect(parseRunArgs(['a.ts', '--sharding', '--standalone'])).toMatchObject({ options: { sharding: true, standalone: true } });
  });

  it.each([
    [['a.ts', '--standalone', '--peering', 'x'], '--standalone and --peering exclude each other: run without peering, or with the named peering object'],
    [['a.ts', '--priority', 'high'], '--priority must be a whole number; got "high"'],
    [['a.ts', '--dev', '--priority', '1'], '--dev and --priority exclude each other (--dev is --priority 666)'],
    [['a.ts', '--leader-elect', '--sharding'], '--leader-elect and --sharding exclude each other: one active replica, or several with a share each'],
    [['a.ts', '--lease-name', 'x'], '--lease-name works only with --leader-elect or --sharding'],
    [['a.ts', '--sharding', '--retry-period', '0'], '--retry-period must be a positive number of seconds; got "0"'],
    [['a.ts', '--sharding', '--lease-duration', '2.5'], '--lease-duration must be a whole number of seconds; got "2.5"'],
    [['a.ts', '--leader-elect', '--lease-duration', '5', '--renew-deadline', '5'], 'the lease timing needs --lease-duration > --renew-deadline > --retry-period (a holder must stop before others may take over); got 5 > 5 > 2'],
    [['a.ts', '--peering', ''], '--peering must not be empty'],
  ])('rejects %j: %s', (argv, message) => {
    expect(parseRunArgs(argv)).toEqual({ kind: 'error', message });
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
    const parsed = parseRunArgs(['a.ts', '--priorty', '5']);
    expect(parsed.kind).toBe('error');
    expect((parsed as { message: string }).message).toMatch(/Unknown option '--priorty'/);
  });
});
