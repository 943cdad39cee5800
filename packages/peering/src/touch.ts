// Writing to a peering object: our own record (a keep-alive, or null when we leave), and nulls for
// dead peers. Kopf sends these as JSON merge patches of `status` — to the `/status` subresource when
// the resource has one, else to the object — and treats a 404 as "the peering object is not there".
import { NotFoundError } from '@opkit/kube';
import type { KubeClient, Resource } from '@opkit/kube';
import type { PeerRecord } from './peer.js';
import { pythonRepr } from './peer.js';

/** One peering object: the resource (cluster-wide or namespaced), its namespace, and its name. */
export interface PeeringTarget {
  readonly resource: Resource;
  /** For namespaced peering resources only. */
  readonly namespace?: string | undefined;
  readonly name: string;
}

/**
 * Where a peering object is, as Kopf's log lines say it: `'default' cluster-wide` or `'default' in 'ns'`.
 *
 * @example
 * ```ts
 * logger.debug(`Keep-alive in ${describeTarget(target)}: ok.`);
 * ```
 */
export function describeTarget(target: PeeringTarget): string {
  return `${pythonRepr(target.name)} ${target.namespace ? `in ${pythonRepr(target.namespace)}` : 'cluster-wide'}`;
}

/**
 * Merge-patch records into a peering object's status (a null removes a record). Resolves to
 * `'not-found'` when the peering object does not exist.
 *
 * @throws KubeApiError for any other failure; the signal's reason when aborted.
 * @example
 * ```ts
 * await patchPeers(client, target, { [identity]: peerRecord({ priority, lifetime, nowMicros }) });
 * await patchPeers(client, target, { [identity]: null }); // leave
 * ```
 */
export async function patchPeers(client: KubeClient, target: PeeringTarget, records: Readonly<Record<string, PeerRecord | null>>, options: { readonly signal?: AbortSignal | undefined; readonly timeoutMs?: number | undefined } = {}): Promise<'ok' | 'not-found'> {
  const subresource = (target.resource.subresources ?? []).includes('status') ? 'status' : undefined;
  try {
    await client.patch(target.resource, target.name, { status: records }, {
      type: 'merge', namespace: target.resource.namespaced ? target.namespace : undefined, subresource, signal: options.signal, timeoutMs: options.timeoutMs,
    });
    return 'ok';
  } catch (error) {
    if (error instanceof NotFoundError) return 'not-found';
    throw error;
  }
}
