// The operator against an embedded Kubernetes API server, in this process: the CRDs from deploy/crds
// are applied as a real cluster would take them, the operator runs exactly as `op run` runs it, and
// the test observes only what a cluster user would see. No cluster, no containers, no downloads.
import { fileURLToPath } from 'node:url';
import { startTestEnv } from '@opkit/testing';
import type { TestEnv } from '@opkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Greeting } from '../src/api/greeting.ts';

const project = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
// Namespaced objects are created in `default`; cluster-scoped ones have no namespace.
const sample = { apiVersion: Greeting.apiVersion, kind: Greeting.kind, name: 'hello', namespace: Greeting.namespaced ? 'default' : undefined };

describe('the Greeting operator', () => {
  let env: TestEnv;
  beforeEach(async () => {
    env = await startTestEnv({ crds: [project('deploy/crds')] });
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('greets a new object, greets again when its spec changes, and releases it on deletion', async () => {
    await env.run(project('src/operator.ts'));
    await env.apply(project('samples/greeting.yaml'));

    const greeted = await env.waitFor(sample, (body) => body.status?.message === 'Hello, world!', { what: 'be greeted' });
    expect(greeted.metadata.finalizers).toHaveLength(1);

    await env.patch(sample, { spec: { who: 'operators' } });
    await env.waitFor(sample, (body) => body.status?.message === 'Hello, operators!', { what: 'be greeted again' });

    await env.delete(sample);
    await env.waitForGone(sample);
  });

  it('fills defaults from the schema', async () => {
    await env.run(project('src/operator.ts'));
    await env.apply({ apiVersion: Greeting.apiVersion, kind: Greeting.kind, metadata: { name: 'defaults' }, spec: {} });
    await env.waitFor({ ...sample, name: 'defaults' }, (body) => body.status?.message === 'Hello, world!', { what: 'be greeted with the defaults' });
  });

  it('continues after a restart without running its create handler again', async () => {
    const first = await env.run(project('src/operator.ts'));
    await env.apply(project('samples/greeting.yaml'));
    await env.waitFor(sample, (body) => body.status?.message === 'Hello, world!');
    await first.stop();

    const second = await env.run(project('src/operator.ts'));
    // The restarted operator resumes the object (the `check` handler) instead of creating it anew.
    await second.waitForFeed((event) => event.type === 'handler' && event.id === 'check' && event.phase === 'succeeded');
    await env.patch(sample, { spec: { salutation: 'Hi' } });
    await env.waitFor(sample, (body) => body.status?.message === 'Hi, world!');
    expect(second.feed.filter((event) => event.type === 'handler' && event.id === 'greet')).toEqual([]);
  });
});
