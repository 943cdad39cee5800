// Handlers on two versions of one resource in one operator: each version sees the object in its own form and keeps
// its own records (diff-base, finalizer, progress), so neither reads the other's diff-base as a change — which would
// make the two patch the object in turn forever — and neither releases the object before the other's delete handlers ran.
import type { KubeObject, Resource } from '@opkit/kube';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Registry } from '../src/index.js';
import type { Harness } from './harness.js';
import { CRDS, startHarness } from './harness.js';
import { deadline } from '@opkit/test-tools';

const WIDGET_VERSIONS = ['v1', 'v2'];

function widgetCrd(): KubeObject {
  const schema = { openAPIV3Schema: { type: 'object', properties: {
    spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
  } } };
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com', scope: 'Namespaced', names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
      versions: WIDGET_VERSIONS.map((name) => ({ name, served: true, storage: name === 'v1', subresources: { status: {} }, schema })),
    },
  };
}

describe('processing: handlers on two versions of one resource', () => {
  let h: Harness;
  beforeEach(async () => { h = await startHarness(); });
  afterEach(async () => { await h.close(); });

  it('runs each version\'s handlers on its own form, with its own diff-base, finalizer and progress', async () => {
    await h.client.create(CRDS, widgetCrd());
    const v1: Resource = await vi.waitFor(() => h.client.resolveOne('example.com/v1/widgets'), { timeout: deadline(60_000), interval: 50 });
    const registry = new Registry();
    const seen: string[] = [];
    for (const version of WIDGET_VERSIONS) {
      const selector = `example.com/${version}/widgets`;
      registry.on.create(selector, ({ body }) => { seen.push(`create ${version} ${body.apiVersion}`); }, { id: `create_${version}` });
      registry.on.update(selector, ({ body }) => { seen.push(`update ${version} ${body.apiVersion}`); }, { id: `update_${version}` });
      registry.on.delete(selector, ({ body }) => { seen.push(`delete ${version} ${body.apiVersion}`); }, { id: `delete_${version}` });
    }
    const run = await h.run(registry);
    await h.client.create(v1, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'default' }, spec: { size: 1 } }, { namespace: 'default' });
    const records = (body: KubeObject): Record<string, unknown> => ((body as { status?: { opkit?: Record<string, unknown> } }).status?.opkit ?? {});
    const both = await vi.waitFor(async () => {
      const body = await h.client.get(v1, 'w1', { namespace: 'default' });
      if (!records(body)['last-handled-configuration'] || !records(body)['last-handled-configuration.v2']) throw new Error(`waiting for both diff-bases: ${JSON.stringify(body)}`);
      return body;
    }, { timeout: deadline(60_000), interval: 50 });
    expect(both.metadata.finalizers?.slice().sort()).toEqual(['opkit.dev/finalizer', 'opkit.dev/finalizer.v2']);
    expect(seen.filter((line) => line.startsWith('create')).sort()).toEqual(['create v1 example.com/v1', 'create v2 example.com/v2']);

    // A change reaches each version's update handler once; neither version's write looks like a change to the other.
    await h.client.patch(v1, 'w1', { spec: { size: 2 } }, { namespace: 'default', type: 'merge' });
    await vi.waitFor(() => {
      if (seen.filter((line) => line.startsWith('update')).length < 2) throw new Error(`waiting for both update handlers: ${seen.join('; ')}`);
    }, { timeout: deadline(60_000), interval: 50 });
    await vi.waitFor(() => {
      if (!run.lines.filter((line) => line.includes('Updating is processed')).length) throw new Error('waiting for the update to finish');
    }, { timeout: deadline(60_000), interval: 50 });
    expect(seen.filter((line) => line.startsWith('update')).sort()).toEqual(['update v1 example.com/v1', 'update v2 example.com/v2']);

    // Deletion waits for both versions' delete handlers; each releases only its own finalizer.
    await h.client.delete(v1, 'w1', { namespace: 'default' });
    await vi.waitFor(async () => {
      const gone = await h.client.get(v1, 'w1', { namespace: 'default' }).then(() => false, (error: { status?: number }) => error.status === 404);
      if (!gone) throw new Error(`waiting for the widget to be gone: ${JSON.stringify(await h.client.get(v1, 'w1', { namespace: 'default' }).catch(() => null))}\n${run.lines.slice(-30).join('\n')}`);
    }, { timeout: deadline(60_000), interval: 50 });
    // (A version's delete handler may run again when its finalizer's removal lost a race with the other version's.)
    expect([...new Set(seen.filter((line) => line.startsWith('delete')))].sort()).toEqual(['delete v1 example.com/v1', 'delete v2 example.com/v2']);
    expect(seen.filter((line) => line.startsWith('create'))).toHaveLength(2);
    await run.stop();
  }, deadline(300_000));
});
