// The API server's own process in `pnpm bench`: the embedded API server (@opkit/apiserver) on a free port,
// answering the driver's `stats` with its own CPU time, memory and request counters by verb and resource.
// Run by the driver with child_process.fork(); exits when the driver goes away.
import { startApiServer } from '@opkit/apiserver';
import { reportReady, serveDriver } from './ipc.js';
import type { ServerStats } from './protocol.js';
import { ownStats } from './protocol.js';

const server = await startApiServer({ historySize: 200_000 });
serveDriver((request): ServerStats => {
  const stats = server.stats();
  return { ...ownStats(request.gc === true), requests: stats.requests, objects: stats.objects };
}, () => server.close());
reportReady({ type: 'ready', url: server.url });
