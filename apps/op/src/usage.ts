// The top-level help of `op` and its version (from the package manifest).
import { readFileSync } from 'node:fs';

/** The version of @opkit/cli. */
export const OP_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** `op --help`. */
export const OP_USAGE = `Usage: op <command> [options]

Commands:
  run [files…]     run an operator (TypeScript or JavaScript files registering on.* handlers)
  dev [dir|file]   develop an operator: a live terminal UI that reloads it on every save
  apiserver        run the embedded Kubernetes API server alone
  manifests        write a project's CRDs and least-privilege RBAC from its code (--check: exit 1 on drift)
  freeze           pause the operators of a peering object for a while (Kopf's kopf freeze)
  resume           resume the operators paused by op freeze
  peering install  install the peering CRDs and objects
  migrate-storage  store a custom resource's objects at its CRD's storage version, then trim storedVersions

Run 'op <command> --help' for a command's options.
`;
