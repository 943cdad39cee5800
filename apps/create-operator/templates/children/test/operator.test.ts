// The operator against an embedded Kubernetes API server, in this process: the CRDs from deploy/crds
// are applied as a real cluster would take them, the operator runs exactly as `op run` runs it, and
// the test observes only what a cluster user would see. Nothing runs pods here: the test checks the
// Deployment and Service objects the operator writes (through the client the operator runs with, so
// no KUBECONFIG is needed), and the garbage collection of both.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const project = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
const sample = { apiVersion: 'example.com/v1alpha1', kind: 'WebApp', name: 'hello', namespace: 'default' };
const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'hello', namespace: 'default' };
const service = { apiVersion: 'v1', kind: 'Service', name: 'hello', namespace: 'default' };

describe('the WebApp operator', () => {
  let env: TestEnv;
  beforeEach(async () => {
    env = await startTestEnv({ crds: [project('deploy/crds')] });
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('creates an owned Deployment and Service, scales and upgrades the Deployment, and both go with the WebApp', async () => {
    const operator = await env.run(project('src/operator.ts'));
    const [webapp] = await env.apply(project('samples/webapp.yaml'));
    await env.waitFor(sample, (body) => body.status?.service === 'hello', { what: 'report its children' });
    // Changes made while the creation is still being handled are part of the creation (as in Kopf):
    // wait until it is done, so that the changes below are updates.
    await operator.waitForLog('Creation is processed');

    for (const child of [await env.get(deployment), await env.get(service)]) {
      expect(child.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'WebApp', name: 'hello', uid: webapp!.metadata.uid, controller: true })]);
    }
    expect((await env.get(deployment)).spec).toMatchObject({ replicas: 2, template: { spec: { containers: [{ image: 'nginxinc/nginx-unprivileged:1.27' }] } } });
    expect((await env.get(service)).spec).toMatchObject({ ports: [{ port: 80, targetPort: 'http' }] });

    await env.patch(sample, { spec: { replicas: 5 } });
    await env.waitFor(deployment, (body) => body.spec?.replicas === 5, { what: 'be scaled to 5' });
    await env.patch(sample, { spec: { image: 'nginxinc/nginx-unprivileged:1.28' } });
    await env.waitFor(deployment, (body) => body.spec?.template?.spec?.containers?.[0]?.image === 'nginxinc/nginx-unprivileged:1.28', { what: 'run the new image' });

    await env.delete(sample);
    await env.waitForGone(sample);
    await env.waitForGone(deployment);
    await env.waitForGone(service);
  });

  it('adopts a child that exists already (as after a retried handler) instead of failing', async () => {
    await env.apply({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'hello' }, spec: { ports: [{ port: 80 }] } });
    await env.run(project('src/operator.ts'));
    const [webapp] = await env.apply(project('samples/webapp.yaml'));
    await env.waitFor(sample, (body) => body.status?.deployment === 'hello', { what: 'report its children' });
    await env.get(deployment);
    const adopted = await env.get(service);
    expect(adopted.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'WebApp', name: 'hello', uid: webapp!.metadata.uid, controller: true })]);
    expect(adopted.spec).toMatchObject({ ports: [{ name: 'http', port: 80, targetPort: 'http' }] });
  });
});
