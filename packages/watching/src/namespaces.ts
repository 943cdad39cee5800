// Why this file exists: an operator scoped by namespace patterns runs one stream per served
// namespace, and namespaces come and go while it runs. This observes the namespaces that match and
// starts or stops the per-namespace streams; cluster-wide mode uses a single all-namespaces stream.

import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { Observable } from 'rxjs';
import { distinctUntilChanged, filter, map, scan, startWith } from 'rxjs/operators';
import { mergeKeyed } from './internal/keyedMerge.js';
import { NamespacePatterns } from './namespacePatterns.js';
import type { WatchSettings } from './settings.js';
import { watchResource } from './watchResource.js';
import type { WatchEvent, WatchResourceOptions } from './watchResource.js';

/** core/v1 namespaces. */
export const NAMESPACES_RESOURCE: Resource = { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false, verbs: ['get', 'list', 'watch'] };

/** Options of {@link observeNamespaces}. */
export interface ObserveNamespacesOptions {
  settings?: WatchSettings | undefined;
  signal?: AbortSignal | undefined;
  logger?: Logger | undefined;
}

/**
 * The set of namespaces that the patterns serve, emitted after the initial list and on every change.
 * Plain names are always served (and emitted at once); patterns of plain names only need no watching.
 *
 * @example
 * ```ts
 * observeNamespaces(client, ['team-*', '!team-archive']).subscribe((names) => console.log([...names]));
 * ```
 */
export function observeNamespaces(client: KubeClient, patterns: readonly (string | RegExp)[] | NamespacePatterns, options: ObserveNamespacesOptions = {}): Observable<ReadonlySet<string>> {
  const parsed = patterns instanceof NamespacePatterns ? patterns : new NamespacePatterns(patterns);
  const exact = parsed.exactNames;
  if (exact) return new Observable<ReadonlySet<string>>((subscriber) => subscriber.next(new Set(exact)));
  // Plain names among globs are served whatever the namespace watch says (Kopf serves exact names even
  // when namespaces cannot be listed), so they are emitted at once; glob matches join after the list.
  const fixed = new Set(parsed.patterns.flatMap((p) => (p.exact ? [p.exact] : [])));
  return watchResource(client, NAMESPACES_RESOURCE, { settings: options.settings, signal: options.signal, logger: options.logger }).pipe(
    scan(
      (state, event) => {
        if (event.type === 'SYNCED') return { names: state.names, synced: true };
        const name = event.object.metadata.name ?? '';
        if (fixed.has(name) || !parsed.matches(name)) return state;
        const names = new Set(state.names);
        if (event.type === 'DELETED') names.delete(name);
        else names.add(name);
        return { names, synced: state.synced };
      },
      { names: fixed, synced: false },
    ),
    filter((state) => state.synced),
    map((state) => state.names),
    startWith(...(fixed.size > 0 ? [fixed as ReadonlySet<string>] : [])),
    distinctUntilChanged((a, b) => a.size === b.size && [...a].every((n) => b.has(n))),
  );
}

/** Options of {@link watchScoped}. */
export interface WatchScopedOptions extends Omit<WatchResourceOptions, 'namespace'> {
  /** Namespace patterns to serve; omitted means cluster-wide (one all-namespaces stream). */
  namespaces?: readonly (string | RegExp)[] | undefined;
}

/**
 * Watch a resource in the namespaces the patterns serve (streams start and stop as namespaces are
 * created and deleted), or cluster-wide when no patterns are given. Each namespace's stream emits its
 * own SYNCED (carrying the namespace).
 *
 * @example
 * ```ts
 * watchScoped(client, kopfexamples, { namespaces: ['default', 'team-*'] }).subscribe(handle);
 * ```
 */
export function watchScoped<T extends KubeObject = KubeObject>(client: KubeClient, resource: Resource, options: WatchScopedOptions = {}): Observable<WatchEvent<T>> {
  const { namespaces, ...rest } = options;
  if (!resource.namespaced || namespaces === undefined) return watchResource<T>(client, resource, rest);
  const logger = (options.logger ?? noopLogger).child({ resource: resource.plural });
  const names$ = observeNamespaces(client, namespaces, { settings: options.settings, signal: options.signal, logger });
  return mergeKeyed(names$, (namespace) => {
    logger.debug('namespace served; starting its stream', { namespace });
    return watchResource<T>(client, resource, { ...rest, namespace });
  });
}
