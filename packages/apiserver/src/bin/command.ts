// The `opkit-apiserver` command as a function, so that `op apiserver` runs exactly the same thing
// with the same option parser: start the server, print its URL (and write a kubeconfig when asked),
// stop cleanly on SIGINT/SIGTERM. Resolves to the exit code: 0 after a clean stop, 1 when the
// server fails, 2 for bad flags.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringifyJson } from '@opkit/json';
import type { LogFields, Logger } from '@opkit/tasks';
import { startApiServer } from '../apiServer.js';
import type { ApiServerOptions } from '../types.js';
import { USAGE, parseCliArgs } from './args.js';

/**
 * Run the API server command line until SIGINT/SIGTERM.
 *
 * @example
 * ```ts
 * process.exit(await runApiServerCommand(process.argv.slice(2), { name: 'op apiserver' }));
 * ```
 */
export async function runApiServerCommand(argv: readonly string[], options: { readonly name?: string } = {}): Promise<number> {
  const name = options.name ?? 'opkit-apiserver';
  const usage = USAGE.replace('Usage: opkit-apiserver', `Usage: ${name}`);
  const parsed = parseCliArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${name}: ${parsed.message}\n\n${usage}`);
    return 2;
  }
  const { kubeconfig, ...rest } = parsed.options;
  const serverOptions: ApiServerOptions = { ...rest, logger: stderrLogger(name) };
  // Reachable from the network with no credential required, anyone there would be the admin: such a
  // server requires a token — one made here (kept in the data directory across restarts when there is
  // one) — and serves https unless told not to (kubectl sends tokens only over https).
  const exposed = !isLoopback(rest.host) && rest.token === undefined && rest.authorization !== 'rbac';
  let tokenFile: string | undefined;
  if (exposed) {
    tokenFile = rest.dataDir !== undefined ? join(rest.dataDir, ADMIN_TOKEN_FILE) : join(await mkdtemp(join(tmpdir(), 'opkit-apiserver-')), ADMIN_TOKEN_FILE);
    serverOptions.token = (await readExistingToken(tokenFile)) ?? randomBytes(24).toString('base64url');
    serverOptions.tls = rest.tls ?? true;
  }
  const server = await startApiServer(serverOptions);
  if (tokenFile !== undefined) await writeFile(tokenFile, `${serverOptions.token}\n`, { mode: 0o600 });
  // Every signal is handled, not only the first: under `npm run`, Ctrl+C reaches this process twice (the
  // terminal signals the whole process group and npm forwards it too), and a second signal left to its default
  // would kill the process mid-close, leaving the data directory's LOCK behind. Stopping happens once.
  let stopping: Promise<number> | undefined;
  let finished!: (code: number) => void;
  const done = new Promise<number>((resolve) => { finished = resolve; });
  const onSignal = (signal: NodeJS.Signals): void => {
    stopping ??= server.close().then(
      () => 0,
      (error: unknown) => {
        process.stderr.write(`${name}: error while stopping on ${signal}: ${(error as Error).message}\n`);
        return 1;
      },
    ).then((code) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      finished(code);
      return code;
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (kubeconfig !== undefined) await server.writeKubeconfig(kubeconfig);
  process.stdout.write(`${name} listening on ${boundUrl(server.url, rest.host)}\n`);
  if (tokenFile !== undefined) {
    process.stdout.write(
      `${name}: --host ${rest.host} is reachable from the network, so every request must bear a token: one was generated and stored in ${tokenFile} (mode 0600)${kubeconfig !== undefined ? '; the kubeconfig carries it' : ''} (choose your own with --token, or use --authorization rbac)\n`,
    );
  }
  if (kubeconfig !== undefined) process.stdout.write(`kubeconfig written to ${kubeconfig} (use: kubectl --kubeconfig ${kubeconfig} get namespaces)\n`);
  return done;
}

/** The file a generated admin token is stored in (in the data directory, or a private temporary directory). */
const ADMIN_TOKEN_FILE = 'admin-token';

/** Whether `host` is a loopback address or name (reachable from this machine only). */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * The address actually bound: the server's URL names loopback for a wildcard bind (so that a kubeconfig
 * works on this machine); the line says both.
 */
function boundUrl(url: string, host: string): string {
  const parsed = new URL(url);
  const bound = `${parsed.protocol}//${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${parsed.port}`;
  return bound === url ? url : `${bound} (from this machine: ${url})`;
}

/** A token stored by an earlier run, if the file exists and holds one. */
async function readExistingToken(path: string): Promise<string | undefined> {
  try {
    const token = (await readFile(path, 'utf8')).trim();
    return token === '' || /\s/.test(token) ? undefined : token;
  } catch {
    return undefined;
  }
}

/**
 * The command's logger: the server's warnings and errors (a failed controller attempt, say) as one
 * line each on stderr, `<name>: <message> key=value …`; debug and info lines are dropped.
 */
function stderrLogger(name: string, bound: LogFields = {}): Logger {
  const line = (level: string, message: string, fields: LogFields = {}): void => {
    const all = { ...bound, ...fields };
    const rendered = Object.entries(all).map(([key, value]) => ` ${key}=${typeof value === 'string' && !/\s/.test(value) ? value : stringifyJson(String(value))}`).join('');
    process.stderr.write(`${name}: ${level}: ${message}${rendered}\n`);
  };
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: (message, fields) => line('warning', message, fields),
    error: (message, fields) => line('error', message, fields),
    child: (fields) => stderrLogger(name, { ...bound, ...fields }),
  };
}

export { USAGE as API_SERVER_USAGE, parseCliArgs as parseApiServerArgs };
