// Generations of the operator, one child process each. A reload loads the new code in a fresh child
// while the current generation keeps running; only when the load succeeded is the current one asked
// to stop (drain within the grace period, then SIGTERM and SIGKILL as a last resort) and the new one
// started, so a file that fails to load never takes the running operator down, and two generations
// never handle the same objects at once.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ChildConfig, ChildMessage, ParentMessage } from './child/protocol.js';
import { codeFrame } from './codeFrame.js';
import type { DevRecordInput, HandlerInfo, InterruptedHandler } from './records.js';
import { devRecord } from './records.js';
import type { DevRecord } from './records.js';

const CHILD = fileURLToPath(new URL('./child/main.js', import.meta.url));

/** Options of {@link Generations}. */
export interface GenerationsOptions {
  /** What every child gets (its generation number is added). */
  readonly child: Omit<ChildConfig, 'gen'>;
  /** Where records go. */
  readonly emit: (record: DevRecord) => void;
  /** Called with a loaded generation's handlers before it starts: resolve resources, apply CRDs, watch. */
  readonly beforeStart?: (handlers: readonly HandlerInfo[], files: readonly string[]) => Promise<{ readonly handlers: readonly HandlerInfo[]; readonly resources: readonly string[]; readonly unserved: readonly string[]; readonly suggestions?: Readonly<Record<string, string>> }>;
  /** Extra milliseconds after the grace period before the child is sent SIGTERM. @defaultValue 2000 */
  readonly killAfterMs?: number;
  /** The script to fork. @defaultValue op's child entry */
  readonly script?: string;
}

interface Child {
  /** 0 while the child is a warm spare. */
  gen: number;
  readonly process: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly messages: ChildMessage[];
  wake: () => void;
  stopping: boolean;
  startedAt?: number;
  failure?: string;
  stopped?: readonly InterruptedHandler[];
  ready: boolean;
}

/** How a reload ended. */
export type ReloadOutcome = 'started' | 'build-error' | 'crashed' | 'closed';

/**
 * The generations of one `op dev` session.
 *
 * @example
 * ```ts
 * const generations = new Generations({ child: { files, project, kubeconfig, namespaces: [], persistence: 'opkit', graceMs: 5000 }, emit: (r) => store.apply(r) });
 * await generations.reload('start');
 * await generations.reload('src/operator.ts changed', ['src/operator.ts']);
 * await generations.close();
 * ```
 */
export class Generations {
  readonly #options: GenerationsOptions;
  #current: Child | undefined;
  #candidate: Child | undefined;
  /** A child with op's machinery imported, waiting to load the next generation. */
  #spare: Child | undefined;
  #nextGen = 1;
  #chain: Promise<unknown> = Promise.resolve();
  #pending: { reason: string; changed: Set<string> } | undefined;
  #closed = false;
  #files: readonly string[] = [];
  #paused = false;

  constructor(options: GenerationsOptions) {
    this.#options = options;
  }

  /** The operator's files of the last load (what to watch). */
  get files(): readonly string[] {
    return this.#files;
  }

  /** The generation running now. */
  get current(): number | undefined {
    return this.#current?.gen;
  }

  /** The pid of the generation running now. */
  get pid(): number | undefined {
    return this.#current?.process.pid;
  }

  #emit(input: DevRecordInput): void {
    this.#options.emit(devRecord(input));
  }

  /**
   * Load the operator in a new generation and, if it loads, replace the current one with it.
   * Reloads asked for while one is under way are coalesced into one more.
   */
  reload(reason: string, changed: readonly string[] = []): Promise<ReloadOutcome> {
    if (this.#pending) {
      for (const file of changed) this.#pending.changed.add(file);
      return this.#chain as Promise<ReloadOutcome>;
    }
    this.#pending = { reason, changed: new Set(changed) };
    const run = async (): Promise<ReloadOutcome> => {
      const pending = this.#pending!;
      this.#pending = undefined;
      if (this.#closed) return 'closed';
      return this.#reload(pending.reason, [...pending.changed]);
    };
    const result = this.#chain.then(run, run);
    this.#chain = result.catch(() => undefined);
    return result;
  }

  /** Pause or resume processing in the running generation (and the ones after it). */
  pause(paused: boolean): void {
    this.#paused = paused;
    this.#send(this.#current, { type: 'pause', paused });
    this.#emit({ type: 'dev.paused', paused });
  }

  /** Stop every generation (the current one gracefully) and wait until they are gone. */
  async close(reason = 'quit'): Promise<void> {
    this.#closed = true;
    this.#spare?.process.kill('SIGKILL');
    this.#candidate?.process.kill('SIGKILL');
    const current = this.#current;
    if (current) await this.#stop(current, reason);
    await this.#chain.catch(() => undefined);
  }

  /** Kill every child at once (a second Ctrl+C). */
  kill(): void {
    this.#closed = true;
    for (const child of [this.#spare, this.#candidate, this.#current]) child?.process.kill('SIGKILL');
  }

  #send(child: Child | undefined, message: ParentMessage): void {
    if (child && child.process.connected) child.process.send(message);
  }

  #spawn(): Child {
    const proc = fork(this.#options.script ?? CHILD, [], {
      cwd: this.#options.child.project, execArgv: [], serialization: 'advanced', stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    const child: Child = {
      gen: 0, process: proc, messages: [], wake: () => undefined, stopping: false, ready: false,
      exited: new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal }))),
    };
    for (const stream of ['stdout', 'stderr'] as const) {
      const lines = createInterface({ input: proc[stream]! });
      lines.on('line', (line) => this.#emit({ type: 'dev.output', gen: child.gen, stream, line }));
    }
    proc.on('message', (message: ChildMessage) => this.#onMessage(child, message));
    proc.on('error', (error) => {
      child.failure = error.message;
      child.wake();
    });
    void child.exited.then(() => child.wake());
    return child;
  }

  #onMessage(child: Child, message: ChildMessage): void {
    switch (message.type) {
      case 'feed':
        for (const event of message.events) {
          this.#options.emit({ ...event, gen: child.gen });
          if (event.type === 'operator' && event.phase === 'ready' && !child.ready) {
            child.ready = true;
            this.#emit({ type: 'dev.gen', gen: child.gen, phase: 'ready', readyMs: child.startedAt === undefined ? undefined : Date.now() - child.startedAt });
          }
        }
        return;
      case 'loop':
        this.#emit({ type: 'dev.loop', gen: child.gen, p50Ms: message.p50Ms, p99Ms: message.p99Ms, maxMs: message.maxMs });
        return;
      case 'failed':
        child.failure = message.message;
        break;
      case 'stopped':
        child.stopped = message.interrupted;
        break;
      default:
        break;
    }
    child.messages.push(message);
    child.wake();
  }

  /** Wait for a message of the given types, or the child's exit (undefined). */
  async #next(child: Child, types: readonly ChildMessage['type'][]): Promise<ChildMessage | undefined> {
    for (;;) {
      const index = child.messages.findIndex((message) => types.includes(message.type));
      if (index >= 0) return child.messages.splice(index, 1)[0];
      if (child.process.exitCode !== null || child.process.signalCode !== null || child.failure !== undefined && !child.process.connected) return undefined;
      await new Promise<void>((resolve) => { child.wake = resolve; });
    }
  }

  /** A child for the next generation: the warm spare if there is one; then a new spare is made. */
  async #take(gen: number): Promise<Child> {
    const child = this.#spare ?? this.#spawn();
    this.#spare = undefined;
    child.gen = gen;
    this.#candidate = child;
    await this.#next(child, ['warm']);
    const config: ChildConfig = { ...this.#options.child, gen };
    this.#send(child, { type: 'load', config });
    return child;
  }

  #warmSpare(): void {
    if (!this.#closed && !this.#spare) this.#spare = this.#spawn();
  }

  async #reload(reason: string, changed: readonly string[]): Promise<ReloadOutcome> {
    try {
      return await this.#reloadWith(reason, changed);
    } finally {
      this.#warmSpare();
    }
  }

  async #reloadWith(reason: string, changed: readonly string[]): Promise<ReloadOutcome> {
    const gen = this.#nextGen;
    const loadingAt = Date.now();
    this.#emit({ type: 'dev.gen', gen, phase: 'loading', reason, changed });
    const candidate = await this.#take(gen);
    const loaded = await this.#next(candidate, ['loaded', 'load-failed']);
    if (this.#closed) {
      candidate.process.kill('SIGKILL');
      return 'closed';
    }
    if (!loaded || loaded.type === 'load-failed') {
      this.#candidate = undefined;
      await candidate.exited;
      const failure = loaded?.type === 'load-failed' ? loaded : undefined;
      if (failure) this.#files = mergeFiles(this.#files, failure.files);
      let location;
      if (failure?.location) {
        let frame: string[];
        try {
          frame = codeFrame(readFileSync(failure.location.file, 'utf8'), failure.location.line, failure.location.column);
        } catch {
          frame = [];
        }
        location = { ...failure.location, frame };
      }
      this.#emit({ type: 'dev.build-error', gen, message: failure?.message ?? candidate.failure ?? `the operator exited while loading (${describeExit(await candidate.exited)})`, location, changed });
      return 'build-error';
    }
    const ok = loaded as Extract<ChildMessage, { type: 'loaded' }>;
    this.#files = ok.files;
    let handlers = ok.handlers;
    let resources: readonly string[] = [];
    let unserved: readonly string[] = [];
    let suggestions: Readonly<Record<string, string>> | undefined;
    const previous = this.#current;
    if (previous) await this.#stop(previous, reason);
    if (this.#closed) {
      candidate.process.kill('SIGKILL');
      return 'closed';
    }
    if (this.#options.beforeStart) ({ handlers, resources, unserved, suggestions } = await this.#options.beforeStart(ok.handlers, ok.files));
    this.#emit({ type: 'dev.registry', gen, handlers, files: ok.files, resources, unserved, ...(suggestions && Object.keys(suggestions).length > 0 ? { suggestions } : {}) });
    this.#nextGen = gen + 1;
    this.#candidate = undefined;
    this.#current = candidate;
    candidate.startedAt = Date.now();
    this.#send(candidate, { type: 'start' });
    if (this.#paused) this.#send(candidate, { type: 'pause', paused: true });
    this.#emit({ type: 'dev.gen', gen, phase: 'started', pid: candidate.process.pid, reason, changed, loadMs: ok.loadMs || Date.now() - loadingAt });
    void this.#watchCrash(candidate);
    return 'started';
  }

  async #watchCrash(child: Child): Promise<void> {
    const exit = await child.exited;
    if (child.stopping) return;
    if (this.#current === child) this.#current = undefined;
    this.#emit({
      type: 'dev.gen', gen: child.gen, phase: 'crashed', exitCode: exit.code, signal: exit.signal,
      message: child.failure ?? `the operator exited (${describeExit(exit)})`,
    });
  }

  async #stop(child: Child, reason: string): Promise<void> {
    if (child.stopping) {
      await child.exited;
      return;
    }
    child.stopping = true;
    const stoppingAt = Date.now();
    this.#emit({ type: 'dev.gen', gen: child.gen, phase: 'stopping', reason });
    this.#send(child, { type: 'stop', reason });
    const grace = this.#options.child.graceMs;
    // The child drains for the grace period (then aborts what is left) and runs the cleanup activities
    // within the grace period again; only after that, and some slack, is it killed.
    const killAfter = 2 * grace + (this.#options.killAfterMs ?? 2000);
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      child.process.kill('SIGTERM');
      const hard = setTimeout(() => child.process.kill('SIGKILL'), 2000);
      void child.exited.then(() => clearTimeout(hard));
    }, killAfter);
    const exit = await child.exited;
    clearTimeout(timer);
    if (this.#current === child) this.#current = undefined;
    const interrupted = child.stopped ?? [];
    this.#emit({
      type: 'dev.gen', gen: child.gen, phase: 'stopped', stopMs: Date.now() - stoppingAt, forced, graceful: !forced && interrupted.length === 0 && child.stopped !== undefined,
      interrupted, exitCode: exit.code, signal: exit.signal, message: child.failure,
    });
  }
}

function describeExit(exit: { code: number | null; signal: NodeJS.Signals | null }): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

function mergeFiles(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
