// The operator under test in its own process in `pnpm bench`: `opkit` (the Opkit operator), `raw` (the
// @kubernetes/client-node baseline) or `kopf` (Kopf, in a Python process this one starts and measures),
// given as the first argument, the API server's URL as the second; for `kopf`, the Kopf source checkout as
// the third and optionally the Python interpreter as the fourth. Answers the driver's `stats` with the
// operator's CPU time, memory and handler counters, `latencies` with the update handler's latencies, and
// `measure-start`/`measure-stop` with the timer lateness in between.
import type { BenchOperator } from './benchOperator.js';
import { newCounters } from './benchOperator.js';
import { reportReady, serveDriver } from './ipc.js';
import type { KopfCounters, KopfOperator } from './kopfOperator.js';
import type { OperatorStats, TimerWindow } from './protocol.js';
import { ownStats } from './protocol.js';

const [impl, url, kopfDir, python] = process.argv.slice(2);
if (!(impl === 'opkit' || impl === 'raw' || (impl === 'kopf' && kopfDir)) || !url) {
  console.error(`usage: operatorChild.js opkit|raw <api-server-url> | kopf <api-server-url> <kopf-source-dir> [python]; got ${JSON.stringify(process.argv.slice(2))}`);
  process.exit(2);
}

if (impl === 'kopf') {
  const running: { kopf?: KopfOperator } = {};
  serveDriver(async (request) => {
    const kopf = running.kopf;
    if (!kopf) throw new Error('the Kopf operator is not started yet');
    switch (request.cmd) {
      case 'stats': {
        const counters = await kopf.request<KopfCounters>('stats', request.gc === true);
        const { lastResumeAt, ...rest } = counters;
        const stats: OperatorStats = { ...kopf.processStats(), ...rest, ...(lastResumeAt === null ? {} : { lastResumeAt }) };
        return stats;
      }
      case 'latencies':
      case 'measure-start':
      case 'measure-stop':
        return kopf.request(request.cmd);
      default:
        throw new Error(`unknown command ${JSON.stringify(request.cmd)}`);
    }
  }, async () => running.kopf?.stop());
  const { startKopfOperator } = await import('./kopfOperator.js');
  running.kopf = await startKopfOperator(url, { dir: kopfDir!, ...(python ? { python } : {}) });
  await running.kopf.ready;
  reportReady({ type: 'ready' });
} else {
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
  // Each process loads only the operator it runs (the restart's CPU and memory include loading it).
  running.operator = impl === 'opkit'
    ? await (await import('./opkitOperator.js')).startOpkitOperator(url, counters)
    : await (await import('../raw/rawOperator.js')).startRawOperator(url, counters);
  await running.operator.ready;
  reportReady({ type: 'ready' });
}
