// The small HTTP plumbing the health and metrics servers share: answer with a body (or only the head),
// bind an address with an error that says what failed, and close with every kept-alive socket.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@opkit/tasks';
import { HealthError } from '../errors.js';

/** Answer `code` with `body` (no body for HEAD). */
export function send(response: ServerResponse, head: boolean, code: number, type: string, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body), ...headers });
  response.end(head ? undefined : body);
}

/** `http://host:port/path`, with IPv6 hosts in brackets. */
export function formatUrl(host: string, port: number, path: string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
}

/** Answer 405 unless the method is GET or HEAD; returns whether it answered. */
export function refuseMethod(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  send(response, false, 405, 'text/plain; charset=utf-8', `method ${request.method} is not allowed; use GET\n`, { allow: 'GET, HEAD' });
  return true;
}

/**
 * Listen on `host:port` with `handle`; resolves to the server and the port bound.
 *
 * @throws HealthError (`listen-failed`) naming the address and why (in use, no permission).
 */
export async function listen(address: { host: string; port: number; path: string }, what: string, handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>, logger: Logger): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      logger.error(`The health server failed to answer: ${String(error)}`);
      if (!response.headersSent) send(response, false, 500, 'text/plain; charset=utf-8', 'internal error\n');
      else response.destroy();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: address.host, port: address.port }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'the address is in use' : code === 'EACCES' ? 'permission denied (ports below 1024 need privileges)' : (error as Error).message;
    throw new HealthError('listen-failed', `Cannot serve ${what} at ${formatUrl(address.host, address.port, address.path)}: ${why}.`, { cause: error });
  }
  return { server, port: (server.address() as AddressInfo).port };
}

/** Stop listening and drop kept-alive connections; resolves when the server is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
