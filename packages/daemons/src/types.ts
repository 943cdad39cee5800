// The public types of @opkit/daemons: what it asks of its embedder (an `invoke` function, a patch
// factory, the handlers) and what it reports back (lifecycle events, what a cycle decided). The
// embedder — Opkit's core, or anything else — owns invoking, logging outcomes and applying patches.
import type { DaemonContext, DaemonStoppingReason, FilterContext, HandlerPatch, InvocationOutcome, ResourceHandler } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';
import type { Clock, Logger } from '@opkit/tasks';
import type { Scheduler } from './scheduler.js';

/** One attempt of a daemon or one run of a timer, as handed to {@link DaemonInvoke}. */
export interface DaemonInvocation {
  /** The daemon or timer. */
  readonly handler: ResourceHandler;
  /**
   * Its context: the body views (`body`, `spec`, `meta`, `status`, `name`, `namespace`, `uid`, `labels`,
   * `annotations`) read the object's latest body at each access; `patch` is this attempt's own patch,
   * made when the handler first reads it.
   */
  readonly context: DaemonContext;
  /** This attempt's patch, if the handler read `context.patch` (else nothing was written to it). */
  readonly patched: () => HandlerPatch | undefined;
  /** Timers: how many milliseconds after its scheduled time this run started. */
  readonly latenessMs?: number | undefined;
}

/**
 * Invoke one attempt and say what happened. The embedder calls the handler (e.g. with
 * `invokeHandlerNow`), logs the outcome, and applies the attempt's patch (`patched()`, with the result
 * delivered to the status) before resolving. It may return the outcome itself when it has it at once (a
 * plain function's run with nothing to write): a timer's loop then goes on without a turn of the microtask
 * queue. It should not throw or reject; if it does, the attempt counts as an arbitrary error.
 */
export type DaemonInvoke = (invocation: DaemonInvocation) => InvocationOutcome | Promise<InvocationOutcome>;

/** What happened to one daemon or timer of an object. */
export type DaemonEvent =
  /** It was spawned. */
  | { readonly type: 'started'; readonly handler: ResourceHandler }
  /** It was asked to stop (the first time). */
  | { readonly type: 'stopping'; readonly handler: ResourceHandler; readonly reason: DaemonStoppingReason }
  /** Its function returned for good; `onItsOwn` when nobody asked it to stop (it is not restarted then). */
  | { readonly type: 'stopped'; readonly handler: ResourceHandler; readonly reasons: readonly DaemonStoppingReason[]; readonly onItsOwn: boolean }
  /** It did not exit within its cancellation timeout and was left running, orphaned. */
  | { readonly type: 'abandoned'; readonly handler: ResourceHandler };

/** Options of {@link Daemons}. Durations are seconds, as in handler options. */
export interface DaemonsOptions {
  /** @defaultValue systemClock */
  readonly clock?: Clock;
  /** The scheduler all daemons and timers wait in. @defaultValue a new one on `clock` */
  readonly scheduler?: Scheduler;
  /** For what concerns no object in particular. @defaultValue noopLogger */
  readonly logger?: Logger;
  /** Seconds between checks (and log lines) while waiting for a daemon without a cancellation timeout to exit. @defaultValue 60 */
  readonly cancellationPolling?: number;
  /** Seconds before retrying after an invocation that rejected (the handler's own `backoff` wins). @defaultValue 60 */
  readonly defaultBackoff?: number;
  /**
   * Seconds a daemon without a `cancellationTimeout` gets to return after its `signal` is aborted when
   * the operator pauses or exits, before it is abandoned. @defaultValue 0 (the next turn of the scheduler)
   */
  readonly exitTimeout?: number;
}

/** Options of one object's daemons ({@link Daemons.attach}). */
export interface ObjectDaemonsOptions {
  /** The object's body so far. */
  readonly body: KubeObject;
  /** Runs one attempt. @defaultValue `invokeHandler(handler, context)` */
  readonly invoke?: DaemonInvoke;
  /** A fresh patch for each attempt. @defaultValue a plain object patch */
  readonly patch?: () => HandlerPatch;
  /** More context fields for every attempt (e.g. `logger`, `memo`, `resource`). */
  readonly context?: Readonly<Record<string, unknown>>;
  /** The object's logger (`Daemon 'x' …` lines). @defaultValue the options' `context.logger`, else none */
  readonly logger?: Logger;
  /** Told about every start, stop and abandonment of this object's daemons and timers. */
  readonly onEvent?: (event: DaemonEvent) => void;
}

/** Options of {@link ObjectDaemons.reconcile}. */
export interface ReconcileOptions {
  /** The object is being deleted: stop everything (`resource-deleted`) instead of spawning. */
  readonly deleting?: boolean;
  /** The context `when` predicates receive besides the body's views (memo, logger…). */
  readonly context?: Partial<FilterContext>;
}

/** What one reconciliation decided. */
export interface ReconcileResult {
  /**
   * The object must keep the finalizer: a daemon or timer matches it (and has not exited for good), or
   * one is still running or stopping.
   */
  readonly requiresFinalizer: boolean;
  /**
   * Seconds until the next check of daemons that are still stopping; empty when none is (the object
   * may go). An exit or abandonment is also reported through `onEvent` as it happens.
   */
  readonly delays: readonly number[];
  /** Daemons and timers running (or stopping) now. */
  readonly running: number;
}
