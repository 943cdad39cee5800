// A watch connection cut abruptly (TCP reset, not a clean end of stream) mid-way must resume after
// the last event delivered: nothing lost, nothing replayed.
import { createConnection, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '@opkit/kube';
import type { KubeClient } from '@opkit/kube';
import { watchResource } from '../src/index.js';
import { configmaps, fast, Recorder, startHarness, waitFor } from './harness.js';
import type { Harness } from './harness.js';

interface Proxy {
  url: string;
  cut(): void;
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<Proxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: () => {
      for (const s of sockets) s.resetAndDestroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let h: Harness | undefined;
let proxy: Proxy | undefined;
let client: KubeClient | undefined;
afterEach(async () => {
  client?.close();
  await proxy?.close();
  await h?.close();
});

describe('watchResource over a connection that is reset', () => {
  it('resumes after the last delivered event without replaying or losing any', async () => {
    h = await startHarness();
    proxy = await startProxy(h.server.url);
    client = await connect({ server: { url: proxy.url }, retry: { start: 20, max: 200 } });
    const r = new Recorder(watchResource(client, configmaps, { namespace: 'default', settings: fast }));
    await waitFor(() => r.synced === 1 && h!.server.stats().watches === 1, 5000, 'watching');
    await h.client.create(configmaps, { metadata: { name: 'before-cut', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/before-cut'), 5000, 'the first event');
    const watches = h.server.stats().requests['watch configmaps'] ?? 0;
    proxy.cut();
    await h.client.create(configmaps, { metadata: { name: 'after-cut', namespace: 'default' } });
    await waitFor(() => r.latest.has('default/after-cut'), 5000, 'the event after the reset');
    expect(h.server.stats().requests['watch configmaps']).toBeGreaterThan(watches);
    expect(r.names()).toEqual(['ADDED before-cut', 'ADDED after-cut']);
    r.subscription.unsubscribe();
  });
});
