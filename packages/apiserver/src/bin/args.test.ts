// Unit tests for the `opkit-apiserver` flag parser: defaults, every flag, and the bad-input messages.
import { describe, expect, it } from 'vitest';
import { USAGE, parseCliArgs, parseDurationMs } from './args.js';

describe('parseCliArgs', () => {
  it('defaults to loopback on any free port', () => {
    expect(parseCliArgs([])).toEqual({ kind: 'run', options: { host: '127.0.0.1', port: 0 } });
  });

  it('reads every flag', () => {
    expect(
      parseCliArgs([
        '--host', '0.0.0.0', '--port', '8443', '--kubeconfig', '/tmp/kc', '--data-dir', '/tmp/d', '--token', 't0k',
        '--faults', 'watch-drop=2s,error-rate=0.05', '--bookmark-interval', '1.5', '--audit-log', '/tmp/a.jsonl',
        '--user', 't1=system:serviceaccount:default:operator', '--user', 't2=alice', '--authorization', 'rbac', '--no-tls',
      ]),
    ).toEqual({
      kind: 'run',
      options: {
        host: '0.0.0.0',
        port: 8443,
        kubeconfig: '/tmp/kc',
        dataDir: '/tmp/d',
        token: 't0k',
        users: { t1: 'system:serviceaccount:default:operator', t2: 'alice' },
        faults: { watchDropMs: 2000, errorRate: 0.05 },
        bookmarkIntervalMs: 1500,
        auditLogPath: '/tmp/a.jsonl',
        authorization: 'rbac',
        tls: false,
      },
    });
    expect(parseCliArgs(['--request-timeout', '1m30s', '--read-header-timeout', '500ms', '--idle-timeout', '2m', '--max-connections', '100'])).toEqual({
      kind: 'run',
      options: { host: '127.0.0.1', port: 0, connections: { requestTimeoutMs: 90_000, headersTimeoutMs: 500, keepAliveTimeoutMs: 120_000, maxConnections: 100 } },
    });
    expect(parseCliArgs(['--request-timeout', '10s'])).toEqual({ kind: 'run', options: { host: '127.0.0.1', port: 0, connections: { requestTimeoutMs: 10_000 } } });
    expect(parseCliArgs(['--tls'])).toEqual({ kind: 'run', options: { host: '127.0.0.1', port: 0, tls: true } });
    expect(parseCliArgs(['--port=0', '--help'])).toEqual({ kind: 'help' });
  });

  it('says what was wrong', () => {
    const message = (argv: string[]): string => {
      const parsed = parseCliArgs(argv);
      return parsed.kind === 'error' ? parsed.message : `not an error: ${parsed.kind}`;
    };
    expect(message(['--prot', '1'])).toMatch(/Unknown option '--prot'/);
    expect(message(['--port', 'http'])).toBe('--port must be an integer from 0 to 65535, got "http"');
    expect(message(['--port', '70000'])).toMatch(/0 to 65535/);
    expect(message(['--user', 'no-equals'])).toBe('--user must be TOKEN=NAME (a token without spaces, a user name), got "no-equals"');
    expect(message(['--user', 't1='])).toMatch(/--user must be TOKEN=NAME/);
    expect(message(['--port'])).toMatch(/--port/);
    expect(message(['extra'])).toMatch(/positional/i);
    expect(message(['--bookmark-interval', '0'])).toMatch(/positive number of seconds, got "0"/);
    expect(message(['--faults', 'drop=1s'])).toMatch(/^--faults: invalid fault item "drop=1s"/);
    expect(message(['--data-dir', ''])).toBe('--data-dir must not be empty');
    expect(message(['--request-timeout', '60'])).toBe('--request-timeout must be a positive duration with units, such as 500ms, 30s, 1m30s or 1h; got "60"');
    expect(message(['--read-header-timeout', '0s'])).toMatch(/^--read-header-timeout must be a positive duration with units.*; got "0s"$/);
    expect(message(['--idle-timeout=-1s'])).toMatch(/^--idle-timeout must be a positive duration.*; got "-1s"$/);
    expect(message(['--max-connections', '0'])).toBe('--max-connections must be a positive integer, got "0"');
    expect(message(['--max-connections', '1.5'])).toBe('--max-connections must be a positive integer, got "1.5"');
    expect(message(['--read-header-timeout', '40s', '--request-timeout', '30s'])).toBe('--read-header-timeout (40s) must not exceed --request-timeout (30s): the headers are part of the request');
    expect(message(['--authorization', 'abac'])).toBe('--authorization must be allow-all or rbac, got "abac"');
  });

  it('reads durations as Go writes them, in whole milliseconds', () => {
    expect(parseDurationMs('1h2m3s4ms')).toBe(3_723_004);
    expect(parseDurationMs('1.5s')).toBe(1500);
    expect(parseDurationMs('60')).toBeUndefined();
    expect(parseDurationMs('0.1ms')).toBeUndefined();
    expect(parseDurationMs('1d')).toBeUndefined();
    expect(parseDurationMs('1000h')).toBeUndefined(); // beyond the longest timer Node keeps
  });

  it('documents every flag in the usage', () => {
    for (const flag of ['--host', '--port', '--kubeconfig', '--data-dir', '--token', '--faults', '--bookmark-interval', '--audit-log', '--authorization', '--tls', '--request-timeout', '--read-header-timeout', '--idle-timeout', '--max-connections', '--help']) {
      expect(USAGE).toContain(flag);
    }
  });
});
