// The liveness address as Kopf takes it (`--liveness=http://0.0.0.0:8080/healthz`): only plain
// `http://`, a host to bind, a port (80 when omitted) and the path that answers with the probes'
// results. Parsed apart from the server so that every bad-input message is unit-tested.
import { HealthError } from './errors.js';

/** Where the health server listens and which path is the liveness endpoint. */
export interface LivenessAddress {
  /** The host to bind, e.g. `0.0.0.0` (every interface) or `127.0.0.1`. */
  readonly host: string;
  /** The port; 0 picks a free one. */
  readonly port: number;
  /** The liveness path, e.g. `/healthz`. */
  readonly path: string;
}

/**
 * Parse a liveness URL (or, with `options.name` and `options.example`, another address of the same form).
 *
 * @throws HealthError (`invalid-url`) naming what was wrong and what is expected.
 * @example
 * ```ts
 * parseLivenessUrl('http://0.0.0.0:8080/healthz'); // { host: '0.0.0.0', port: 8080, path: '/healthz' }
 * parseLivenessUrl('http://:8080/healthz');        // the same (Kopf's form for every interface)
 * ```
 */
export function parseLivenessUrl(input: string | URL, options: { readonly name?: string; readonly example?: string } = {}): LivenessAddress {
  const text = String(input);
  const what = options.name ?? 'liveness';
  const expected = `expected http://HOST:PORT/PATH, e.g. ${options.example ?? 'http://0.0.0.0:8080/healthz'}`;
  let url: URL;
  try {
    // Kopf's docs write `http://:8080/healthz` for every interface; a URL needs a host there.
    url = new URL(text.replace(/^http:\/\/:/i, 'http://0.0.0.0:'));
  } catch {
    throw new HealthError('invalid-url', `The ${what} URL ${JSON.stringify(text)} is not a URL; ${expected}.`);
  }
  if (url.protocol !== 'http:') {
    throw new HealthError('invalid-url', `The ${what} URL ${JSON.stringify(text)} uses ${url.protocol.replace(/:$/, '')}; only http is supported (${expected}).`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new HealthError('invalid-url', `The ${what} URL ${JSON.stringify(text)} has credentials, a query or a fragment; ${expected}.`);
  }
  // URL keeps IPv6 hosts in brackets; a server binds the bare address.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port: url.port === '' ? 80 : Number(url.port), path: url.pathname === '' ? '/' : url.pathname };
}
