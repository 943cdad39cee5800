// The generated manifests stay true to the code: deploy/crds and deploy/rbac.yaml equal a fresh
// generation (run `npm run manifests` after changing src/), and the RBAC in deploy/rbac.yaml allows
// every request the operator makes while its timer and daemon run — so a missing permission fails
// here, not with a 403 in production.
import { fileURLToPath } from 'node:url';
import { expectManifestsUpToDate } from '@opkit/manifests';
import { expectCoveredBy, startTestEnv } from '@opkit/testing';
import { afterEach, describe, it } from 'vitest';
import { Zebra } from '../src/api/zebra.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const project = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));

describe('deploy/', () => {
  afterEach(() => {
    delete process.env.ZEBRA_INTERVAL_SECONDS;
  });

  it('is up to date with src/ (else run `npm run manifests`)', async () => {
    await expectManifestsUpToDate(root);
  });

  it('grants the operator every permission it uses', async () => {
    process.env.ZEBRA_INTERVAL_SECONDS = '1';
    await using env = await startTestEnv({ crds: [project('deploy/crds')] });
    const operator = await env.run(project('src/operator.ts'));
    const sample = { apiVersion: Zebra.apiVersion, kind: Zebra.kind, name: 'hello', namespace: Zebra.namespaced ? 'default' : undefined };
    await env.apply(project('samples/zebra.yaml'));
    await env.waitFor(sample, (body) => (body.status?.ticks ?? 0) >= 2, { timeout: 15_000 });
    await env.delete(sample);
    await env.waitForGone(sample);
    await operator.stop();
    expectCoveredBy(operator.requests(), project('deploy/rbac.yaml'));
  });
});
