// The state of one object's daemons and timers, and what their tasks ask of it (TaskHost): the latest
// body and its last essential change, the contexts of attempts, invoking them, and the bookkeeping when
// a task ends. One object per watched object, methods on the prototype and collections made only when
// needed, so that ten thousand objects stay cheap; ObjectDaemons is its public face.
import type { DaemonContext, HandlerPatch, InvocationOutcome, ResourceHandler } from '@opkit/handlers';
import { invokeHandlerNow, isOutcomePending } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import type { Scheduler } from '../scheduler.js';
import type { DaemonEvent, DaemonInvoke, ObjectDaemonsOptions } from '../types.js';
import type { BackgroundTask, TaskHost } from './backgroundTask.js';
import { buildContext, LazyPatch, liveViews, plainPatch, taskContextBase } from './liveContext.js';
import type { LiveViews } from './liveContext.js';

/** What an object's daemons get from their manager. */
export interface ObjectDaemonsLink {
  readonly scheduler: Scheduler;
  readonly cancellationPolling: number;
  readonly defaultBackoff: number;
  readonly exitTimeout: number;
  /** Whether new daemons may start now (not while the operator pauses or exits). */
  readonly spawning: () => boolean;
  /** The object has no live task left. */
  readonly idle: (host: ObjectHost) => void;
}

const noEvents = (): void => undefined;

/** The state behind one ObjectDaemons. */
export class ObjectHost implements TaskHost {
  readonly link: ObjectDaemonsLink;
  readonly key: string;
  readonly logger: Logger;
  /** Running, stopping or abandoned-but-unfinished tasks, by handler id. */
  readonly tasks = new Map<string, BackgroundTask>();
  /** Handlers that ended on their own for this object (never spawned again). */
  foreverStopped: Set<string> | undefined;
  body: KubeObject;
  lastChanged: number;
  readonly #extra: Readonly<Record<string, unknown>>;
  readonly #invoke: DaemonInvoke | undefined;
  readonly #patch: () => HandlerPatch;
  readonly #onEvent: (event: DaemonEvent) => void;
  #views: LiveViews | undefined;
  #changeWaiters: Set<() => void> | undefined;

  constructor(link: ObjectDaemonsLink, key: string, options: ObjectDaemonsOptions) {
    this.link = link;
    this.key = key;
    this.body = options.body;
    this.lastChanged = link.scheduler.now();
    this.#extra = options.context ?? {};
    this.logger = options.logger ?? (this.#extra.logger as Logger | undefined) ?? noopLogger;
    this.#invoke = options.invoke;
    this.#patch = options.patch ?? plainPatch;
    this.#onEvent = options.onEvent ?? noEvents;
  }

  get scheduler(): Scheduler {
    return this.link.scheduler;
  }

  get cancellationPolling(): number {
    return this.link.cancellationPolling;
  }

  get exitTimeout(): number {
    return this.link.exitTimeout;
  }

  lastChange(): number {
    return this.lastChanged;
  }

  /** A newer body; an essential change wakes the idle-only timers waiting for one. */
  update(body: KubeObject, changed: boolean): void {
    this.body = body;
    if (!changed) return;
    this.lastChanged = this.link.scheduler.now();
    if (this.#changeWaiters) for (const wake of [...this.#changeWaiters]) wake();
  }

  hasEnded(handlerId: string): boolean {
    return this.foreverStopped?.has(handlerId) ?? false;
  }

  waitForChange(since: number, signal: AbortSignal): Promise<boolean> {
    if (this.lastChanged > since) return Promise.resolve(true);
    if (signal.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiters = (this.#changeWaiters ??= new Set());
      const done = (changed: boolean): void => {
        waiters.delete(wake);
        signal.removeEventListener('abort', onAbort);
        resolve(changed);
      };
      const wake = (): void => done(true);
      const onAbort = (): void => done(false);
      waiters.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  context(task: BackgroundTask, retry: number, started: number): DaemonContext {
    return buildContext(this.#base(task), retry, new Date(started), this.#runtime(started), new LazyPatch(this.#patch));
  }

  attempt(task: BackgroundTask, retry: number, started: number, latenessMs: number | undefined): InvocationOutcome | Promise<InvocationOutcome> {
    const { handler } = task;
    // No async frame of its own, and what it allocates is what the attempt needs: every timer run of every
    // object comes through here.
    try {
      const patch = new LazyPatch(this.#patch);
      const context = buildContext(this.#base(task), retry, new Date(started), this.#runtime(started), patch);
      task.current = context;
      let invoked: InvocationOutcome | Promise<InvocationOutcome>;
      if (this.#invoke) {
        const patched = (): HandlerPatch | undefined => patch.made;
        invoked = this.#invoke(latenessMs === undefined ? { handler, context, patched } : { handler, context, patched, latenessMs });
      } else {
        invoked = invokeHandlerNow(handler, context, { defaultBackoff: this.link.defaultBackoff });
      }
      return isOutcomePending(invoked) ? Promise.resolve(invoked).catch((error: unknown) => this.#notInvoked(task, error)) : invoked;
    } catch (error) {
      return this.#notInvoked(task, error);
    }
  }

  /** What every attempt of `task` shares, made at its first. */
  #base(task: BackgroundTask): Readonly<Record<string, unknown>> {
    return (task.contextBase ??= taskContextBase((this.#views ??= liveViews(this)), this.#extra, {
      handler: task.handler, body: this.body, stopped: task.stopper, signal: task.signal,
    }));
  }

  #runtime(started: number): number {
    return Math.max(0, (this.link.scheduler.now() - started) / 1000);
  }

  #notInvoked(task: BackgroundTask, error: unknown): InvocationOutcome {
    const delay = task.handler.backoff ?? this.link.defaultBackoff;
    this.logger.error(`${task.title} could not be invoked; retrying in ${delay} seconds: ${(error as Error)?.message ?? String(error)}`, { error });
    return { kind: 'exception', error, delay };
  }

  emit(event: DaemonEvent): void {
    this.#onEvent(event);
  }

  ended(task: BackgroundTask, how: { readonly onItsOwn: boolean; readonly abandoned: boolean }): void {
    if (!how.abandoned) {
      if (how.onItsOwn) (this.foreverStopped ??= new Set()).add(task.handler.id);
      if (this.tasks.get(task.handler.id) === task) this.tasks.delete(task.handler.id);
    }
    if (this.running() === 0) this.link.idle(this);
  }

  /** Tasks running or stopping (abandoned ones do not count). */
  running(): number {
    let count = 0;
    for (const task of this.tasks.values()) if (task.live) count++;
    return count;
  }

  /** The handler id's task, spawned. */
  spawn(handler: ResourceHandler, make: (host: ObjectHost) => BackgroundTask): void {
    const task = make(this);
    this.tasks.set(handler.id, task);
    task.start();
  }
}
