// What the processing pipeline is given by the operator shell: the client, the handlers, resolved
// settings, logging, the feed, posting, the clock, the storages and the memo.
import type { EventSink, OperatorIndices, Registry } from '@opkit/handlers';
import type { HandlingGate } from '@opkit/peering';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { DiffBaseStorage, ProgressStorage } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import type { Observable } from 'rxjs';
import type { FeedEventInput } from '../feed.js';
import type { OperatorSettings } from '../settings.js';

/** One event of one object, as the pipeline hands it to hooks. */
export interface ObjectHookEvent {
  readonly resource: Resource;
  readonly body: KubeObject;
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /** From the initial listing. */
  readonly initial: boolean;
}

/** Where later packages (daemons, indexing) plug into the pipeline. */
export interface ObjectHooks {
  /** Called with every watch event before the object's cycle, in the object's order (e.g. to keep a live body). */
  readonly onEvent?: (event: ObjectHookEvent) => void;
}

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
  /** Where `events.*` post. */
  readonly events: EventSink;
  readonly clock: Clock;
  /** Overrides of the profile's progress storage (else: the profile's, doubled into the status where there is one). */
  readonly progressStorage?: ProgressStorage | undefined;
  /** Overrides of the profile's diff-base storage. */
  readonly diffBaseStorage?: DiffBaseStorage | undefined;
  /** The operator memo; every object gets a shallow copy at first sight. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  /** Namespace patterns to serve; `undefined` serves the whole cluster. */
  readonly namespaces?: readonly (string | RegExp)[] | undefined;
  /** While it emits `true`, watches are closed and delayed wake-ups skipped (peering); `false` resumes with a relist. */
  readonly paused$?: Observable<boolean> | undefined;
  /** Hooks for packages that follow objects besides the change handlers. */
  readonly hooks?: ObjectHooks | undefined;
  /** Which objects this replica handles (leader election, sharding); without it, every object. */
  readonly gate?: HandlingGate | undefined;
  /** The indices `on.index` fills (and every handler receives). @defaultValue empty ones for the registry's index ids */
  readonly indices?: OperatorIndices | undefined;
}
