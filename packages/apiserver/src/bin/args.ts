// Command-line parsing for `opkit-apiserver`, kept apart from the entry point so that every flag
// and every bad-input message is unit-tested without starting a process.
import { parseArgs } from 'node:util';
import { parseFaultSpec } from '../faults.js';
import type { FaultSpec } from '../faults.js';
import type { AuthorizationMode } from '../types.js';

/** What the command line asks for. */
export interface CliOptions {
  host: string;
  port: number;
  kubeconfig?: string;
  dataDir?: string;
  token?: string;
  users?: Record<string, string>;
  faults?: FaultSpec;
  bookmarkIntervalMs?: number;
  auditLogPath?: string;
  authorization?: AuthorizationMode;
  tls?: boolean;
  /** --request-timeout, --read-header-timeout, --idle-timeout, --max-connections (only those given). */
  connections?: { headersTimeoutMs?: number; requestTimeoutMs?: number; keepAliveTimeoutMs?: number; maxConnections?: number };
}

/** The result of parsing: run with options, show help, or fail with a message (exit 2). */
export type CliParse = { kind: 'run'; options: CliOptions } | { kind: 'help' } | { kind: 'error'; message: string };

/** The `--help` text. */
export const USAGE = `Usage: opkit-apiserver [options]

Runs Opkit's embedded Kubernetes API server (plain HTTP) until SIGINT/SIGTERM.

Options:
  --host HOST               address to bind (default 127.0.0.1; loopback only unless told otherwise); an
                            address reachable from the network without --token or --authorization rbac
                            gets a generated token (its file is printed at start) and https
  --port PORT               port to listen on, 0 = any free port (default 0)
  --kubeconfig PATH         write a kubeconfig for this server to PATH once it is ready
  --data-dir DIR            persist objects and the resourceVersion counter in DIR (default: in memory)
  --token TOKEN             require "Authorization: Bearer TOKEN" on every request (401 otherwise); its
                            user is the admin (group system:masters)
  --authorization MODE      allow-all (default: every request is allowed) or rbac (Roles, ClusterRoles
                            and their bindings decide, as on a cluster; the written kubeconfig is the admin)
  --tls, --no-tls           serve https with a self-signed certificate (default: on with --authorization
                            rbac); kubectl sends tokens only over https
  --user TOKEN=NAME         requests bearing TOKEN are user NAME in the audit log (repeatable), e.g.
                            --user t1=system:serviceaccount:default:operator
  --faults SPEC             inject faults, e.g. watch-drop=2s,error-rate=0.05,error-code=503,retry-after=1,
                            latency=5ms,compact-every=10s,stall-watches=true
  --bookmark-interval SEC   seconds between watch bookmarks (default 60)
  --audit-log PATH          append one audit.k8s.io/v1 Event per request to PATH (JSON lines)
  --request-timeout DUR     a whole request, body included, must arrive within DUR, or 408 (default 1m;
                            durations as kube writes them: 500ms, 30s, 1m30s, 1h)
  --read-header-timeout DUR the request headers must arrive within DUR, or 408 (default 32s, at most the
                            request timeout)
  --idle-timeout DUR        close a keep-alive connection idle for DUR (default 1m30s)
  --max-connections N       at most N open connections; one more closes an idle one (default 4096)
  --help                    show this help
`;

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration as Go (and so kube-apiserver's flags) writes it — numbers each with a unit (`ms`, `s`, `m`, `h`),
 * e.g. `500ms`, `30s`, `1m30s` — in whole milliseconds; undefined unless it is at least 1 ms and at most
 * 2^31 - 1 ms (the longest timer Node keeps).
 *
 * @example
 * parseDurationMs('1m30s'); // 90000
 * parseDurationMs('60'); // undefined: a unit is required, as kube requires one
 */
export function parseDurationMs(text: string): number | undefined {
  if (!/^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, number, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(number) * DURATION_UNITS[unit!]!;
  const ms = Math.round(total);
  return ms >= 1 && ms <= 2 ** 31 - 1 ? ms : undefined;
}

/**
 * Parses `argv` (without the node and script entries).
 *
 * @example
 * parseCliArgs(['--port', '8080', '--faults', 'latency=5ms']);
 * // { kind: 'run', options: { host: '127.0.0.1', port: 8080, faults: { latencyMs: 5 } } }
 */
export function parseCliArgs(argv: readonly string[]): CliParse {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        kubeconfig: { type: 'string' },
        'data-dir': { type: 'string' },
        token: { type: 'string' },
        user: { type: 'string', multiple: true },
        faults: { type: 'string' },
        'bookmark-interval': { type: 'string' },
        'audit-log': { type: 'string' },
        authorization: { type: 'string' },
        tls: { type: 'boolean' },
        'request-timeout': { type: 'string' },
        'read-header-timeout': { type: 'string' },
        'idle-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        help: { type: 'boolean' },
      },
      allowNegative: true,
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help === true) return { kind: 'help' };
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const options: CliOptions = { host: text('host') ?? '127.0.0.1', port: 0 };
  if (options.host === '') return { kind: 'error', message: '--host must not be empty' };
  const port = text('port');
  if (port !== undefined) {
    if (!/^\d+$/.test(port) || Number(port) > 65535) return { kind: 'error', message: `--port must be an integer from 0 to 65535, got "${port}"` };
    options.port = Number(port);
  }
  const interval = text('bookmark-interval');
  if (interval !== undefined) {
    const seconds = Number(interval);
    if (interval.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
      return { kind: 'error', message: `--bookmark-interval must be a positive number of seconds, got "${interval}"` };
    }
    options.bookmarkIntervalMs = Math.round(seconds * 1000);
  }
  const authorization = text('authorization');
  if (authorization !== undefined) {
    if (authorization !== 'allow-all' && authorization !== 'rbac') return { kind: 'error', message: `--authorization must be allow-all or rbac, got "${authorization}"` };
    options.authorization = authorization;
  }
  if (typeof values.tls === 'boolean') options.tls = values.tls;
  const users = values.user as string[] | undefined;
  if (users !== undefined) {
    options.users = {};
    for (const entry of users) {
      const eq = entry.indexOf('=');
      const token = eq > 0 ? entry.slice(0, eq) : '';
      const name = eq > 0 ? entry.slice(eq + 1) : '';
      if (token === '' || name === '' || /\s/.test(token)) return { kind: 'error', message: `--user must be TOKEN=NAME (a token without spaces, a user name), got "${entry}"` };
      options.users[token] = name;
    }
  }
  const faults = text('faults');
  if (faults !== undefined) {
    try {
      options.faults = parseFaultSpec(faults);
    } catch (error) {
      return { kind: 'error', message: `--faults: ${(error as Error).message}` };
    }
  }
  const connections: NonNullable<CliOptions['connections']> = {};
  for (const [flag, key] of [['request-timeout', 'requestTimeoutMs'], ['read-header-timeout', 'headersTimeoutMs'], ['idle-timeout', 'keepAliveTimeoutMs']] as const) {
    const value = text(flag);
    if (value === undefined) continue;
    const ms = parseDurationMs(value);
    if (ms === undefined) return { kind: 'error', message: `--${flag} must be a positive duration with units, such as 500ms, 30s, 1m30s or 1h; got "${value}"` };
    connections[key] = ms;
  }
  const most = text('max-connections');
  if (most !== undefined) {
    if (!/^\d+$/.test(most) || Number(most) < 1 || !Number.isSafeInteger(Number(most))) return { kind: 'error', message: `--max-connections must be a positive integer, got "${most}"` };
    connections.maxConnections = Number(most);
  }
  const { headersTimeoutMs, requestTimeoutMs } = connections;
  if (headersTimeoutMs !== undefined && requestTimeoutMs !== undefined && headersTimeoutMs > requestTimeoutMs) {
    return { kind: 'error', message: `--read-header-timeout (${text('read-header-timeout')}) must not exceed --request-timeout (${text('request-timeout')}): the headers are part of the request` };
  }
  if (Object.keys(connections).length > 0) options.connections = connections;
  for (const [flag, key] of [
    ['kubeconfig', 'kubeconfig'],
    ['data-dir', 'dataDir'],
    ['token', 'token'],
    ['audit-log', 'auditLogPath'],
  ] as const) {
    const value = text(flag);
    if (value === undefined) continue;
    if (value === '') return { kind: 'error', message: `--${flag} must not be empty` };
    options[key] = value;
  }
  return { kind: 'run', options };
}
