// Small HTTP helpers: reading a bounded request body, writing JSON and Status answers with the headers
// clients expect (client-node refuses a response without Content-Type), and parsing Accept for Tables.
import { stringifyJson } from '@opkit/json';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StatusError} from '../errors.js';
import { Statuses } from '../errors.js';

/**
 * Reads the whole request body as UTF-8, failing with 413 above `maxBytes`.
 *
 * @example
 * const text = await readBody(req, 3 * 1024 * 1024);
 */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return (await readBodyBytes(req, maxBytes)).toString('utf8');
}

/**
 * Reads the whole request body as bytes, failing with 413 above `maxBytes`.
 *
 * @example
 * const bytes = await readBodyBytes(req, 3 * 1024 * 1024);
 */
export function readBodyBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      reject(Statuses.tooLarge(`the request body is ${declared} bytes, larger than the limit of ${maxBytes} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > maxBytes) {
        failed = true;
        reject(Statuses.tooLarge(`the request body is larger than the limit of ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    let ended = false;
    req.on('end', () => {
      ended = true;
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('close', () => {
      if (ended || failed) return;
      failed = true;
      reject(Statuses.badRequest('the client closed the connection before sending the whole body'));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
      failed = true;
    });
  });
}

/** Writes a JSON answer: int64 values with every digit, maps with integer-like keys in byte order. */
export function sendJson(res: ServerResponse, code: number, body: unknown, headers: Record<string, string | string[]> = {}, contentType = 'application/json'): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = typeof body === 'string' ? body : stringifyJson(body);
  res.writeHead(code, { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Writes a plain-text answer. */
export function sendText(res: ServerResponse, code: number, text: string, contentType = 'text/plain; charset=utf-8'): void {
  res.writeHead(code, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), 'X-Content-Type-Options': 'nosniff' });
  res.end(text);
}

/** Writes a StatusError as its Status body. */
export function sendStatus(res: ServerResponse, error: StatusError): void {
  const headers: Record<string, string> = { ...error.headers };
  const retry = error.details?.retryAfterSeconds;
  if (retry !== undefined && headers['Retry-After'] === undefined) headers['Retry-After'] = String(retry);
  sendJson(res, error.httpStatus, error.toStatus(), headers);
}

/** Whether `Accept` asks for a meta.k8s.io Table. */
export function wantsTable(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const params = part.split(';').map((p) => p.trim().toLowerCase());
    return params.includes('as=table') && params.includes('g=meta.k8s.io');
  });
}

/** Whether JSON is acceptable at all (406 otherwise). */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept || accept.trim() === '') return true;
  return accept.split(',').some((part) => {
    const media = (part.split(';')[0] ?? '').trim().toLowerCase();
    return media === 'application/json' || media === '*/*' || media === 'application/*' || media === 'application/yaml' || media === 'application/vnd.kubernetes.protobuf' || media === 'application/json-seq';
  });
}

/** Formats a Warning header value (`299 - "text"`). */
export function warningHeader(text: string): string {
  return `299 - ${JSON.stringify(text)}`;
}
