#!/usr/bin/env node
// Measures what watches cost the API server's memory: the server runs in a child process
// (bin/opkit-apiserver.js from dist/, so build first) and its resident set size is read from
// /proc/<pid>/status while clients replay, read, or never read. Three scenarios, as in docs/apiserver.md
// ("Bounded watches"):
//   replay   N ConfigMaps (~300 bytes each) stored; 50 watches with resourceVersion=0 read all N ADDED
//            while 20 more never read; the 20 must still be open at the end.
//   stuck    N stored; 100 watches that never read, and writes going on: every stuck watch must be
//            closed (the server's open-watch gauge back to 0) and the time that took is reported.
//   large    5·N stored (100,000 by default); 100 replaying watches that never read: the server must
//            stay up (answers /healthz) with its RSS reported.
// Usage: node scripts/watch-memory.mjs [--objects 20000] [--only replay,stuck,large]
// Prints one line per scenario and a JSON summary at the end; exits 1 when a check fails (Linux only).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'opkit-apiserver.js');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const OBJECTS = Number(option('--objects', '20000'));
const ONLY = option('--only', 'replay,stuck,large').split(',');
const NAMESPACE = 'bench';
const agent = new Agent({ keepAlive: true, maxSockets: 32 });
const MB = 1024 * 1024;

/** Resident set size of a process, in bytes (Linux /proc). */
function rss(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Samples a process's RSS every 50 ms; `stop()` returns the peak. */
function sampleRss(pid) {
  let peak = rss(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(pid));
    } catch {
      // the process is gone; the caller notices
    }
  }, 50);
  return { stop: () => (clearInterval(timer), Math.max(peak, rss(pid))) };
}

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1], pid: child.pid });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening: ${out}`)));
  });
}

function call(base, method, path, body) {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${base}${path}`, { method, agent, headers: text ? { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json', 'content-length': Buffer.byteLength(text) } : {} }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode, text: data }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** A ConfigMap of about 300 bytes as stored (metadata included). */
function configMap(i) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${String(i).padStart(6, '0')}`, labels: { app: 'bench', shard: String(i % 16) } }, data: { payload: 'x'.repeat(120), index: String(i) } };
}

async function populate(base, count) {
  await call(base, 'POST', '/api/v1/namespaces', { metadata: { name: NAMESPACE } });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const r = await call(base, 'POST', `/api/v1/namespaces/${NAMESPACE}/configmaps`, configMap(i));
      if (r.status !== 201) throw new Error(`create ${i}: ${r.status} ${r.text}`);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

/** Open watches according to the server's /metrics gauge. */
async function openWatches(base) {
  const r = await call(base, 'GET', '/metrics');
  const match = /apiserver_longrunning_requests\{[^}]*verb="WATCH"[^}]*\} (\d+)/.exec(r.text);
  return match ? Number(match[1]) : Number.NaN;
}

const watchPath = `/api/v1/namespaces/${NAMESPACE}/configmaps?watch=true&resourceVersion=0`;

/** A watch that reads everything and counts ADDED events; resolves `done` at `expected`. */
function readingWatch(base, expected) {
  return new Promise((resolveOpen, reject) => {
    let added = 0;
    let resolveDone;
    const done = new Promise((r) => (resolveDone = r));
    const req = request(`${base}${watchPath}`, (res) => {
      res.setEncoding('utf8');
      let tail = '';
      res.on('data', (chunk) => {
        const text = tail + chunk;
        let from = 0;
        for (;;) {
          const at = text.indexOf('{"type":"ADDED"', from);
          if (at < 0) break;
          added++;
          from = at + 1;
        }
        tail = text.slice(Math.max(from, text.length - 16));
        if (added >= expected) resolveDone();
      });
      resolveOpen({ done, close: () => req.destroy(), count: () => added });
    });
    req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

/** A raw socket that sends a watch request and never reads a byte; `closed()` tells whether the server ended it. */
function stuckWatch(base) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET ${watchPath} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      socket.pause();
      resolve({ closed: () => closed, close: () => socket.destroy() });
    });
    socket.on('close', () => (closed = true));
    socket.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const results = {};
let failed = false;
const check = (ok, text) => {
  if (!ok) failed = true;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${text}`);
};

async function scenarioReplay() {
  const server = await startServer();
  try {
    await populate(server.url, OBJECTS);
    const before = rss(server.pid);
    const sampler = sampleRss(server.pid);
    const stuck = await Promise.all(Array.from({ length: 20 }, () => stuckWatch(server.url)));
    const started = Date.now();
    const readers = await Promise.all(Array.from({ length: 50 }, () => readingWatch(server.url, OBJECTS)));
    await Promise.all(readers.map((r) => r.done));
    const seconds = (Date.now() - started) / 1000;
    const open = await openWatches(server.url);
    const peak = sampler.stop();
    results.replay = { objects: OBJECTS, rssBeforeMB: before / MB, rssPeakMB: peak / MB, growthMB: (peak - before) / MB, replaySeconds: seconds, openWatches: open };
    console.log(`replay: ${OBJECTS} objects, 50 reading + 20 never-reading watches; RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB); all ADDED read in ${seconds.toFixed(1)} s`);
    check(readers.every((r) => r.count() >= OBJECTS), `all 50 readers received ${OBJECTS} ADDED`);
    check(open === 70 && stuck.every((s) => !s.closed()), `the 20 never-reading watches are still open (open watches: ${open})`);
    check(peak - before <= 300 * MB, `RSS growth ${((peak - before) / MB).toFixed(0)} MB ≤ 300 MB`);
    for (const r of readers) r.close();
    for (const s of stuck) s.close();
  } finally {
    server.child.kill();
  }
}

async function scenarioStuck() {
  const server = await startServer();
  try {
    await populate(server.url, OBJECTS);
    const before = rss(server.pid);
    const sampler = sampleRss(server.pid);
    const opened = Date.now();
    const stuck = await Promise.all(Array.from({ length: 100 }, () => stuckWatch(server.url)));
    await until(async () => (await openWatches(server.url)) === 100, 60_000, '100 open watches');
    console.log(`  100 stuck watches open after ${((Date.now() - opened) / 1000).toFixed(1)} s`);
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        const i = writes++ % OBJECTS;
        await call(server.url, 'PATCH', `/api/v1/namespaces/${NAMESPACE}/configmaps/${configMap(i).metadata.name}`, { data: { index: `${i}-${writes}` } }).catch(() => undefined);
      }
    })();
    const started = Date.now();
    let closedAfter = Number.NaN;
    try {
      await until(async () => (await openWatches(server.url)) === 0, 30_000, 'every stuck watch closed');
      closedAfter = (Date.now() - started) / 1000;
    } catch (error) {
      console.log(`  ${error.message}`);
    }
    writing = false;
    await writer;
    const peak = sampler.stop();
    const socketsClosed = stuck.filter((s) => s.closed()).length;
    results.stuck = { objects: OBJECTS, watches: 100, writes, closedAfterSeconds: closedAfter, rssBeforeMB: before / MB, rssPeakMB: peak / MB, growthMB: (peak - before) / MB, socketsClosedByServer: socketsClosed };
    console.log(`stuck: ${OBJECTS} objects, 100 never-reading watches, ${writes} writes; all closed after ${closedAfter.toFixed(1)} s; RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB)`);
    check(closedAfter <= 10, `every stuck watch closed within 10 s (${closedAfter.toFixed(1)} s)`);
    check(peak - before <= 300 * MB, `RSS growth ${((peak - before) / MB).toFixed(0)} MB ≤ 300 MB`);
    for (const s of stuck) s.close();
  } finally {
    server.child.kill();
  }
}

async function scenarioLarge() {
  const server = await startServer();
  const objects = OBJECTS * 5;
  try {
    await populate(server.url, objects);
    const before = rss(server.pid);
    const sampler = sampleRss(server.pid);
    const stuck = await Promise.all(Array.from({ length: 100 }, () => stuckWatch(server.url)));
    await until(async () => (await openWatches(server.url)) === 100, 180_000, '100 open watches');
    const reader = await readingWatch(server.url, objects);
    await reader.done;
    const health = await call(server.url, 'GET', '/healthz');
    const peak = sampler.stop();
    results.large = { objects, watches: 100, rssBeforeMB: before / MB, rssPeakMB: peak / MB, growthMB: (peak - before) / MB, healthz: health.status };
    console.log(`large: ${objects} objects, 100 never-reading replaying watches (+1 reading); RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB); /healthz ${health.status}`);
    check(health.status === 200 && server.child.exitCode === null, 'the server stays up and answers');
    reader.close();
    for (const s of stuck) s.close();
  } finally {
    server.child.kill();
  }
}

if (ONLY.includes('replay')) await scenarioReplay();
if (ONLY.includes('stuck')) await scenarioStuck();
if (ONLY.includes('large')) await scenarioLarge();
agent.destroy();
console.log(JSON.stringify({ node: process.version, ...results }, null, 2));
process.exitCode = failed ? 1 : 0;
