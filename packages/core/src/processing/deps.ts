// What the processing pipeline is given by the operator shell: the client, the handlers, resolved
// settings, logging, the feed, posting, the clock, the storages and the memo.
import type { EventSink, Indexer, OperatorIndices, Registry } from '@opkit/handlers';
import type { HandlingGate } from '@opkit/peering';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { Daemons } from '@opkit/daemons';
import type { Clock, Logger } from '@opkit/tasks';
import type { Observable } from 'rxjs';
import type { FeedEventInput } from '../feed.js';
import type { OperatorSettings } from '../settings.js';
import type { CycleQueueFactory, StoragesOptions, WatchSource } from '../root/tokens.js';
import type { IndexerInput } from '@opkit/handlers';
import type { ResourceStorage } from './processObject.js';

/** The dependencies of {@link runResources}. */
export interface RuntimeDeps {
  readonly client: KubeClient;
  readonly registry: Registry;
  readonly settings: OperatorSettings;
  /** The operator-level logger. */
  readonly logger: Logger;
  /** A logger for one object (`[namespace/name] …`). */
  readonly objectLogger: (body: KubeObject, resource: Resource, options?: { readonly spy?: boolean }) => Logger;
  /** Where feed events go (the shell adds `v` and `ts`). */
  readonly emit: (event: FeedEventInput) => void;
  /** Whether anyone reads the feed now; per-run events of timers are built only then. @defaultValue always */
  readonly observed?: (() => boolean) | undefined;
  /** Where `events.*` post. */
  readonly events: EventSink;
  readonly clock: Clock;
  /** The storages and finalizer of each served resource (the container's STORAGES). */
  readonly storages: (resource: Resource, options?: StoragesOptions) => ResourceStorage;
  /** The resources and their watch streams (the container's WATCH_SOURCE). */
  readonly watch: WatchSource;
  /** Makes the indexer of `on.index` (the container's INDEXER). */
  readonly indexer: (deps: IndexerInput) => Indexer;
  /** Makes the per-object queue (the container's CYCLE_QUEUE). */
  readonly cycleQueue: CycleQueueFactory;
  /** Makes the scheduler of daemons and timers (the container's DAEMONS). */
  readonly daemons: () => Daemons;
  /** The operator memo; every object gets a shallow copy at first sight. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  /** While it emits `true`, watches are closed and delayed wake-ups skipped (peering); `false` resumes with a relist. */
  readonly paused$?: Observable<boolean> | undefined;
  /** Which objects this replica handles (leader election, sharding); without it, every object. */
  readonly gate?: HandlingGate | undefined;
  /** The indices `on.index` fills (and every handler receives). @defaultValue empty ones for the registry's index ids */
  readonly indices?: OperatorIndices | undefined;
}
