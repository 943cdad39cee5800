// The operator under test in its own process in `pnpm bench`: `opkit` (the Opkit operator) or `raw` (the
// @kubernetes/client-node baseline), given as the first argument, the API server's URL as the second.
// Answers the driver's `stats` with its own CPU time, memory and handler counters, `latencies` with the
// update handler's latencies, and `measure-start`/`measure-stop` with the timer lateness in between.
import type { BenchOperator } from './benchOperator.js';
import { newCounters } from './benchOperator.js';
import { reportReady, serveDriver } from './ipc.js';
import { startOpkitOperator } from './opkitOperator.js';
import type { OperatorStats, TimerWindow } from './protocol.js';
import { ownStats } from './protocol.js';
import { startRawOperator } from '../raw/rawOperator.js';

const [impl, url] = process.argv.slice(2);
if ((impl !== 'opkit' && impl !== 'raw') || !url) {
  console.error(`usage: operatorChild.js opkit|raw <api-server-url>; got ${JSON.stringify(process.argv.slice(2))}`);
  process.exit(2);
}
const counters = newCounters();
const running: { operator?: BenchOperator } = {};
serveDriver((request) => {
  switch (request.cmd) {
    case 'stats': {
      const stats: OperatorStats = {
        ...ownStats(request.gc === true),
        created: counters.created, updated: counters.updated, resumed: counters.resumed,
        ...(counters.lastResumeAt === undefined ? {} : { lastResumeAt: counters.lastResumeAt }),
        ticks: counters.ticks, tickedObjects: counters.ticked.size,
      };
      return stats;
    }
    case 'latencies':
      return counters.updateLatencies;
    case 'measure-start':
      counters.lateness = [];
      return null;
    case 'measure-stop': {
      const window: TimerWindow = { lateness: counters.lateness ?? [] };
      counters.lateness = undefined;
      return window;
    }
    default:
      throw new Error(`unknown command ${JSON.stringify(request.cmd)}`);
  }
}, async () => running.operator?.stop());
running.operator = impl === 'opkit' ? await startOpkitOperator(url, counters) : await startRawOperator(url, counters);
await running.operator.ready;
reportReady({ type: 'ready' });
