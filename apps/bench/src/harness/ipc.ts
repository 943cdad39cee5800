// The child side of the driver's IPC: answer requests with a handler, report readiness, and exit as soon as
// the driver goes away (its IPC channel closes), so a crashed or interrupted driver never leaks a child.
import type { ChildReady, ChildRequest, ChildResponse } from './protocol.js';

/**
 * Serves the driver's requests in this child; `onStop` runs before the process exits on `stop`, SIGTERM,
 * SIGINT or a lost driver.
 *
 * @example
 * serveDriver(async (req) => ownStats(req.gc === true), async () => server.close());
 */
export function serveDriver(answer: (request: ChildRequest) => unknown, onStop: () => Promise<void>): void {
  if (!process.send) throw new Error('this script is a bench child process: start it with child_process.fork() from the bench driver');
  let stopping: Promise<void> | undefined;
  const stop = (code: number): Promise<void> => {
    if (!stopping) {
      // Stop cleanly, but never outlive the driver by more than a few seconds.
      setTimeout(() => process.exit(code), 5000).unref();
      stopping = onStop().catch(() => undefined).finally(() => process.exit(code));
    }
    return stopping;
  };
  process.on('message', (message: ChildRequest) => {
    if (message.cmd === 'stop') {
      process.send?.({ id: message.id, result: null } satisfies ChildResponse, () => void stop(0));
      return;
    }
    Promise.resolve()
      .then(() => answer(message))
      .then(
        (result) => process.send?.({ id: message.id, result } satisfies ChildResponse),
        (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies ChildResponse),
      );
  });
  process.on('disconnect', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
}

/** Tells the driver this child is up. */
export function reportReady(ready: ChildReady): void {
  process.send?.(ready);
}
