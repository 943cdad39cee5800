// Shared helpers of the integration tests: plain HTTP requests and NDJSON watch streams against a real
// running server (no client library in between, so that the tests see exactly what goes on the wire).
import { vi } from 'vitest';
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { deadline } from '@opkit/test-tools';

/** An HTTP answer. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

/**
 * Sends one request; JSON bodies are serialized unless a string is given.
 *
 * @example
 * const r = await call(url, 'GET', '/api/v1/namespaces');
 */
export async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let parsed: any;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), text, body: parsed };
}

/** A watch event. */
export interface WatchEvent {
  type: string;
  object: any;
}

/** An open watch stream. */
export interface WatchStream {
  status: number;
  /** The next event, or throws after `timeoutMs` (default 30 s: a deadline for a loaded machine, not an expected time). */
  next(timeoutMs?: number): Promise<WatchEvent>;
  /** Collects events until `count` arrived. */
  take(count: number, timeoutMs?: number): Promise<WatchEvent[]>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Whether the stream has ended. */
  isEnded(): boolean;
  /** Events received but not yet taken. */
  pending(): WatchEvent[];
  close(): void;
}

/**
 * Opens a watch (adds nothing to the path: pass `?watch=true&…`).
 *
 * @example
 * const w = await openWatch(url, '/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=0');
 * const ev = await w.next();
 */
export function openWatch(base: string, path: string, headers: Record<string, string> = {}): Promise<WatchStream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'GET', headers }, (res: IncomingMessage) => {
      const queue: WatchEvent[] = [];
      const waiters: (() => void)[] = [];
      let buffer = '';
      let done = false;
      let endResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endResolve = r));
      const wake = (): void => {
        for (const w of waiters.splice(0)) w();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let i: number;
        while ((i = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 1);
          if (line.trim() !== '') queue.push(JSON.parse(line) as WatchEvent);
        }
        wake();
      });
      const finish = (): void => {
        done = true;
        endResolve();
        wake();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      const next = async (timeoutMs = deadline(30_000)): Promise<WatchEvent> => {
        const giveUpAt = Date.now() + timeoutMs;
        for (;;) {
          const ev = queue.shift();
          if (ev) return ev;
          if (done) throw new Error('watch ended');
          const left = giveUpAt - Date.now();
          if (left <= 0) throw new Error(`no watch event within ${timeoutMs} ms`);
          await new Promise<void>((r) => {
            const t = setTimeout(r, left);
            waiters.push(() => {
              clearTimeout(t);
              r();
            });
          });
        }
      };
      resolve({
        status: res.statusCode ?? 0,
        next,
        take: async (count, timeoutMs = deadline(30_000)) => {
          const out: WatchEvent[] = [];
          while (out.length < count) out.push(await next(timeoutMs));
          return out;
        },
        ended,
        isEnded: () => done,
        pending: () => [...queue],
        close: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Polls `check` until it returns a truthy value or the deadline passes.
 *
 * @example
 * await waitFor(async () => (await call(url, 'GET', path)).status === 404);
 */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = deadline(30_000), what = 'condition'): Promise<T> {
  return vi.waitFor(async () => {
    const value = await check();
    if (!value) throw new Error(`timed out waiting for ${what}`);
    return value;
  }, { timeout: timeoutMs, interval: 10 });
}

/** A ConfigMap body. */
export function configMap(name: string, data: Record<string, string> = {}, extra: Record<string, any> = {}): Record<string, any> {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(extra.metadata ?? {}) }, data, ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'metadata')) };
}

/** A Widget CRD with a status subresource, a schema and printer columns. */
export function widgetCrd(plural = 'widgets', group = 'example.com'): Record<string, any> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural, singular: plural.replace(/s$/, ''), kind: plural === 'widgets' ? 'Widget' : 'Gadget', shortNames: plural === 'widgets' ? ['wd'] : [] },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  required: ['size'],
                  properties: {
                    size: { type: 'integer' },
                    color: { type: 'string', enum: ['red', 'blue'], default: 'red' },
                    extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  },
                },
                status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              },
            },
          },
        },
      ],
    },
  };
}
