// The generated manifests stay true to the code: deploy/crds and deploy/rbac.yaml equal a fresh
// generation (run `npm run manifests` after changing src/), and the RBAC in deploy/rbac.yaml allows
// every request the operator makes while it handles a WebApp — its own and its handlers' — so a
// missing permission fails here, not with a 403 in production.
import { fileURLToPath } from 'node:url';
import { expectManifestsUpToDate } from '@opkit/manifests';
import { expectCoveredBy, startTestEnv } from '@opkit/testing';
import { afterEach, describe, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const project = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
const saved = process.env.KUBECONFIG;

describe('deploy/', () => {
  afterEach(() => {
    if (saved === undefined) delete process.env.KUBECONFIG;
    else process.env.KUBECONFIG = saved;
  });

  it('is up to date with src/ (else run `npm run manifests`)', async () => {
    await expectManifestsUpToDate(root);
  });

  it('grants the operator every permission it uses', async () => {
    await using env = await startTestEnv({ crds: [project('deploy/crds')] });
    process.env.KUBECONFIG = env.kubeconfigFor();
    const operator = await env.run(project('src/operator.ts'));
    const sample = { apiVersion: 'webapp.example.com/v1alpha1', kind: 'WebApp', name: 'hello', namespace: 'default' };
    await env.apply(project('samples/webapp.yaml'));
    await env.waitFor(sample, (body) => body.status?.service !== undefined);
    await operator.waitForLog('Creation is processed');
    await env.patch(sample, { spec: { replicas: 3, image: 'nginxinc/nginx-unprivileged:1.28' } });
    await env.waitFor({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'hello', namespace: 'default' },
      (body) => body.spec?.replicas === 3 && body.spec?.template?.spec?.containers?.[0]?.image === 'nginxinc/nginx-unprivileged:1.28');
    await env.delete(sample);
    await env.waitForGone(sample);
    await operator.stop();
    expectCoveredBy(operator.requests(), project('deploy/rbac.yaml'));
  });
});
