// `op freeze` and `op resume` as functions: write (or remove) a manual peer record with a priority and
// a lifetime into the peering objects, so that the operators with a lower priority pause until the
// record expires or is removed — Kopf's `kopf freeze` / `kopf resume`, byte for byte on the wire.
import type { KubeClient, Resource } from '@opkit/kube';
import { PeeringError } from './errors.js';
import { peerRecord } from './peer.js';
import { peeringSelectors } from './resources.js';
import type { PeeringTarget } from './touch.js';
import { patchPeers } from './touch.js';

/** Options of {@link freezeOperators} and {@link resumeOperators}. */
export interface FreezeOptions {
  readonly client: KubeClient;
  /** The record's identity (Kopf's default for manual records is `user@host`; see `detectIdentity({ manual: true })`). */
  readonly identity: string;
  /** The peering object's name. @defaultValue 'default' */
  readonly name?: string | undefined;
  /** Freeze cluster-wide operators (ClusterKopfPeering); otherwise the operators of `namespaces` (KopfPeering). */
  readonly clusterwide: boolean;
  /** The namespaces whose KopfPeering objects to write (names, not patterns). */
  readonly namespaces?: readonly string[] | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Injectable time, ms since the epoch. @defaultValue Date.now */
  readonly now?: (() => number) | undefined;
}

/** Options of {@link freezeOperators}. */
export interface FreezeOperatorsOptions extends FreezeOptions {
  /** Seconds until the record expires (and the operators resume by themselves). */
  readonly lifetime: number;
  /** Operators with a lower priority pause. @defaultValue 100 */
  readonly priority?: number | undefined;
  /** Why: kept in the record for people and tools (Kopf ignores it). */
  readonly message?: string | undefined;
}

/** What happened to one peering object. */
export interface FreezeResult {
  readonly target: PeeringTarget;
  readonly result: 'ok' | 'not-found';
}

async function targetsOf(options: FreezeOptions): Promise<PeeringTarget[]> {
  const name = options.name ?? 'default';
  const resources: Resource[] = [];
  for (const selector of peeringSelectors(options.clusterwide)) {
    resources.push(...await options.client.resolve(selector, { signal: options.signal }));
  }
  if (resources.length === 0) {
    const kind = options.clusterwide ? 'ClusterKopfPeering' : 'KopfPeering';
    throw new PeeringError('no-peering-resource', `The cluster serves no ${kind} resource: install the peering CRDs first (op peering install, or kubectl apply -f peering.yaml).`);
  }
  if (!options.clusterwide && (options.namespaces ?? []).length === 0) {
    throw new PeeringError('invalid-options', 'Name the namespaces whose operators to freeze or resume (-n NS), or freeze cluster-wide operators (-A).');
  }
  const targets: PeeringTarget[] = [];
  for (const resource of resources) {
    for (const namespace of options.clusterwide ? [undefined] : options.namespaces ?? []) targets.push({ resource, namespace, name });
  }
  return targets;
}

async function write(options: FreezeOptions, record: ReturnType<typeof peerRecord> | null): Promise<FreezeResult[]> {
  const targets = await targetsOf(options);
  return Promise.all(targets.map(async (target) => ({ target, result: await patchPeers(options.client, target, { [options.identity]: record }, { signal: options.signal }) })));
}

/**
 * Pause the operators with a lower priority for `lifetime` seconds (Kopf's `kopf freeze`).
 *
 * @throws PeeringError (`no-peering-resource`) when the peering CRDs are not installed, (`invalid-options`) for bad values.
 * @example
 * ```ts
 * await freezeOperators({ client, identity: detectIdentity({ env: process.env, manual: true }), clusterwide: true, lifetime: 60 });
 * ```
 */
export async function freezeOperators(options: FreezeOperatorsOptions): Promise<FreezeResult[]> {
  const priority = options.priority ?? 100;
  if (!Number.isInteger(options.lifetime) || options.lifetime < 1) {
    throw new PeeringError('invalid-options', `The lifetime must be a whole number of seconds >= 1; got ${JSON.stringify(options.lifetime)}.`);
  }
  if (!Number.isInteger(priority)) throw new PeeringError('invalid-options', `The priority must be a whole number; got ${JSON.stringify(priority)}.`);
  const nowMicros = Math.round((options.now ?? Date.now)() * 1000);
  return write(options, peerRecord({ priority, lifetime: options.lifetime, nowMicros, message: options.message }));
}

/**
 * Remove a manual record, so that the operators it paused resume (Kopf's `kopf resume`).
 *
 * @throws PeeringError (`no-peering-resource`) when the peering CRDs are not installed.
 * @example
 * ```ts
 * await resumeOperators({ client, identity: detectIdentity({ env: process.env, manual: true }), clusterwide: true });
 * ```
 */
export async function resumeOperators(options: FreezeOptions): Promise<FreezeResult[]> {
  return write(options, null);
}
