// The operator's webhook server: HTTPS, one URL path per admission handler (`<path>/<handler id>`) and
// per converted CRD (`<path>/convert/<plural>.<group>`), AdmissionReview and ConversionReview in and out
// through the `review` and `convert` functions the caller supplies (core passes ones over the operator's
// handlers). It guards itself: a body-size limit, a deadline per call (the API server's
// `?timeout=` or the configured one, whichever is shorter), clear 4xx answers for bad calls, and no
// input that can crash it. Without certificate files it makes its own CA and serving certificate;
// with files it re-reads them and serves the new pair to new connections when they change.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { AdmissionReviewError, ConversionReviewError } from '@opkit/handlers';
import type { AdmissionReviewResponse, ConversionReviewResponse } from '@opkit/handlers';
import { parseJson, stringifyJson } from '@opkit/json';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { certificateMatchesKey, generateCertificates } from './certificates.js';
import { WebhooksError } from './errors.js';

/** What the server knows about one webhook call, passed to the review function. */
export interface WebhookCall {
  /** The handler id from the URL path (`<path>/<id>`, URL-decoded); `undefined` for the base path itself. */
  readonly webhook: string | undefined;
  /** The request's HTTP headers (lower-case names; repeated headers joined with `, `). */
  readonly headers: Readonly<Record<string, string>>;
  /** The client certificate's subject when the API server presented one; else `{}`. */
  readonly sslPeer: Readonly<Record<string, unknown>>;
  /** Aborted when the call's deadline passes or the server stops. */
  readonly signal: AbortSignal;
}

/**
 * Reviews one AdmissionReview (the parsed JSON body). Throw {@link AdmissionReviewError} for a bad call
 * (answered with its HTTP status); anything else thrown is answered with 500.
 */
export type AdmissionReviewFn = (body: unknown, call: WebhookCall) => Promise<AdmissionReviewResponse>;

/** What the server knows about one conversion call: a {@link WebhookCall} and the CRD its URL path names. */
export interface ConversionCall extends WebhookCall {
  /** The CRD from the URL path `<path>/convert/<plural>.<group>`; `undefined` for `<path>/convert` itself. */
  readonly crd: string | undefined;
}

/**
 * Converts the objects of one ConversionReview (the parsed JSON body). Throw `ConversionReviewError` for
 * a bad call (answered with its HTTP status); anything else thrown is answered with 500.
 */
export type ConversionReviewFn = (body: unknown, call: ConversionCall) => Promise<ConversionReviewResponse>;

/** The URL path segment under which the CRD `crd` (`<plural>.<group>`) is converted: `convert/<crd>`. */
export const CONVERSION_PATH = 'convert';

/**
 * The webhook path (after the server's base path) where a CRD's ConversionReviews are served.
 *
 * @example
 * ```ts
 * conversionWebhookPath('widgets.example.com'); // 'convert/widgets.example.com'
 * ```
 */
export function conversionWebhookPath(crd: string): string {
  return `${CONVERSION_PATH}/${crd}`;
}

/** A webhook's `clientConfig` pointing at a URL (`service` is the other form; see `serviceClientConfig`). */
export interface UrlClientConfig {
  readonly url: string;
  /** Base64 of the PEM CA certificate(s) the API server trusts for this URL. */
  readonly caBundle?: string;
}

/** The user's certificate files, re-read every `fileCheckInterval` seconds. */
export interface CertificateFiles {
  /** The serving certificate (PEM; a chain may follow it). */
  readonly certFile: string;
  /** Its private key (PEM). */
  readonly keyFile: string;
  /** The CA that signed it (PEM), for `caBundle`. @defaultValue none: no `caBundle` (the API server must trust the certificate otherwise) */
  readonly caFile?: string;
}

/** Options of {@link startWebhookServer}. */
export interface WebhookServerOptions {
  /** Reviews each AdmissionReview; e.g. `(body, call) => reviewAdmission(registry.admissionHandlers(), body, call)`. @defaultValue none: AdmissionReviews get 404 */
  readonly review?: AdmissionReviewFn | undefined;
  /** Converts each ConversionReview (at `<path>/convert/<crd>`); e.g. `(body, call) => reviewConversion(registry.conversionHandlers(), body, call)`. @defaultValue none: ConversionReviews get 404 */
  readonly convert?: ConversionReviewFn | undefined;
  /** The address to listen on. @defaultValue '127.0.0.1' */
  readonly bindAddress?: string;
  /** The port to listen on; 0 picks a free one. @defaultValue 0 */
  readonly port?: number;
  /** The host name or IP the API server uses to reach this server (in the URL and the certificate). @defaultValue the bind address (127.0.0.1 for 0.0.0.0, ::1 for ::) */
  readonly host?: string;
  /** The base path; handler ids follow it. @defaultValue '/' */
  readonly path?: string;
  /** More host names and IPs for a generated certificate. @defaultValue [] */
  readonly extraSans?: readonly string[];
  /** The user's certificate files instead of a generated certificate. */
  readonly certificates?: CertificateFiles;
  /** Seconds between checks of the certificate files for changes. @defaultValue 60 */
  readonly fileCheckInterval?: number;
  /** The largest request body accepted, in bytes; larger ones get 413. @defaultValue 8 MiB (two objects of the API server's 3 MiB limit, plus the review) */
  readonly maxBodyBytes?: number;
  /** Seconds a call may take before it is answered with 504 (the API server's `?timeout=` shortens it). @defaultValue 30 */
  readonly requestTimeout?: number;
  /**
   * Seconds a connection may take to complete its TLS handshake, from its first byte on: a client that
   * sends a truncated ClientHello (or nothing) is disconnected then, however slowly it dribbles. @defaultValue 10
   */
  readonly handshakeTimeout?: number;
  /** Called with the new client config after changed certificate files were loaded. */
  readonly onReload?: (clientConfig: UrlClientConfig) => void;
  /** Where the server logs. @defaultValue noopLogger */
  readonly logger?: Logger;
  /** Stops the server when aborted. */
  readonly signal?: AbortSignal;
}

/** A running webhook server. */
export interface WebhookServer {
  /** The base URL as the API server reaches it, e.g. `https://127.0.0.1:38211`. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** The CA the API server must trust (base64 PEM), when known. */
  readonly caBundle: string | undefined;
  /** The client config for webhook configurations (handler ids are appended per webhook). */
  clientConfig(): UrlClientConfig;
  /** Stop: no new connections, in-flight calls aborted, sockets closed, timers cleared. */
  close(): Promise<void>;
  /** Settles once the server has stopped. */
  readonly closed: Promise<void>;
}

const DEFAULT_MAX_BODY = 8 * 1024 * 1024;

/** Thrown inside the server to answer a call with a status and a message. */
class Reply extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function seconds(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new WebhooksError('invalid-option', `${name} must be a positive number of seconds; got ${JSON.stringify(value)}.`);
  return value;
}

/** A Go duration as the API server sends `?timeout=` (`10s`, `1.5s`, `500ms`, `1m`), in seconds. */
function parseTimeoutParameter(text: string | null): number | undefined {
  if (!text) return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  return match[2] === 'ms' ? value / 1000 : match[2] === 'm' ? value * 60 : value;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function sslPeerOf(req: IncomingMessage): Record<string, unknown> {
  const socket = req.socket as TLSSocket;
  const peer = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
  return peer && Object.keys(peer).length > 0 && peer.subject ? { ...peer.subject } : {};
}

function normalizePath(path: string): string {
  if (!path.startsWith('/')) throw new WebhooksError('invalid-option', `path must start with '/'; got ${JSON.stringify(path)}.`);
  return path.replace(/\/+$/, '');
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

async function readPair(files: CertificateFiles): Promise<{ cert: string; key: string; ca: string | undefined }> {
  const [cert, key, ca] = await Promise.all([
    readFile(files.certFile, 'utf8'), readFile(files.keyFile, 'utf8'), files.caFile === undefined ? Promise.resolve(undefined) : readFile(files.caFile, 'utf8'),
  ]);
  return { cert, key, ca };
}

/**
 * Start the webhook server.
 *
 * Calls are answered as follows: an AdmissionReview response (200) from `review`, a ConversionReview
 * response (200) from `convert` (a body of kind ConversionReview, at `<path>/convert/<crd>`); 400 for a
 * body that is not JSON or not a review; 404 for an unknown path, handler id or resource; 405 for a
 * method other than POST; 413 for a body over `maxBodyBytes`; 504 when the call's deadline passes
 * (the handlers' `signal` is aborted, and the API server applies the webhook's `failurePolicy`); 500
 * when `review` fails otherwise. Error answers are JSON `Status` objects with a message.
 *
 * @throws WebhooksError for bad options, unreadable or mismatched certificate files, or a port in use.
 * @example
 * ```ts
 * const server = await startWebhookServer({
 *   review: (body, call) => reviewAdmission(registry.admissionHandlers(), body, call),
 *   signal,
 * });
 * server.clientConfig(); // { url: 'https://127.0.0.1:38211', caBundle: 'LS0tLS1CRUdJTi…' }
 * ```
 */
export async function startWebhookServer(options: WebhookServerOptions): Promise<WebhookServer> {
  if (options.review !== undefined && typeof options.review !== 'function') throw new WebhooksError('invalid-option', 'review must be a function (body, call) => Promise<AdmissionReview response>.');
  if (options.convert !== undefined && typeof options.convert !== 'function') throw new WebhooksError('invalid-option', 'convert must be a function (body, call) => Promise<ConversionReview response>.');
  if (options.review === undefined && options.convert === undefined) {
    throw new WebhooksError('invalid-option', 'The webhook server needs something to serve: review (AdmissionReviews) and/or convert (ConversionReviews).');
  }
  const logger = (options.logger ?? noopLogger).child({ component: 'webhooks' });
  const bindAddress = options.bindAddress ?? '127.0.0.1';
  const host = options.host ?? (bindAddress === '0.0.0.0' ? '127.0.0.1' : bindAddress === '::' ? '::1' : bindAddress);
  const base = normalizePath(options.path ?? '/');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes <= 0) throw new WebhooksError('invalid-option', `maxBodyBytes must be a positive whole number of bytes; got ${JSON.stringify(maxBodyBytes)}.`);
  const requestTimeout = seconds('requestTimeout', options.requestTimeout, 30);
  const handshakeTimeout = seconds('handshakeTimeout', options.handshakeTimeout, 10);
  const fileCheckInterval = seconds('fileCheckInterval', options.fileCheckInterval, 60);
  if (options.signal?.aborted) throw new WebhooksError('invalid-option', 'The signal is already aborted; the webhook server was not started.');

  let cert: string;
  let key: string;
  let caBundle: string | undefined;
  const files = options.certificates;
  if (files) {
    let pair: Awaited<ReturnType<typeof readPair>>;
    try {
      pair = await readPair(files);
    } catch (error) {
      throw new WebhooksError('certificate', `Cannot read the webhook server's certificate files: ${(error as Error).message}`, { cause: error });
    }
    if (!certificateMatchesKey(pair.cert, pair.key)) {
      throw new WebhooksError('certificate', `The certificate ${files.certFile} and the key ${files.keyFile} do not belong together (or are not PEM); expected a PEM certificate and its private key.`);
    }
    ({ cert, key } = pair);
    caBundle = pair.ca === undefined ? undefined : Buffer.from(pair.ca, 'utf8').toString('base64');
  } else {
    const generated = generateCertificates({ hostnames: [host, ...(options.extraSans ?? [])] });
    ({ certPem: cert, keyPem: key, caBundle } = generated);
  }

  const inflight = new Set<AbortController>();
  const handshakeMs = Math.round(handshakeTimeout * 1000);
  const server: Server = createServer({ cert, key, handshakeTimeout: handshakeMs, headersTimeout: 15_000, requestTimeout: (requestTimeout + 15) * 1000 }, (req, res) => {
    void serve(req, res);
  });
  // Node's handshakeTimeout is an inactivity timeout (every byte restarts it); this deadline is absolute.
  // A TLS connection is found by its peer's address and port, which its TCP connection shares.
  const handshakes = new Map<string, NodeJS.Timeout>();
  const peer = (socket: Socket): string => `${socket.remoteAddress ?? ''}|${socket.remotePort ?? ''}`;
  server.on('connection', (socket: Socket) => {
    const key = peer(socket);
    const timer = setTimeout(() => {
      handshakes.delete(key);
      logger.debug('TLS handshake timed out', { remoteAddress: socket.remoteAddress, seconds: handshakeTimeout });
      socket.destroy();
    }, handshakeMs);
    timer.unref();
    handshakes.set(key, timer);
    socket.once('close', () => {
      clearTimeout(timer);
      if (handshakes.get(key) === timer) handshakes.delete(key);
    });
  });
  server.on('secureConnection', (tlsSocket: TLSSocket) => {
    const key = peer(tlsSocket);
    clearTimeout(handshakes.get(key));
    handshakes.delete(key);
  });
  server.on('clientError', (error, socket) => {
    logger.debug('Bad webhook connection', { error: error.message });
    if (socket.writable && !socket.destroyed) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.on('tlsClientError', (error) => logger.debug('TLS handshake failed', { error: error.message }));

  function send(res: ServerResponse, status: number, body: unknown): void {
    if (res.headersSent || res.destroyed) return;
    const text = stringifyJson(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  function fail(res: ServerResponse, status: number, message: string, close = false): void {
    if (close) res.setHeader('Connection', 'close');
    send(res, status, { apiVersion: 'v1', kind: 'Status', status: 'Failure', code: status, message });
  }

  function readBody(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBodyBytes) {
        reject(new Reply(413, `The request body (${declared} bytes) is over the limit of ${maxBodyBytes} bytes.`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBodyBytes) {
          req.removeAllListeners('data');
          reject(new Reply(413, `The request body is over the limit of ${maxBodyBytes} bytes.`));
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
      req.on('close', () => { if (!req.complete) reject(new Reply(400, 'The client closed the connection before sending the whole request.')); });
    });
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.on('error', (error) => logger.debug('Webhook response failed', { error: error.message }));
    const controller = new AbortController();
    inflight.add(controller);
    let timer: NodeJS.Timeout | undefined;
    try {
      const url = new URL(req.url ?? '/', 'https://webhook.invalid');
      if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) throw new Reply(404, `No webhook at ${url.pathname}; webhooks are served under ${base || '/'}.`);
      const rest = url.pathname.slice(base.length + 1);
      let webhook: string | undefined;
      try {
        webhook = rest === '' ? undefined : decodeURIComponent(rest);
      } catch {
        throw new Reply(400, `The URL path ${JSON.stringify(url.pathname)} is not validly percent-encoded.`);
      }
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        throw new Reply(405, `Webhooks answer POST requests with an AdmissionReview or a ConversionReview; got ${req.method ?? 'no method'}.`);
      }
      const deadline = Math.min(requestTimeout, parseTimeoutParameter(url.searchParams.get('timeout')) ?? requestTimeout);
      // Settles when the call is abandoned: its deadline passed (504) or the server stops (503).
      const abandoned = new Promise<never>((_resolve, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
      });
      let who = 'The admission handlers';
      timer = setTimeout(() => controller.abort(new Reply(504, `${who} did not answer within ${deadline} seconds.`)), deadline * 1000);
      const work = (async () => {
        const text = (await readBody(req)).toString('utf8');
        let body: unknown;
        try {
          body = parseJson(text);
        } catch (error) {
          throw new Reply(400, `The request body is not JSON: ${(error as Error).message}`);
        }
        const call: WebhookCall = { webhook, headers: headersOf(req), sslPeer: sslPeerOf(req), signal: controller.signal };
        // The body says what it is; the path only says which handler or CRD.
        if (typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'ConversionReview') {
          who = 'The conversion functions';
          if (!options.convert) throw new Reply(404, 'This webhook server serves no conversions (the operator has no on.convert steps).');
          if (webhook !== undefined && webhook !== CONVERSION_PATH && !webhook.startsWith(`${CONVERSION_PATH}/`)) {
            throw new Reply(404, `ConversionReviews are served at ${base}/${CONVERSION_PATH}/<plural>.<group>; got ${url.pathname}.`);
          }
          const crd = webhook === undefined || webhook === CONVERSION_PATH ? undefined : webhook.slice(CONVERSION_PATH.length + 1);
          return options.convert(body, { ...call, crd });
        }
        if (!options.review) throw new Reply(404, 'This webhook server serves no admission handlers (the operator has no on.validate/on.mutate handlers).');
        return options.review(body, call);
      })();
      work.catch(() => undefined); // settled late (after a timeout): already answered
      const response = await Promise.race([work, abandoned]);
      send(res, 200, response);
    } catch (error) {
      if (error instanceof Reply) fail(res, error.status, error.message, error.status === 413);
      else if (error instanceof AdmissionReviewError || error instanceof ConversionReviewError) fail(res, error.httpStatus, error.message);
      else {
        logger.error('Webhook review failed', { error: error instanceof Error ? error.message : String(error) });
        fail(res, 500, `The webhook failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (error instanceof Reply && error.status === 413) req.resume();
    } finally {
      clearTimeout(timer);
      inflight.delete(controller);
    }
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => reject(new WebhooksError('listen', `The webhook server cannot listen on ${bindAddress}:${options.port ?? 0}: ${error.message}`, { cause: error }));
    server.once('error', onError);
    server.listen(options.port ?? 0, bindAddress, () => {
      server.off('error', onError);
      resolve();
    });
  });
  server.on('error', (error) => logger.error('Webhook server error', { error: error.message }));
  const port = (server.address() as AddressInfo).port;
  const url = `https://${urlHost(host)}:${port}${base}`;
  logger.info('Webhook server listening', { url });

  let checker: NodeJS.Timeout | undefined;
  let checking = false;
  if (files) {
    const check = async (): Promise<void> => {
      if (checking) return;
      checking = true;
      try {
        const pair = await readPair(files).catch(() => undefined);
        if (!pair || (pair.cert === cert && pair.key === key && (pair.ca === undefined ? undefined : Buffer.from(pair.ca).toString('base64')) === caBundle)) return;
        if (!certificateMatchesKey(pair.cert, pair.key)) {
          logger.warn('The certificate files changed but do not form a pair yet; keeping the old certificate', { certFile: files.certFile, keyFile: files.keyFile });
          return;
        }
        ({ cert, key } = pair);
        caBundle = pair.ca === undefined ? undefined : Buffer.from(pair.ca, 'utf8').toString('base64');
        server.setSecureContext({ cert, key });
        logger.info('Reloaded the webhook server certificate', { certFile: files.certFile });
        options.onReload?.(clientConfig());
      } finally {
        checking = false;
      }
    };
    checker = setInterval(() => void check(), fileCheckInterval * 1000);
    checker.unref();
  }

  function clientConfig(): UrlClientConfig {
    return caBundle === undefined ? { url } : { url, caBundle };
  }

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => { resolveClosed = resolve; });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      clearInterval(checker);
      options.signal?.removeEventListener('abort', onAbort);
      for (const controller of inflight) controller.abort(new Reply(503, 'The webhook server is stopping.'));
      server.close(() => resolve());
      server.closeAllConnections();
    }).then(() => {
      logger.info('Webhook server stopped', { url });
      resolveClosed();
    });
    return closing;
  };
  const onAbort = (): void => void close();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  return {
    url, port, closed, close, clientConfig,
    get caBundle() { return caBundle; },
  };
}
