// The operator under test in `pnpm chaos`, in a process of its own so the driver can SIGKILL it: an Opkit
// operator (@opkit/core, as a user writes one) with a create and an update handler on the chaos resource.
// Each handler run is appended to a run log (synchronously, before the handler works) that outlives the
// process, and returns its run id, so the stored result tells which run completed: the driver then knows
// which runs were interrupted and whether a completed-and-stored handler ever ran again.
// Arguments: <api-server-url> <run-log-file> <max-handler-delay-ms>.
import { appendFileSync } from 'node:fs';
import { createLogger, Operator, Registry } from '@opkit/core';
import { connect } from '@opkit/kube';
import { reportReady, serveDriver } from '../harness/ipc.js';
import { ownStats } from '../harness/protocol.js';
import { CHAOS_WIDGETS } from './chaosProtocol.js';
import type { ChaosOperatorStats, HandlerRun } from './chaosProtocol.js';

const [url, runLog, delayText] = process.argv.slice(2);
const maxDelayMs = Number(delayText ?? '0');
if (!url || !runLog || !Number.isFinite(maxDelayMs)) {
  console.error(`usage: operatorChild.js <api-server-url> <run-log-file> <max-handler-delay-ms>; got ${JSON.stringify(process.argv.slice(2))}`);
  process.exit(2);
}
let runs = 0;
const counts = { created: 0, updated: 0 };
const logs = new Map<string, number>();

async function handle(handler: 'create_fn' | 'update_fn', name: string): Promise<{ run: string }> {
  const run = `${process.pid}-${++runs}`;
  appendFileSync(runLog!, `${JSON.stringify({ handler, name, run } satisfies HandlerRun)}\n`);
  if (handler === 'create_fn') counts.created++;
  else counts.updated++;
  // Work that takes a while, so that kills land in the middle of handlers as well as between them.
  if (maxDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * maxDelayMs));
  return { run };
}

const registry = new Registry();
registry.on.create(CHAOS_WIDGETS, function create_fn({ name }) {
  return handle('create_fn', String(name));
});
registry.on.update(CHAOS_WIDGETS, function update_fn({ name }) {
  return handle('update_fn', String(name));
});

const client = await connect({ server: { url } });
const logger = createLogger({
  format: 'plain', level: 'info', write: () => undefined,
  onRecord: (record) => {
    if (logs.size < 200 || logs.has(record.message)) logs.set(record.message, (logs.get(record.message) ?? 0) + 1);
  },
});
const operator = new Operator({ registry, client, clusterwide: true, logger });
const controller = new AbortController();
const running = operator.run(controller.signal);
serveDriver((request): ChaosOperatorStats => {
  if (request.cmd !== 'stats') throw new Error(`unknown command ${JSON.stringify(request.cmd)}`);
  return { ...ownStats(request.gc === true), ...counts, logs: Object.fromEntries(logs) };
}, async () => {
  controller.abort();
  await running.catch(() => undefined);
  client.close();
});
await operator.ready;
reportReady({ type: 'ready' });
