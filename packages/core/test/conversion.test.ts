// Conversions wired into the operator: with on.convert steps (and nothing else) and the API server known to be
// the embedded one, the operator serves them with no configuration — the loopback HTTPS server of admission,
// and the CRD's spec.conversion patched to point at it — and answers ConversionReviews sent where the CRD says;
// elsewhere an unconfigured operator fails at startup naming the CRDs. (The embedded API server calling the
// webhook on reads and writes is tested with the server.)
import { request } from 'node:https';
import { Registry } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';
import { CUSTOM_RESOURCE_DEFINITIONS } from '@opkit/webhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Operator } from '../src/index.js';
import type { Harness } from './harness.js';
import { FAST, startHarness } from './harness.js';

const CRD = 'kopfexamples.kopf.dev';

function registryWithConversions(): Registry {
  const registry = new Registry();
  registry.on.convert(CRD, { from: 'v1', to: 'v2' }, function upgrade(kex) { return { ...kex, spec: { fields: [kex.spec.field] } }; });
  registry.on.convert(CRD, { from: 'v2', to: 'v1' }, function downgrade(kex) { return { ...kex, spec: { field: kex.spec.fields[0] } }; });
  return registry;
}

function post(url: string, caBundle: string, body: unknown): Promise<{ status: number; body: any }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent: false,
      ca: Buffer.from(caBundle, 'base64').toString('utf8'), headers: { 'content-type': 'application/json' },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('the operator serves conversions', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('with zero configuration against the embedded API server: the CRD points at the webhook server, which converts', async () => {
    const running = await h.run(registryWithConversions(), { localApiServer: true });
    const stored = await h.client.get<KubeObject>(CUSTOM_RESOURCE_DEFINITIONS, CRD);
    const conversion = (stored.spec as Record<string, any>)['conversion'];
    expect(conversion).toMatchObject({ strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1', 'v1beta1'] } });
    const { url, caBundle } = conversion.webhook.clientConfig as { url: string; caBundle: string };
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/convert\/kopfexamples\.kopf\.dev$/);
    expect(running.lines.some((line) => line.includes(`Conversion webhook server is listening at ${url.slice(0, url.indexOf('/convert'))} for ${CRD} (/convert/${CRD}).`))).toBe(true);
    expect(running.lines.some((line) => line.includes(`Setting the conversion webhook of the CRD ${CRD}`))).toBe(true);

    const kex = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'k', namespace: 'default' }, spec: { field: 'x' } };
    const answer = await post(url, caBundle, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 'u', desiredAPIVersion: 'kopf.dev/v2', objects: [kex] } });
    expect(answer).toEqual({
      status: 200,
      body: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid: 'u', result: { status: 'Success' }, convertedObjects: [{ ...kex, apiVersion: 'kopf.dev/v2', spec: { fields: ['x'] } }] } },
    });
    await running.stop();
    // The stanza stays: objects stored at one version still need the webhook to be served at another.
    expect(((await h.client.get<KubeObject>(CUSTOM_RESOURCE_DEFINITIONS, CRD)).spec as Record<string, any>)['conversion']).toEqual(conversion);
  });

  it('fails at startup, naming the CRDs, when the API server is not known to reach loopback', async () => {
    const op = new Operator({ registry: registryWithConversions(), client: h.client, clusterwide: true, settings: FAST, logger: { debug() {}, info() {}, warn() {}, error() {}, child() { return this; } } });
    const run = op.run(new AbortController().signal);
    await expect(run).rejects.toMatchObject({ name: 'OperatorError', code: 'invalid-options' });
    await expect(run).rejects.toThrow(/conversions of kopfexamples\.kopf\.dev but no webhook server is configured.*settings\.admission\.server/);
  });

  it('fails at startup when a converted CRD is not installed', async () => {
    const registry = new Registry();
    registry.on.convert('gadgets.example.com', { from: 'v1', to: 'v2' }, (g) => g);
    const op = new Operator({ registry, client: h.client, clusterwide: true, settings: FAST, localApiServer: true, logger: { debug() {}, info() {}, warn() {}, error() {}, child() { return this; } } });
    const run = op.run(new AbortController().signal);
    await expect(run).rejects.toMatchObject({ name: 'OperatorError', code: 'startup-failed' });
    await expect(run).rejects.toThrow(/Could not set the conversion webhook of the CRDs gadgets\.example\.com/);
  });
});
