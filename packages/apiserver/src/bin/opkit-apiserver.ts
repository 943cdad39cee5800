#!/usr/bin/env node
// The `opkit-apiserver` command: runs the embedded API server as its own process (for kubectl, for
// operators in other processes, for `op dev`), prints its URL once ready and stops cleanly on
// SIGINT/SIGTERM. Exit codes: 0 after a clean stop, 1 when the server fails, 2 for bad flags.
// First: a too-old Node stops here with a clear message.
import '../requireNode.js';
import { runApiServerCommand } from './command.js';

runApiServerCommand(process.argv.slice(2)).then(
  // Exit explicitly: nothing left after close() (a stray keep-alive socket) may keep the process up.
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`opkit-apiserver: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
