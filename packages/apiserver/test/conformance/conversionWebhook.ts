// The conversion webhook of the conformance suite's `conversion-webhook` scenario: a tiny HTTPS server (a
// self-signed certificate the CRD trusts through its caBundle, as a real kube-apiserver requires) answering
// ConversionReview v1 for the Gizmo CRD, whose v1 `spec.size` is v2's `spec.count`. It also hands out a URL on
// which nothing listens, for the scenario's "webhook down" part. Every client's scenario uses the same server.
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
import { selfSignedCertificate } from '../../src/auth/selfSignedCertificate.js';

type Json = Record<string, any>;

/** Where the webhook answers, the CA bundle to trust it, and a URL that refuses connections. */
export interface ConversionWebhook {
  readonly url: string;
  readonly caBundle: string;
  readonly deadUrl: string;
  /** ConversionReviews answered so far. */
  readonly reviews: () => number;
  close(): Promise<void>;
}

/** Gizmo v1 `{ size }` ⇄ v2 `{ count }`; the rest of the object is kept (a conversion may change no metadata but labels and annotations). */
export function convertGizmo(object: Json, desiredAPIVersion: string): Json {
  const version = desiredAPIVersion.split('/')[1];
  const spec = (object.spec ?? {}) as Json;
  if (object.apiVersion === desiredAPIVersion) return object;
  const converted = version === 'v2' ? { count: spec.size } : { size: spec.count };
  return { ...object, apiVersion: desiredAPIVersion, spec: converted };
}

/** A port that was free a moment ago (bound, then released): connections to it are refused. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createTcpServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the webhook on a free loopback port.
 *
 * @example
 * const webhook = await startConversionWebhook();
 * crd.spec.conversion.webhook.clientConfig = { url: webhook.url, caBundle: webhook.caBundle };
 */
export async function startConversionWebhook(): Promise<ConversionWebhook> {
  const { cert, key } = selfSignedCertificate();
  let reviews = 0;
  const server: Server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let review: Json;
      try {
        review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      } catch {
        response.writeHead(400).end();
        return;
      }
      reviews += 1;
      const req = (review.request ?? {}) as { uid?: string; desiredAPIVersion?: string; objects?: Json[] };
      const convertedObjects = (req.objects ?? []).map((object) => convertGizmo(object, req.desiredAPIVersion ?? ''));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid: req.uid, convertedObjects, result: { status: 'Success' } } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  const dead = await freePort();
  return {
    url: `https://127.0.0.1:${port}/convert`,
    caBundle: Buffer.from(cert, 'utf8').toString('base64'),
    deadUrl: `https://127.0.0.1:${dead}/convert`,
    reviews: () => reviews,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
