// One daemon or timer of one object: its run (the daemon's or timer's loop), its two signals, and
// how it is stopped. Stopping escalates in Kopf's steps, each step an entry in the shared scheduler:
// set `stopped` (→ `stopped.signal`), wait `cancellationBackoff`, abort `signal`, wait
// `cancellationTimeout`, then abandon with a warning. Without a timeout an object-level stop (deletion,
// filter mismatch) waits as long as it takes, checking every `cancellationPolling`; an operator-level
// stop (pausing, exiting) never waits longer than the backoff plus the exit timeout.
import type { DaemonContext, DaemonStoppingReason, InvocationOutcome, ResourceHandler } from '@opkit/handlers';
import { isOutcomePending, runInTaskScope } from '@opkit/handlers';
import type { Logger } from '@opkit/tasks';
import type { ScheduledEntry, Scheduler } from '../scheduler.js';
import { DaemonStopper } from '../stopper.js';
import type { DaemonEvent } from '../types.js';

/** What a task needs from the object it belongs to. */
export interface TaskHost {
  readonly scheduler: Scheduler;
  readonly logger: Logger;
  /** Seconds between checks while waiting for an unbounded stop. */
  readonly cancellationPolling: number;
  /** Seconds an operator-level stop gives a daemon without a cancellation timeout after aborting its signal. */
  readonly exitTimeout: number;
  /** The last essential change (clock ms). */
  lastChange(): number;
  /** Resolves `true` once an essential change happens after `since` (clock ms), `false` when `signal` aborts first. */
  waitForChange(since: number, signal: AbortSignal): Promise<boolean>;
  /** The context of an attempt (its patch made on first access). */
  context(task: BackgroundTask, retry: number, started: number): DaemonContext;
  /**
   * One attempt: build its context (the task's `current` from then on) and invoke it; its outcome, at once
   * when it has it. Never throws or rejects.
   */
  attempt(task: BackgroundTask, retry: number, started: number, latenessMs: number | undefined): InvocationOutcome | Promise<InvocationOutcome>;
  emit(event: DaemonEvent): void;
  /** The task's run has ended (or it was abandoned: `abandoned`). */
  ended(task: BackgroundTask, how: { readonly onItsOwn: boolean; readonly abandoned: boolean }): void;
}

/** Where a task is in its life. */
export type TaskState = 'running' | 'stopping' | 'exited' | 'abandoned';

/** The loop of a daemon or a timer. */
export type TaskRun = (task: BackgroundTask, host: TaskHost) => Promise<void>;

function isOperatorReason(reason: DaemonStoppingReason): boolean {
  return reason === 'operator-pausing' || reason === 'operator-exiting';
}

/**
 * A running daemon or timer.
 *
 * Guarantees: the run starts on a later microtask than `start()`; `settled` resolves once the run has
 * ended or the task was abandoned, whichever is first; after the run ends no step of its stop is left
 * in the scheduler.
 */
export class BackgroundTask {
  readonly handler: ResourceHandler;
  readonly stopper: DaemonStopper;
  /** `Daemon 'id'` or `Timer 'id'`, as log lines name it. */
  readonly title: string;
  /** Resolves when the run has ended or the task was abandoned. */
  readonly settled: Promise<void>;
  /** What every attempt's context shares, made by the host at the first attempt. */
  contextBase: Readonly<Record<string, unknown>> | undefined;
  /** The context of the attempt running now (or last run): the task scope's `context`. Set by the host. */
  current: DaemonContext | undefined;
  readonly #host: TaskHost;
  readonly #run: TaskRun;
  /** The forced-stop signal, made when first read; the reason it was (or is to be) aborted with. */
  #cancel: AbortController | undefined;
  #cancelReason: DOMException | undefined;
  #state: TaskState = 'running';
  #mode: 'object' | 'operator' = 'object';
  #step: ScheduledEntry | undefined;
  #settle!: () => void;

  constructor(host: TaskHost, handler: ResourceHandler, run: TaskRun) {
    this.#host = host;
    this.#run = run;
    this.handler = handler;
    this.stopper = new DaemonStopper(host.scheduler);
    this.title = `${handler.kind === 'timer' ? 'Timer' : 'Daemon'} '${handler.id}'`;
    this.settled = new Promise<void>((resolve) => { this.#settle = resolve; });
  }

  /** Aborted at the forced step of a stop (the handler's `signal`). */
  get signal(): AbortSignal {
    if (!this.#cancel) {
      this.#cancel = new AbortController();
      if (this.#cancelReason) this.#cancel.abort(this.#cancelReason);
    }
    return this.#cancel.signal;
  }

  get state(): TaskState {
    return this.#state;
  }

  /** Running or stopping (not yet exited, not abandoned). */
  get live(): boolean {
    return this.#state === 'running' || this.#state === 'stopping';
  }

  /** Seconds until the next step of a stop in progress; `undefined` when not stopping. */
  get nextCheckIn(): number | undefined {
    if (this.#state !== 'stopping' || this.#step === undefined) return undefined;
    return Math.max(0, (this.#step.due - this.#host.scheduler.now()) / 1000);
  }

  now(): number {
    return this.#host.scheduler.now();
  }

  /** Sleep until `due` (clock ms) unless asked to stop first; returns whether it slept through. */
  sleepUntil(due: number): Promise<boolean> {
    return this.stopper.sleepUntil(due);
  }

  /** Start the run, in the task's scope (its attempts' handlers are called in it: see runInTaskScope). */
  start(): void {
    this.#host.emit({ type: 'started', handler: this.handler });
    void runInTaskScope({ handler: this.handler }, () => this.current, () => this.#main());
  }

  async #main(): Promise<void> {
    await Promise.resolve(); // never inside the caller's turn
    try {
      await this.#run(this, this.#host);
    } catch (error) {
      this.#host.logger.error(`${this.title} crashed: ${(error as Error)?.message ?? String(error)}`, { error, stack: true });
    } finally {
      this.#ended();
    }
  }

  /** Wait for the initial delay (if any); resolves with the due time of the first run. */
  async initialDelay(): Promise<number> {
    const value = this.handler.initialDelay;
    const now = this.now();
    if (value === undefined) return now;
    let seconds = 0;
    try {
      seconds = typeof value === 'function' ? value(this.#host.context(this, 0, now)) : value;
    } catch (error) {
      this.#host.logger.error(`${this.title}'s initial delay failed; starting at once: ${(error as Error)?.message ?? String(error)}`, { error });
    }
    const due = now + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0);
    await this.sleepUntil(due);
    return due;
  }

  /**
   * One attempt: build the context and invoke it (its outcome at once when the handler had it at once).
   * The context is the scope's only while the attempt runs: kept until the next run, every context of
   * ten thousand timers would outlive a young-generation collection and be promoted.
   */
  attempt(retry: number, started: number, latenessMs?: number): InvocationOutcome | Promise<InvocationOutcome> {
    const outcome = this.#host.attempt(this, retry, started, latenessMs);
    if (isOutcomePending(outcome)) return outcome.then(this.#ran);
    this.current = undefined;
    return outcome;
  }

  readonly #ran = (outcome: InvocationOutcome): InvocationOutcome => {
    this.current = undefined;
    return outcome;
  };

  /** Ask the task to stop; later calls add reasons and may turn an object-level stop into an operator-level one. */
  stop(reason: DaemonStoppingReason): void {
    if (!this.live) return;
    const first = !this.stopper.isSet;
    this.stopper.set(reason);
    if (first) {
      this.#state = 'stopping';
      this.#mode = isOperatorReason(reason) ? 'operator' : 'object';
      this.#host.emit({ type: 'stopping', handler: this.handler, reason });
      const backoff = this.handler.cancellationBackoff;
      if (backoff !== undefined) {
        this.stopper.set('signalled');
        this.#host.logger.debug(`${this.title} is signalled to exit gracefully.`);
      }
      this.#schedule((this.stopper.when ?? this.now()) + (backoff ?? 0) * 1000, () => this.#force());
    } else if (isOperatorReason(reason) && this.#mode === 'object') {
      this.#mode = 'operator';
      // A stop that would wait forever becomes bounded; one already on its timeout keeps its schedule.
      if (this.handler.cancellationTimeout === undefined) this.#schedule(this.now(), () => this.#force());
    }
  }

  /** The forced step: abort `signal` and wait the timeout; or keep polling (object-level, no timeout). */
  #force(): void {
    if (!this.live) return;
    const timeout = this.handler.cancellationTimeout ?? (this.#mode === 'operator' ? this.#host.exitTimeout : undefined);
    if (timeout !== undefined) {
      if (!this.#cancelReason) {
        this.stopper.set('cancelled');
        this.#host.logger.debug(`${this.title} is signalled to exit by force.`);
        this.#abort(new DOMException(`${this.title} is cancelled (${this.stopper.reason}).`, 'AbortError'));
      }
      const start = this.handler.cancellationTimeout !== undefined
        ? (this.stopper.when ?? this.now()) + (this.handler.cancellationBackoff ?? 0) * 1000
        : this.now();
      this.#schedule(start + timeout * 1000, () => this.#abandon());
      return;
    }
    const polling = this.handler.cancellationPolling ?? this.#host.cancellationPolling;
    this.#host.logger.debug(`${this.title} is still exiting. The next check is in ${polling} seconds.`);
    this.#schedule(this.now() + polling * 1000, () => this.#force());
  }

  #abandon(): void {
    if (!this.live) return;
    this.stopper.set('abandoned');
    this.#host.logger.warn(`${this.title} did not exit in time. Leaving it orphaned.`);
    if (!this.#cancelReason) this.#abort(new DOMException(`${this.title} is abandoned (${this.stopper.reason}).`, 'AbortError'));
    this.#state = 'abandoned';
    this.#host.emit({ type: 'abandoned', handler: this.handler });
    this.#settle();
    this.#host.ended(this, { onItsOwn: false, abandoned: true });
  }

  #abort(reason: DOMException): void {
    this.#cancelReason = reason;
    this.#cancel?.abort(reason);
  }

  #schedule(due: number, step: () => void): void {
    this.#host.scheduler.cancel(this.#step);
    this.#step = this.#host.scheduler.at(due, () => {
      this.#step = undefined;
      step();
    });
  }

  #ended(): void {
    this.#host.scheduler.cancel(this.#step);
    this.#step = undefined;
    const onItsOwn = !this.stopper.isSet;
    this.stopper.set('done');
    this.#state = 'exited';
    this.#host.logger.debug(onItsOwn
      ? `${this.title} has exited on its own and will not be retried or restarted.`
      : `${this.title} has exited on request and will not be retried or restarted.`);
    this.#host.emit({ type: 'stopped', handler: this.handler, reasons: this.stopper.reasons, onItsOwn });
    this.#settle();
    this.#host.ended(this, { onItsOwn, abandoned: false });
  }
}
