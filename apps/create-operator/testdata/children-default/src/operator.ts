// The operator: each WebApp gets a Deployment and a Service that it owns. Ownership (an owner
// reference) lets Kubernetes' garbage collector delete the children with their WebApp, so no
// deletion handler or finalizer is needed. `owns(...)` tells `npm run manifests` to grant the
// operator full access to these kinds in deploy/rbac.yaml.
import { adopt, on, owns } from '@opkit/core';
import { ConflictError, connect } from '@opkit/kube';
import type { KubeClient, KubeObject } from '@opkit/kube';
import { WebApp } from './api/webapp.ts';
import { deploymentFor, serviceFor } from './children.ts';

owns('deployments.apps', 'services');

const DEPLOYMENTS = { group: 'apps', version: 'v1', plural: 'deployments' };
const SERVICES = { group: '', version: 'v1', plural: 'services' };

// One client for all handlers, connected on first use (in a cluster: the pod's ServiceAccount).
let client: Promise<KubeClient> | undefined;
function kube(): Promise<KubeClient> {
  client ??= connect();
  return client;
}
on.cleanup(async function disconnect() {
  const connected = client;
  client = undefined;
  if (connected) (await connected).close();
});

/** Create a child, or leave it be if it exists already (a retried handler must not fail on its own work). */
async function ensure(query: typeof DEPLOYMENTS, child: KubeObject, signal: AbortSignal): Promise<void> {
  const api = await kube();
  const resource = await api.resolveOne(query, { signal });
  try {
    await api.create(resource, child, { namespace: child.metadata.namespace, signal });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}

// A new WebApp: create its Deployment and Service, owned by it.
on.create(WebApp, async function createChildren({ body, patch, signal, logger }) {
  const deployment = deploymentFor(body);
  const service = serviceFor(body);
  adopt([deployment, service]);
  await ensure(DEPLOYMENTS, deployment, signal);
  await ensure(SERVICES, service, signal);
  patch.status.deployment = deployment.metadata.name;
  patch.status.service = service.metadata.name;
  logger.info(`Created Deployment and Service ${String(deployment.metadata.name)}.`);
});

// Scaling: a change of spec.replicas is patched into the Deployment.
on.field(WebApp, 'spec.replicas', async function scale({ name, namespace, spec, signal, logger }) {
  const api = await kube();
  const deployments = await api.resolveOne(DEPLOYMENTS, { signal });
  await api.patch(deployments, name!, { spec: { replicas: spec.replicas } }, { type: 'merge', namespace, signal });
  logger.info(`Scaled to ${String(spec.replicas)} replica(s).`);
});

// A new image: patched into the Deployment's container (Kubernetes rolls the pods).
on.field(WebApp, 'spec.image', async function upgrade({ name, namespace, spec, signal, logger }) {
  const api = await kube();
  const deployments = await api.resolveOne(DEPLOYMENTS, { signal });
  const container = { name: 'app', image: spec.image };
  await api.patch(deployments, name!, { spec: { template: { spec: { containers: [container] } } } }, { type: 'strategic', namespace, signal });
  logger.info(`Now running ${spec.image}.`);
});
