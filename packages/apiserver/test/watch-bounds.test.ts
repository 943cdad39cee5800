// Bounded watches, asserted on the mechanisms that bound them rather than on a memory size (what they
// cost in memory is measured by `pnpm bench watch-memory`, never asserted): a replay of every stored object
// to clients that never read is produced as their sockets take it — their replays stay unfinished and each
// holds about one chunk beyond its socket's buffer — while clients that read get everything; a watcher that
// cannot take live events is closed as unresponsive when its queue would exceed its bound, which it never
// does. The store (600 objects of 40 KB, a 24 MB replay) is larger than what loopback socket buffers absorb,
// so that a server that queued replays would hold them.
import { request } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, openWatch, waitFor } from './protocolHelpers.js';
import { deadline } from '@opkit/test-tools';

/** Objects of 40 KB: 600 of them are a 24 MB replay, several times a loopback socket's buffers. */
const OBJECTS = 600;
const PAYLOAD = 'p'.repeat(40 * 1024);
const NS = 'bounds';
const cms = `/api/v1/namespaces/${NS}/configmaps`;
/**
 * What one watch may hold in its response's buffer: a socket's high-water mark (64 KiB) plus one replay
 * chunk (64 KiB of lines, the last of which may be a whole 40 KB object), with room to spare. A whole
 * replay here is 24 MB, 100 times more.
 */
const MAX_HELD_BYTES = 256 * 1024;

async function populate(url: string): Promise<void> {
  await call(url, 'POST', '/api/v1/namespaces', { metadata: { name: NS } });
  for (let i = 0; i < OBJECTS; i += 20) {
    const batch = Array.from({ length: Math.min(20, OBJECTS - i) }, (_, j) => call(url, 'POST', cms, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i + j}` }, data: { payload: PAYLOAD } }));
    for (const r of await Promise.all(batch)) expect(r.status).toBe(201);
  }
}

/** A raw socket that asks for a watch and never reads a byte of the answer. */
function neverReading(url: string, path: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/** A watch that reads everything and counts the ADDED events (without keeping them). */
function counting(url: string, path: string): Promise<{ added: () => number; close: () => void }> {
  return new Promise((resolve, reject) => {
    let added = 0;
    let tail = '';
    const req = request(`${url}${path}`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const text = tail + chunk;
        let from = 0;
        for (let at = text.indexOf('{"type":"ADDED"'); at >= 0; at = text.indexOf('{"type":"ADDED"', from)) {
          added++;
          from = at + 1;
        }
        tail = text.slice(Math.max(from, text.length - 16));
      });
      resolve({ added: () => added, close: () => req.destroy() });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

async function openWatchGauge(url: string): Promise<number> {
  const text = (await call(url, 'GET', '/metrics')).text;
  return Number(/apiserver_longrunning_requests\{[^}]*verb="WATCH"[^}]*\} (\d+)/.exec(text)?.[1] ?? Number.NaN);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('bounded watches', () => {
  it('replays to 10 readers and 20 clients that never read, producing each replay only as its socket takes it', async () => {
    const server = await startApiServer();
    cleanups.push(() => server.close());
    await populate(server.url);
    const path = `${cms}?watch=true&resourceVersion=0`;
    const stuck = await Promise.all(Array.from({ length: 20 }, () => neverReading(server.url, path)));
    cleanups.push(() => {
      for (const s of stuck) s.destroy();
    });
    const readers = await Promise.all(Array.from({ length: 10 }, () => counting(server.url, path)));
    cleanups.push(() => {
      for (const r of readers) r.close();
    });
    await waitFor(() => readers.every((r) => r.added() === OBJECTS), 300_000, 'every reader to receive every ADDED');
    // Everyone is still connected: the 20 that never read are waiting, not closed.
    expect(await openWatchGauge(server.url)).toBe(30);
    expect(stuck.every((s) => !s.destroyed && s.readyState === 'open')).toBe(true);
    // The 20 replays are produced lazily: none has got to its end, and each holds at most what its socket
    // refused of the last chunk written (about 64 KB plus one 40 KB object beyond the socket's buffer) —
    // a server that queued them would hold 24 MB per watch here, and one that held live events would show them.
    const backlog = server.stats().watchBacklog;
    expect(backlog.replaying).toBe(20);
    expect(backlog.maxBytes).toBeGreaterThan(0);
    expect(backlog.maxBytes).toBeLessThanOrEqual(MAX_HELD_BYTES);
    expect(backlog.events).toBe(0);
  }, deadline(300_000));

  describe('an unresponsive watcher', () => {
    let server: ApiServer;

    it('is closed once its live events outgrow the bound, while a reader of the same stream keeps up', async () => {
      server = await startApiServer({ watchLimits: { maxPendingEvents: 100, unresponsiveMs: 600_000 } });
      cleanups.push(() => server.close());
      await populate(server.url);
      const path = `${cms}?watch=true&resourceVersion=0`;
      const socket = await neverReading(server.url, path);
      cleanups.push(() => {
        socket.destroy();
      });
      const reader = await openWatch(server.url, path);
      cleanups.push(() => reader.close());
      await reader.take(OBJECTS, deadline(60_000));
      await waitFor(() => server.stats().watches === 2, 30_000, 'both watches open');
      // The never-reading watch cannot finish its 24 MB replay, so every live event waits behind it: up to
      // the bound it holds them all (and stays open), and the event beyond the bound closes it.
      const patch = async (i: number): Promise<void> => {
        const r = await call(server.url, 'PATCH', `${cms}/cm-${i}`, { data: { n: String(i) } }, { 'content-type': 'application/merge-patch+json' });
        expect(r.status).toBe(200);
      };
      for (let i = 0; i < 100; i++) await patch(i);
      expect(server.stats()).toMatchObject({ watches: 2, watchBacklog: { maxEvents: 100, replaying: 1 } });
      expect((await call(server.url, 'GET', '/metrics')).text).not.toContain('apiserver_terminated_watchers_total{resource="configmaps"}');
      await patch(100);
      await waitFor(() => server.stats().watches === 1, 30_000, 'the unresponsive watch to be closed');
      // Its connection is reset, not ended behind the data it never read: the client sees the close at
      // once (an ended stream would leave it reading megabytes first, on a connection kept alive).
      const outcome = new Promise<string>((resolve) => {
        const giveUp = setTimeout(() => resolve('still open after 20 s'), 20_000);
        socket.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(giveUp);
          resolve(error.code ?? 'error');
        });
        socket.on('end', () => {
          clearTimeout(giveUp);
          resolve('end');
        });
      });
      socket.resume();
      expect(await outcome).toBe('ECONNRESET');
      expect((await call(server.url, 'GET', '/metrics')).text).toContain('apiserver_terminated_watchers_total{resource="configmaps"} 1');
      expect(server.stats().watchBacklog).toMatchObject({ replaying: 0 });
      const live = await reader.take(101, deadline(30_000));
      expect(live.map((e) => e.type)).toEqual(Array(101).fill('MODIFIED'));
      expect(live.map((e) => e.object.data.n)).toEqual(Array.from({ length: 101 }, (_, i) => String(i)));
      expect(reader.isEnded()).toBe(false);
    }, deadline(120_000));
  });
});
