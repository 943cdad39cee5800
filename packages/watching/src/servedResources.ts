// Why this file exists: an operator may start before its CRD exists, and CRDs may be deleted while it
// runs. This watches CRDs, re-runs discovery when they change, and starts a resource's stream once
// its CRD is Established — and stops it (quietly, no error) when the CRD is deleted.

import { ExponentialBackOff, noopLogger, sleep } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { resourceName, ResourceResolutionError } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource, ResourceSelector } from '@opkit/kube';
import type { Observable } from 'rxjs';
import { map } from 'rxjs/operators';
import { fromAbortable } from './fromAbortable.js';
import { mergeKeyed } from './internal/keyedMerge.js';
import { watchScoped } from './namespaces.js';
import type { WatchScopedOptions } from './namespaces.js';
import type { WatchSettings } from './settings.js';
import { watchResource } from './watchResource.js';
import type { WatchEvent } from './watchResource.js';

/** apiextensions.k8s.io/v1 CustomResourceDefinitions. */
export const CRDS_RESOURCE: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false, verbs: ['get', 'list', 'watch'] };

/** Options of {@link observeResources}. */
export interface ObserveResourcesOptions {
  settings?: WatchSettings | undefined;
  signal?: AbortSignal | undefined;
  logger?: Logger | undefined;
}

type CrdState = 'established' | 'pending' | 'deleted';

function crdState(crd: KubeObject, deleted: boolean): CrdState {
  if (deleted || crd.metadata.deletionTimestamp) return 'deleted';
  const conditions = ((crd.status as { conditions?: { type?: string; status?: string }[] } | undefined)?.conditions ?? []);
  return conditions.some((c) => c.type === 'Established' && c.status === 'True') ? 'established' : 'pending';
}

/**
 * The served resources a selector resolves to, emitted at start and whenever a CRD change alters
 * them. Resources backed by a CRD that is not (or no longer) Established are left out.
 *
 * @example
 * ```ts
 * observeResources(client, 'kopfexamples.kopf.dev').subscribe((resources) => console.log(resources.length));
 * ```
 */
export function observeResources(client: KubeClient, selector: ResourceSelector, options: ObserveResourcesOptions = {}): Observable<readonly Resource[]> {
  const logger = options.logger ?? noopLogger;
  return fromAbortable<readonly Resource[]>(async (emit, signal) => {
    const crds = new Map<string, CrdState>();
    let dirty = true;
    let wake: (() => void) | undefined;
    const subscription = watchResource(client, CRDS_RESOURCE, { settings: options.settings, signal, logger }).subscribe((event) => {
      if (event.type !== 'SYNCED') {
        const spec = event.object.spec as { group?: string; names?: { plural?: string } } | undefined;
        crds.set(`${spec?.names?.plural}.${spec?.group}`, crdState(event.object, event.type === 'DELETED'));
        if (event.initial) return;
      }
      dirty = true;
      wake?.();
    });
    const linked = options.signal ? AbortSignal.any([signal, options.signal]) : signal;
    const stop = new Promise<void>((resolve) => linked.addEventListener('abort', () => resolve(), { once: true }));
    let last: string | undefined;
    const backoff = new ExponentialBackOff({ start: 500, max: 30_000, jitter: 0.5 });
    try {
      while (!linked.aborted) {
        if (!dirty) await Promise.race([stop, new Promise<void>((resolve) => (wake = resolve))]);
        wake = undefined;
        if (linked.aborted) break;
        dirty = false;
        client.invalidateDiscovery();
        let resolved: Resource[];
        try {
          resolved = await client.resolve(selector, { signal: linked });
        } catch (error) {
          if (linked.aborted) break;
          if (!(error instanceof ResourceResolutionError)) {
            logger.warn('discovery failed; retrying', { error: (error as Error).message });
            dirty = true;
            await sleep(backoff.next(), { signal: linked }).catch(() => undefined);
            continue;
          }
          logger.warn('resource selector cannot be served', { error: error.message });
          resolved = [];
        }
        backoff.reset();
        const served = resolved.filter((r) => {
          const state = crds.get(`${r.plural}.${r.group}`);
          return state === undefined || state === 'established';
        });
        const key = served.map(resourceName).sort().join(',');
        if (key !== last) {
          last = key;
          emit(served);
        }
      }
    } finally {
      subscription.unsubscribe();
    }
  });
}

/** An event of a stream started by {@link watchServed}, with the resource it belongs to. */
export type ServedWatchEvent<T = KubeObject> = WatchEvent<T> & { resource: Resource };

/**
 * Watch every resource a selector resolves to, as it becomes served: a CRD created after start is
 * picked up when Established; a deleted one has its streams stopped without error.
 *
 * @example
 * ```ts
 * watchServed(client, 'kopfexamples.kopf.dev', { namespaces: ['default'] }).subscribe((e) => console.log(e.resource.plural, e.type));
 * ```
 */
export function watchServed<T extends KubeObject = KubeObject>(client: KubeClient, selector: ResourceSelector, options: WatchScopedOptions = {}): Observable<ServedWatchEvent<T>> {
  const resources$ = observeResources(client, selector, options);
  return mergeKeyed(
    resources$,
    (resource) => watchScoped<T>(client, resource, options).pipe(map((event) => ({ ...event, resource }))),
    resourceName,
  );
}
