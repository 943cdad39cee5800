// Command-line parsing for `op freeze`, `op resume` and `op peering install`, kept apart from the
// commands so that every flag and every bad-input message is unit-tested without a cluster. The
// flags of freeze and resume are Kopf's (`--id --message --lifetime --priority --dev --peering -n -A`).
import { parseArgs } from 'node:util';

/** What `op freeze` or `op resume` is asked to do. */
export interface FreezeCliOptions {
  readonly command: 'freeze' | 'resume';
  /** The record's identity; default `user@host`. */
  readonly id?: string | undefined;
  readonly message?: string | undefined;
  /** Seconds (freeze only). */
  readonly lifetime?: number | undefined;
  /** Freeze only; default 100, `--dev` 666. */
  readonly priority?: number | undefined;
  /** The peering object's name; default `default`. */
  readonly peering: string;
  readonly namespaces: readonly string[];
  readonly clusterwide: boolean;
}

/** What `op peering install` is asked to do. */
export interface PeeringInstallCliOptions {
  /** The peering objects' name; default `default`. */
  readonly name: string;
  /** Namespaces that get a KopfPeering; default `default`. */
  readonly namespaces: readonly string[];
  /** Print the manifests instead of applying them. */
  readonly print: boolean;
}

/** The result of parsing. */
export type CliParse<T> = { kind: 'run'; options: T } | { kind: 'help' } | { kind: 'error'; message: string };

/** `op freeze --help`. */
export const FREEZE_USAGE = `Usage: op freeze --lifetime SECONDS [options]

Pauses the operators of a peering object: writes a peer record with a priority (default 100) that
expires after the lifetime. Operators with a lower priority pause until it expires or 'op resume'.

Options:
  -t, --lifetime S          seconds until the record expires (required)
  -p, --priority N          the record's priority (default 100)
      --dev                 priority 666
  -i, --id ID               the record's identity (default user@host)
  -m, --message TEXT        why (kept in the record; Kopf ignores it)
  -P, --peering NAME        the peering object (default default)
  -A, --all-namespaces      the cluster-wide operators (ClusterKopfPeering) — the default
  -n, --namespace PATTERN   the operators of these namespaces (KopfPeering; repeatable, globs allowed)
  -h, --help                show this help
`;

/** `op resume --help`. */
export const RESUME_USAGE = `Usage: op resume [options]

Resumes the operators paused by 'op freeze': removes the peer record of the same identity.

Options:
  -i, --id ID               the record's identity (default user@host)
  -P, --peering NAME        the peering object (default default)
  -A, --all-namespaces      the cluster-wide operators (ClusterKopfPeering) — the default
  -n, --namespace PATTERN   the operators of these namespaces (KopfPeering; repeatable, globs allowed)
  -h, --help                show this help
`;

/** `op peering --help`. */
export const PEERING_USAGE = `Usage: op peering install [options]

Installs Kopf's peering resources: the ClusterKopfPeering and KopfPeering CRDs (kopf.dev/v1), a
ClusterKopfPeering and a KopfPeering in each namespace given. Operators find the objects named
'default' by themselves; those of another name with 'op run --peering NAME'.

Options:
      --name NAME           the peering objects' name (default default)
  -n, --namespace NS        namespaces that get a KopfPeering (repeatable; default default)
      --print               print the manifests (YAML) instead of applying them
  -h, --help                show this help
`;

function namespacesOf(values: Record<string, unknown>): string[] {
  return ((values.namespace as string[] | undefined) ?? []).flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean);
}

function fail(error: unknown): { kind: 'error'; message: string } {
  return { kind: 'error', message: (error as Error).message.replace(/\. To specify a positional argument.*$/s, '') };
}

/**
 * Parse `op freeze` or `op resume` arguments (after the command).
 *
 * @example
 * ```ts
 * parseFreezeArgs('freeze', ['--lifetime', '60', '-m', 'maintenance']);
 * ```
 */
export function parseFreezeArgs(command: 'freeze' | 'resume', argv: readonly string[]): CliParse<FreezeCliOptions> {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv], strict: true, allowPositionals: false,
      options: {
        id: { type: 'string', short: 'i' },
        peering: { type: 'string', short: 'P' },
        namespace: { type: 'string', short: 'n', multiple: true },
        'all-namespaces': { type: 'boolean', short: 'A' },
        help: { type: 'boolean', short: 'h' },
        ...(command === 'freeze' ? {
          message: { type: 'string', short: 'm' },
          lifetime: { type: 'string', short: 't' },
          priority: { type: 'string', short: 'p' },
          dev: { type: 'boolean' },
        } as const : {}),
      },
    }) as { values: Record<string, string | boolean | string[] | undefined> });
  } catch (error) {
    return fail(error);
  }
  if (values.help) return { kind: 'help' };
  const namespaces = namespacesOf(values);
  const clusterwide = values['all-namespaces'] === true;
  if (clusterwide && namespaces.length > 0) return { kind: 'error', message: '-n/--namespace and -A/--all-namespaces exclude each other' };
  for (const flag of ['id', 'peering', 'message'] as const) {
    if (values[flag] === '') return { kind: 'error', message: `--${flag} must not be empty` };
  }
  let lifetime: number | undefined;
  let priority: number | undefined;
  if (command === 'freeze') {
    const raw = values.lifetime as string | undefined;
    if (raw === undefined) return { kind: 'error', message: '--lifetime is required: for how many seconds to freeze (the record expires then)' };
    if (!/^\d+$/.test(raw) || Number(raw) < 1) return { kind: 'error', message: `--lifetime must be a whole number of seconds >= 1; got "${raw}"` };
    lifetime = Number(raw);
    const rawPriority = values.priority as string | undefined;
    if (rawPriority !== undefined && values.dev) return { kind: 'error', message: '--dev and --priority exclude each other (--dev is --priority 666)' };
    if (rawPriority !== undefined && !/^-?\d+$/.test(rawPriority)) return { kind: 'error', message: `--priority must be a whole number; got "${rawPriority}"` };
    priority = values.dev ? 666 : rawPriority === undefined ? 100 : Number(rawPriority);
  }
  return {
    kind: 'run',
    options: {
      command, id: values.id as string | undefined, message: values.message as string | undefined, lifetime, priority,
      peering: (values.peering as string | undefined) ?? 'default', namespaces, clusterwide: clusterwide || namespaces.length === 0,
    },
  };
}

/**
 * Parse `op peering` arguments (after `peering`).
 *
 * @example
 * ```ts
 * parsePeeringArgs(['install', '-n', 'operators']);
 * ```
 */
export function parsePeeringArgs(argv: readonly string[]): CliParse<PeeringInstallCliOptions> {
  let values: Record<string, string | boolean | string[] | undefined>;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: [...argv], strict: true, allowPositionals: true,
      options: {
        name: { type: 'string' },
        namespace: { type: 'string', short: 'n', multiple: true },
        print: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    values = parsed.values;
    positionals = parsed.positionals;
  } catch (error) {
    return fail(error);
  }
  if (values.help) return { kind: 'help' };
  if (positionals.length !== 1 || positionals[0] !== 'install') {
    return { kind: 'error', message: positionals.length === 0 ? 'name a subcommand: install' : `unknown subcommand '${positionals.join(' ')}': expected install` };
  }
  if (values.name === '') return { kind: 'error', message: '--name must not be empty' };
  const namespaces = namespacesOf(values);
  return { kind: 'run', options: { name: (values.name as string | undefined) ?? 'default', namespaces: namespaces.length > 0 ? namespaces : ['default'], print: values.print === true } };
}
