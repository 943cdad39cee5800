// `op manifests`: write (or with --check, verify) the generated deployment manifests of an Opkit
// project — the CRDs of its typed resources and its least-privilege RBAC — from its code. Exit codes:
// 0 up to date or written, 1 drift found by --check, 2 bad input (configuration, selectors, loading).
import { parseArgs } from 'node:util';
import { useOwnOpkit } from './hooks.js';
import type { CommandIo } from './runCommand.js';

/** `op manifests --help`. */
export const MANIFESTS_USAGE = `Usage: op manifests [--check] [--dir <project>]

Generate an Opkit project's deployment manifests from its code, as configured in package.json#opkit:
  <deploy.dir>/crds/<plural>.<group>.yaml   the CRD of every typed resource (defineResource) its handlers use
  <deploy.dir>/rbac.yaml                    least-privilege RBAC derived from its handlers, owns() and needs():
                                            a ServiceAccount and a ClusterRole (deploy.watch "all") or a Role in
                                            deploy.namespace (deploy.watch "own-namespace"), each rule commented
The operator's entry (opkit.entry) is imported in describe mode: its on.* calls register, nothing connects.
String selectors are resolved offline: group-qualified ('deployments.apps'), built-in ('pods'), or found in
the CRD files of opkit.crds.

Options:
  --check          write nothing; exit 1 when a generated file is missing, out of date, or no longer generated
  --dir <project>  the project directory (default: the current directory)
  -h, --help       show this help

Exit codes: 0 up to date (or written), 1 drift found by --check, 2 bad input (configuration, selectors, loading the operator).
`;

/**
 * Run `op manifests` with its arguments (after `manifests`); resolves to the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await manifestsCommand(['--check'], { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) });
 * ```
 */
export async function manifestsCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let values: { check?: boolean; dir?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv], allowPositionals: false, strict: true,
      options: { check: { type: 'boolean' }, dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    io.err(`op manifests: error: ${(error as Error).message}\nRun 'op manifests --help' for usage.\n`);
    return 2;
  }
  if (values.help) {
    io.out(MANIFESTS_USAGE);
    return 0;
  }
  const dir = values.dir ?? '.';
  useOwnOpkit();
  const manifests = await import('@opkit/manifests');
  const fix = values.dir === undefined ? 'npm run manifests (op manifests)' : `op manifests --dir ${values.dir}`;
  try {
    if (values.check) {
      const drift = await manifests.checkManifests({ dir });
      if (drift.drifted.length === 0) {
        io.out('op manifests: the generated manifests are up to date.\n');
        return 0;
      }
      const lines = [
        ...drift.missing.map((path) => `  missing:              ${path}`),
        ...drift.changed.map((path) => `  out of date:          ${path}`),
        ...drift.extra.map((path) => `  no longer generated:  ${path}`),
      ];
      io.err(`op manifests: the generated manifests differ from the code:\n${lines.join('\n')}\nRun \`${fix}\` to update them.\n`);
      return 1;
    }
    const result = await manifests.writeManifests({ dir });
    for (const path of result.written) io.out(`op manifests: wrote ${path}\n`);
    for (const path of result.removed) io.out(`op manifests: removed ${path} (no longer generated)\n`);
    if (result.written.length === 0 && result.removed.length === 0) io.out(`op manifests: up to date (${result.unchanged.join(', ')}).\n`);
    return 0;
  } catch (error) {
    const message = error instanceof manifests.ManifestsError ? error.message : `${(error as Error).message ?? String(error)}`;
    io.err(`op manifests: error: ${message}\n`);
    return 2;
  }
}
