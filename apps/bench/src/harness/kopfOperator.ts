// The Kopf operator under test (`pnpm bench --kopf DIR`): apps/bench/kopf/bench_operator.py run with a
// Python interpreter (Debian's python3 by default) and PYTHONPATH set to a Kopf source checkout. The script
// answers the handler counters over its stdin and stdout; the process's CPU time and memory are read here
// from /proc, as the kernel accounts them (Kopf's threads included), so nothing in the Python process
// measures itself. Ready means watching: the API server has opened a watch on both bench resources for it
// (Kopf lists a resource, then watches it; it gives no signal of its own for that).
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { ProcessStats } from './protocol.js';
import { TIMERS, WIDGETS } from './protocol.js';

/** Where Kopf comes from and what runs it. */
export interface KopfSource {
  /** A Kopf source checkout (the directory that holds `kopf/__init__.py`). */
  readonly dir: string;
  /** The Python interpreter; Debian's `/usr/bin/python3` by default. */
  readonly python?: string;
}

/** The Kopf operator's handler counters, as the script reports them. */
export interface KopfCounters {
  readonly created: number;
  readonly updated: number;
  readonly resumed: number;
  readonly lastResumeAt: number | null;
  readonly ticks: number;
  readonly tickedObjects: number;
}

/** A running Kopf operator process. */
export interface KopfOperator {
  /** Resolves once Kopf watches both bench resources. */
  readonly ready: Promise<void>;
  /** Sends a command to the script and resolves with its answer. */
  request<T>(cmd: 'stats' | 'latencies' | 'measure-start' | 'measure-stop', gc?: boolean): Promise<T>;
  /** The Python process's CPU time and memory, from /proc. */
  processStats(): ProcessStats;
  /** Stops Kopf (SIGINT, then SIGKILL after `timeoutMs`) and resolves once it exited. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Linux's USER_HZ: /proc/PID/stat counts CPU time in 1/100 s on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * What is wrong with `source` for running Kopf, or undefined: the checkout must hold `kopf/__init__.py` and
 * the interpreter must exist.
 *
 * @example
 * const problem = checkKopfSource({ dir: '/src/kopf' }); if (problem) throw new Error(problem);
 */
export function checkKopfSource(source: KopfSource): string | undefined {
  if (!existsSync(join(source.dir, 'kopf', '__init__.py'))) {
    return `--kopf ${source.dir}: expected a Kopf source checkout (a directory holding kopf/__init__.py, e.g. a clone of github.com/nolar/kopf)`;
  }
  const python = source.python ?? '/usr/bin/python3';
  if (!existsSync(python)) return `--kopf needs ${python} (Debian's python3 with python3-aiohttp and Kopf's other dependencies): it does not exist`;
  return undefined;
}

/** The bench's Kopf operator script: in apps/bench/kopf, two levels above this module in src/ and in dist/. */
export function kopfScript(): string {
  return fileURLToPath(new URL('../../kopf/bench_operator.py', import.meta.url));
}

/**
 * Parses /proc/PID/stat and /proc/PID/status into {@link ProcessStats}: CPU time (user + system, all threads),
 * RSS and peak RSS. The V8 heap figures do not apply to a Python process: they are NaN.
 *
 * @example
 * procStats(readFileSync('/proc/42/stat', 'utf8'), readFileSync('/proc/42/status', 'utf8'), 1500);
 */
export function procStats(stat: string, status: string, wallMs: number): ProcessStats {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).trim().split(/\s+/);
  // Fields 14 and 15 of the file (utime, stime) are the 12th and 13th after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  const kib = (key: string): number => {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc status has no ${key} line`);
    return Number(match[1]) * 1024;
  };
  if (!Number.isFinite(ticks)) throw new Error(`unexpected /proc stat line: ${stat.slice(0, 120)}`);
  return {
    wallMs, cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND, rss: kib('VmRSS'), maxRss: kib('VmHWM'),
    heapUsed: Number.NaN, heapTotal: Number.NaN, external: Number.NaN, heapSpaces: {},
  };
}

/** The number of watches the API server at `url` opened per resource, from its /metrics (`apiserver_request_total`). */
async function watchesOpened(url: string): Promise<Record<string, number>> {
  const response = await fetch(`${url}/metrics`);
  if (!response.ok) throw new Error(`GET ${url}/metrics: HTTP ${response.status}`);
  const counts: Record<string, number> = {};
  for (const line of (await response.text()).split('\n')) {
    if (!line.startsWith('apiserver_request_total{') || !line.includes('verb="WATCH"')) continue;
    const resource = /resource="([^"]*)"/.exec(line)?.[1] ?? '';
    counts[resource] = (counts[resource] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return counts;
}

/**
 * Starts the Kopf operator against the API server at `url`.
 *
 * @example
 * const kopf = await startKopfOperator('http://127.0.0.1:6443', { dir: '/src/kopf' }); await kopf.ready;
 */
export async function startKopfOperator(url: string, source: KopfSource): Promise<KopfOperator> {
  const problem = checkKopfSource(source);
  if (problem) throw new Error(problem);
  const before = await watchesOpened(url);
  const started = performance.now();
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(source.python ?? '/usr/bin/python3', [kopfScript(), url], {
    env: { ...process.env, PYTHONPATH: source.dir, PYTHONUNBUFFERED: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // This child must never outlive the process that measures it.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let exitReason: string | undefined;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
    exitReason = `the Kopf operator exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`;
    process.off('exit', killOnExit);
    for (const waiter of waiting.values()) waiter.reject(new Error(exitReason));
    waiting.clear();
    resolve();
  }));
  let nextId = 1;
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const reply = JSON.parse(line) as { id: number; result?: unknown; error?: string };
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (reply.error !== undefined) waiter?.reject(new Error(`the Kopf operator: ${reply.error}`));
      else waiter?.resolve(reply.result);
    }
  });

  const ready = (async () => {
    for (;;) {
      if (exitReason) throw new Error(`${exitReason} before it watched ${WIDGETS} and ${TIMERS}`);
      const now = await watchesOpened(url);
      if ([WIDGETS, TIMERS].every((resource) => (now[resource] ?? 0) > (before[resource] ?? 0))) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  ready.catch(() => undefined);

  return {
    ready,
    request<T>(cmd: 'stats' | 'latencies' | 'measure-start' | 'measure-stop', gc = false): Promise<T> {
      if (exitReason) return Promise.reject(new Error(exitReason));
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.stdin.write(`${JSON.stringify({ id, cmd, gc })}\n`);
      });
    },
    processStats(): ProcessStats {
      const pid = child.pid;
      if (pid === undefined || exitReason) throw new Error(exitReason ?? 'the Kopf operator did not start');
      return procStats(readFileSync(`/proc/${pid}/stat`, 'utf8'), readFileSync(`/proc/${pid}/status`, 'utf8'), performance.now() - started);
    },
    async stop(timeoutMs = 20_000): Promise<void> {
      if (exitReason) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
