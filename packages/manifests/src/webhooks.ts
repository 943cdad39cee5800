// The admission side of a deployment, for `op manifests`: when the operator has on.validate/on.mutate
// handlers, the Service the API server calls, the Validating/MutatingWebhookConfigurations pointing at
// it (one webhook per handler, named and ruled as the running operator manages them), and — with
// cert-manager — a self-signed Issuer, the serving Certificate and the `inject-ca-from` annotation. An
// operator with `on.convert` steps gets the Service (and cert-manager's objects) too: the CRDs'
// conversion stanzas point at it.
import { certManagerTarget, renderWebhookConfigurations, serviceDnsNames } from '@opkit/core';
import type { Registry, WebhookService } from '@opkit/core';
import type { ResourceCatalog } from './catalog.js';
import type { DeployConfig } from './projectConfig.js';

/** The port the operator's webhook server listens on in the pod (`op run --webhook-server service:…`). */
export const WEBHOOK_TARGET_PORT = 9443;

/** The objects of the webhook side of a deployment, or `[]` when there are neither admission handlers nor conversions. */
export function webhookManifests(registry: Registry, catalog: ResourceCatalog, deploy: DeployConfig): Record<string, unknown>[] {
  const handlers = registry.admissionHandlers();
  if (handlers.length === 0 && registry.conversionHandlers().length === 0) return [];
  const resources = handlers.map((handler) => catalog.resolve(handler.selector, `admission handler '${handler.id}'`))
    .filter((resource, index, all) => all.findIndex((other) => other.group === resource.group && other.plural === resource.plural) === index);
  const service: WebhookService = { namespace: deploy.namespace, name: deploy.name, port: 443 };
  const name = `${deploy.name}.${deploy.namespace}.opkit.dev`;
  const objects: Record<string, unknown>[] = [{
    apiVersion: 'v1', kind: 'Service', metadata: { name: deploy.name, namespace: deploy.namespace },
    spec: { selector: { app: deploy.name }, ports: [{ name: 'webhooks', port: 443, targetPort: WEBHOOK_TARGET_PORT }] },
  }];
  let annotations: Readonly<Record<string, string>> | undefined;
  if (deploy.webhooks.certManager) {
    const certificate = `${deploy.name}-webhooks`;
    annotations = certManagerTarget({ service, certificate }).annotations;
    objects.push({ apiVersion: 'cert-manager.io/v1', kind: 'Issuer', metadata: { name: `${deploy.name}-selfsigned`, namespace: deploy.namespace }, spec: { selfSigned: {} } });
    objects.push({
      apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: certificate, namespace: deploy.namespace },
      spec: { secretName: certificate, dnsNames: serviceDnsNames(service), issuerRef: { kind: 'Issuer', name: `${deploy.name}-selfsigned` } },
    });
  }
  if (handlers.length === 0) return objects;
  const { validating, mutating } = renderWebhookConfigurations(handlers, {
    name, clientConfig: { service }, resources, ...(annotations ? { annotations } : {}),
  });
  for (const configuration of [validating, mutating]) if (configuration.webhooks.length > 0) objects.push(configuration as unknown as Record<string, unknown>);
  return objects;
}
