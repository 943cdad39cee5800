// The Opkit operator under test, written with @opkit/core's public API as a user would: a create handler
// returning a value (stored in status.create_fn), an update handler recording when it started, a resume
// handler, and a 1 s timer on the timer objects.
import { createLogger, Operator, Registry } from '@opkit/core';
import { connect } from '@opkit/kube';
import { timerRun } from './benchOperator.js';
import type { BenchOperator, HandlerCounters } from './benchOperator.js';
import { nowMs, TIMERS, WIDGETS } from './protocol.js';

/**
 * Starts the Opkit operator against the API server at `url`, counting into `counters`.
 *
 * @example
 * const op = await startOpkitOperator('http://127.0.0.1:6443', newCounters()); await op.ready;
 */
export async function startOpkitOperator(url: string, counters: HandlerCounters): Promise<BenchOperator> {
  const registry = new Registry();
  registry.on.create(WIDGETS, function create_fn({ spec }) {
    counters.created++;
    return { message: `created ${String(spec.value)}` };
  });
  registry.on.update(WIDGETS, function update_fn({ spec }) {
    const startedAt = nowMs();
    counters.updated++;
    if (typeof spec.sentAt === 'number') counters.updateLatencies.push(startedAt - spec.sentAt);
    return { startedAt };
  });
  registry.on.resume(WIDGETS, function resume_fn() {
    counters.resumed++;
    counters.lastResumeAt = nowMs();
  });
  // Timer lateness measured in the handler, as the raw baseline and the Kopf operator measure theirs: a run's
  // start against the end of the previous run + 1 s (the timer is not `sharp`: its interval counts from the end
  // of a run). It includes what the framework does between a run's end and the next start.
  const run = timerRun(counters);
  registry.on.timer(TIMERS, function tick({ name }) {
    run(name);
  }, { interval: 1 });

  const client = await connect({ server: { url } });
  // The raw baseline posts no Events: neither does this operator, unless the run measures what Opkit's default
  // (`posting.loggers: true`, every object log line — one "Timer 'tick' succeeded." per run — as an aggregated
  // Event) costs: `pnpm bench --logging-events` (BENCH_LOGGING_EVENTS=1 in the children's environment).
  const loggingEvents = process.env.BENCH_LOGGING_EVENTS === '1';
  const operator = new Operator({
    registry, client, clusterwide: true, settings: { posting: { loggers: loggingEvents } },
    logger: createLogger({ format: 'plain', level: 'warn', write: () => undefined }),
  });
  const controller = new AbortController();
  const running = operator.run(controller.signal);
  return {
    ready: operator.ready,
    async stop() {
      controller.abort();
      await running.catch(() => undefined);
      client.close();
    },
  };
}
