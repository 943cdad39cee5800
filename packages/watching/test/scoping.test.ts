import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Resource } from '@opkit/kube';
import { observeNamespaces, watchScoped, watchServed } from '../src/index.js';
import type { ServedWatchEvent } from '../src/index.js';
import { configmaps, crds, fast, namespaces, Recorder, startHarness, waitFor } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => h.close());

const kopfexamples: Resource = { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true };
const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'kopfexamples.kopf.dev' },
  spec: {
    group: 'kopf.dev',
    scope: 'Namespaced',
    names: { plural: 'kopfexamples', singular: 'kopfexample', kind: 'KopfExample', shortNames: ['kex'] },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

describe('namespace scoping', () => {
  it('picks up a matching namespace created later and never a negated one', async () => {
    const { client, server } = h;
    const r = new Recorder(watchScoped(client, configmaps, { namespaces: ['team-*,!team-secret'], settings: fast }));
    await waitFor(() => (server.stats().requests['watch namespaces'] ?? 0) >= 1, 5000, 'the namespace watch');
    for (const name of ['team-a', 'team-secret', 'other']) {
      await client.create(namespaces, { metadata: { name } });
      await client.create(configmaps, { metadata: { name: `cm-${name}`, namespace: name } });
    }
    await waitFor(() => r.latest.has('team-a/cm-team-a'), 5000, 'the configmap in team-a');
    await client.create(namespaces, { metadata: { name: 'team-b' } });
    await client.create(configmaps, { metadata: { name: 'cm-team-b', namespace: 'team-b' } });
    await waitFor(() => r.latest.has('team-b/cm-team-b'), 5000, 'the configmap in team-b');
    expect([...r.latest.keys()].sort()).toEqual(['team-a/cm-team-a', 'team-b/cm-team-b']);
    expect(server.requests().some((a) => a.resource === 'configmaps' && a.namespace === 'team-secret' && a.verb === 'watch')).toBe(false);
    // One namespace watch plus one configmap watch per served namespace.
    await waitFor(() => server.stats().watches === 3, 5000, 'three watches');
    await client.delete(namespaces, 'team-b');
    await waitFor(() => server.stats().watches === 2, 10_000, 'the team-b stream to stop');
    r.subscription.unsubscribe();
    await waitFor(() => server.stats().watches === 0, 1000, 'all watches closed');
  });

  it('watches plain names without watching namespaces', async () => {
    const { client, server } = h;
    const seen: string[][] = [];
    const subscription = observeNamespaces(client, ['default', 'kube-system']).subscribe((names) => seen.push([...names]));
    expect(seen).toEqual([['default', 'kube-system']]);
    subscription.unsubscribe();
    expect(server.stats().requests['watch namespaces'] ?? 0).toBe(0);
  });

  it('uses one all-namespaces stream in cluster-wide mode', async () => {
    const { client, server } = h;
    const r = new Recorder(watchScoped(client, configmaps, { settings: fast }));
    await client.create(namespaces, { metadata: { name: 'anywhere' } });
    await client.create(configmaps, { metadata: { name: 'x', namespace: 'anywhere' } });
    await waitFor(() => r.latest.has('anywhere/x'), 5000, 'the event');
    expect(server.stats().watches).toBe(1);
    r.subscription.unsubscribe();
  });
});

describe('resources that appear later', () => {
  it('starts watching a CRD created after start and stops cleanly when it is deleted', async () => {
    const { client, server } = h;
    const events: ServedWatchEvent[] = [];
    let failed: unknown;
    let completed = false;
    const subscription = watchServed(client, 'kopfexamples.kopf.dev', { settings: fast }).subscribe({
      next: (e) => events.push(e),
      error: (e: unknown) => (failed = e),
      complete: () => (completed = true),
    });
    await waitFor(() => (server.stats().requests['watch customresourcedefinitions'] ?? 0) >= 1, 5000, 'the CRD watch');
    expect(server.stats().requests['watch kopfexamples'] ?? 0).toBe(0);
    await client.create(crds, crd);
    await waitFor(() => (server.stats().requests['watch kopfexamples'] ?? 0) >= 1, 5000, 'the kopfexamples watch');
    await client.create(kopfexamples, { metadata: { name: 'kex1', namespace: 'default' }, spec: { field: 1 } });
    await waitFor(() => events.some((e) => e.type === 'ADDED' && e.object.metadata.name === 'kex1'), 5000, 'the CR event');
    expect(events.find((e) => e.type === 'ADDED')?.resource.plural).toBe('kopfexamples');
    await client.delete(crds, 'kopfexamples.kopf.dev');
    await waitFor(() => server.stats().watches === 1, 10_000, 'only the CRD watch left');
    expect(failed).toBeUndefined();
    expect(completed).toBe(false);
    subscription.unsubscribe();
    await waitFor(() => server.stats().watches === 0, 1000, 'all watches closed');
  });
});

describe('observeNamespaces', () => {
  it('serves plain names at once and adds glob matches as namespaces appear', async () => {
    const { client } = h;
    const seen: string[][] = [];
    const subscription = observeNamespaces(client, ['fixed-ns', 'glob-*'], { settings: fast }).subscribe((names) => seen.push([...names].sort()));
    expect(seen).toEqual([['fixed-ns']]);
    await client.create(namespaces, { metadata: { name: 'glob-a' } });
    await client.create(namespaces, { metadata: { name: 'unrelated' } });
    await waitFor(() => seen.at(-1)?.includes('glob-a') === true, 5000, 'glob-a');
    expect(seen.at(-1)).toEqual(['fixed-ns', 'glob-a']);
    await client.delete(namespaces, 'glob-a');
    await waitFor(() => seen.at(-1)?.length === 1, 10_000, 'glob-a gone');
    expect(seen.at(-1)).toEqual(['fixed-ns']);
    subscription.unsubscribe();
  });
});
