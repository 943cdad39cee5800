// `op migrate-storage RESOURCE`: the command-line side of migrateStorage.ts — parse the arguments,
// connect, print progress and one summary line, and turn what went wrong into a message and an exit code
// (0 done, 1 the migration failed, 2 bad input or no cluster).
import { parseArgs } from 'node:util';
import { connect, KubeNetworkError } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { migrateStorage, MigrateStorageError } from './migrateStorage.js';
import type { CommandIo } from './runCommand.js';

/** `op migrate-storage --help`. */
export const MIGRATE_STORAGE_USAGE = `Usage: op migrate-storage RESOURCE [options]

Stores every object of a custom resource at its CRD's current storage version, then sets the CRD's
status.storedVersions to that version alone (as kube's storage-version-migrator does). Run it after
changing which version has storage: true, before removing an old version from the CRD.

Every object, in every namespace, is read and written back unchanged (an update with its
resourceVersion), so that the API server converts and stores it again; an object changed meanwhile is
read again and rewritten, one deleted meanwhile is skipped.

RESOURCE is a name as kubectl takes it: plural, plural.group, kind, short name or group/version/plural.

Options:
      --dry-run             list the objects and say what would be done; write nothing
      --chunk-size N        objects per list page (default 500)
      --kubeconfig PATH     the kubeconfig (default KUBECONFIG, then ~/.kube/config, then in-cluster)
      --context NAME        the kubeconfig context (default its current-context)
  -q, --quiet               no progress lines, only the summary
  -h, --help                show this help

Needs: list and update on the resource in every namespace; get on customresourcedefinitions and
update on customresourcedefinitions/status.

Exit codes: 0 migrated (or the dry run listed everything), 1 the migration failed, 2 bad input or no cluster.
`;

/** What `op migrate-storage` is asked to do. */
export interface MigrateStorageCliOptions {
  readonly resource: string;
  readonly dryRun: boolean;
  readonly chunkSize: number;
  readonly kubeconfig?: string | undefined;
  readonly context?: string | undefined;
  readonly quiet: boolean;
}

/**
 * Parse `op migrate-storage` arguments (after the command).
 *
 * @example
 * ```ts
 * parseMigrateStorageArgs(['kopfexamples.kopf.dev', '--dry-run']);
 * ```
 */
export function parseMigrateStorageArgs(argv: readonly string[]): { kind: 'run'; options: MigrateStorageCliOptions } | { kind: 'help' } | { kind: 'error'; message: string } {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: [...argv], strict: true, allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        'chunk-size': { type: 'string' },
        kubeconfig: { type: 'string' },
        context: { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    values = parsed.values;
    positionals = parsed.positionals;
  } catch (error) {
    return { kind: 'error', message: (error as Error).message.replace(/\. To specify a positional argument.*$/s, '') };
  }
  if (values.help) return { kind: 'help' };
  if (positionals.length === 0) return { kind: 'error', message: 'name the resource to migrate, e.g. op migrate-storage kopfexamples.kopf.dev' };
  if (positionals.length > 1) return { kind: 'error', message: `one resource at a time; got ${positionals.join(', ')}` };
  const rawChunk = values['chunk-size'] as string | undefined;
  if (rawChunk !== undefined && (!/^\d+$/.test(rawChunk) || Number(rawChunk) < 1)) return { kind: 'error', message: `--chunk-size must be a whole number >= 1; got "${rawChunk}"` };
  for (const flag of ['kubeconfig', 'context'] as const) {
    if (values[flag] === '') return { kind: 'error', message: `--${flag} must not be empty` };
  }
  return {
    kind: 'run',
    options: {
      resource: positionals[0]!, dryRun: values['dry-run'] === true, chunkSize: rawChunk === undefined ? 500 : Number(rawChunk),
      kubeconfig: values.kubeconfig as string | undefined, context: values.context as string | undefined, quiet: values.quiet === true,
    },
  };
}

function list(versions: readonly string[]): string {
  return `[${versions.join(', ')}]`;
}

/**
 * Run `op migrate-storage` with its arguments (after the command); resolves to the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await migrateStorageCommand(['kopfexamples.kopf.dev'], io);
 * ```
 */
export async function migrateStorageCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseMigrateStorageArgs(argv);
  if (parsed.kind === 'help') {
    io.out(MIGRATE_STORAGE_USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.err(`op migrate-storage: error: ${parsed.message}\nRun 'op migrate-storage --help' for usage.\n`);
    return 2;
  }
  const options = parsed.options;
  let client: KubeClient;
  try {
    client = await connect({ retry: { attempts: 3 }, ...(options.kubeconfig ? { kubeconfig: options.kubeconfig } : {}), ...(options.context ? { context: options.context } : {}) });
  } catch (error) {
    io.err(`op migrate-storage: error: cannot connect to a cluster: ${(error as Error).message}\n`);
    return 2;
  }
  const prefix = options.dryRun ? 'op migrate-storage (dry run)' : 'op migrate-storage';
  try {
    const result = await migrateStorage(client, options.resource, {
      dryRun: options.dryRun,
      chunkSize: options.chunkSize,
      onProgress: options.quiet ? undefined : (progress) => io.out(`${prefix}: ${progress.seen} objects listed, ${progress.rewritten} ${options.dryRun ? 'to rewrite' : 'rewritten'}\n`),
    });
    const name = `${result.crd}`;
    const extra = [result.retried > 0 ? `${result.retried} after a conflict` : '', result.gone > 0 ? `${result.gone} deleted meanwhile (skipped)` : ''].filter(Boolean).join(', ');
    if (result.dryRun) {
      io.out(`${prefix}: would rewrite ${result.rewritten} objects of ${name} at storage version ${result.storageVersion} and set status.storedVersions from ${list(result.storedVersionsBefore)} to ${list(result.storedVersionsAfter)}; nothing written\n`);
    } else {
      io.out(`${prefix}: migrated ${name} to storage version ${result.storageVersion}: ${result.rewritten} objects rewritten${extra ? ` (${extra})` : ''}; status.storedVersions ${list(result.storedVersionsBefore)} -> ${list(result.storedVersionsAfter)}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof MigrateStorageError) {
      io.err(`op migrate-storage: error: ${error.message}\n`);
      return error.code === 'unknown-resource' || error.code === 'not-a-crd' ? 2 : 1;
    }
    if (error instanceof KubeNetworkError) {
      io.err(`op migrate-storage: error: cannot reach the cluster at ${client.info.server}: ${error.message}\n`);
      return 2;
    }
    io.err(`op migrate-storage: error: ${(error as Error).message ?? String(error)}\n`);
    return 1;
  } finally {
    client.close();
  }
}
