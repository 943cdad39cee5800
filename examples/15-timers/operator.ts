// Timers: a function called on a schedule for each object, but only once the object has been left
// alone (no essential change) for a while. OPKIT_EXAMPLE_TIME_SCALE shortens every duration (the
// test uses it).
import { on } from '@opkit/core';

/** Seconds, scaled by OPKIT_EXAMPLE_TIME_SCALE (1 by default). */
function seconds(value: number): number {
  const scale = Number(process.env.OPKIT_EXAMPLE_TIME_SCALE ?? '1');
  return value * (Number.isFinite(scale) && scale > 0 ? scale : 1);
}

on.timer('kopfexamples', function every_few_seconds_sync({ spec, logger }) {
  logger.info(`Ping from a sync timer: field='${spec.field}'`);
}, { idle: seconds(5), interval: seconds(2) });

on.timer('kopfexamples', async function every_few_seconds_async({ spec, logger }) {
  logger.info(`Ping from an async timer: field='${spec.field}'`);
}, { idle: seconds(10), interval: seconds(4) });
