// The chaos driver's clients: HTTP requests that never reject (a network error is status 0, so a scenario
// counts it instead of failing), retries for the faults a scenario injects on purpose, raw TCP connections
// for what a well-behaved client never sends, and the kernel's view of TCP sockets (Linux /proc/net/tcp).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { sleep, waitFor } from '../harness/stats.js';
import { CHAOS_GROUP, CHAOS_VERSION, CHAOS_WIDGETS } from './chaosProtocol.js';

/** An answer: `status` 0 when the request failed on the network (then `body` is the error). */
export interface Answer {
  readonly status: number;
  readonly body: string;
}

/** Where the chaos widgets live. */
export const WIDGETS_PATH = `/apis/${CHAOS_GROUP}/${CHAOS_VERSION}/namespaces/default/${CHAOS_WIDGETS}`;
/** ConfigMaps of the default namespace. */
export const CONFIGMAPS_PATH = '/api/v1/namespaces/default/configmaps';

/** A chaos object as far as the driver reads it. */
export interface Widget {
  metadata: { name: string; resourceVersion?: string };
  spec?: Record<string, unknown>;
  status?: { create_fn?: { run?: string }; update_fn?: { run?: string } };
}

/** A keep-alive client of one API server whose requests resolve with any status. */
export class Api {
  private readonly agent: Agent;

  constructor(readonly baseUrl: string, sockets = 32) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  /** One request; never rejects. */
  call(method: string, path: string, body?: unknown, contentType = 'application/json', timeoutMs = 60_000): Promise<Answer> {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    return new Promise((resolve) => {
      const req = request(`${this.baseUrl}${path}`, {
        method, agent: this.agent, timeout: timeoutMs,
        headers: payload === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': contentType, 'content-length': Buffer.byteLength(payload) },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (error) => resolve({ status: 0, body: error.message }));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (error) => resolve({ status: 0, body: error.message }));
      req.end(payload);
    });
  }

  /**
   * A request retried while the answer is a network error, 429 or 5xx (what the scenarios inject), until
   * one of `accept` comes back; rejects with the last answer after `deadlineMs`.
   */
  async retry(method: string, path: string, body: unknown, accept: readonly number[], deadlineMs = 300_000, contentType?: string): Promise<Answer & { attempts: number }> {
    const deadline = performance.now() + deadlineMs;
    for (let attempts = 1; ; attempts++) {
      const answer = await this.call(method, path, body, contentType);
      if (accept.includes(answer.status)) return { ...answer, attempts };
      const transient = answer.status === 0 || answer.status === 429 || answer.status >= 500;
      if (!transient || performance.now() > deadline) throw new Error(`${method} ${path}: HTTP ${answer.status} after ${attempts} attempts: ${answer.body.slice(0, 300)}`);
      await sleep(Math.min(1000, 20 * attempts));
    }
  }

  /** Installs the chaos CRD and waits until it is served. */
  async installCrd(): Promise<void> {
    await this.retry('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `${CHAOS_WIDGETS}.${CHAOS_GROUP}` },
      spec: {
        group: CHAOS_GROUP, scope: 'Namespaced', names: { plural: CHAOS_WIDGETS, kind: 'ChaosWidget', singular: 'chaoswidget' },
        versions: [{ name: CHAOS_VERSION, served: true, storage: true, subresources: { status: {} }, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    }, [201, 409]);
    await waitFor('the chaos CRD to be served', async () => (await this.call('GET', `${WIDGETS_PATH}?limit=1`)).status === 200, 60_000, 50);
  }

  /** Creates a widget (retried; an earlier attempt that was stored counts). */
  async createWidget(name: string, value: string): Promise<number> {
    return (await this.retry('POST', WIDGETS_PATH, { apiVersion: `${CHAOS_GROUP}/${CHAOS_VERSION}`, kind: 'ChaosWidget', metadata: { name }, spec: { value } }, [201, 409])).attempts;
  }

  /** Every widget (retried). */
  async widgets(): Promise<Widget[]> {
    return (JSON.parse((await this.retry('GET', WIDGETS_PATH, undefined, [200])).body) as { items: Widget[] }).items;
  }

  /** Closes the keep-alive sockets. */
  close(): void {
    this.agent.destroy();
  }
}

/** A raw TCP connection and what came back on it. */
export class RawConnection {
  private text = '';
  closedAt: number | undefined;
  readonly openedAt = performance.now();
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      if (this.text.length < 4096) this.text += chunk;
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => {
      this.closedAt = performance.now();
      resolve();
    }));
  }

  /** Connects to `host:port`. */
  static open(host: string, port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** The status code of the first response received, or 0. */
  status(): number {
    return Number(/^HTTP\/1\.[01] (\d{3})/.exec(this.text)?.[1] ?? 0);
  }

  /** What came back so far (the first 4 KiB). */
  received(): string {
    return this.text;
  }

  /** Seconds from opening to the close, if closed. */
  secondsOpen(): number | undefined {
    return this.closedAt === undefined ? undefined : (this.closedAt - this.openedAt) / 1000;
  }

  /** Writes `data` unless closed. */
  write(data: string | Buffer): void {
    if (!this.socket.destroyed) this.socket.write(data);
  }
}

/** One TCP socket as the kernel sees it. */
export interface KernelSocket {
  readonly localPort: number;
  readonly remotePort: number;
  /** The TCP state (Linux numbering: 1 ESTABLISHED … 7 CLOSE, 10 LISTEN). */
  readonly state: number;
  /** Bytes sent but not acknowledged by the peer (for a socket whose peer does not read: what waits). */
  readonly txQueue: number;
}

/** The state name of a Linux TCP state number. */
export const TCP_STATES = ['', 'ESTABLISHED', 'SYN_SENT', 'SYN_RECV', 'FIN_WAIT1', 'FIN_WAIT2', 'TIME_WAIT', 'CLOSE', 'CLOSE_WAIT', 'LAST_ACK', 'LISTEN', 'CLOSING'];

/** Every TCP socket of the machine (IPv4 and IPv6), or undefined where /proc/net/tcp does not exist. */
export function kernelSockets(): KernelSocket[] | undefined {
  const out: KernelSocket[] = [];
  let found = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
      found = true;
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 5) continue;
      const port = (address: string): number => parseInt(address.split(':').at(-1)!, 16);
      out.push({ localPort: port(cols[1]!), remotePort: port(cols[2]!), state: parseInt(cols[3]!, 16), txQueue: parseInt(cols[4]!.split(':')[0]!, 16) });
    }
  }
  return found ? out : undefined;
}

/** A small seeded PRNG (mulberry32), so a run's malformed requests are the same every time. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
