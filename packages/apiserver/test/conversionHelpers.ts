// Shared by the multi-version CRD tests: a two-version CRD (v1 spec.size/color, deprecated; v2
// spec.replicas/colour) and a small HTTPS conversion webhook between them that can also answer badly.
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from '../src/auth/selfSignedCertificate.js';

/** A CRD with v1 (spec.size) and v2 (spec.replicas, deprecated: false) — `storage` names the stored one. */
export function twoVersionCrd(plural: string, storage: 'v1' | 'v2', conversion?: Record<string, any>): Record<string, any> {
  const schema = (props: Record<string, any>): Record<string, any> => ({
    openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: props }, status: { type: 'object', properties: { ready: { type: 'boolean' }, count: { type: 'integer' } } } } },
  });
  const kind = plural.charAt(0).toUpperCase() + plural.slice(1, -1);
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.conv.example.com` },
    spec: {
      group: 'conv.example.com',
      scope: 'Namespaced',
      names: { plural, singular: plural.slice(0, -1), kind },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: storage === 'v1',
          deprecated: true,
          schema: schema({ size: { type: 'integer' }, color: { type: 'string', default: 'red' } }),
          subresources: { status: {}, scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.count' } },
          additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
        },
        {
          name: 'v2',
          served: true,
          storage: storage === 'v2',
          schema: schema({ replicas: { type: 'integer' }, colour: { type: 'string' } }),
          subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.count' } },
          additionalPrinterColumns: [{ name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' }],
        },
      ],
      ...(conversion ? { conversion } : {}),
    },
  };
}

/** What the test webhook does with the next reviews. */
export type Mode = 'convert' | 'wrong-uid' | 'too-few' | 'wrong-version' | 'failure' | 'rename' | 'relabel' | 'held';

/** A small HTTPS conversion webhook: v1 spec.size/color ⇄ v2 spec.replicas/colour, or a bad answer per `mode`. */
export class TestWebhook {
  mode: Mode = 'convert';
  readonly reviews: any[] = [];
  readonly cert = selfSignedCertificate();
  private server: Server | undefined;
  port = 0;
  /** Mode 'held': answers wait until this resolves. */
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => {};
  /** Reviews waiting at the gate. */
  held = 0;

  hold(): void {
    this.gate = new Promise<void>((resolve) => {
      this.open = resolve;
    });
    this.mode = 'held';
  }

  release(): void {
    this.mode = 'convert';
    this.open();
  }

  async start(): Promise<void> {
    this.server = createServer({ cert: this.cert.cert, key: this.cert.key }, (req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get caBundle(): string {
    return Buffer.from(this.cert.cert).toString('base64');
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void this.answer(Buffer.concat(chunks).toString('utf8'), res));
  }

  private async answer(text: string, res: ServerResponse): Promise<void> {
    const review = JSON.parse(text);
    if (this.mode === 'held') {
      this.held++;
      await this.gate;
      this.held--;
    }
    this.reviews.push(review);
    const { uid, desiredAPIVersion, objects } = review.request;
    let converted = (objects as any[]).map((o) => convert(o, desiredAPIVersion));
    let responseUid = uid;
    let result: Record<string, any> = { status: 'Success' };
    if (this.mode === 'wrong-uid') responseUid = 'not-the-uid';
    if (this.mode === 'too-few') converted = [];
    if (this.mode === 'wrong-version') converted = converted.map((o) => ({ ...o, apiVersion: 'conv.example.com/v9' }));
    if (this.mode === 'failure') result = { status: 'Failure', message: 'cannot convert this one' };
    if (this.mode === 'rename') converted = converted.map((o) => ({ ...o, metadata: { ...o.metadata, name: 'other' } }));
    if (this.mode === 'relabel') converted = converted.map((o) => ({ ...o, metadata: { ...o.metadata, labels: { converted: 'yes' }, generation: 99 } }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'ConversionReview', response: { uid: responseUid, convertedObjects: converted, result } }));
  }
}

/** The test's conversion: spec.size ⇄ spec.replicas, spec.color ⇄ spec.colour. */
function convert(obj: any, to: string): any {
  const spec = { ...(obj.spec ?? {}) };
  if (to.endsWith('/v2')) {
    if ('size' in spec) spec.replicas = spec.size;
    if ('color' in spec) spec.colour = spec.color;
    delete spec.size;
    delete spec.color;
  } else {
    if ('replicas' in spec) spec.size = spec.replicas;
    if ('colour' in spec) spec.color = spec.colour;
    delete spec.replicas;
    delete spec.colour;
  }
  return { ...obj, apiVersion: to, spec };
}

