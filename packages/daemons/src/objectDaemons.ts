// The daemons and timers of one object. Its embedder feeds it the object's bodies (`update`) and, once
// per processing cycle, asks it to reconcile: spawn what matches, stop what no longer matches, stop
// everything while the object is being deleted — and say whether the object must keep its finalizer
// and when to look again. Running tasks read the latest body through their context's live views
// (`body`, `spec`, `status`… are read-only views that always show the latest body).
import type { DaemonContext, DaemonStoppingReason, InvocationOutcome, ResourceHandler } from '@opkit/handlers';
import { filterContextOf, invokeHandler, matchesFilters } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { BackgroundTask } from './internal/backgroundTask.js';
import type { TaskHost } from './internal/backgroundTask.js';
import { buildContext, liveViews, plainPatch } from './internal/liveContext.js';
import type { LiveViews } from './internal/liveContext.js';
import { runDaemon, runTimer } from './internal/runners.js';
import type { Scheduler } from './scheduler.js';
import type { DaemonEvent, ObjectDaemonsOptions, ReconcileOptions, ReconcileResult } from './types.js';

/** What an object's daemons get from their {@link Daemons} manager. */
export interface ObjectDaemonsLink {
  readonly scheduler: Scheduler;
  readonly cancellationPolling: number;
  readonly defaultBackoff: number;
  readonly exitTimeout: number;
  /** Whether new daemons may start now (not while the operator pauses or exits). */
  readonly spawning: () => boolean;
  /** The object has no live task left. */
  readonly idle: (object: ObjectDaemons) => void;
}

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
  readonly #link: ObjectDaemonsLink;
  readonly #tasks = new Map<string, BackgroundTask>();
  readonly #foreverStopped = new Set<string>();
  readonly #changeWaiters = new Set<() => void>();
  readonly #views: LiveViews;
  readonly #host: TaskHost;
  #body: KubeObject;
  #lastChange: number;

  constructor(link: ObjectDaemonsLink, key: string, options: ObjectDaemonsOptions) {
    this.#link = link;
    this.key = key;
    this.#body = options.body;
    this.#lastChange = link.scheduler.now();
    this.#views = liveViews(this);
    const extra = options.context ?? {};
    const logger: Logger = options.logger ?? (extra.logger as Logger | undefined) ?? noopLogger;
    const invoke = options.invoke ?? ((invocation) => invokeHandler(invocation.handler, invocation.context, { defaultBackoff: link.defaultBackoff }));
    const patch = options.patch ?? plainPatch;
    const onEvent = options.onEvent ?? (() => undefined);
    this.#host = {
      scheduler: link.scheduler, logger, cancellationPolling: link.cancellationPolling, exitTimeout: link.exitTimeout,
      lastChange: () => this.#lastChange,
      waitForChange: (since, signal) => this.#waitForChange(since, signal),
      context: (task, retry, started): DaemonContext => buildContext(this.#views, extra, {
        handler: task.handler, body: this.#body, retry, started: new Date(started), runtime: Math.max(0, (link.scheduler.now() - started) / 1000),
        stopped: task.stopper, signal: task.signal, patch: patch(),
      }),
      invoke: async (task, context, latenessMs): Promise<InvocationOutcome> => {
        try {
          return await invoke({ handler: task.handler, context, ...(latenessMs === undefined ? {} : { latenessMs }) });
        } catch (error) {
          const delay = task.handler.backoff ?? link.defaultBackoff;
          logger.error(`${task.title} could not be invoked; retrying in ${delay} seconds: ${(error as Error)?.message ?? String(error)}`, { error });
          return { kind: 'exception', error, delay };
        }
      },
      emit: (event: DaemonEvent) => onEvent(event),
      ended: (task, how) => this.#ended(task, how),
    };
  }

  /** The latest body. */
  get body(): KubeObject {
    return this.#body;
  }

  /** When the object last changed essentially (clock ms); its creation here counts as a change. */
  get lastChange(): number {
    return this.#lastChange;
  }

  /** Daemons and timers running or stopping now (abandoned ones do not count). */
  get running(): number {
    let count = 0;
    for (const task of this.#tasks.values()) if (task.live) count++;
    return count;
  }

  /** Whether a handler ended on its own for this object (it is not spawned again). */
  hasEnded(handlerId: string): boolean {
    return this.#foreverStopped.has(handlerId);
  }

  /**
   * A newer body: running tasks see it at once. `changed: true` marks an essential change (it restarts
   * the idle period of timers with `idle`).
   */
  update(body: KubeObject, options: { readonly changed?: boolean } = {}): void {
    this.#body = body;
    if (options.changed) {
      this.#lastChange = this.#link.scheduler.now();
      for (const wake of [...this.#changeWaiters]) wake();
    }
  }

  /**
   * Match the daemons and timers among `handlers` against the latest body: spawn the matching ones
   * that are not running, stop (`filters-mismatch`) the running ones that no longer match — or, while
   * the object is being deleted, stop them all (`resource-deleted`).
   */
  reconcile(handlers: readonly ResourceHandler[], options: ReconcileOptions = {}): ReconcileResult {
    const body = this.#body;
    const context = filterContextOf(body, options.context);
    const matching = handlers.filter((handler) => isBackground(handler) && matchesFilters(handler, { body, context }));
    if (options.deleting) {
      this.stop('resource-deleted');
    } else {
      const ids = new Set(matching.map((handler) => handler.id));
      for (const task of this.#tasks.values()) if (!ids.has(task.handler.id)) task.stop('filters-mismatch');
      if (this.#link.spawning()) {
        for (const handler of matching) {
          if (!this.#tasks.has(handler.id) && !this.#foreverStopped.has(handler.id)) this.#spawn(handler);
        }
      }
    }
    const delays: number[] = [];
    let running = 0;
    for (const task of this.#tasks.values()) {
      if (!task.live) continue;
      running++;
      const next = task.nextCheckIn;
      if (next !== undefined) delays.push(next);
    }
    const requiresFinalizer = running > 0 || matching.some((handler) => !this.#foreverStopped.has(handler.id));
    return { requiresFinalizer, delays, running };
  }

  /** Stop every running task with `reason`. */
  stop(reason: DaemonStoppingReason): void {
    for (const task of [...this.#tasks.values()]) task.stop(reason);
  }

  /** Resolves once every task has ended or been abandoned. */
  async settled(): Promise<void> {
    await Promise.all([...this.#tasks.values()].map((task) => task.settled));
  }

  #spawn(handler: ResourceHandler): void {
    const task = new BackgroundTask(this.#host, handler, handler.kind === 'timer' ? runTimer : runDaemon);
    this.#tasks.set(handler.id, task);
    task.start();
  }

  #ended(task: BackgroundTask, how: { readonly onItsOwn: boolean; readonly abandoned: boolean }): void {
    if (!how.abandoned) {
      if (how.onItsOwn) this.#foreverStopped.add(task.handler.id);
      if (this.#tasks.get(task.handler.id) === task) this.#tasks.delete(task.handler.id);
    }
    if (this.running === 0) this.#link.idle(this);
  }

  #waitForChange(since: number, signal: AbortSignal): Promise<boolean> {
    if (this.#lastChange > since) return Promise.resolve(true);
    if (signal.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const done = (changed: boolean): void => {
        this.#changeWaiters.delete(wake);
        signal.removeEventListener('abort', onAbort);
        resolve(changed);
      };
      const wake = (): void => done(true);
      const onAbort = (): void => done(false);
      this.#changeWaiters.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
