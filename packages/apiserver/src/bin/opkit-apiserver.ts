#!/usr/bin/env node
// The `opkit-apiserver` command: runs the embedded API server as its own process (for kubectl, for
// operators in other processes, for `op dev`), prints its URL once ready and stops cleanly on
// SIGINT/SIGTERM. Exit codes: 0 after a clean stop, 1 when the server fails, 2 for bad flags.
import { startApiServer } from '../index.js';
import type { ApiServerOptions } from '../index.js';
import { USAGE, parseCliArgs } from './args.js';

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCliArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`opkit-apiserver: ${parsed.message}\n\n${USAGE}`);
    return 2;
  }
  const { kubeconfig, ...rest } = parsed.options;
  const options: ApiServerOptions = { ...rest };
  const server = await startApiServer(options);
  let stopping: Promise<number> | undefined;
  const stop = (signal: string): Promise<number> => {
    if (stopping === undefined) {
      stopping = server.close().then(
        () => 0,
        (error: unknown) => {
          console.error(`opkit-apiserver: error while stopping on ${signal}: ${(error as Error).message}`);
          return 1;
        },
      );
    }
    return stopping;
  };
  const done = new Promise<number>((resolve) => {
    process.once('SIGINT', () => void stop('SIGINT').then(resolve));
    process.once('SIGTERM', () => void stop('SIGTERM').then(resolve));
  });
  if (kubeconfig !== undefined) await server.writeKubeconfig(kubeconfig);
  console.log(`opkit-apiserver listening on ${server.url}`);
  if (kubeconfig !== undefined) console.log(`kubeconfig written to ${kubeconfig} (use: kubectl --kubeconfig ${kubeconfig} get namespaces)`);
  return done;
}

main(process.argv.slice(2)).then(
  // Exit explicitly: nothing left after close() (a stray keep-alive socket) may keep the process up.
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`opkit-apiserver: ${(error as Error).message}`);
    process.exit(1);
  },
);
