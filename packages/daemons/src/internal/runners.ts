// The two loops: a daemon (invoked until it returns for good, restarted after temporary failures) and
// a timer (invoked on its schedule: initial delay, idle, interval or sharp grid; errors override the
// schedule). Each runs in a RestartingTask on the shared scheduler: a temporary failure is a restart
// after the delay it names (Kopf's semantics: the error's delay, else the handler's backoff), a crash of
// the loop itself a restart with exponential backoff. Both wait only in the scheduler and wake at once
// when asked to stop.
import type { InvocationOutcome } from '@opkit/handlers';
import { RestartingTask } from '@opkit/tasks';
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
  const { handler, stopper } = task;
  const idleMs = handler.idle === undefined ? undefined : handler.idle * 1000;
  const intervalMs = handler.interval === undefined ? undefined : handler.interval * 1000;
  let due = await task.initialDelay();
  let retry = 0;
  let started: number | undefined;
  await restarting(task, host, async () => {
    while (!stopper.isSet) {
      if (idleMs !== undefined) {
        // The last change may move while we sleep: re-check after each wake, never cut a sleep short.
        while (!stopper.isSet && task.now() - host.lastChange() < idleMs) {
          due = host.lastChange() + idleMs;
          await task.sleepUntil(due);
        }
        if (stopper.isSet) return;
      }
      const runStarted = task.now();
      started ??= runStarted;
      const outcome = await task.attempt(retry, started, Math.max(0, runStarted - due));
      if (retriable(outcome)) {
        retry += 1;
        due = task.now() + outcome.delay * 1000;
        throw new Retry(outcome.delay * 1000);
      }
      if (outcome.kind === 'permanent' || outcome.kind === 'timeout') return;
      retry = 0;
      started = undefined;
      if (intervalMs !== undefined) {
        const now = task.now();
        due = handler.sharp ? now + (intervalMs - ((now - runStarted) % intervalMs)) : now + intervalMs;
        await task.sleepUntil(due);
      } else if (idleMs !== undefined) {
        // Idle-only: run once per quiet period, so wait for the next change first.
        await host.waitForChange(runStarted, stopper.signal);
      } else {
        return; // neither interval nor idle: a one-shot timer
      }
    }
  });
}
