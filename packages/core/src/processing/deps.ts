// What the processing pipeline is given by the operator shell: the client, the handlers, resolved
// settings, logging, the feed, posting, the clock, the storages and the memo.
import type { EventSink, Registry } from '@opkit/handlers';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { DiffBaseStorage, ProgressStorage } from '@opkit/state';
import type { Clock, Logger } from '@opkit/tasks';
import type { FeedEventInput } from '../feed.js';
import type { OperatorSettings } from '../settings.js';

/** The dependencies of {@link runResources}. */
export interface RuntimeDeps {
  readonly client: KubeClient;
  readonly registry: Registry;
  readonly settings: OperatorSettings;
  /** The operator-level logger. */
  readonly logger: Logger;
  /** A logger for one object (`[namespace/name] …`). */
  readonly objectLogger: (body: KubeObject, resource: Resource) => Logger;
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
  readonly memo: Record<string, any>;
  /** Namespace patterns to serve; `undefined` serves the whole cluster. */
  readonly namespaces?: readonly (string | RegExp)[] | undefined;
}
