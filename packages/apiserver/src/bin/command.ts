// The `opkit-apiserver` command as a function, so that `op apiserver` runs exactly the same thing
// with the same option parser: start the server, print its URL (and write a kubeconfig when asked),
// stop cleanly on SIGINT/SIGTERM. Resolves to the exit code: 0 after a clean stop, 1 when the
// server fails, 2 for bad flags.
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
  const server = await startApiServer(serverOptions);
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
  process.stdout.write(`${name} listening on ${server.url}\n`);
  if (kubeconfig !== undefined) process.stdout.write(`kubeconfig written to ${kubeconfig} (use: kubectl --kubeconfig ${kubeconfig} get namespaces)\n`);
  return done;
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
