// Daemons: work that accompanies each object for as long as it exists. One daemon watches its
// `stopped` flag and ends on its own after a while; the other is async, ignores `stopped`, and is
// cancelled (its `signal` aborted) on deletion after its cancellation backoff. Both fail three times
// first, to show the restarts. OPKIT_EXAMPLE_TIME_SCALE shortens every duration (the test uses it).
import { setTimeout as delay } from 'node:timers/promises';
import { on, TemporaryError } from '@opkit/core';

/** Seconds, scaled by OPKIT_EXAMPLE_TIME_SCALE (1 by default). */
function seconds(value: number): number {
  const scale = Number(process.env.OPKIT_EXAMPLE_TIME_SCALE ?? '1');
  return value * (Number.isFinite(scale) && scale > 0 ? scale : 1);
}

// This daemon watches the `stopped` flag: it exits after 3 failed attempts and then 30 seconds of
// running (unless stopped earlier), and says so in the status.
on.daemon('kopfexamples', async function background_sync({ spec, stopped, logger, retry, patch }) {
  if (retry < 3) {
    patch.status.message = `Failed ${retry + 1} times.`;
    throw new TemporaryError('Simulated failure.', { delay: seconds(1) });
  }
  const started = Date.now();
  while (!stopped.isSet && Date.now() - started <= seconds(30) * 1000) {
    logger.info(`=> Ping from a sync daemon: field='${spec.field}', retry=${retry}`);
    await stopped.wait(seconds(5));
  }
  patch.status.message = 'Accompanying is finished.';
}, { backoff: 3 });

// This daemon does not look at `stopped`: it runs until its `signal` aborts, which happens on
// deletion 1 s after it is asked to stop (then it gets 0.5 s more before it is abandoned; that limit
// is not scaled, it only bounds the wait).
on.daemon('kopfexamples', async function background_async({ spec, logger, retry, signal }) {
  if (retry < 3) throw new TemporaryError('Simulated failure.', { delay: seconds(1) });
  for (;;) {
    logger.info(`=> Ping from an async daemon: field='${spec.field}'`);
    await delay(seconds(5) * 1000, undefined, { signal });
  }
}, { backoff: 3, cancellationBackoff: seconds(1), cancellationTimeout: 0.5, annotations: { someannotation: 'somevalue' } });
