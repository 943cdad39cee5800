// The daemons and timers of one object. Its embedder feeds it the object's bodies (`update`) and, once
// per processing cycle, asks it to reconcile: spawn what matches, stop what no longer matches, stop
// everything while the object is being deleted — and say whether the object must keep its finalizer
// and when to look again. Running tasks read the latest body through their context's live views
// (`body`, `spec`, `status`… are read-only views that always show the latest body).
import type { DaemonStoppingReason, FilterContext, ResourceHandler } from '@opkit/handlers';
import { filterContextOf, matchesFilters } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';
import { BackgroundTask } from './internal/backgroundTask.js';
import { ObjectHost } from './internal/objectHost.js';
import type { ObjectDaemonsLink } from './internal/objectHost.js';
import { runDaemon, runTimer } from './internal/runners.js';
import type { ObjectDaemonsOptions, ReconcileOptions, ReconcileResult } from './types.js';

export type { ObjectDaemonsLink };

function isBackground(handler: ResourceHandler): boolean {
  return handler.kind === 'daemon' || handler.kind === 'timer';
}

/**
 * The daemons and timers of one object. Get one from {@link Daemons.attach}.
 *
 * Guarantees: at most one task per handler and object at a time (a stopping or abandoned one blocks a
 * new one until its function returns); a daemon or timer that ended on its own (returned, failed for
 * good) is never spawned again for this object; nothing is spawned while the manager pauses or stops.
 *
 * @example
 * ```ts
 * const object = daemons.attach(uid, { body, invoke });
 * object.update(newerBody, { changed: true });
 * const { requiresFinalizer, delays } = object.reconcile(handlers, { deleting: Boolean(body.metadata.deletionTimestamp) });
 * ```
 */
export class ObjectDaemons {
  /** The object's key (usually its uid). */
  readonly key: string;
  readonly #host: ObjectHost;

  constructor(link: ObjectDaemonsLink, key: string, options: ObjectDaemonsOptions) {
    this.key = key;
    this.#host = new ObjectHost(link, key, options);
  }

  /** The latest body. */
  get body(): KubeObject {
    return this.#host.body;
  }

  /** When the object last changed essentially (clock ms); its creation here counts as a change. */
  get lastChange(): number {
    return this.#host.lastChanged;
  }

  /** Daemons and timers running or stopping now (abandoned ones do not count). */
  get running(): number {
    return this.#host.running();
  }

  /** Whether a handler ended on its own for this object (it is not spawned again). */
  hasEnded(handlerId: string): boolean {
    return this.#host.hasEnded(handlerId);
  }

  /**
   * A newer body: running tasks see it at once. `changed: true` marks an essential change (it restarts
   * the idle period of timers with `idle`).
   */
  update(body: KubeObject, options: { readonly changed?: boolean } = {}): void {
    this.#host.update(body, options.changed ?? false);
  }

  /**
   * Match the daemons and timers among `handlers` against the latest body: spawn the matching ones
   * that are not running, stop (`filters-mismatch`) the running ones that no longer match — or, while
   * the object is being deleted, stop them all (`resource-deleted`).
   */
  reconcile(handlers: readonly ResourceHandler[], options: ReconcileOptions = {}): ReconcileResult {
    const host = this.#host;
    const body = host.body;
    let built: FilterContext | undefined; // for predicates only, and only when one runs
    const context = (): FilterContext => (built ??= filterContextOf(body, options.context));
    const matching = handlers.filter((handler) => isBackground(handler) && matchesFilters(handler, { body, context }));
    if (options.deleting) {
      this.stop('resource-deleted');
    } else {
      const ids = new Set(matching.map((handler) => handler.id));
      for (const task of host.tasks.values()) if (!ids.has(task.handler.id)) task.stop('filters-mismatch');
      if (host.link.spawning()) {
        for (const handler of matching) {
          if (!host.tasks.has(handler.id) && !host.hasEnded(handler.id)) {
            host.spawn(handler, (owner) => new BackgroundTask(owner, handler, handler.kind === 'timer' ? runTimer : runDaemon));
          }
        }
      }
    }
    const delays: number[] = [];
    let running = 0;
    for (const task of host.tasks.values()) {
      if (!task.live) continue;
      running++;
      const next = task.nextCheckIn;
      if (next !== undefined) delays.push(next);
    }
    const requiresFinalizer = running > 0 || matching.some((handler) => !host.hasEnded(handler.id));
    return { requiresFinalizer, delays, running };
  }

  /** Stop every running task with `reason`. */
  stop(reason: DaemonStoppingReason): void {
    for (const task of [...this.#host.tasks.values()]) task.stop(reason);
  }

  /** Resolves once every task has ended or been abandoned. */
  async settled(): Promise<void> {
    await Promise.all([...this.#host.tasks.values()].map((task) => task.settled));
  }
}
