// The operator: each WebApp gets a Deployment and a Service that it owns. Ownership (an owner
// reference) lets Kubernetes' garbage collector delete the children with their WebApp, so no
// deletion handler or finalizer is needed. The handlers write through `client`, the operator's own
// connection (under `npm run dev`, the embedded API server; deployed, the pod's ServiceAccount).
// `owns(...)` tells `npm run manifests` to grant the operator full access to these kinds in deploy/rbac.yaml.
import { on, owns } from '@opkit/core';
import { WebApp } from './api/webapp.ts';
import { deploymentFor, serviceFor } from './children.ts';

owns('deployments.apps', 'services');

// A new WebApp: create its Deployment and Service, owned by it and in its namespace. Handlers may run
// more than once for one change (a retry after a failure): a child that exists already is adopted and
// updated, not created twice.
on.create(WebApp, async function createChildren({ body, client, patch, logger }) {
  const deployment = await client.createOrAdopt(deploymentFor(body));
  const service = await client.createOrAdopt(serviceFor(body));
  patch.status.deployment = deployment.metadata.name;
  patch.status.service = service.metadata.name;
  logger.info(`Created Deployment and Service ${String(deployment.metadata.name)}.`);
});

// Scaling: a change of spec.replicas is patched into the Deployment.
on.field(WebApp, 'spec.replicas', async function scale({ name, spec, client, logger }) {
  await client.patch('deployments.apps', name!, { spec: { replicas: spec.replicas } });
  logger.info(`Scaled to ${String(spec.replicas)} replica(s).`);
});

// A new image: patched into the Deployment's container (Kubernetes rolls the pods).
on.field(WebApp, 'spec.image', async function upgrade({ name, spec, client, logger }) {
  const container = { name: 'app', image: spec.image };
  await client.patch('deployments.apps', name!, { spec: { template: { spec: { containers: [container] } } } }, { type: 'strategic' });
  logger.info(`Now running ${spec.image}.`);
});
