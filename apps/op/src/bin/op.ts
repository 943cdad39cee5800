#!/usr/bin/env node
// The `op` command: `op run` runs an operator, `op dev` develops one in a live terminal UI, `op
// apiserver` runs the embedded Kubernetes API server alone, `op manifests` writes a project's CRDs and
// RBAC from its code, `op freeze`/`op resume` pause and resume operators by hand, `op peering install`
// installs the peering resources, `op migrate-storage` re-stores a custom resource's objects at its
// storage version. The only place that turns errors into exit codes.
// First: a too-old Node stops here with a clear message.
import '../requireNode.js';
import { runApiServerCommand } from '@opkit/apiserver';
import { devCommand } from '../dev/devCommand.js';
import { manifestsCommand } from '../manifestsCommand.js';
import { migrateStorageCommand } from '../migrateStorageCommand.js';
import { freezeCommand, peeringCommand } from '../peeringCommands.js';
import { runCommand } from '../runCommand.js';
import { OP_USAGE, OP_VERSION } from '../usage.js';

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  const io = { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) };
  switch (command) {
    case 'run':
      return runCommand(rest, io);
    case 'dev':
      return devCommand(rest, io);
    case 'apiserver':
      return runApiServerCommand(rest, { name: 'op apiserver' });
    case 'manifests':
      return manifestsCommand(rest, io);
    case 'freeze':
    case 'resume':
      return freezeCommand(command, rest, io);
    case 'peering':
      return peeringCommand(rest, io);
    case 'migrate-storage':
      return migrateStorageCommand(rest, io);
    case undefined:
    case 'help':
    case '-h':
    case '--help':
      io.out(OP_USAGE);
      return command === undefined ? 2 : 0;
    case '--version':
    case '-V':
      io.out(`${OP_VERSION}\n`);
      return 0;
    default:
      io.err(`op: error: unknown command '${command}': expected run, dev, apiserver, manifests, freeze, resume, peering or migrate-storage
Run 'op --help' for usage.
`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  // Exit explicitly: a stray keep-alive socket must not keep a stopped operator's process up.
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`op: error: ${(error as Error).message ?? String(error)}\n`);
    process.exit(1);
  },
);
