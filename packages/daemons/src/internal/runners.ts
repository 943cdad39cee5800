// The two loops: a daemon (invoked until it returns for good, restarted after temporary failures) and
// a timer (invoked on its schedule: initial delay, idle, interval or sharp grid; errors override the
// schedule). A daemon runs in a RestartingTask on the shared scheduler: a temporary failure is a restart
// after the delay it names (Kopf's semantics: the error's delay, else the handler's backoff), a crash of
// the loop itself a restart with exponential backoff. A timer, which runs every interval on every object,
// is a loop of callbacks with the same semantics and no promise per run (TimerLoop). Both wait only in the
// scheduler and wake at once when asked to stop.
import type { InvocationOutcome } from '@opkit/handlers';
import { captureScope, isOutcomePending } from '@opkit/handlers';
import { ExponentialBackOff, RestartingTask } from '@opkit/tasks';
import type { ScheduledEntry } from '../scheduler.js';
import type { BackgroundTask, TaskHost } from './backgroundTask.js';

/** A restart after `ms`, asked for by a temporary failure (never logged as a crash). */
class Retry extends Error {
  constructor(readonly ms: number) {
    super('retry');
  }
}

const delayOf = (error: unknown): number | undefined => (error instanceof Retry ? error.ms : undefined);

function retriable(outcome: InvocationOutcome): outcome is Extract<InvocationOutcome, { delay: number }> {
  return outcome.kind === 'temporary' || outcome.kind === 'exception';
}

/**
 * Run `body` until it returns or the task is asked to stop: a {@link Retry} restarts it after its delay,
 * anything else it throws after the next exponential backoff delay (1 s, 2 s … 120 s), logged as a crash.
 */
async function restarting(task: BackgroundTask, host: TaskHost, body: () => Promise<void>): Promise<void> {
  if (task.stopper.isSet) return;
  const runner = new RestartingTask(async () => {
    try {
      await body();
    } catch (error) {
      if (!(error instanceof Retry)) host.logger.error(`${task.title} crashed; restarting: ${(error as Error)?.message ?? String(error)}`, { error, stack: true });
      throw error;
    }
  }, { clock: host.scheduler, delayOf });
  const stop = (): void => runner.stop();
  task.stopper.onSet(stop);
  runner.start();
  try {
    await runner.finished();
  } finally {
    task.stopper.offSet(stop);
  }
}

/**
 * A daemon: after the initial delay, invoke it; a temporary failure (TemporaryError, or an arbitrary
 * error in `errors: 'temporary'` mode) restarts it after its delay with `retry` counting up; anything
 * else — returning, a permanent failure, retries or timeout used up, an ignored error — ends it.
 */
export async function runDaemon(task: BackgroundTask, host: TaskHost): Promise<void> {
  await task.initialDelay();
  let retry = 0;
  const started = task.now();
  await restarting(task, host, async () => {
    const outcome = await task.attempt(retry, started);
    if (!retriable(outcome)) return;
    retry += 1;
    throw new Retry(outcome.delay * 1000);
  });
}

/**
 * A timer: after the initial delay, repeatedly wait until the object has been idle for `idle` seconds
 * (if set), invoke, then sleep `interval` — or, when `sharp`, whatever is left of the interval counted
 * from the start of the run. A failure overrides the schedule with its delay (a restart); a permanent one
 * ends the timer. The retry counter and `started` reset after every success. Runs never overlap.
 */
export async function runTimer(task: BackgroundTask, host: TaskHost): Promise<void> {
  const due = await task.initialDelay();
  await new Promise<void>((resolve) => new TimerLoop(task, host, due, resolve).next());
}

/**
 * The timer's loop as steps, not as an async function: a timer runs every interval on every object, and a
 * run of a plain function then costs no promise, no turn of the microtask queue and no allocation for the
 * sleep (the loop's one scheduler entry goes back in the queue). Each step is a callback of the scheduler
 * or of a settled attempt; steps enter the task's scope (captured once), as an async loop's continuations
 * would. A stop wakes a sleeping loop at once. A crash of a step itself (never the handler's errors: those
 * are outcomes) is logged and the loop restarts after an exponential backoff, as a daemon's loop does in
 * its RestartingTask. What a run touches is kept in this one object: at ten thousand timers of 1 s, each
 * run finds its data out of the processor's caches, and every other object it reads costs a miss.
 */
class TimerLoop {
  readonly #task: BackgroundTask;
  readonly #host: TaskHost;
  readonly #scheduler: TaskHost['scheduler'];
  readonly #done: () => void;
  readonly #idleMs: number | undefined;
  readonly #intervalMs: number | undefined;
  readonly #sharp: boolean;
  /** Runs a function in the task's scope. */
  readonly #enter: ReturnType<typeof captureScope>;
  /** The loop's wait in the scheduler, put back at every sleep. */
  #entry: ScheduledEntry | undefined;
  #sleeping = false;
  /** The task was asked to stop (the stopper's flag, mirrored here). */
  #stopped = false;
  /** When the next run was due (its lateness counts from it). */
  #due: number;
  #retry = 0;
  #started: number | undefined;
  #runStarted = 0;
  #crashes: ExponentialBackOff | undefined;

  constructor(task: BackgroundTask, host: TaskHost, due: number, done: () => void) {
    this.#task = task;
    this.#host = host;
    this.#scheduler = host.scheduler;
    this.#due = due;
    const { idle, interval, sharp } = task.handler;
    this.#idleMs = idle === undefined ? undefined : idle * 1000;
    this.#intervalMs = interval === undefined ? undefined : interval * 1000;
    this.#sharp = sharp === true;
    this.#enter = captureScope();
    const onStop = (): void => {
      this.#stopped = true;
      if (!this.#sleeping) return;
      this.#scheduler.cancel(this.#entry);
      this.fire();
    };
    task.stopper.onSet(onStop);
    this.#done = () => {
      task.stopper.offSet(onStop);
      done();
    };
  }

  /** Where every sleep ends (the scheduler calls it, in whichever scope armed its clock timer): go on in the task's scope. */
  fire(): void {
    this.#sleeping = false;
    this.#enter(step, this);
  }

  /** Wait for the idle period if any, then run once (or end, when asked to stop). */
  readonly next = (): void => {
    try {
      this.#next();
    } catch (error) {
      this.#crashed(error);
    }
  };

  readonly #settled = (outcome: InvocationOutcome): void => {
    try {
      this.#after(outcome);
    } catch (error) {
      this.#crashed(error);
    }
  };

  /** Wake at `due` (clock ms), or at once when asked to stop. */
  #sleepUntil(due: number): void {
    if (this.#stopped) return this.#done();
    this.#entry = this.#entry === undefined ? this.#scheduler.at(due, this) : this.#scheduler.again(this.#entry, due);
    this.#sleeping = true;
  }

  #next(): void {
    if (this.#stopped) return this.#done();
    const task = this.#task;
    const idleMs = this.#idleMs;
    if (idleMs !== undefined) {
      // The last change may move while we sleep: re-check after each wake, never cut a sleep short.
      const lastChange = this.#host.lastChange();
      if (this.#scheduler.now() - lastChange < idleMs) {
        this.#due = lastChange + idleMs;
        return this.#sleepUntil(this.#due);
      }
    }
    const runStarted = (this.#runStarted = this.#scheduler.now());
    this.#started ??= runStarted;
    const outcome = task.attempt(this.#retry, this.#started, Math.max(0, runStarted - this.#due));
    if (isOutcomePending(outcome)) void outcome.then(this.#settled);
    else this.#after(outcome);
  }

  #after(outcome: InvocationOutcome): void {
    if (outcome.kind === 'temporary' || outcome.kind === 'exception') {
      // The failure's delay overrides the schedule, and the next run counts as a retry.
      this.#retry += 1;
      this.#due = this.#scheduler.now() + outcome.delay * 1000;
      return this.#sleepUntil(this.#due);
    }
    if (outcome.kind === 'permanent' || outcome.kind === 'timeout') return this.#done();
    this.#retry = 0;
    this.#started = undefined;
    const intervalMs = this.#intervalMs;
    if (intervalMs !== undefined) {
      const now = this.#scheduler.now();
      this.#due = this.#sharp ? now + (intervalMs - ((now - this.#runStarted) % intervalMs)) : now + intervalMs;
      return this.#sleepUntil(this.#due);
    }
    if (this.#idleMs !== undefined) {
      // Idle-only: run once per quiet period, so wait for the next change first.
      void this.#host.waitForChange(this.#runStarted, this.#task.stopper.signal).then(this.next);
      return;
    }
    this.#done(); // neither interval nor idle: a one-shot timer
  }

  #crashed(error: unknown): void {
    const task = this.#task;
    this.#host.logger.error(`${task.title} crashed; restarting: ${(error as Error)?.message ?? String(error)}`, { error, stack: true });
    const delay = (this.#crashes ??= new ExponentialBackOff({ base: 2, start: 1000, max: 120_000 })).next();
    this.#sleepUntil(this.#scheduler.now() + delay);
  }
}

/** A loop's step, shared by every loop (entering a scope with it makes no closure). */
function step(loop: TimerLoop): void {
  loop.next();
}
