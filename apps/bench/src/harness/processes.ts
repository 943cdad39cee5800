// The driver's side of the child processes: fork a child, wait until it reports ready, ask it for its
// figures over IPC, and stop it. Every child is tracked so that an error, an abort or Ctrl+C in the driver
// kills them all (and each child exits by itself when the driver's IPC channel closes).
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildReady, ChildRequest, ChildResponse } from './protocol.js';

const live = new Set<ChildProcess>();
let profileDir: string | undefined;

/**
 * Runs the operator children from now on with `--cpu-prof` into `dir` (one .cpuprofile per process, written
 * when it exits), for `pnpm bench --cpu-prof DIR`.
 */
export function profileOperatorsInto(dir: string | undefined): void {
  profileDir = dir;
}

/** Kills every child still running (SIGKILL): the driver's last resort on error, abort or exit. */
export function killAllChildren(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

process.once('exit', killAllChildren);

/** How many children are running now (0 once a run has ended, however it ended). */
export function liveChildCount(): number {
  return live.size;
}

/**
 * The compiled script of a child: beside this module in dist/harness, or — when this module runs from its
 * sources (the tests) — the built one in dist/harness.
 */
export function childScript(name: 'apiserverChild' | 'operatorChild'): string {
  for (const candidate of [`./${name}.js`, `../../dist/harness/${name}.js`]) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(`the bench child ${name}.js is not built: run \`pnpm --filter @opkit/bench build\` first`);
}

/** A child process started by the driver, and the IPC requests it answers. */
export class BenchChild {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly exited: Promise<void>;
  private exitReason: string | undefined;

  private constructor(readonly name: string, readonly process: ChildProcess, readonly ready: ChildReady) {
    this.exited = new Promise((resolve) => process.once('exit', () => resolve()));
    process.on('message', (message: ChildResponse) => {
      const waiter = this.waiting.get(message.id);
      if (!waiter) return;
      this.waiting.delete(message.id);
      if (message.error !== undefined) waiter.reject(new Error(`${name}: ${message.error}`));
      else waiter.resolve(message.result);
    });
    process.once('exit', (code, signal) => {
      live.delete(process);
      this.exitReason = `${name} exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`;
      for (const waiter of this.waiting.values()) waiter.reject(new Error(this.exitReason));
      this.waiting.clear();
    });
  }

  /**
   * Forks `script` with `args` (with --expose-gc) and resolves once it reports ready; rejects if it exits
   * first or takes longer than `timeoutMs`.
   *
   * @example
   * const server = await BenchChild.start('apiserver', childScript('apiserverChild'), []);
   */
  static async start(name: string, script: string, args: readonly string[], timeoutMs = 120_000): Promise<BenchChild> {
    const profile = profileDir !== undefined && name.endsWith('operator') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`] : [];
    const child = fork(script, [...args], { execArgv: ['--expose-gc', ...profile], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    live.add(child);
    const ready = await new Promise<ChildReady>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not report ready within ${timeoutMs} ms`)), timeoutMs);
      const onMessage = (message: ChildReady): void => {
        if (message?.type !== 'ready') return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited before it was ready (code ${code ?? 'none'}, signal ${signal ?? 'none'})`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    }).catch((error: unknown) => {
      child.kill('SIGKILL');
      live.delete(child);
      throw error;
    });
    return new BenchChild(name, child, ready);
  }

  /** Sends a request and resolves with the child's answer. */
  request<T>(cmd: ChildRequest['cmd'], options: { gc?: boolean } = {}): Promise<T> {
    if (this.exitReason) return Promise.reject(new Error(this.exitReason));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.process.send({ id, cmd, ...options } satisfies ChildRequest);
    });
  }

  /** Asks the child to stop and waits for it to exit; kills it after `timeoutMs`. */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (this.exitReason) return;
    await this.request('stop').catch(() => undefined);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }
}
