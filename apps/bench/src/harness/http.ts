// The driver's HTTP client: plain node:http on keep-alive sockets, so that the load generator costs as little
// as possible and is not what bounds the figures (it does no retries, no parsing it does not need).
import { Agent, request } from 'node:http';
import type { IncomingMessage } from 'node:http';

/** An answered request: status code and body text. */
export interface HttpAnswer {
  readonly status: number;
  readonly body: string;
}

/** A keep-alive HTTP client for one API server. */
export class HttpDriver {
  private readonly agent: Agent;

  private readonly auth: Record<string, string>;

  /** `sockets`: how many keep-alive connections requests spread over; `token`: a bearer token sent with every request. */
  constructor(readonly baseUrl: string, sockets = 32, token?: string) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
    this.auth = token !== undefined ? { authorization: `Bearer ${token}` } : {};
  }

  /**
   * Sends one request; rejects on a network error or a status of 400 and above.
   *
   * @example
   * await http.send('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'a' } });
   */
  send(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(`${this.baseUrl}${path}`, {
        method, agent: this.agent,
        headers: payload === undefined ? { accept: 'application/json', ...this.auth } : { accept: 'application/json', 'content-type': contentType, 'content-length': Buffer.byteLength(payload), ...this.auth },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 400) reject(new Error(`${method} ${path}: HTTP ${status}: ${text.slice(0, 300)}`));
          else resolve({ status, body: text });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /**
   * Opens a watch (`?watch=1`) on its own connection and calls `onLine` with every event line as received
   * (unparsed: the caller parses only what it needs). Resolves once the server answered 200.
   */
  watch(path: string, onLine: (line: string) => void): Promise<{ close(): void }> {
    return new Promise((resolve, reject) => {
      const req = request(`${this.baseUrl}${path}${path.includes('?') ? '&' : '?'}watch=1`, { headers: { accept: 'application/json', ...this.auth } }, (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          reject(new Error(`watch ${path}: HTTP ${res.statusCode}`));
          res.resume();
          return;
        }
        let rest = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          rest += chunk;
          let newline = rest.indexOf('\n');
          while (newline >= 0) {
            const line = rest.slice(0, newline);
            rest = rest.slice(newline + 1);
            if (line !== '') onLine(line);
            newline = rest.indexOf('\n');
          }
        });
        res.on('error', () => undefined);
        resolve({ close: () => req.destroy() });
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Closes the keep-alive sockets. */
  close(): void {
    this.agent.destroy();
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}
