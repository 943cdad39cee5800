// The API server's own process in `pnpm chaos`: the embedded API server (@opkit/apiserver) started with the
// options the driver passes as JSON (a data directory, a fixed port to come back on after a kill -9, faults,
// watch and connection bounds), answering `stats` with its memory, request counters, open watches, the faults
// it injected and how many sockets it holds — so the driver can SIGKILL it and start it again on the same port.
import { readdirSync, readlinkSync } from 'node:fs';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServerOptions } from '@opkit/apiserver';
import { reportReady, serveDriver } from '../harness/ipc.js';
import { ownStats } from '../harness/protocol.js';
import type { ChaosServerStats } from './chaosProtocol.js';

/** Sockets this process holds open (Linux: its file descriptors that are sockets; -1 elsewhere). */
function openSockets(): number {
  try {
    return readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:');
      } catch {
        return false;
      }
    }).length;
  } catch {
    return -1;
  }
}

const options = JSON.parse(process.argv[2] ?? '{}') as ApiServerOptions;
const server = await startApiServer(options);
serveDriver((request): ChaosServerStats => {
  const stats = server.stats();
  return {
    ...ownStats(request.gc === true), requests: stats.requests, objects: stats.objects, watches: stats.watches,
    faults: server.faults.counts(), sockets: openSockets(),
  };
}, () => server.close());
reportReady({ type: 'ready', url: server.url });
