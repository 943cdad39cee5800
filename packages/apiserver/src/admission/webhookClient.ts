// The one HTTP client of the server's outgoing webhook calls (admission reviews and conversion reviews):
// a JSON POST to `clientConfig.url` (HTTPS trusting `caBundle`, or plain http for local tests) with
// kube's `?timeout=` query parameter and a deadline, answering the parsed JSON body.
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { stringifyJson } from '@opkit/json';
import { parseRequestJson } from '../codec.js';

/** Why a webhook call failed, with the URL it was posted to (when there was one). */
export class WebhookCallError extends Error {
  constructor(
    message: string,
    readonly url: string | undefined,
    /** Node's error code for a transport failure (`ECONNREFUSED` …), when there was one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'WebhookCallError';
  }
}

/**
 * POSTs `body` as JSON to a webhook's clientConfig and answers the parsed JSON response; rejects with a
 * {@link WebhookCallError} when the call fails, times out, answers a non-2xx status or no JSON.
 *
 * @example
 * const review = await postWebhook({ url: 'https://127.0.0.1:9443/convert', caBundle }, request, 30);
 */
export function postWebhook(clientConfig: Record<string, any>, body: unknown, timeoutSeconds: number): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    if (typeof clientConfig.url !== 'string') {
      reject(new WebhookCallError('only clientConfig.url is supported by the embedded server (no Services run here)', undefined));
      return;
    }
    let url: URL;
    try {
      url = new URL(clientConfig.url);
    } catch {
      reject(new WebhookCallError(`invalid url ${JSON.stringify(clientConfig.url)}`, String(clientConfig.url)));
      return;
    }
    url.searchParams.set('timeout', `${timeoutSeconds}s`);
    const where = url.toString();
    const text = stringifyJson(body);
    const options = { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': Buffer.byteLength(text) }, timeout: timeoutSeconds * 1000 };
    const onResponse = (res: IncomingMessage): void => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if ((res.statusCode ?? 0) >= 300) {
          reject(new WebhookCallError(`the server responded with HTTP ${res.statusCode}`, where));
          return;
        }
        try {
          resolve(parseRequestJson(Buffer.concat(chunks).toString('utf8')) as Record<string, any>);
        } catch (error) {
          reject(new WebhookCallError(`the response is not JSON: ${(error as Error).message}`, where));
        }
      });
      res.on('error', (error) => reject(new WebhookCallError(error.message, where, (error as NodeJS.ErrnoException).code)));
    };
    const req =
      url.protocol === 'https:'
        ? httpsRequest(url, { ...options, ...(clientConfig.caBundle ? { ca: Buffer.from(String(clientConfig.caBundle), 'base64').toString('utf8') } : {}) }, onResponse)
        : httpRequest(url, options, onResponse);
    req.on('timeout', () => req.destroy(new WebhookCallError(`context deadline exceeded (${timeoutSeconds}s)`, where, 'ETIMEDOUT')));
    req.on('error', (error) => reject(error instanceof WebhookCallError ? error : new WebhookCallError(error.message, where, (error as NodeJS.ErrnoException).code)));
    req.end(text);
  });
}
