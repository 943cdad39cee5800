// Bounded watches. A replay of every stored object to clients that never read must not pile up in the
// server's memory (it is produced as the socket takes it), while clients that read get everything; a
// watcher that cannot take live events is closed as unresponsive once its queue outgrows its bound.
// The memory check runs the server in a child process and reads its resident set size; the store is
// made larger than what the kernel's socket buffers can absorb, so that a server that queued a replay
// would hold it (20 × 24 MB) in its own memory.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../src/index.js';
import type { ApiServer } from '../src/index.js';
import { call, openWatch, waitFor } from './protocolHelpers.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'opkit-apiserver.js');
const MB = 1024 * 1024;
/** Objects of 40 KB: 600 of them are a 24 MB replay, several times a loopback socket's buffers. */
const OBJECTS = 600;
const PAYLOAD = 'p'.repeat(40 * 1024);
const NS = 'bounds';
const cms = `/api/v1/namespaces/${NS}/configmaps`;

/** Resident set size of a process in bytes. */
function rssOf(pid: number): number {
  if (existsSync(`/proc/${pid}/status`)) {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) return Number(match[1]) * 1024;
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}

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
  it('replays to 10 readers and 20 clients that never read without holding the replays in memory', async () => {
    const child: ChildProcess = spawn(process.execPath, [BIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    cleanups.push(async () => {
      child.kill();
      await exited;
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const url = (await waitFor(() => /listening on (http:\/\/\S+)/.exec(out)?.[1], 20_000, 'the server to listen')) as string;
    await populate(url);
    const before = rssOf(child.pid!);
    let peak = before;
    const path = `${cms}?watch=true&resourceVersion=0`;
    const stuck = await Promise.all(Array.from({ length: 20 }, () => neverReading(url, path)));
    cleanups.push(() => {
      for (const s of stuck) s.destroy();
    });
    const readers = await Promise.all(Array.from({ length: 10 }, () => counting(url, path)));
    cleanups.push(() => {
      for (const r of readers) r.close();
    });
    await waitFor(
      () => {
        peak = Math.max(peak, rssOf(child.pid!));
        return readers.every((r) => r.added() === OBJECTS);
      },
      120_000,
      'every reader to receive every ADDED',
    );
    peak = Math.max(peak, rssOf(child.pid!));
    // Everyone is still connected: the 20 that never read are waiting, not closed.
    expect(await openWatchGauge(url)).toBe(30);
    expect(stuck.every((s) => !s.destroyed && s.readyState === 'open')).toBe(true);
    // Queued replays would be 20 × 24 MB (a server that queues them grows by well over 1 GB here); the
    // bound is well under half of that, above the server's own working set for a 24 MB store (the
    // objects' shared ADDED lines, about 100 MB with the readers' chunks in flight and garbage not yet collected).
    console.log(`bounded watches: server RSS ${(before / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB during the replays`);
    expect((peak - before) / MB).toBeLessThan(200);
  });

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
      await reader.take(OBJECTS, 60_000);
      await waitFor(() => server.stats().watches === 2, 5000, 'both watches open');
      // The never-reading watch cannot finish its 24 MB replay, so every live event waits behind it.
      for (let i = 0; i < 101; i++) {
        const r = await call(server.url, 'PATCH', `${cms}/cm-${i}`, { data: { n: String(i) } }, { 'content-type': 'application/merge-patch+json' });
        expect(r.status).toBe(200);
      }
      await waitFor(() => server.stats().watches === 1, 5000, 'the unresponsive watch to be closed');
      expect((await call(server.url, 'GET', '/metrics')).text).toContain('apiserver_terminated_watchers_total{resource="configmaps"} 1');
      const live = await reader.take(101, 30_000);
      expect(live.map((e) => e.type)).toEqual(Array(101).fill('MODIFIED'));
      expect(live.map((e) => e.object.data.n)).toEqual(Array.from({ length: 101 }, (_, i) => String(i)));
      expect(reader.isEnded()).toBe(false);
    });
  });
});
