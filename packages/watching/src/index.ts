// @opkit/watching: resource streams that never silently stall, namespace and CRD observation, and
// per-object multiplexing. Everything public is listed here by name.

// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { watchResource } from './watchResource.js';
export type { WatchEvent, ObjectEvent, SyncedEvent, WatchResourceOptions, WatchPhase } from './watchResource.js';

export { resolveWatchSettings, toWatchSettings } from './settings.js';
export type { WatchSettings, ResolvedWatchSettings, WatchingSettings } from './settings.js';

export { fromAbortable, fromAbortableIterable } from './fromAbortable.js';
export type { Emit } from './fromAbortable.js';

export { NamespacePatterns, parseNamespacePattern } from './namespacePatterns.js';
export type { NamespacePattern } from './namespacePatterns.js';

export { observeNamespaces, watchScoped, NAMESPACES_RESOURCE } from './namespaces.js';
export type { ObserveNamespacesOptions, WatchScopedOptions } from './namespaces.js';

export { observeResources, watchServed, CRDS_RESOURCE } from './servedResources.js';
export type { ObserveResourcesOptions, ServedWatchEvent } from './servedResources.js';

export { perObject } from './perObject.js';
export { mergeKeyed } from './internal/keyedMerge.js';
export { holdUntil } from './holdUntil.js';
export { pausable } from './pausable.js';
export type { PausableHooks } from './pausable.js';
export { servedSet } from './servedSet.js';
export type { ObjectWorker, PerObjectOptions, PerObjectOutcome, PerObjectStats, WorkerContext } from './perObject.js';

export { WatchingError } from './errors.js';
export type { WatchingErrorCode } from './errors.js';
