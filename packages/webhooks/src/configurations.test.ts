import { ABSENT, PRESENT, Registry } from '@opkit/handlers';
import type { Resource } from '@opkit/kube';
import { describe, expect, it } from 'vitest';
import { buildWebhooks, clientConfigFor, objectSelectorOf, renderWebhookConfigurations, webhookName } from './configurations.js';
import { WebhooksError } from './errors.js';
import { certManagerTarget, localClusterServer, serviceClientConfig, serviceDnsNames } from './targets.js';

const kex: Resource = { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true, shortNames: ['kex'], preferred: true };
const pods: Resource = { group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true, preferred: true };
const resources = [kex, pods];

/** The handlers of Kopf's example 17-admission. */
function example17(): Registry {
  const registry = new Registry();
  registry.on.validate('kex', function authhook() {});
  registry.on.validate('kex', function validate1() {});
  registry.on.validate('kex', () => undefined, { id: 'validate2/spec.field' });
  registry.on.validate('kex', function validate_subresources() {}, { subresource: '*' });
  registry.on.mutate('kex', function mutate1() {}, { labels: { somelabel: 'somevalue' }, persistent: true });
  return registry;
}

const url = { url: 'https://127.0.0.1:9443/', caBundle: 'Q0E=' };

describe('renderWebhookConfigurations', () => {
  it("renders Kopf's 17-admission configurations: names, rules, selectors, policies, client configs", () => {
    const { validating, mutating } = renderWebhookConfigurations(example17().admissionHandlers(), { name: 'auto.opkit.dev', clientConfig: url, resources });
    expect(validating.kind).toBe('ValidatingWebhookConfiguration');
    expect(validating.apiVersion).toBe('admissionregistration.k8s.io/v1');
    expect(validating.metadata).toEqual({ name: 'auto.opkit.dev' });
    expect(validating.webhooks.map((w) => w.name)).toEqual([
      'authhook.auto.opkit.dev', 'validate1.auto.opkit.dev', 'validate2.spec.field.auto.opkit.dev', 'validate-subresources.auto.opkit.dev',
    ]);
    expect(validating.webhooks[0]).toEqual({
      name: 'authhook.auto.opkit.dev',
      clientConfig: { url: 'https://127.0.0.1:9443/authhook', caBundle: 'Q0E=' },
      rules: [{ apiGroups: ['kopf.dev'], apiVersions: ['v1'], resources: ['kopfexamples'], operations: ['*'], scope: '*' }],
      sideEffects: 'None', failurePolicy: 'Fail', matchPolicy: 'Equivalent', timeoutSeconds: 30, admissionReviewVersions: ['v1', 'v1beta1'],
    });
    expect(validating.webhooks[2]!.clientConfig.url).toBe('https://127.0.0.1:9443/validate2/spec.field');
    expect(validating.webhooks[3]!.rules[0]!.resources).toEqual(['kopfexamples', 'kopfexamples/*']);
    expect(mutating.kind).toBe('MutatingWebhookConfiguration');
    expect(mutating.webhooks).toHaveLength(1);
    expect(mutating.webhooks[0]).toMatchObject({
      name: 'mutate1.auto.opkit.dev',
      objectSelector: { matchExpressions: [{ key: 'somelabel', operator: 'In', values: ['somevalue'] }] },
    });
  });

  it('keeps only the persistent webhooks when asked (what stays after a graceful exit)', () => {
    const { validating, mutating } = renderWebhookConfigurations(example17().admissionHandlers(), { name: 'auto.opkit.dev', clientConfig: url, resources, persistentOnly: true });
    expect(validating.webhooks).toEqual([]);
    expect(mutating.webhooks.map((w) => w.name)).toEqual(['mutate1.auto.opkit.dev']);
  });

  it('renders operations, sub-resources, side effects, failure policy and timeout from the options', () => {
    const registry = new Registry();
    registry.on.validate('pods', function status_hook() {}, { operations: ['UPDATE'], subresource: 'status', sideEffects: true, ignoreFailures: true });
    const [webhook] = buildWebhooks(registry.admissionHandlers(), { name: 'x.example.com', clientConfig: url, resources, timeoutSeconds: 5 });
    expect(webhook).toMatchObject({
      name: 'status-hook.x.example.com',
      rules: [{ apiGroups: [''], apiVersions: ['v1'], resources: ['pods/status'], operations: ['UPDATE'], scope: '*' }],
      sideEffects: 'NoneOnDryRun', failurePolicy: 'Ignore', timeoutSeconds: 5,
    });
  });

  it('renders a Service client config with the handler id appended to its path', () => {
    const registry = example17();
    const { validating } = renderWebhookConfigurations(registry.admissionHandlers(), {
      name: 'auto.opkit.dev', clientConfig: serviceClientConfig({ namespace: 'operators', name: 'my-operator', port: 8443, path: '/hooks/' }, 'Q0E='), resources,
    });
    expect(validating.webhooks[2]!.clientConfig).toEqual({ service: { namespace: 'operators', name: 'my-operator', port: 8443, path: '/hooks/validate2/spec.field' }, caBundle: 'Q0E=' });
    expect(clientConfigFor({ service: { namespace: 'n', name: 's' } }, 'a b')).toEqual({ service: { namespace: 'n', name: 's', port: 443, path: '/a%20b' } });
  });

  it("renders cert-manager's mode: the inject-ca-from annotation, no caBundle, the secret's files for the server", () => {
    const target = certManagerTarget({ service: { namespace: 'operators', name: 'my-operator', port: 443 }, certificate: 'my-operator-webhook' });
    expect(target.certificates).toEqual({ certFile: '/etc/opkit/webhook-certs/tls.crt', keyFile: '/etc/opkit/webhook-certs/tls.key', caFile: '/etc/opkit/webhook-certs/ca.crt' });
    const { validating, mutating } = renderWebhookConfigurations(example17().admissionHandlers(), { name: 'auto.opkit.dev', clientConfig: target.clientConfig, annotations: target.annotations, resources });
    for (const configuration of [validating, mutating]) {
      expect(configuration.metadata.annotations).toEqual({ 'cert-manager.io/inject-ca-from': 'operators/my-operator-webhook' });
      for (const webhook of configuration.webhooks) expect(webhook.clientConfig).not.toHaveProperty('caBundle');
    }
    expect(mutating.webhooks[0]!.clientConfig).toEqual({ service: { namespace: 'operators', name: 'my-operator', port: 443, path: '/mutate1' } });
    expect(() => certManagerTarget({ service: { namespace: 'x', name: 'y' }, certificate: '' })).toThrow(/Certificate's name/);
  });

  it('leaves a handler of an unknown resource without rules', () => {
    const registry = new Registry();
    registry.on.validate('widgets', function w() {});
    expect(buildWebhooks(registry.admissionHandlers(), { name: 'a.b.c', clientConfig: url, resources })[0]!.rules).toEqual([]);
  });

  it('rejects bad client configs, names and timeouts with what was expected', () => {
    const handlers = example17().admissionHandlers();
    const render = (options: object) => () => renderWebhookConfigurations(handlers, { name: 'auto.opkit.dev', clientConfig: url, resources, ...options });
    expect(render({ clientConfig: { url: 'http://x:1' } })).toThrow(/must use https:\/\//);
    expect(render({ clientConfig: { url: 'nope' } })).toThrow(/is not a URL/);
    expect(render({ clientConfig: { url: 'https://x/?a=1' } })).toThrow(/query or fragment/);
    expect(render({ clientConfig: { service: { name: 'x' } } })).toThrow(/needs \{ namespace, name \}/);
    expect(render({ clientConfig: {} })).toThrow(WebhooksError);
    expect(render({ timeoutSeconds: 31 })).toThrow(/from 1 to 30/);
    expect(render({ name: 'Auto' })).toThrow(/lower-case DNS name/);
  });
});

describe('webhookName', () => {
  it("follows Kopf's normalization (/ to ., _ to -, others hex-encoded) and lower-cases", () => {
    expect(webhookName('validate2/spec.field', 'auto.opkit.dev')).toBe('validate2.spec.field.auto.opkit.dev');
    expect(webhookName('validate_subresources', 'auto.opkit.dev')).toBe('validate-subresources.auto.opkit.dev');
    expect(webhookName('a b:c', 's.example.com')).toBe('a20b3ac.s.example.com');
    expect(webhookName('CheckIt', '')).toBe('checkit');
  });
});

describe('objectSelectorOf', () => {
  it('turns exact, PRESENT and ABSENT label filters into requirements and leaves predicates out', () => {
    expect(objectSelectorOf({ a: 'x', b: PRESENT, c: ABSENT, d: () => true })).toEqual({ matchExpressions: [
      { key: 'a', operator: 'In', values: ['x'] }, { key: 'b', operator: 'Exists' }, { key: 'c', operator: 'DoesNotExist' },
    ] });
    expect(objectSelectorOf({ d: () => true })).toBeUndefined();
    expect(objectSelectorOf(undefined)).toBeUndefined();
  });
});

describe('local cluster presets and Services', () => {
  it('names the host machine as each local cluster knows it, listening on all interfaces', () => {
    expect(localClusterServer('k3d')).toEqual({ bindAddress: '0.0.0.0', host: 'host.k3d.internal', extraSans: ['localhost', '127.0.0.1'] });
    expect(localClusterServer('minikube', { port: 9443 })).toMatchObject({ host: 'host.minikube.internal', port: 9443 });
    expect(localClusterServer('docker-desktop').host).toBe('host.docker.internal');
    expect(localClusterServer('kind', { host: '172.18.0.1' }).host).toBe('172.18.0.1');
    expect(() => localClusterServer('k8s' as never)).toThrow(/Unknown local cluster "k8s"; expected one of 'k3d', 'minikube', 'docker-desktop', 'kind'/);
  });

  it('lists the DNS names of a Service', () => {
    expect(serviceDnsNames({ namespace: 'ops', name: 'op' })).toEqual(['op', 'op.ops', 'op.ops.svc', 'op.ops.svc.cluster.local']);
  });
});
