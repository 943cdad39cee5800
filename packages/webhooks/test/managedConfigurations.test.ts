// The managed configurations against the embedded API server: created when absent, rewritten when the
// handlers or the client config change, annotations added and removed, several writers converge.
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { Registry } from '@opkit/handlers';
import { connect } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManagedWebhookConfigurations, MUTATING_WEBHOOK_CONFIGURATIONS, VALIDATING_WEBHOOK_CONFIGURATIONS } from '../src/index.js';
import type { RenderedWebhookConfiguration } from '../src/index.js';

const pods: Resource = { group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true, preferred: true };
let apiserver: ApiServer;
let client: KubeClient;

beforeAll(async () => {
  apiserver = await startApiServer();
  client = await connect({ server: { url: apiserver.url } });
});
afterAll(async () => {
  client?.close();
  await apiserver?.close();
});

async function get(resource: Resource, name: string): Promise<RenderedWebhookConfiguration & KubeObject> {
  return client.get(resource, name);
}

describe('ManagedWebhookConfigurations', () => {
  it('creates both configurations, then rewrites webhooks[] when the handlers or the client config change', async () => {
    const registry = new Registry();
    registry.on.validate('pods', function first() {});
    const managed = new ManagedWebhookConfigurations({ client, name: 'managed.example.com', handlers: () => registry.admissionHandlers(), resources: [pods] });
    await managed.apply({ url: 'https://127.0.0.1:1111', caBundle: 'QQ==' });
    expect((await get(VALIDATING_WEBHOOK_CONFIGURATIONS, 'managed.example.com')).webhooks.map((w) => [w.name, w.clientConfig.url])).toEqual([['first.managed.example.com', 'https://127.0.0.1:1111/first']]);
    expect((await get(MUTATING_WEBHOOK_CONFIGURATIONS, 'managed.example.com')).webhooks).toEqual([]);

    registry.on.mutate('pods', function second() {});
    await managed.apply({ url: 'https://127.0.0.1:2222', caBundle: 'Qg==' });
    const validating = await get(VALIDATING_WEBHOOK_CONFIGURATIONS, 'managed.example.com');
    expect(validating.webhooks.map((w) => [w.name, w.clientConfig.url, w.clientConfig.caBundle])).toEqual([['first.managed.example.com', 'https://127.0.0.1:2222/first', 'Qg==']]);
    expect((await get(MUTATING_WEBHOOK_CONFIGURATIONS, 'managed.example.com')).webhooks.map((w) => w.name)).toEqual(['second.managed.example.com']);
  });

  it('adds and removes the cert-manager annotation, and a second writer converges on the same content', async () => {
    const registry = new Registry();
    registry.on.validate('pods', function hook() {});
    const service = { service: { namespace: 'ops', name: 'op', port: 443 } };
    const withCa = new ManagedWebhookConfigurations({ client, name: 'cm.example.com', handlers: registry.admissionHandlers(), resources: [pods], annotations: { 'cert-manager.io/inject-ca-from': 'ops/op-webhook' } });
    await withCa.apply(service);
    await withCa.apply(service); // idempotent: the object exists already
    expect((await get(VALIDATING_WEBHOOK_CONFIGURATIONS, 'cm.example.com')).metadata?.annotations).toEqual({ 'cert-manager.io/inject-ca-from': 'ops/op-webhook' });
    const plain = new ManagedWebhookConfigurations({ client, name: 'cm.example.com', handlers: registry.admissionHandlers(), resources: [pods] });
    await plain.apply({ ...service, caBundle: 'QQ==' });
    const object = await get(VALIDATING_WEBHOOK_CONFIGURATIONS, 'cm.example.com');
    expect(object.metadata?.annotations ?? {}).toEqual({});
    expect(object.webhooks).toEqual(plain.render({ ...service, caBundle: 'QQ==' })[0]!.webhooks);
  });

  it('does nothing on cleanup before the first apply', async () => {
    const managed = new ManagedWebhookConfigurations({ client, name: 'never.example.com', handlers: [], resources: [pods] });
    const requests = apiserver.requests().length;
    await managed.cleanup();
    expect(apiserver.requests().slice(requests)).toEqual([]); // not one request
    await expect(get(VALIDATING_WEBHOOK_CONFIGURATIONS, 'never.example.com')).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});
