// The background controllers a cluster runs and clients rely on, started together: garbage collection
// (ownerReferences with Background, Foreground and Orphan propagation), namespace lifecycle (a
// terminating namespace empties itself, then goes), CRD removal (a deleted CRD removes its objects,
// stops being served, ends its watches, then goes), CRD names (refused names get another chance), the
// `default` ServiceAccount of every namespace, and the Event TTL. Each is a small controller of its own
// on a KeyedQueue; this file only fans the store's committed events out to them and stops them together.
import { noopLogger, systemClock, type Clock, type ExponentialBackOffOptions, type Logger } from '@opkit/tasks';
import type { ResourceRegistry } from '../resources/registry.js';
import type { ObjectRegistry } from '../registry/registry.js';
import type { WatchManager } from '../http/watch.js';
import type { ControllerDeps, StoreController } from './controller.js';
import { CrdCleanup } from './crdCleanup.js';
import { CrdNames } from './crdNames.js';
import { registryWrites } from './engineWrites.js';
import { EventTtl } from './eventTtl.js';
import { GarbageCollector } from './garbageCollector.js';
import { NamespaceLifecycle } from './namespaceLifecycle.js';
import { ServiceAccounts } from './serviceAccounts.js';
import type { ControllerWrites } from './writes.js';

export { EVENT_TTL_MS } from './eventTtl.js';

/** The users the controllers write as (kube-controller-manager's service accounts). */
export const SYSTEM_USERS = {
  garbageCollector: 'system:serviceaccount:kube-system:generic-garbage-collector',
  namespaceController: 'system:serviceaccount:kube-system:namespace-controller',
  crdFinalizer: 'system:serviceaccount:kube-system:apiextensions-finalizer',
  serviceAccounts: 'system:serviceaccount:kube-system:service-account-controller',
} as const;

/** Options of {@link Controllers}. */
export interface ControllersOptions {
  /** Where a failed controller attempt is logged (`warn`, with the controller, key, attempt and delay). @defaultValue noopLogger */
  logger?: Logger;
  /** @defaultValue systemClock */
  clock?: Clock;
  /** Retry delays (ms) of failed controller work, per key. @defaultValue `{ start: 5, base: 2, max: 60_000, jitter: 0.1 }` */
  retry?: ExponentialBackOffOptions;
  /** The controllers' writes (all of them, for tests). @defaultValue registryWrites(objects, …) as each controller's service account */
  writes?: ControllerWrites;
  /** How long an Event lives after its last update (kube-apiserver's `--event-ttl`). @defaultValue EVENT_TTL_MS (1 h) */
  eventTtlMs?: number;
}

/**
 * The server's controllers, fed by the store's committed events.
 *
 * @example
 * const controllers = new Controllers(objects, registry, watches, { logger });
 * controllers.resync();
 * // ...later
 * await controllers.close();
 */
export class Controllers {
  readonly #controllers: readonly StoreController[];
  readonly #eventTtl: EventTtl;
  readonly #unsubscribe: () => void;
  #closing: Promise<void> | undefined;

  constructor(objects: ObjectRegistry, registry: ResourceRegistry, watches: WatchManager, options: ControllersOptions = {}) {
    const deps: ControllerDeps = {
      store: objects.store,
      registry,
      writes: options.writes ?? registryWrites(objects, registry, watches, SYSTEM_USERS.serviceAccounts),
      logger: options.logger ?? noopLogger,
      clock: options.clock ?? systemClock,
      retry: options.retry ?? { start: 5, base: 2, max: 60_000, jitter: 0.1 },
    };
    // Each controller writes as its own service account (what admission webhooks and audit see), as kube's do.
    const as = (user: string): ControllerDeps => (options.writes ? deps : { ...deps, writes: registryWrites(objects, registry, watches, user) });
    this.#eventTtl = new EventTtl(deps, options.eventTtlMs);
    this.#controllers = [
      new GarbageCollector(as(SYSTEM_USERS.garbageCollector)),
      new NamespaceLifecycle(as(SYSTEM_USERS.namespaceController)),
      new CrdCleanup(as(SYSTEM_USERS.crdFinalizer)),
      new CrdNames(deps),
      new ServiceAccounts(deps),
      this.#eventTtl,
    ];
    this.#unsubscribe = objects.store.subscribe((event) => {
      for (const controller of this.#controllers) controller.observe(event);
    });
  }

  /** Removes Events last touched more than the event TTL before `now` ({@link EVENT_TTL_MS} unless set). */
  sweepEvents(now: number): number {
    return this.#eventTtl.sweepEvents(now);
  }

  /** Queues the work a restored store needs: terminating namespaces and CRDs, missing ServiceAccounts. */
  resync(): void {
    for (const controller of this.#controllers) controller.resync();
  }

  /** Resolves when no controller has work waiting, running or waiting for a retry. */
  async drain(): Promise<void> {
    // Work of one controller can queue work for another (a GC delete empties a namespace): repeat until all are idle at once.
    for (;;) {
      await Promise.all(this.#controllers.map((c) => c.drain()));
      if (this.#closing || this.#controllers.every((c) => c.idle)) return;
    }
  }

  /** Stops every controller: no new work, retries and the sweep timer cancelled; resolves when running work settled. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#unsubscribe();
      await Promise.all(this.#controllers.map((c) => c.close()));
    })();
    return this.#closing;
  }
}
