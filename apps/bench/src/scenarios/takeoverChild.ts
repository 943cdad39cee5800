// One replica of `bench takeover` in a process of its own: an Opkit operator (@opkit/core, as `op run` runs
// it) with leader election or sharding over Leases, handling ConfigMaps, that tells the driver over IPC
// every leadership or shard change it sees (with its own clock), so that the driver can SIGKILL one replica
// and time how long the others take to take over.
// Arguments: leader|shards <api-server-url> <identity>.
import { createLogger, Operator, Registry } from '@opkit/core';
import type { FeedEvent } from '@opkit/core';
import { connect } from '@opkit/kube';
import { reportReady, serveDriver } from '../harness/ipc.js';
import { ownStats } from '../harness/protocol.js';
import { TAKEOVER_LEASE, TAKEOVER_TIMING } from './takeoverProtocol.js';
import type { TakeoverMessage } from './takeoverProtocol.js';

const [mode, url, identity] = process.argv.slice(2);
if ((mode !== 'leader' && mode !== 'shards') || !url || !identity) {
  console.error(`usage: takeoverChild.js leader|shards <api-server-url> <identity>; got ${JSON.stringify(process.argv.slice(2))}`);
  process.exit(2);
}

const registry = new Registry();
registry.on.create('configmaps', function noted() {
  return undefined;
});
const client = await connect({ server: { url } });
const operator = new Operator({
  registry, client, clusterwide: true,
  logger: createLogger({ format: 'plain', level: 'warn', write: () => undefined }),
  settings: { peering: { standalone: true, identity, leaderElection: mode === 'leader', sharding: mode === 'shards', leaseName: TAKEOVER_LEASE, leaseNamespace: 'default', ...TAKEOVER_TIMING } },
});
operator.feed$.subscribe((event: FeedEvent) => {
  let message: TakeoverMessage | undefined;
  if (event.type === 'leadership') message = { type: 'leadership', identity, at: Date.now(), leader: event.leader };
  if (event.type === 'shards') message = { type: 'shards', identity, at: Date.now(), active: event.active, members: [...event.members] };
  if (message) process.send?.(message);
});
const controller = new AbortController();
const running = operator.run(controller.signal);
serveDriver((request) => {
  if (request.cmd === 'stats') return ownStats(request.gc === true);
  throw new Error(`unknown command ${JSON.stringify(request.cmd)}`);
}, async () => {
  controller.abort();
  await running.catch(() => undefined);
  client.close();
});
reportReady({ type: 'ready' });
