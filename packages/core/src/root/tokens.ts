// The tokens of the composition root: one per part of the runtime. A user replaces a part by
// registering another value or factory for its token (OperatorOptions.overrides); what a user
// registers the operator uses as given and never closes. The types say what a replacement provides.
import type { Daemons } from '@opkit/daemons';
import type { EventSink, Indexer, Selector } from '@opkit/handlers';
import type { KubeClient, Resource } from '@opkit/kube';
import type { DiffBaseStorage, ProgressStorage } from '@opkit/state';
import type { Clock, KeyedQueue, KeyedWorker, Logger } from '@opkit/tasks';
import type { ObjectEvent, WatchEvent, WatchPhase } from '@opkit/watching';
import type { RunningAdmission } from '@opkit/webhooks';
import type { Observable } from 'rxjs';
import type { InjectionToken } from 'tsyringe';
import type { Coordination } from '@opkit/peering';
import type { FeedEventInput } from '../feed.js';
import type { IndexerInput } from '@opkit/handlers';
import type { ResourceStorage } from '../processing/processObject.js';
import type { OperatorSettings } from '../settings.js';

/** Where the pipeline's objects come from: the resources a selector resolves to, and one resource's events. */
export interface WatchSource {
  /** The served resources of a selector, again whenever they change (CRDs appearing later). */
  resources(selector: Selector): Observable<readonly Resource[]>;
  /** The events of one resource in the served namespaces (a listing, then changes; `SYNCED` after each listing). */
  watch(resource: Resource, options: { readonly onPhase: (phase: WatchPhase) => void }): Observable<WatchEvent>;
}

/** An object's turn in the per-object queue: a watch event, or a wake-up (`wake`) of the object's last body. */
export type QueuedEvent = ObjectEvent & {
  readonly resource: Resource;
  readonly wake?: boolean;
  readonly touch?: boolean;
  /** A remembered event delivered again because the gate granted its object. */
  readonly granted?: boolean;
};

/** Makes a run's per-object queue: `worker` runs one object's cycle; `onError` takes what a cycle throws unexpectedly. */
export type CycleQueueFactory = (worker: KeyedWorker<QueuedEvent>, options: { readonly onError: (error: unknown) => void }) => KeyedQueue<QueuedEvent>;

/** The admission side: started after the startup activities, stopped on exit. */
export interface AdmissionPart {
  /** Start serving the registry's admission handlers (nothing without any). */
  start(signal: AbortSignal): Promise<RunningAdmission | undefined>;
}

/** The client the operator talks to the API with. @defaultValue `connect(options.connect)`, closed on exit */
export const KUBE_CLIENT: InjectionToken<KubeClient> = Symbol.for('opkit.KubeClient');
/** The clock of every timer, timestamp, retry, backoff and daemon. @defaultValue the system clock */
export const CLOCK: InjectionToken<Clock> = Symbol.for('opkit.Clock');
/** The operator-level logger (object loggers are its children); its lines are also `log` events on the feed. */
export const LOGGER: InjectionToken<Logger> = Symbol.for('opkit.Logger');
/** The settings (validated and completed with defaults when resolved). */
export const SETTINGS: InjectionToken<OperatorSettings> = Symbol.for('opkit.Settings');
/** One progress storage for every resource, instead of the profile's. */
export const PROGRESS_STORAGE: InjectionToken<ProgressStorage> = Symbol.for('opkit.ProgressStorage');
/** One diff-base storage for every resource, instead of the profile's. */
export const DIFFBASE_STORAGE: InjectionToken<DiffBaseStorage> = Symbol.for('opkit.DiffBaseStorage');
/** The storages and finalizer of one resource. @defaultValue the profile's (status where the resource has it), or the two tokens above */
/**
 * The second argument says which version's records these are when the operator handles several versions of one
 * resource (see state's `ResourceStoragesOptions.versionSuffix`); a factory of your own may ignore it.
 */
export const STORAGES: InjectionToken<(resource: Resource, options?: StoragesOptions) => ResourceStorage> = Symbol.for('opkit.Storages');

/** What the runtime tells a STORAGES factory besides the resource. */
export interface StoragesOptions {
  /** Set when this version of the resource keeps its records under version-suffixed names. */
  readonly versionSuffix?: string | undefined;
}
/** Where `events.*` post. @defaultValue an EventPoster posting Kubernetes events in the background, flushed on exit */
export const EVENT_SINK: InjectionToken<EventSink> = Symbol.for('opkit.EventSink');
/** Where the feed's events go (the operator adds `v` and `ts`). Registered by the operator. */
export const FEED: InjectionToken<(event: FeedEventInput) => void> = Symbol.for('opkit.Feed');
/** The resources and their watch streams. @defaultValue @opkit/watching's observeResources and watchScoped */
export const WATCH_SOURCE: InjectionToken<WatchSource> = Symbol.for('opkit.WatchSource');
/** Makes the indexer of `on.index` for one run. @defaultValue @opkit/handlers' Indexer, its handlers invoked as core invokes every handler */
export const INDEXER: InjectionToken<(deps: IndexerInput) => Indexer> = Symbol.for('opkit.Indexer');
/** Makes the scheduler of daemons and timers for one run. @defaultValue @opkit/daemons' Daemons on the CLOCK */
export const DAEMONS: InjectionToken<() => Daemons> = Symbol.for('opkit.Daemons');
/** Makes the per-object queue of a run, given its worker (the object cycle) and where its unexpected errors go. @defaultValue a KeyedQueue of `settings.queueing.workerLimit` on the CLOCK: cancellable, a waiting watch event kept over a wake-up */
export const CYCLE_QUEUE: InjectionToken<CycleQueueFactory> = Symbol.for('opkit.CycleQueue');
/** Peering, leader election and sharding. @defaultValue built from `settings.peering` */
export const COORDINATION: InjectionToken<Coordination> = Symbol.for('opkit.Coordination');
/** The admission webhook server and its managed configurations. @defaultValue built from `settings.admission` */
export const ADMISSION: InjectionToken<AdmissionPart> = Symbol.for('opkit.Admission');
