// The operator: two kinds of background work per Ticker, both started when a Ticker appears and
// stopped when it is deleted (or the operator stops).
// - A timer: a function called every TICKER_INTERVAL_SECONDS (default 10) that counts in the status.
// - A daemon: a long-running function with its own state that lives as long as its Ticker.
import { on } from '@opkit/core';
import { Ticker } from './api/ticker.ts';

/** Seconds between two runs of the timer, from the environment (the tests use 1). */
export const TICK_INTERVAL = Number(process.env.TICKER_INTERVAL_SECONDS ?? '10');
if (!Number.isFinite(TICK_INTERVAL) || TICK_INTERVAL <= 0) {
  throw new Error(`TICKER_INTERVAL_SECONDS must be a positive number of seconds, not "${String(process.env.TICKER_INTERVAL_SECONDS)}".`);
}

// The timer: its patch is applied after every run. Paused Tickers are skipped by the filter.
on.timer(Ticker, function tick({ status, patch }) {
  patch.status.ticks = (status.ticks ?? 0) + 1;
  patch.status.lastTick = new Date().toISOString();
}, { interval: TICK_INTERVAL, when: ({ spec }) => spec?.paused !== true });

// The daemon: its state (here, a count of wake-ups) lives in the function for as long as the Ticker
// exists. `stopped.wait()` wakes up at once when the daemon is asked to stop (deletion, operator exit).
on.daemon(Ticker, async function accompany({ spec, stopped, logger }) {
  let wakeUps = 0;
  logger.info('Accompanying this Ticker.');
  while (!(await stopped.wait(TICK_INTERVAL))) {
    wakeUps += 1;
    logger.debug(`${spec.message} (${String(wakeUps)})`);
  }
  logger.info(`Stopped accompanying after ${String(wakeUps)} wake-up(s): ${String(stopped.reason)}.`);
});
