// `op freeze`, `op resume` and `op peering install`: the hands-on side of peering. Freeze writes a
// peer record with a priority and a lifetime into the peering objects, so that operators with a lower
// priority pause (Kopf's `kopf freeze`, the same record on the wire); resume removes it; install
// applies the peering CRDs and objects (the manifests of @opkit/peering).
import { connect, KubeNetworkError } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { describeTarget, detectIdentity, freezeOperators, PeeringError, peeringCrds, peeringObjects, resumeOperators } from '@opkit/peering';
import { NAMESPACES_RESOURCE, NamespacePatterns } from '@opkit/watching';
import { stringify } from 'yaml';
import { applyManifests } from './manifests.js';
import { FREEZE_USAGE, parseFreezeArgs, parsePeeringArgs, PEERING_USAGE, RESUME_USAGE } from './peeringArgs.js';
import type { CommandIo } from './runCommand.js';

async function connectOrFail(io: CommandIo, name: string): Promise<KubeClient | undefined> {
  try {
    return await connect({ retry: { attempts: 3 } });
  } catch (error) {
    io.err(`op ${name}: error: cannot connect to a cluster: ${(error as Error).message}\n`);
    return undefined;
  }
}

/** Namespace patterns to names: plain names as given, globs and negations matched against the cluster's namespaces. */
async function resolveNamespaces(client: KubeClient, patterns: readonly string[]): Promise<string[]> {
  const parsed = new NamespacePatterns(patterns);
  if (parsed.exactNames) return parsed.exactNames;
  const { items } = await client.listAll(NAMESPACES_RESOURCE);
  return items.map((item) => item.metadata.name ?? '').filter((name) => name !== '' && parsed.matches(name));
}

/**
 * Run `op freeze` or `op resume` with its arguments (after the command); resolves to the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await freezeCommand('freeze', ['--lifetime', '60'], io);
 * ```
 */
export async function freezeCommand(command: 'freeze' | 'resume', argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseFreezeArgs(command, argv);
  if (parsed.kind === 'help') {
    io.out(command === 'freeze' ? FREEZE_USAGE : RESUME_USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.err(`op ${command}: error: ${parsed.message}\nRun 'op ${command} --help' for usage.\n`);
    return 2;
  }
  const options = parsed.options;
  const client = await connectOrFail(io, command);
  if (!client) return 2;
  try {
    const identity = options.id ?? detectIdentity({ env: process.env, manual: true });
    const namespaces = options.clusterwide ? undefined : await resolveNamespaces(client, options.namespaces);
    if (namespaces && namespaces.length === 0) {
      io.err(`op ${command}: error: no namespace matches ${options.namespaces.join(', ')}\n`);
      return 2;
    }
    const base = { client, identity, name: options.peering, clusterwide: options.clusterwide, namespaces };
    const results = command === 'freeze'
      ? await freezeOperators({ ...base, lifetime: options.lifetime!, priority: options.priority, message: options.message })
      : await resumeOperators(base);
    const missing = results.filter((result) => result.result === 'not-found');
    for (const result of results) {
      if (result.result === 'not-found') continue;
      const what = command === 'freeze'
        ? `froze the operators of ${result.target.resource.kind} ${describeTarget(result.target)} for ${options.lifetime} s (priority ${options.priority}, as ${identity})`
        : `resumed the operators of ${result.target.resource.kind} ${describeTarget(result.target)} (removed the record of ${identity})`;
      io.out(`op ${command}: ${what}\n`);
    }
    for (const result of missing) {
      io.err(`op ${command}: error: ${result.target.resource.kind} ${describeTarget(result.target)} does not exist: create it (op peering install --name ${options.peering}${result.target.namespace ? ` -n ${result.target.namespace}` : ''})\n`);
    }
    return missing.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof PeeringError) {
      io.err(`op ${command}: error: ${error.message}\n`);
      return error.code === 'no-peering-resource' ? 1 : 2;
    }
    if (error instanceof KubeNetworkError) {
      io.err(`op ${command}: error: cannot reach the cluster at ${client.info.server}: ${error.message}\n`);
      return 2;
    }
    io.err(`op ${command}: error: ${(error as Error).message ?? String(error)}\n`);
    return 1;
  } finally {
    client.close();
  }
}

/**
 * Run `op peering …` with its arguments (after `peering`); resolves to the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await peeringCommand(['install'], io);
 * ```
 */
export async function peeringCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parsePeeringArgs(argv);
  if (parsed.kind === 'help') {
    io.out(PEERING_USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.err(`op peering: error: ${parsed.message}\nRun 'op peering --help' for usage.\n`);
    return 2;
  }
  const { name, namespaces, print } = parsed.options;
  const manifests = [...peeringCrds(), ...peeringObjects(name, namespaces)];
  if (print) {
    io.out(manifests.map((manifest) => `---\n${stringify(manifest)}`).join(''));
    return 0;
  }
  const client = await connectOrFail(io, 'peering');
  if (!client) return 2;
  try {
    await applyManifests(client, manifests, { namespace: 'default' });
    io.out(`op peering: installed the peering CRDs, ClusterKopfPeering '${name}' and KopfPeering '${name}' in ${namespaces.join(', ')} (on ${client.info.server})\n`);
    return 0;
  } catch (error) {
    io.err(`op peering: error: ${(error as Error).message ?? String(error)}\n`);
    return error instanceof KubeNetworkError ? 2 : 1;
  } finally {
    client.close();
  }
}
