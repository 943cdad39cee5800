// Conversions served by the operator's webhook server: startAdmission with on.convert steps (and no
// admission handlers) against the embedded API server patches the CRD's conversion stanza to point at
// the server, and ConversionReviews POSTed over real HTTPS — to the URL and with the caBundle the CRD now
// holds — are answered as the API server expects. (The embedded API server calling the webhook itself
// is tested where it is built; here the test plays the API server's part of the call.)
import { request } from 'node:https';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { Registry } from '@opkit/handlers';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject } from '@opkit/kube';
import { noopLogger } from '@opkit/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_RESOURCE_DEFINITIONS, ManagedCrdConversions, renderCrdConversion, resolveAdmissionSettings, startAdmission, startWebhookServer } from '../src/index.js';
import type { RunningAdmission, WebhookServer } from '../src/index.js';

const CRD_NAME = 'widgets.example.com';
const schema = { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
const crd = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: CRD_NAME },
  spec: {
    group: 'example.com', scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: [{ name: 'v1', served: true, storage: true, schema }],
  },
};

interface Answer { status: number; body: any }

/** POST JSON to a URL over a fresh TLS connection that trusts only `caBundle` (base64 PEM), as the API server does. */
function post(url: string, caBundle: string, body: unknown): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.hostname.replace(/^\[|\]$/g, ''), port: target.port, path: target.pathname, method: 'POST', agent: false,
      ca: Buffer.from(caBundle, 'base64').toString('utf8'), headers: { 'content-type': 'application/json' },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function widget(version: string, name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: `example.com/${version}`, kind: 'Widget', metadata: { name, namespace: 'default', uid: `uid-${name}`, labels: { app: 'w' } }, spec };
}

function conversionReview(desiredAPIVersion: string, objects: unknown[]): unknown {
  return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 'review-1', desiredAPIVersion, objects } };
}

const registry = new Registry();
registry.on.convert(CRD_NAME, { from: 'v1', to: 'v2' }, function upgrade(w) {
  if (w.spec.replicas < 0) throw new Error(`replicas must not be negative, got ${String(w.spec.replicas)}`);
  return { ...w, spec: { size: w.spec.replicas } };
});
registry.on.convert(CRD_NAME, { from: 'v2', to: 'v1' }, function downgrade(w) { return { ...w, spec: { replicas: w.spec.size } }; });
registry.on.convert(CRD_NAME, { from: 'v2', to: 'v3' }, function to3(w) { return { ...w, metadata: { labels: { ...w.metadata.labels, v3: 'yes' }, name: 'ignored' }, spec: { scale: { size: w.spec.size } } }; });

let apiserver: ApiServer;
let client: KubeClient;
let running: RunningAdmission | undefined;
const stop = new AbortController();

beforeAll(async () => {
  apiserver = await startApiServer();
  client = await connect({ server: { url: apiserver.url }, requestTimeoutMs: 30_000 });
  await client.create(CUSTOM_RESOURCE_DEFINITIONS, crd);
  running = await startAdmission({
    client, registry, settings: resolveAdmissionSettings({}), localApiServer: true, logger: noopLogger, memo: {}, indices: {},
  }, stop.signal);
});

afterAll(async () => {
  await running?.stop(new AbortController().signal);
  stop.abort();
  client?.close();
  await apiserver?.close();
});

async function stanza(): Promise<{ strategy: string; webhook: { conversionReviewVersions: string[]; clientConfig: { url: string; caBundle: string } } }> {
  const stored = await client.get<KubeObject>(CUSTOM_RESOURCE_DEFINITIONS, CRD_NAME);
  return (stored.spec as Record<string, any>)['conversion'];
}

describe('conversions served by the operator', () => {
  it('starts the webhook server for conversions alone and patches the CRD to point at it', async () => {
    expect(running).toBeDefined();
    expect(running!.conversions).toEqual([CRD_NAME]);
    expect(running!.managed).toBe('auto.opkit.dev');
    const conversion = await stanza();
    expect(conversion).toEqual({
      strategy: 'Webhook',
      webhook: { conversionReviewVersions: ['v1', 'v1beta1'], clientConfig: { url: `${running!.server.url}/convert/${CRD_NAME}`, caBundle: running!.server.caBundle } },
    });
    expect(conversion).toEqual(renderCrdConversion(CRD_NAME, running!.server.clientConfig()));
  });

  it('converts every object of a ConversionReview to the desired version over HTTPS, chains included', async () => {
    const { webhook } = await stanza();
    const answer = await post(webhook.clientConfig.url, webhook.clientConfig.caBundle, conversionReview('example.com/v3', [
      widget('v1', 'a', { replicas: 2 }), widget('v3', 'b', { scale: { size: 4 } }),
    ]));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview',
      response: {
        uid: 'review-1', result: { status: 'Success' },
        convertedObjects: [
          { ...widget('v3', 'a', { scale: { size: 2 } }), metadata: { name: 'a', namespace: 'default', uid: 'uid-a', labels: { app: 'w', v3: 'yes' } } },
          widget('v3', 'b', { scale: { size: 4 } }),
        ],
      },
    });
  });

  it('answers a failing conversion with status Failure naming the object and the step', async () => {
    const { webhook } = await stanza();
    const answer = await post(webhook.clientConfig.url, webhook.clientConfig.caBundle, conversionReview('example.com/v3', [widget('v1', 'neg', { replicas: -1 })]));
    expect(answer.status).toBe(200);
    expect(answer.body.response).toEqual({
      uid: 'review-1',
      result: { status: 'Failure', message: 'Converting Widget default/neg from v1 to v3, at the step v1 → v2 (upgrade) failed: replicas must not be negative, got -1' },
    });
    const back = await post(webhook.clientConfig.url, webhook.clientConfig.caBundle, conversionReview('example.com/v1', [widget('v3', 'c', {})]));
    expect(back.body.response.result.status).toBe('Failure');
    expect(back.body.response.result.message).toContain('No conversion of widgets.example.com from v3 to v1');
  });

  it('answers bad calls with 4xx Status objects', async () => {
    const { webhook } = await stanza();
    const { url, caBundle } = webhook.clientConfig;
    const base = running!.server.url;
    const unknown = await post(`${base}/convert/gadgets.example.com`, caBundle, conversionReview('example.com/v2', []));
    expect(unknown).toMatchObject({ status: 404, body: { kind: 'Status', code: 404, message: expect.stringContaining('No conversion is registered for gadgets.example.com') } });
    const elsewhere = await post(`${base}/validate1`, caBundle, conversionReview('example.com/v2', []));
    expect(elsewhere).toMatchObject({ status: 404, body: { message: `ConversionReviews are served at /convert/<plural>.<group>; got /validate1.` } });
    const admission = await post(url, caBundle, { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: {} });
    expect(admission).toMatchObject({ status: 404, body: { message: expect.stringContaining('serves no admission handlers') } });
    const malformed = await post(url, caBundle, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'Not a valid ConversionReview: request is missing (a ConversionReview request carries `request`).' } });
  });

  it('keeps the conversion stanza when the operator stops', async () => {
    const before = await stanza();
    await running!.stop(new AbortController().signal);
    running = undefined;
    expect(await stanza()).toEqual(before);
  });

  it('rewrites the client config whole when it changes form (url to Service), dropping a stale caBundle', async () => {
    await new ManagedCrdConversions({ client, handlers: () => registry.conversionHandlers() }).apply({ service: { namespace: 'ops', name: 'widget-operator' } });
    expect(await stanza()).toEqual({
      strategy: 'Webhook',
      webhook: { conversionReviewVersions: ['v1', 'v1beta1'], clientConfig: { service: { namespace: 'ops', name: 'widget-operator', port: 443, path: '/convert/widgets.example.com' } } },
    });
  });
});

describe('the webhook server with convert alone', () => {
  let server: WebhookServer | undefined;
  afterAll(async () => { await server?.close(); });

  it('dispatches on the body: ConversionReviews to convert, with the CRD from the path', async () => {
    const seen: (string | undefined)[] = [];
    server = await startWebhookServer({
      convert: async (body, call) => {
        seen.push(call.crd);
        return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid: (body as any).request.uid, convertedObjects: [], result: { status: 'Success' } } };
      },
    });
    const caBundle = server.caBundle!;
    expect((await post(`${server.url}/convert/widgets.example.com`, caBundle, conversionReview('example.com/v2', []))).status).toBe(200);
    expect((await post(`${server.url}/convert`, caBundle, conversionReview('example.com/v2', []))).status).toBe(200);
    expect(seen).toEqual(['widgets.example.com', undefined]);
    await expect(startWebhookServer({})).rejects.toThrow('The webhook server needs something to serve: review (AdmissionReviews) and/or convert (ConversionReviews).');
  });
});
