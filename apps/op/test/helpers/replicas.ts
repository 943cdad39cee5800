// Several `op run` processes of one operator against an API server in the test process: spawn them
// (asynchronously — a synchronous spawn would freeze the server), read their log lines as they come,
// wait for lines with deadlines, kill them; and the records their handlers write (which replica
// handled which object, from when to when), for asserting who handled what and that no two did at once.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { connect } from '@opkit/kube';
import type { KubeClient, Resource } from '@opkit/kube';
import { parse } from 'yaml';
import { deadline } from '@opkit/test-tools';
import { OP } from './devProcess.js';

const EXAMPLE_CRD = parse(readFileSync(fileURLToPath(new URL('../../../../examples/crd.yaml', import.meta.url)), 'utf8'));
const CRDS: Resource = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };

/** Where replicas run: an embedded API server (strict MicroTime) serving the KopfExample CRD, a kubeconfig for it in a temporary folder, and a client. */
export interface ReplicaCluster {
  readonly server: ApiServer;
  readonly client: KubeClient;
  /** The served `kopfexamples.kopf.dev`. */
  readonly kex: Resource;
  /** The temporary folder; `<dir>/kubeconfig` is the kubeconfig. */
  readonly dir: string;
  readonly kubeconfig: string;
  /** Close the client and the server, remove the folder. */
  close(): Promise<void>;
}

/** Start a {@link ReplicaCluster}: the server, the CRD applied and waited for until it is served. */
export async function startReplicaCluster(prefix: string): Promise<ReplicaCluster> {
  const server = await startApiServer({ strictMicroTime: true });
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, server.kubeconfig());
  const client = await connect({ kubeconfig });
  const close = async (): Promise<void> => {
    client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await client.create(CRDS, EXAMPLE_CRD);
    let kex: Resource | undefined;
    for (let attempt = 0; !(kex = (await client.resolve('kopfexamples.kopf.dev'))[0]); attempt++) {
      if (attempt > 600) throw new Error('the CRD is not served'); // 30 s of 50 ms pauses, and the requests' own time
      client.invalidateDiscovery();
      await new Promise((resolve) => { setTimeout(resolve, 50); });
    }
    return { server, client, kex, dir, kubeconfig, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One handling of one object, as the handler recorded it. */
export interface HandlingRecord {
  readonly kind: 'create' | 'update';
  readonly uid: string;
  readonly name: string;
  readonly replica: string;
  /** ms since the epoch. */
  readonly start: number;
  readonly end: number;
}

/** A running `op` process. */
export interface OpProcess {
  readonly id: string;
  readonly child: ChildProcess;
  readonly lines: string[];
  /** When each line arrived (ms since the epoch), by index. */
  readonly times: number[];
  /** Wait until `count` lines match, or fail after `timeoutMs` showing the output. Resolves to the last match's index. */
  waitFor(pattern: RegExp | string, options?: { readonly count?: number; readonly timeoutMs?: number }): Promise<number>;
  has(pattern: RegExp | string): boolean;
  readonly exited: Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A folder with an operator whose create and update handlers record each handling into `<dir>/records/<POD_ID>.jsonl`. */
export function recordingOperator(): { dir: string; file: string; records: () => HandlingRecord[]; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-replicas-'));
  const file = join(dir, 'operator.ts');
  writeFileSync(file, [
    "import { appendFileSync, mkdirSync } from 'node:fs';",
    "import { on } from '@opkit/core';",
    '',
    "const folder = `${process.env.RECORD_DIR}`;",
    'mkdirSync(folder, { recursive: true });',
    'const replica = process.env.POD_ID;',
    "const pause = Number(process.env.HANDLER_MS ?? '0');",
    'async function handle(kind: string, uid: string | undefined, name: string | undefined): Promise<void> {',
    '  const start = Date.now();',
    '  if (pause > 0) await new Promise((resolve) => { setTimeout(resolve, pause); });',
    "  appendFileSync(`${folder}/${replica}.jsonl`, `${JSON.stringify({ kind, uid, name, replica, start, end: Date.now() })}\\n`);",
    '}',
    "on.create('kopfexamples', async function create_fn({ uid, name }) { await handle('create', uid, name); });",
    "on.update('kopfexamples', async function update_fn({ uid, name }) { await handle('update', uid, name); });",
    '',
  ].join('\n'));
  const folder = join(dir, 'records');
  return {
    dir, file,
    records: () => {
      if (!existsSync(folder)) return [];
      // A replica may be appending while this reads: only whole lines (ended by a newline) are records yet.
      return readdirSync(folder).flatMap((name) => {
        const text = readFileSync(join(folder, name), 'utf8');
        return text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter(Boolean).map((line) => JSON.parse(line) as HandlingRecord);
      });
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Start `op` with `args`, as replica `id` (POD_ID), against `kubeconfig`.
 *
 * @example
 * ```ts
 * const a = startOp(['run', file, '-A', '--leader-elect'], 'replica-a', { KUBECONFIG: kubeconfig });
 * await a.waitFor('Acquired the leader lease');
 * ```
 */
export function startOp(args: readonly string[], id: string, env: Record<string, string>): OpProcess {
  const child = spawn(process.execPath, [OP, ...args], { env: { ...process.env, ...env, POD_ID: id }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const times: number[] = [];
  let rest = '';
  const take = (chunk: Buffer): void => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop()!;
    for (const part of parts) {
      lines.push(part);
      times.push(Date.now());
    }
  };
  child.stderr.on('data', take);
  child.stdout.on('data', take);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const matches = (pattern: RegExp | string) => (line: string): boolean => (typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line));
  return {
    id, child, lines, times, exited,
    has: (pattern) => lines.some(matches(pattern)),
    async waitFor(pattern, options = {}) {
      const count = options.count ?? 1;
      for (const giveUpAt = Date.now() + (options.timeoutMs ?? deadline(30_000)); ;) {
        let seen = 0;
        for (let i = 0; i < lines.length; i++) {
          if (matches(pattern)(lines[i]!) && ++seen === count) return i;
        }
        if (Date.now() > giveUpAt) throw new Error(`${id} logged ${seen} of ${count} lines matching ${String(pattern)}; it logged:\n${lines.slice(-80).join('\n')}`);
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${id} exited (${child.exitCode ?? child.signalCode}) before logging ${String(pattern)}:\n${lines.slice(-80).join('\n')}`);
        await new Promise((resolve) => { setTimeout(resolve, 25); });
      }
    },
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Pairs of records of different replicas whose handling overlapped in time (none, if no two replicas handled at once). */
export function overlaps(records: readonly HandlingRecord[], sameObjectOnly = false): [HandlingRecord, HandlingRecord][] {
  const sorted = [...records].sort((a, b) => a.start - b.start);
  const found: [HandlingRecord, HandlingRecord][] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j]!.start < sorted[i]!.end; j++) {
      const [a, b] = [sorted[i]!, sorted[j]!];
      if (a.replica !== b.replica && (!sameObjectOnly || a.uid === b.uid)) found.push([a, b]);
    }
  }
  return found;
}
