// The messages between the bench driver and its child processes (the API server, the operator under
// test), and the figures a child reports about itself. Measurements come from the processes themselves:
// each child answers `stats` with its own CPU time, RSS and heap, so the driver never guesses them.

import { getHeapSpaceStatistics } from 'node:v8';

/** The resources the operators under test watch: widgets (create/update/resume) and timer objects. */
export const GROUP = 'bench.opkit.dev';
/** The API version of the bench resources. */
export const VERSION = 'v1';
/** Widgets: one create handler, one update handler and one resume handler each. */
export const WIDGETS = 'benchwidgets';
/** Timer objects: one 1 s timer each (a separate resource, so its finalizers never touch the create storm). */
export const TIMERS = 'benchtimers';
/** The namespace every bench object lives in. */
export const NAMESPACE = 'default';

/** A request from the driver to a child: `id` pairs it with the answer. */
export interface ChildRequest {
  readonly id: number;
  readonly cmd: 'stats' | 'latencies' | 'measure-start' | 'measure-stop' | 'stop';
  /** For `stats`: run a full GC first so `heapUsed` is what is retained. */
  readonly gc?: boolean;
}

/** A child's answer (`error` when the command failed). */
export interface ChildResponse {
  readonly id: number;
  readonly result?: unknown;
  readonly error?: string;
}

/** What a child sends once it is up. */
export interface ChildReady {
  readonly type: 'ready';
  /** The API server child: its URL. */
  readonly url?: string;
  /** The API server child in RBAC mode: the bearer token of the bound ServiceAccount the driver acts as. */
  readonly token?: string;
}

/** A process's own figures (`stats`): what it used since it started. */
export interface ProcessStats {
  /** Milliseconds since the process started (its own clock). */
  readonly wallMs: number;
  /** CPU time (user + system) since the process started, in milliseconds. */
  readonly cpuMs: number;
  /** Resident set size now, in bytes. */
  readonly rss: number;
  /** Peak resident set size, in bytes (`process.resourceUsage().maxRSS`). */
  readonly maxRss: number;
  /** V8 heap in use, in bytes (after a full GC when asked). */
  readonly heapUsed: number;
  /** V8 heap reserved (used or not), in bytes. */
  readonly heapTotal: number;
  /** Memory outside the V8 heap held by JavaScript objects (buffers…), in bytes. */
  readonly external: number;
  /** V8's heap spaces: bytes reserved per space (`new_space`, `old_space`, `code_space`…). */
  readonly heapSpaces: Record<string, number>;
}

/** The operator child's counters and clocks, on top of {@link ProcessStats}. */
export interface OperatorStats extends ProcessStats {
  /** Create handler runs. */
  readonly created: number;
  /** Update handler runs. */
  readonly updated: number;
  /** Resume handler runs. */
  readonly resumed: number;
  /** When the last resume handler started (epoch milliseconds), if any ran. */
  readonly lastResumeAt?: number;
  /** Timer runs. */
  readonly ticks: number;
  /** Distinct objects whose timer ran at least once. */
  readonly tickedObjects: number;
}

/** The API server child's figures: {@link ProcessStats} and its request counters by `verb resource`. */
export interface ServerStats extends ProcessStats {
  /** Requests answered, keyed `verb resource` (the server's own counters, as its /metrics exposes them). */
  readonly requests: Record<string, number>;
  /** Objects stored. */
  readonly objects: number;
}

/** What the operator child's `measure-stop` returns: timer lateness over the window. */
export interface TimerWindow {
  /** Milliseconds each timer run started after its scheduled time. */
  readonly lateness: number[];
}

/** The current time in epoch milliseconds with sub-millisecond resolution (same clock in every process). */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

/** This process's own {@link ProcessStats}; `gc` runs a full collection first when the process exposes it. */
export function ownStats(gc: boolean): ProcessStats {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (gc && collect) {
    collect();
    collect();
  }
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return {
    wallMs: performance.now(),
    cpuMs: (cpu.user + cpu.system) / 1000,
    rss: memory.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    heapSpaces: Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size])),
  };
}
